import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { setTransactionIgnored } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.setTransactionIgnored, async ({ caller, params, body }) => {
  const { id, isIgnored, version } = await setTransactionIgnored(caller, params.id, body.isIgnored);
  return { id, isIgnored, version };
});
