import * as receiptsRoutes from '@rent/shared/api/routes/receipts';
import { http } from '../runtime/http.js';
import { receiptLink } from '../services/receipts/receipts.js';

// The receipt's one consistent read carries identity's.
export const handler = http(receiptsRoutes.getReceiptUrl, ({ caller, query }) => receiptLink(caller, query.reference), {
  identityRidesAlong: true,
});
