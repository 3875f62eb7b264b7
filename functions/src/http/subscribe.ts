import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as forms from '../services/people/publicForms.js';

/** Public: the landing page's product-news signup (double opt-in: a confirmation email). */
export const handler = http(accountRoutes.subscribe, ({ body, event }) =>
  forms.subscribe(body, { ip: event.requestContext.http.sourceIp, userAgent: event.headers?.['user-agent'] ?? null }),
);
