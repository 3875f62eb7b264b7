/** An organization's name is at most this long (the schema's limit, and the settings form's counter). */
export const ORGANIZATION_NAME_MAX = 100;

/**
 * A person may create organizations while they belong to fewer than this many (docs/people.md "Several
 * organizations"): far above any real portfolio, it bounds what one account can make by script.
 */
export const ORGANIZATIONS_PER_PERSON_MAX = 25;

/**
 * The request header naming the organization a request acts in (docs/people.md "Several organizations"): the browser
 * sends the one it remembers; the server checks it against the caller's memberships.
 */
export const ORGANIZATION_HEADER = 'x-organization-id';

/**
 * The request header with the person's calendar day where they are (YYYY-MM-DD), sent by the browser with every
 * request: what the server takes as "today" for them (core/requestDay.ts).
 */
export const LOCAL_DATE_HEADER = 'x-local-date';
