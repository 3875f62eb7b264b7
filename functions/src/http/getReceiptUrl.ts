import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { receiptLink } from '../services/receipts/receipts.js';

export const handler = http(routes.getReceiptUrl, ({ caller, query }) => receiptLink(caller, query.reference));
