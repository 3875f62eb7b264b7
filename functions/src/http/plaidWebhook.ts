import { routes } from '@rent/shared';
import { http, rawBody } from '../runtime/http.js';
import { receivePlaidWebhook } from '../services/banking/webhooks.js';

/** Public: Plaid's webhook. Verified over the raw body before anything is parsed (services/banking/webhooks.ts). */
export const handler = http(routes.plaidWebhook, ({ event }) =>
  receivePlaidWebhook(event.headers['plaid-verification'], rawBody(event, routes.plaidWebhook.maxBodyBytes)),
);
