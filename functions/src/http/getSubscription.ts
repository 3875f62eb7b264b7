import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as forms from '../services/people/publicForms.js';

/** Public: what a confirmation link's page shows. A GET changes nothing. */
export const handler = http(accountRoutes.getSubscription, ({ params }) => forms.lookupSubscription(params.token));
