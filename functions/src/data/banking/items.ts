import {
  type BankAccount,
  type BankConnection,
  type BankConnectionStatus,
  fromCents,
  type SyncResultStatus,
} from '@rent/shared';
import type { SealedSecret } from '../../lib/secrets.js';
import { keys } from '../keys.js';

/**
 * Bank link items (keys + attributes), pure: the repository (data/banking/banks.ts) writes them.
 *
 * An Institution (the bank link of docs/product.md "Records and their fields": id, itemId, accessToken,
 * createdById, organizationId, cursor) is one Plaid Item of one
 * organization. `accessToken` is only ever the sealed form (lib/secrets.ts); `accessTokenOf` in the repository is
 * the one way to the token itself.
 */
export interface InstitutionRecord {
  id: string;
  organizationId: string;
  provider: 'plaid';
  /** Plaid's item_id. */
  itemId: string;
  accessToken: SealedSecret;
  createdById: string;
  plaidInstitutionId: string;
  institutionName: string;
  status: BankConnectionStatus;
  errorCode: string | null;
  consentExpiresAt: string | null;
  /** The /transactions/sync cursor after the last applied sync (null before the first). */
  cursor: string | null;
  lastSyncedAt: string | null;
  /** How the last sync ended (docs/banking.md "Sync now"); absent before the first one ends. */
  lastSync?: SyncResultRecord | null;
  /** The last few rounds, newest first (data/banking/banks.ts RECENT_SYNCS_KEPT). */
  recentSyncs?: SyncResultRecord[];
  /**
   * Earlier links of the same bank in this organization, disconnected since: what they brought stays in the books,
   * and this link's sync adopts those lines instead of bringing them again (docs/banking.md "A bank linked again").
   */
  formerLinks?: FormerLink[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A disconnected link of a bank: its id (its lines' institutionId) and the day it was disconnected (UTC). */
export interface FormerLink {
  linkId: string;
  through: string;
}

export interface SyncResultRecord {
  startedAt: string;
  at: string;
  status: SyncResultStatus;
  added: number;
  modified: number;
  removed: number;
  message: string | null;
}

/** A bank account (docs/banking.md "Keys"), balance in integer cents. */
export interface BankAccountRecord {
  id: string;
  organizationId: string;
  /** Who linked the bank. */
  userId: string;
  provider: 'plaid';
  /** Plaid's account_id. */
  accountId: string;
  institutionId: string;
  type: string;
  subtype: string | null;
  name: string;
  officialName: string | null;
  mask: string | null;
  currency: string | null;
  balance: number | null;
  propertyId: string | null;
  /** The CSV mapping last confirmed for a file import into this account; absent before the first. */
  importMapping?: BankAccount['importMapping'];
  /** The last day of its latest finished reconciliation; written only by reconciliation (data/reconciliation). */
  reconciledThrough?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** What the bank says about an account (converted from Plaid's AccountBase by the service). */
export interface BankAccountInput {
  accountId: string;
  name: string;
  officialName: string | null;
  type: string;
  subtype: string | null;
  mask: string | null;
  currency: string | null;
  /** Cents, or null when the bank gives no balance. */
  balance: number | null;
}

export function institutionItem(r: InstitutionRecord) {
  return {
    ...keys.bankItem(r.organizationId, r.id),
    ...keys.bankItemIndex(r.organizationId, r.id),
    type: 'Institution',
    ...r,
  };
}

export function plaidItemPointer(r: InstitutionRecord) {
  return {
    ...keys.plaidItem(r.itemId),
    type: 'PlaidItemPointer',
    organizationId: r.organizationId,
    institutionId: r.id,
  };
}

/** The account's own `type` (depository, credit...) is stored as accountType: `type` names the item kind. */
export function bankAccountItem(r: BankAccountRecord) {
  const { type: accountType, ...rest } = r;
  return {
    ...keys.bankAccount(r.organizationId, r.id),
    ...(r.propertyId && keys.bankAccountByProperty(r.organizationId, r.propertyId, r.id)),
    type: 'BankAccount',
    accountType,
    ...rest,
  };
}

export function toInstitutionRecord(item: Record<string, unknown>): InstitutionRecord {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, type, ...rest } = item;
  return rest as unknown as InstitutionRecord;
}

export function toBankAccountRecord(item: Record<string, unknown>): BankAccountRecord {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, type, accountType, ...rest } = item;
  return { ...rest, type: accountType } as unknown as BankAccountRecord;
}

/** The wire form of an account; its connection gives the institution, status and last successful sync. */
export function bankAccountToApi(account: BankAccountRecord, institution: InstitutionRecord): BankAccount {
  return {
    id: account.id,
    institutionId: account.institutionId,
    institutionName: institution.institutionName,
    provider: account.provider,
    accountId: account.accountId,
    name: account.name,
    officialName: account.officialName,
    mask: account.mask,
    type: account.type,
    subtype: account.subtype,
    currency: account.currency,
    balance: account.balance === null ? null : fromCents(account.balance),
    propertyId: account.propertyId,
    importMapping: account.importMapping ?? null,
    lastSyncedAt: institution.lastSyncedAt,
    status: institution.status,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}

/** A connection with its accounts. Never the token, sealed or not. */
export function bankConnectionToApi(institution: InstitutionRecord, accounts: BankAccountRecord[]): BankConnection {
  return {
    id: institution.id,
    provider: institution.provider,
    institutionName: institution.institutionName,
    plaidInstitutionId: institution.plaidInstitutionId,
    status: institution.status,
    errorCode: institution.errorCode,
    consentExpiresAt: institution.consentExpiresAt,
    lastSyncedAt: institution.lastSyncedAt,
    lastSync: institution.lastSync ?? null,
    recentSyncs: institution.recentSyncs ?? [],
    createdAt: institution.createdAt,
    accounts: accounts.filter((a) => a.institutionId === institution.id).map((a) => bankAccountToApi(a, institution)),
  };
}
