import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { syncNow } from '../services/banking/syncQueue.js';

/** "Sync now": 202 once the sync is queued; another organization's link is 404. */
export const handler = http(bankingRoutes.syncBankConnection, ({ params, caller }) => syncNow(caller.orgId, params.id));
