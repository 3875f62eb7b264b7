import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { removeReceipt } from '../services/receipts/receipts.js';

export const handler = http(routes.deleteReceipt, ({ caller, params }) => removeReceipt(caller, params.id));
