import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { transactionActivity } from '../services/ledger/activity.js';

export const handler = http(routes.getTransactionActivity, ({ caller, params }) =>
  transactionActivity(caller, params.id),
);
