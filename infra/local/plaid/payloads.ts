import { plaidErrors } from './errors.js';
import { type PlaidStore, plaidTime, type StandInItem } from './store.js';

const DAY = 86_400_000;

/** The webhook bodies the stand-in sends, as Plaid documents them (…Webhook schemas of 2020-09-14.yml). */
export function webhookPayload(
  store: PlaidStore,
  item: StandInItem,
  code: string,
  disconnectDate?: string,
): Record<string, unknown> {
  const base = { item_id: item.item_id, environment: 'sandbox' };
  switch (code) {
    case 'SYNC_UPDATES_AVAILABLE':
      return {
        webhook_type: 'TRANSACTIONS',
        webhook_code: code,
        ...base,
        initial_update_complete: item.ready,
        historical_update_complete: item.ready,
      };
    case 'DEFAULT_UPDATE':
      return { webhook_type: 'TRANSACTIONS', webhook_code: code, ...base, new_transactions: 0, error: null };
    case 'ERROR':
      return { webhook_type: 'ITEM', webhook_code: code, ...base, error: plaidErrors.itemLoginRequired().itemError() };
    case 'LOGIN_REPAIRED':
      return { webhook_type: 'ITEM', webhook_code: code, ...base };
    case 'PENDING_DISCONNECT':
      return {
        webhook_type: 'ITEM',
        webhook_code: code,
        ...base,
        reason: 'INSTITUTION_TOKEN_EXPIRATION',
        disconnect_time: disconnectDate ? `${disconnectDate}T00:00:00Z` : plaidTime(store.now() + 7 * DAY),
      };
    default:
      throw plaidErrors.invalidField(`webhook_code ${code} is not one the stand-in sends`);
  }
}
