import * as importRoutes from '@rent/shared/api/routes/imports';
import { http } from '../runtime/http.js';
import { undoImport } from '../services/banking/fileImports.js';

export const handler = http(importRoutes.undoImport, ({ caller, params }) => undoImport(caller, params.id));
