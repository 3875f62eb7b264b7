/** An organization's name is at most this long (the schema's limit, and the settings form's counter). */
export const ORGANIZATION_NAME_MAX = 100;
