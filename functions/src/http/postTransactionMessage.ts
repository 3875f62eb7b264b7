import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { postMessage } from '../services/ledger/reviews.js';

export const handler = http(ledgerRoutes.postTransactionMessage, ({ caller, params, body }) =>
  postMessage(caller, params.id, body),
);
