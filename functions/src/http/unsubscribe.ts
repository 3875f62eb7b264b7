import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as unsubscribe from '../services/people/unsubscribe.js';

/** Public: turns the link's notification kind off (the page's POST, and RFC 8058 one-click). */
export const handler = http(accountRoutes.unsubscribe, ({ params }) => unsubscribe.unsubscribe(params.token));
