import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { listReviews } from '../services/ledger/reviews.js';

export const handler = http(ledgerRoutes.listReviews, ({ caller, query }) => listReviews(caller, query.transactionId));
