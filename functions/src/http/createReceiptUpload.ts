import { routes } from '@rent/shared';
import { http } from '../lib/http.js';
import { requestReceiptUpload } from '../lib/receipts.js';

export const handler = http(routes.createReceiptUpload, ({ caller, body }) => requestReceiptUpload(caller, body));
