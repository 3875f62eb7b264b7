import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { createLinkToken } from '../services/banking/links.js';

export const handler = http(bankingRoutes.createLinkToken, ({ caller, body }) =>
  createLinkToken(caller, body.connectionId ?? undefined),
);
