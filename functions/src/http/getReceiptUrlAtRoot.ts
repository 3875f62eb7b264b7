import { routes } from '@rent/shared';
import { http } from '../lib/http.js';
import { receiptLink } from '../lib/receipts.js';

/** SPEC §7's second path for the same link (GET /api/get-receipt-url). */
export const handler = http(routes.getReceiptUrlAtRoot, ({ caller, query }) => receiptLink(caller, query.reference));
