import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { requestReview } from '../services/ledger/reviews.js';

export const handler = http(ledgerRoutes.requestReview, ({ caller, params, body }) =>
  requestReview(caller, params.id, body),
);
