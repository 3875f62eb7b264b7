import * as receiptsRoutes from '@rent/shared/api/routes/receipts';
import { http } from '../runtime/http.js';
import { confirmReceipt } from '../services/receipts/receipts.js';

export const handler = http(receiptsRoutes.confirmReceiptUpload, ({ caller, params }) =>
  confirmReceipt(caller, params.id),
);
