import { routes } from '@rent/shared';
import { listReceiptsOfTransaction, listUnattachedReceipts, receiptToApi } from '../data/repositories/receipts.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.listMyReceipts, async ({ caller, query }) => {
  const receipts = query.transactionId
    ? await listReceiptsOfTransaction(caller.orgId, query.transactionId)
    : await listUnattachedReceipts(caller.orgId, caller.userId);
  return { receipts: receipts.map(receiptToApi) };
});
