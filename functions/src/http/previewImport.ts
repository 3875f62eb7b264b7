import * as importRoutes from '@rent/shared/api/routes/imports';
import { http } from '../runtime/http.js';
import { previewImport } from '../services/banking/fileImports.js';

export const handler = http(importRoutes.previewImport, ({ caller, body }) => previewImport(caller.orgId, body));
