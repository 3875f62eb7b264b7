import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { postMessage } from '../services/ledger/reviews.js';

export const handler = http(routes.postTransactionMessage, ({ caller, params, body }) =>
  postMessage(caller, params.id, body),
);
