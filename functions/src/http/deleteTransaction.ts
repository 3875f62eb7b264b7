import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { deleteTransactionWithReceipts } from '../services/receipts.js';

export const handler = http(routes.deleteTransaction, async ({ caller, params }) => {
  await deleteTransactionWithReceipts(caller.orgId, params.id);
  return { id: params.id };
});
