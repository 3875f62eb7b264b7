import { IMPORT_PAGE_DEFAULT, routes } from '@rent/shared';
import { listImports } from '../data/repositories/imports.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.listImports, ({ caller, query }) =>
  listImports(caller.orgId, { limit: query.limit ?? IMPORT_PAGE_DEFAULT, cursor: query.cursor }),
);
