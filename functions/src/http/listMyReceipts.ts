import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listReceipts } from '../services/receipts/receipts.js';

export const handler = http(routes.listMyReceipts, async ({ caller, query }) => ({
  receipts: await listReceipts(caller, query.transactionId),
}));
