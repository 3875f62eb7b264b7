import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as forms from '../services/people/publicForms.js';

/** Public: what a confirmation link's page shows. A GET changes nothing. */
export const handler = http(routes.getSubscription, ({ params }) => forms.lookupSubscription(params.token));
