import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createImport } from '../services/fileImports.js';

export const handler = http(routes.createImport, ({ caller, body }) => createImport(caller, body));
