import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { requestReceiptUpload } from '../services/receipts/receipts.js';

export const handler = http(routes.createReceiptUpload, ({ caller, body }) => requestReceiptUpload(caller, body));
