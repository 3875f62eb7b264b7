import { routes } from '@rent/shared';
import { setTransactionIgnored } from '../data/ledger/writes.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.setTransactionIgnored, async ({ caller, params, body }) => {
  const { id, isIgnored, version } = await setTransactionIgnored(caller.orgId, params.id, body.isIgnored);
  return { id, isIgnored, version };
});
