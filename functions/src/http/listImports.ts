import { IMPORT_PAGE_DEFAULT } from '@rent/shared';
import * as importRoutes from '@rent/shared/api/routes/imports';
import { http } from '../runtime/http.js';
import { imports } from '../services/banking/fileImports.js';

export const handler = http(importRoutes.listImports, ({ caller, query }) =>
  imports(caller, { limit: query.limit ?? IMPORT_PAGE_DEFAULT, cursor: query.cursor }),
);
