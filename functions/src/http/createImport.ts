import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createImport } from '../services/banking/fileImports.js';

export const handler = http(routes.createImport, ({ caller, body }) => createImport(caller, body));
