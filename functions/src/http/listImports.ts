import { IMPORT_PAGE_DEFAULT, routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { imports } from '../services/banking/fileImports.js';

export const handler = http(routes.listImports, ({ caller, query }) =>
  imports(caller, { limit: query.limit ?? IMPORT_PAGE_DEFAULT, cursor: query.cursor }),
);
