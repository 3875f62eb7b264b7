/** An organization's name is at most this long (the schema's limit, and the settings form's counter). */
export const ORGANIZATION_NAME_MAX = 100;

/**
 * The request header naming the organization a request acts in (docs/people.md "Several organizations"): the browser
 * sends the one it remembers; the server checks it against the caller's memberships.
 */
export const ORGANIZATION_HEADER = 'x-organization-id';
