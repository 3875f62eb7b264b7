import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as unsubscribe from '../services/people/unsubscribe.js';

/** Public: what an unsubscribe link's page shows. A GET changes nothing. */
export const handler = http(accountRoutes.getUnsubscribe, ({ params }) => unsubscribe.lookup(params.token));
