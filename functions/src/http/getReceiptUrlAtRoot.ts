import * as receiptsRoutes from '@rent/shared/api/routes/receipts';
import { http } from '../runtime/http.js';
import { receiptLink } from '../services/receipts/receipts.js';

/** The product's second path for the same link (GET /api/get-receipt-url; docs/ledger.md "Receipts"). */
export const handler = http(
  receiptsRoutes.getReceiptUrlAtRoot,
  ({ caller, query }) => receiptLink(caller, query.reference),
  { identityRidesAlong: true },
);
