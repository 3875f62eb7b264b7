import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { receiptLink } from '../services/receipts/receipts.js';

/** The product's second path for the same link (GET /api/get-receipt-url; docs/ledger.md "Receipts"). */
export const handler = http(routes.getReceiptUrlAtRoot, ({ caller, query }) => receiptLink(caller, query.reference));
