import * as receiptsRoutes from '@rent/shared/api/routes/receipts';
import { http } from '../runtime/http.js';
import { listReceipts } from '../services/receipts/receipts.js';

export const handler = http(receiptsRoutes.listMyReceipts, async ({ caller, query }) => ({
  receipts: await listReceipts(caller, query.transactionId),
}));
