import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { createLinkToken } from '../services/bankLinks.js';

export const handler = http(routes.createLinkToken, ({ caller, body }) => createLinkToken(caller, body.connectionId));
