import { z } from 'zod';
import { BANK_CONNECTION_STATUSES } from '../core/banks.js';
import { Id, line, Timestamp } from './common.js';

export * from '../core/banks.js';

/** Bank links (docs/banking.md "Bank links"): the wire shapes of connections and their accounts. */
export const BankConnectionStatus = z.enum(BANK_CONNECTION_STATUSES);
export type BankConnectionStatus = z.infer<typeof BankConnectionStatus>;

/** An account as staff see it: the bank account plus the connection it belongs to. Balance in decimals. */
export const BankAccount = z.object({
  id: Id,
  institutionId: Id,
  institutionName: z.string(),
  provider: z.literal('plaid'),
  accountId: z.string(),
  name: z.string(),
  officialName: z.string().nullable(),
  mask: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
  currency: z.string().nullable(),
  /** The bank's current balance as a signed decimal (null when the bank gave none). */
  balance: z.number().nullable(),
  /** The default property of this account's transactions. */
  propertyId: Id.nullable(),
  /** The connection's last successful sync. */
  lastSyncedAt: Timestamp.nullable(),
  status: BankConnectionStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type BankAccount = z.infer<typeof BankAccount>;
export const BankAccountList = z.object({ accounts: z.array(BankAccount) });

export const BankConnection = z.object({
  id: Id,
  provider: z.literal('plaid'),
  institutionName: z.string(),
  plaidInstitutionId: z.string(),
  status: BankConnectionStatus,
  /** Plaid's error code behind a non-connected status (ITEM_LOGIN_REQUIRED, PENDING_DISCONNECT...). */
  errorCode: z.string().nullable(),
  consentExpiresAt: Timestamp.nullable(),
  lastSyncedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  accounts: z.array(BankAccount),
});
export type BankConnection = z.infer<typeof BankConnection>;
export const BankConnectionList = z.object({ connections: z.array(BankConnection) });

/** The status call answers isConnected; `attention` names the connections someone must act on. */
export const BankStatus = z.object({
  isConnected: z.boolean(),
  attention: z.array(
    z.object({
      id: Id,
      institutionName: z.string(),
      status: BankConnectionStatus,
      consentExpiresAt: Timestamp.nullable(),
    }),
  ),
});
export type BankStatus = z.infer<typeof BankStatus>;

/** connectionId null: a link token to connect a new bank; a connection's id: update mode to reconnect that one. */
export const LinkTokenInput = z.strictObject({ connectionId: Id.nullable() });
export const LinkToken = z.object({
  linkToken: z.string(),
  expiration: Timestamp,
  mode: z.enum(['create', 'update']),
});
export type LinkToken = z.infer<typeof LinkToken>;

const PlaidInstitutionId = z
  .string({ error: 'The institution id is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That institution id is not valid' });

export const ExchangeInput = z.strictObject({
  publicToken: z
    .string({ error: 'The public token is required' })
    .trim()
    .regex(/^public-[A-Za-z0-9-]{1,200}$/, { error: 'That public token is not valid' }),
  institution: z.strictObject({ id: PlaidInstitutionId, name: line('Institution name', 200) }),
});
export type ExchangeInput = z.infer<typeof ExchangeInput>;

export const BankAccountUpdate = z.strictObject({
  propertyId: Id.nullable(),
});

export const DisconnectResult = z.object({ id: Id, transactionsKept: z.literal(true) });
/** Plaid's webhook is acknowledged with this once verified (or ignored, for an item we do not know). */
export const WebhookReceived = z.object({ received: z.literal(true) });
/** "Sync now": the sync is on the queue. */
export const SyncQueued = z.object({ queued: z.literal(true) });
