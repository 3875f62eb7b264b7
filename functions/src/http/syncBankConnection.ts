import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { syncNow } from '../services/banking/webhooks.js';

/** "Sync now": 202 once the sync is queued; another organization's link is 404. */
export const handler = http(routes.syncBankConnection, ({ params, caller }) => syncNow(caller.orgId, params.id));
