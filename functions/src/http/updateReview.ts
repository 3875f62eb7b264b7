import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { changeStatus } from '../services/ledger/reviews.js';

export const handler = http(ledgerRoutes.updateReview, ({ caller, params, body }) =>
  changeStatus(caller, params.id, body.status),
);
