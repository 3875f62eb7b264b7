import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listReviews } from '../services/ledger/reviews.js';

export const handler = http(routes.listReviews, ({ caller, query }) => listReviews(caller, query.transactionId));
