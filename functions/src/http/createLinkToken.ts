import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createLinkToken } from '../services/banking/links.js';

export const handler = http(routes.createLinkToken, ({ caller, body }) =>
  createLinkToken(caller, body.connectionId ?? undefined),
);
