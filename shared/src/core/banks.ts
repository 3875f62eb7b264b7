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
