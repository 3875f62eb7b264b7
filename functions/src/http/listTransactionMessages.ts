import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { listMessages } from '../services/ledger/reviews.js';

export const handler = http(ledgerRoutes.listTransactionMessages, ({ caller, params }) =>
  listMessages(caller, params.id),
);
