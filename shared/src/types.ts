/**
 * The browser's door to the shared types: the route table's request and response types and the domain's wire types,
 * types only. `export type *` makes every name usable as a type and none as a value, so an import from here is erased
 * by the build and never loads zod or a schema; the values the browser needs (constants, limits, labels, pure rules)
 * are imported from the zod-free core (`@rent/shared/core/<domain>`).
 */
export type * from './index.js';
