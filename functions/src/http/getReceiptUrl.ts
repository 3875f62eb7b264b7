import { routes } from '@rent/shared';
import { http } from '../lib/http.js';
import { receiptLink } from '../lib/receipts.js';

export const handler = http(routes.getReceiptUrl, ({ caller, query }) => receiptLink(caller, query.reference));
