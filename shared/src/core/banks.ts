/**
 * Bank links, zod-free (the app shell's banner imports it). A connection (an Institution) is one Plaid
 * Item: `connected`, `needs_reconnect` (ITEM_LOGIN_REQUIRED: the person must sign in to the bank again through
 * Reconnect) or `pending_disconnect` (the bank's consent ends on `consentExpiresAt`).
 */
export const BANK_CONNECTION_STATUSES = ['connected', 'needs_reconnect', 'pending_disconnect'] as const;
export type BankConnectionStatusName = (typeof BANK_CONNECTION_STATUSES)[number];

export const BANK_STATUS_LABELS: Record<BankConnectionStatusName, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
  pending_disconnect: 'Disconnect soon',
};

/** Statuses that ask a person to act (the banner on Transactions and the dashboard). */
export const needsAttention = (status: BankConnectionStatusName) => status !== 'connected';

export const BANK_MESSAGES = {
  alreadyConnected: (institutionName: string) =>
    `${institutionName} is already connected. Use Reconnect on it instead.`,
  disconnectKeepsTransactions:
    'Disconnecting stops new transactions from this bank and removes its accounts here. The transactions already imported are kept.',
  linkExpired: 'The bank sign-in expired or was already used. Start Connect bank again.',
  needsReconnect: (institutionName: string) =>
    `${institutionName} needs you to sign in to the bank again before new transactions can arrive. Use Reconnect.`,
  upstream: 'The bank link service did not answer. Please try again in a moment.',
  rateLimited: 'The bank link service is busy. Please try again in a minute.',
} as const;

/**
 * The last sync of a link as people read it (docs/banking.md "Sync now"): `synced` with its counts, `needs_reconnect`
 * (the bank wants a new sign-in: nothing applied), or `failed` (the queue tries again; `message` says why in words).
 */
export const SYNC_RESULT_STATUSES = ['synced', 'needs_reconnect', 'failed'] as const;
export type SyncResultStatus = (typeof SYNC_RESULT_STATUSES)[number];

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 transactions added, 1 updated, 0 removed" — a sync's counts in words. */
export function syncResultWords(r: { added: number; modified: number; removed: number }): string {
  if (r.added + r.modified + r.removed === 0) return 'No new or changed transactions.';
  return `${count(r.added, 'transaction')} added, ${r.modified} updated, ${r.removed} removed.`;
}

/** What a failed sync says when the failure carried no words of its own. */
export const SYNC_FAILED_TEXT = 'The bank could not be reached. The sync will be tried again automatically.';

/**
 * "Apply this account's default property to its past transactions" (docs/banking.md "Default property for past
 * transactions"): why a transaction of the account is left as it is.
 */
export const DEFAULT_PROPERTY_SKIP_REASONS = ['has_property', 'closed_period', 'split'] as const;
export type DefaultPropertySkipReason = (typeof DEFAULT_PROPERTY_SKIP_REASONS)[number];
export const DEFAULT_PROPERTY_SKIP_LABELS: Record<DefaultPropertySkipReason, string> = {
  has_property: 'Already has a property',
  closed_period: 'In the closed period',
  split: 'Split (its parts have their own properties)',
};
/** How many transactions a preview names one by one (each list); the rest are counted. */
export const DEFAULT_PROPERTY_PREVIEW_LISTED = 50;
export const NO_DEFAULT_PROPERTY_MESSAGE =
  'This account has no default property. Choose one first, then apply it to past transactions.';
