import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as forms from '../services/people/publicForms.js';

/** Public: confirms a subscription (single use). */
export const handler = http(accountRoutes.confirmSubscription, ({ params, event }) =>
  forms.confirmSubscription(params.token, event.requestContext.http.sourceIp),
);
