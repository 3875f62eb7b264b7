import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http, rawBody } from '../runtime/http.js';
import { receivePlaidWebhook } from '../services/banking/webhooks.js';

/** Public: Plaid's webhook. Verified over the raw body before anything is parsed (services/banking/webhooks.ts). */
export const handler = http(bankingRoutes.plaidWebhook, ({ event }) =>
  receivePlaidWebhook(event.headers['plaid-verification'], rawBody(event, bankingRoutes.plaidWebhook.maxBodyBytes)),
);
