import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { receiptLink } from '../services/receipts.js';

/** SPEC §7's second path for the same link (GET /api/get-receipt-url). */
export const handler = http(routes.getReceiptUrlAtRoot, ({ caller, query }) => receiptLink(caller, query.reference));
