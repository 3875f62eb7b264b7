import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { previewImport } from '../services/banking/fileImports.js';

export const handler = http(routes.previewImport, ({ caller, body }) => previewImport(caller.orgId, body));
