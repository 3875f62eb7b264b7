import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { undoImport } from '../services/banking/fileImports.js';

export const handler = http(routes.undoImport, ({ caller, params }) => undoImport(caller, params.id));
