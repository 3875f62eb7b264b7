import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { listMessages } from '../services/ledger/reviews.js';

export const handler = http(routes.listTransactionMessages, ({ caller, params }) => listMessages(caller, params.id));
