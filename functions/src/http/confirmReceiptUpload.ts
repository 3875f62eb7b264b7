import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { confirmReceipt } from '../services/receipts/receipts.js';

export const handler = http(routes.confirmReceiptUpload, ({ caller, params }) => confirmReceipt(caller, params.id));
