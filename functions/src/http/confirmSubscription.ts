import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as forms from '../services/people/publicForms.js';

/** Public: confirms a subscription (single use). */
export const handler = http(routes.confirmSubscription, ({ params, event }) =>
  forms.confirmSubscription(params.token, event.requestContext.http.sourceIp),
);
