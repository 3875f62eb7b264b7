import { routes } from '@rent/shared';
import { deleteTransaction } from '../data/repositories/transactions.js';
import { http } from '../lib/http.js';
import { deleteObjectsQuietly } from '../lib/s3.js';

export const handler = http(routes.deleteTransaction, async ({ caller, params }) => {
  const { receiptKeys } = await deleteTransaction(caller.orgId, params.id);
  await deleteObjectsQuietly(receiptKeys);
  return { id: params.id };
});
