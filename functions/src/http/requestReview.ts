import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { requestReview } from '../services/ledger/reviews.js';

export const handler = http(routes.requestReview, ({ caller, params, body }) => requestReview(caller, params.id, body));
