import * as receiptsRoutes from '@rent/shared/api/routes/receipts';
import { http } from '../runtime/http.js';
import { requestReceiptUpload } from '../services/receipts/receipts.js';

export const handler = http(receiptsRoutes.createReceiptUpload, ({ caller, body }) =>
  requestReceiptUpload(caller, body),
);
