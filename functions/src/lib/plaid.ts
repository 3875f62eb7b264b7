import { Configuration, PlaidApi } from 'plaid';
import { config } from './config.js';

let cached: PlaidApi | undefined;

/**
 * The real `plaid` client, pointed at PLAID_BASE_PATH (Plaid's sandbox or production in AWS, the Plaid
 * stand-in offline) and authenticated with the PLAID-CLIENT-ID / PLAID-SECRET headers. The secret stays
 * in this client: never logged, never returned.
 */
export function plaidClient(): PlaidApi {
  if (cached) return cached;
  const { PLAID_BASE_PATH, PLAID_CLIENT_ID, PLAID_SECRET } = config();
  if (!PLAID_BASE_PATH || !PLAID_CLIENT_ID || !PLAID_SECRET) {
    throw new Error('Plaid is not configured: PLAID_BASE_PATH, PLAID_CLIENT_ID and PLAID_SECRET are required');
  }
  cached = new PlaidApi(
    new Configuration({
      basePath: PLAID_BASE_PATH,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': PLAID_CLIENT_ID, 'PLAID-SECRET': PLAID_SECRET },
        timeout: 30_000,
      },
    }),
  );
  return cached;
}

/** The public URL of our Plaid webhook route, which every link token carries; undefined = no webhooks. */
export function plaidWebhookUrl(): string | undefined {
  return config().PLAID_WEBHOOK_URL;
}
