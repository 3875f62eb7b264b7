import * as accountRoutes from '@rent/shared/api/routes/account';
import { http } from '../runtime/http.js';
import * as forms from '../services/people/publicForms.js';

/** Public: the contact form on /help, emailed to support. */
export const handler = http(accountRoutes.sendContactMessage, ({ body, event }) =>
  forms.contact(body, { ip: event.requestContext.http.sourceIp, userAgent: event.headers?.['user-agent'] ?? null }),
);
