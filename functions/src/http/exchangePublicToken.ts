import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { exchangePublicToken } from '../services/banking/links.js';

export const handler = http(bankingRoutes.exchangePublicToken, ({ caller, body }) => exchangePublicToken(caller, body));
