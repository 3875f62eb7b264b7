import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { exchangePublicToken } from '../services/banking/links.js';

export const handler = http(routes.exchangePublicToken, ({ caller, body }) => exchangePublicToken(caller, body));
