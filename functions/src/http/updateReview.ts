import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { changeStatus } from '../services/ledger/reviews.js';

export const handler = http(routes.updateReview, ({ caller, params, body }) =>
  changeStatus(caller, params.id, body.status),
);
