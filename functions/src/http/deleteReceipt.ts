import { routes } from '@rent/shared';
import { http } from '../lib/http.js';
import { removeReceipt } from '../lib/receipts.js';

export const handler = http(routes.deleteReceipt, ({ caller, params }) => removeReceipt(caller, params.id));
