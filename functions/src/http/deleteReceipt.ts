import * as receiptsRoutes from '@rent/shared/api/routes/receipts';
import { http } from '../runtime/http.js';
import { removeReceipt } from '../services/receipts/receipts.js';

export const handler = http(receiptsRoutes.deleteReceipt, ({ caller, params }) => removeReceipt(caller, params.id));
