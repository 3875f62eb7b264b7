import * as z from 'zod';
import { BANK_CONNECTION_STATUSES, DEFAULT_PROPERTY_SKIP_REASONS, SYNC_RESULT_STATUSES } from '../core/banks.js';
import { Id, line, Timestamp } from './common.js';
import { ImportMapping } from './import.js';

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
  /** The CSV column mapping last confirmed for a file import into this account (docs/banking.md "File import"). */
  importMapping: ImportMapping.nullable().optional(),
  /** The connection's last successful sync. */
  lastSyncedAt: Timestamp.nullable(),
  status: BankConnectionStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type BankAccount = z.infer<typeof BankAccount>;
export const BankAccountList = z.object({ accounts: z.array(BankAccount) });

/**
 * The end of a link's last sync (whatever asked for it): when it began and ended, how it went, its counts. A sync
 * that began at or after a request covers it (docs/banking.md "Sync now").
 */
export const SyncResult = z.object({
  startedAt: Timestamp,
  at: Timestamp,
  status: z.enum(SYNC_RESULT_STATUSES),
  added: z.number().int(),
  modified: z.number().int(),
  removed: z.number().int(),
  /** Why it failed or needs a new sign-in, in words; null when synced. */
  message: z.string().nullable(),
});
export type SyncResult = z.infer<typeof SyncResult>;

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
  /** The last sync's end (null before the first ends): "Sync now" waits for one that began at or after its request. */
  lastSync: SyncResult.nullable(),
  /** The last few sync rounds, newest first: "Sync now" reads the first that began at or after its request. */
  recentSyncs: z.array(SyncResult),
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
export const SyncQueued = z.object({
  queued: z.literal(true),
  /** When the request was queued: a connection's `lastSync` that began at or after it is this request's answer. */
  requestedAt: Timestamp,
});

/** A transaction as a default-property preview names it (amount as a signed decimal). */
const PreviewTransaction = z.object({ id: Id, date: z.string(), name: z.string(), amount: z.number() });

/**
 * What "apply this account's default property to its past transactions" would do: the transactions it files
 * (`count`, the first ones listed), and those it leaves with the reason (docs/banking.md "Default property for past
 * transactions").
 */
export const DefaultPropertyPreview = z.object({
  accountId: Id,
  propertyId: Id,
  closedThrough: z.string().nullable(),
  apply: z.object({ count: z.number().int(), transactions: z.array(PreviewTransaction) }),
  skipped: z.object({
    count: z.number().int(),
    byReason: z.record(z.enum(DEFAULT_PROPERTY_SKIP_REASONS), z.number().int()),
    transactions: z.array(PreviewTransaction.extend({ reason: z.enum(DEFAULT_PROPERTY_SKIP_REASONS) })),
  }),
});
export type DefaultPropertyPreview = z.infer<typeof DefaultPropertyPreview>;

export const DefaultPropertyApplied = z.object({
  accountId: Id,
  propertyId: Id,
  /** Transactions given the property now. */
  updatedCount: z.number().int(),
  /** Left as they were, by reason (what the preview showed, counted again at the time of the apply). */
  skipped: z.record(z.enum(DEFAULT_PROPERTY_SKIP_REASONS), z.number().int()),
});
export type DefaultPropertyApplied = z.infer<typeof DefaultPropertyApplied>;
