import * as importRoutes from '@rent/shared/api/routes/imports';
import { http } from '../runtime/http.js';
import { createImport } from '../services/banking/fileImports.js';

export const handler = http(importRoutes.createImport, ({ caller, body }) => createImport(caller, body));
