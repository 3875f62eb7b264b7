import { decimalToCents } from '@rent/shared';
import type { AccountBase, PlaidApi, TransactionsSyncResponse } from 'plaid';
import {
  accessTokenOf,
  getInstitution,
  listBankAccounts,
  saveSyncCursor,
  setInstitutionStatus,
  upsertBankAccounts,
} from '../data/repositories/banks.js';
import {
  bankPendingDeleteOp,
  bankPendingPutOp,
  bankPointerPutOp,
  bankTransactionId,
  deleteRemovedBankTransaction,
  listPendingBankTransactions,
  readBankPointers,
} from '../data/repositories/bankTransactions.js';
import { activeRuleSet } from '../data/repositories/rules.js';
import type { TransactOp } from '../data/transact.js';
import { type TransactionChange, writeTransactionChanges } from '../data/transactions/changes.js';
import { readTransactions } from '../data/transactions/read.js';
import { Conflict } from '../domain-errors.js';
import { logger } from '../lib/logger.js';
import { plaidClient } from '../lib/plaid.js';
import { type PlanExtras, planSync, type SyncPages } from './bankSyncPlan.js';

/**
 * Bank sync (docs/decisions.md "Bank sync"): Plaid's /transactions/sync loop for one Institution,
 * applied idempotently, then the cursor saved. A crash anywhere before the save re-syncs the same pages
 * on the next run; applying them again changes nothing (bankSyncPlan.ts), so nothing is duplicated or lost.
 */

/** Plaid's maximum page size. */
export const SYNC_PAGE_SIZE = 500;
/** Restarts from the loop's first cursor after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION. */
export const SYNC_RESTARTS = 3;
/** Changes from this many on fold their match rows into snapshots (as importTransactions does). */
const SNAPSHOT_WRITES_AT = 1_000;
const APPLY_ATTEMPTS = 3;

export interface SyncOutcome {
  /** synced; needs_reconnect (an item error, e.g. ITEM_LOGIN_REQUIRED: nothing applied, cursor kept). */
  status: 'synced' | 'needs_reconnect';
  /** New transactions. */
  added: number;
  /** Existing ones whose amount, date, name or pending state the bank changed. */
  modified: number;
  /** Removed by the bank (deleted, or kept as removed when people attached something: `kept`). */
  removed: number;
  kept: number;
  /** Posted transactions that took over their pending record. */
  merged: number;
  /** Posted transactions offered as a possible match of a pending one (a tip). */
  suggested: number;
  /** /transactions/sync calls made (all attempts). */
  pages: number;
  restarts: number;
  /** The cursor saved (unchanged when nothing was ready or on an item error). */
  cursor: string | null;
  errorCode: string | null;
}

/** Test seam: called after every write and before the cursor is saved (a crash there must lose nothing). */
export interface SyncHooks {
  beforeCursorSave?: () => Promise<void> | void;
}

/** Plaid's error body (on the axios error the client throws). */
interface PlaidErrorBody {
  error_type?: string;
  error_code?: string;
}
const plaidErrorOf = (error: unknown): PlaidErrorBody | null => {
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  return data && typeof data === 'object' && 'error_code' in data ? (data as PlaidErrorBody) : null;
};

export class SyncRestartsExhausted extends Conflict {
  constructor() {
    super('SYNC_MUTATION', 'The bank kept changing its data during the sync. It will be tried again.');
  }
}

/** An item error: the link needs the person (re-login) before any sync can work. */
class ItemError extends Error {
  constructor(readonly errorCode: string) {
    super(errorCode);
  }
}

export interface FetchedPages extends SyncPages {
  accounts: AccountBase[];
  nextCursor: string;
  calls: number;
  restarts: number;
}

/**
 * Plaid's documented loop: pages of `count` 500 until has_more is false. On
 * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION every page of this pass is thrown away and the loop starts
 * again from the cursor it began with (at most SYNC_RESTARTS times).
 */
export async function fetchSyncPages(client: PlaidApi, accessToken: string, cursor: string | null) {
  let calls = 0;
  for (let restarts = 0; ; restarts++) {
    const pages: FetchedPages = { added: [], modified: [], removed: [], accounts: [], nextCursor: '', calls, restarts };
    let next = cursor ?? undefined;
    try {
      for (;;) {
        calls++;
        const { data }: { data: TransactionsSyncResponse } = await client.transactionsSync({
          access_token: accessToken,
          ...(next ? { cursor: next } : {}),
          count: SYNC_PAGE_SIZE,
          options: { include_personal_finance_category: true },
        });
        pages.added.push(...data.added);
        pages.modified.push(...data.modified);
        pages.removed.push(...data.removed.map((r) => r.transaction_id).filter((id): id is string => Boolean(id)));
        if (data.accounts.length > 0) pages.accounts = data.accounts;
        pages.nextCursor = data.next_cursor;
        next = data.next_cursor;
        if (!data.has_more) return { ...pages, calls };
      }
    } catch (error) {
      const plaid = plaidErrorOf(error);
      if (plaid?.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') {
        if (restarts >= SYNC_RESTARTS) throw new SyncRestartsExhausted();
        logger.warn('bank sync restarted: mutation during pagination', { restarts: restarts + 1 });
        continue;
      }
      if (plaid?.error_type === 'ITEM_ERROR' && plaid.error_code) throw new ItemError(plaid.error_code);
      throw error;
    }
  }
}

function extraOpsOf(orgId: string, extras: Map<string, PlanExtras>) {
  return ([, next]: TransactionChange): TransactOp[] => {
    const own = extras.get(next.id);
    if (!own) return [];
    return [
      ...own.pointers.map((plaidId) => bankPointerPutOp(orgId, plaidId, next.id)),
      ...(own.pendingPut ? [bankPendingPutOp(orgId, own.pendingPut)] : []),
      ...(own.pendingDelete ? [bankPendingDeleteOp(orgId, next.id)] : []),
    ];
  };
}

/** Reads what the pages name, plans, writes. Safe to run again on the same pages (nothing changes then). */
export async function applySyncPages(
  orgId: string,
  institution: { id: string; createdById?: string | null },
  pages: SyncPages,
) {
  const plaidIds = new Set<string>([
    ...pages.added.map((t) => t.transaction_id),
    ...pages.added.flatMap((t) => (t.pending_transaction_id ? [t.pending_transaction_id] : [])),
    ...pages.modified.map((t) => t.transaction_id),
    ...pages.removed,
  ]);
  const [pointers, pending, accounts, rules] = await Promise.all([
    readBankPointers(orgId, plaidIds),
    listPendingBankTransactions(orgId),
    listBankAccounts(orgId),
    activeRuleSet(orgId),
  ]);
  const records = await readTransactions(orgId, [
    ...[...pointers.values()].filter((p) => !p.removed).map((p) => p.transactionId),
    ...pending.map((c) => c.id),
  ]);
  const plan = planSync(pages, {
    orgId,
    institutionId: institution.id,
    userId: institution.createdById ?? null,
    now: new Date().toISOString(),
    rules,
    accounts: accounts
      .filter((a) => a.institutionId === institution.id)
      .map((a) => ({ id: a.id, accountId: a.accountId, propertyId: a.propertyId })),
    pointers,
    records,
    pending,
    newId: (plaidId) => bankTransactionId(orgId, plaidId),
  });
  await writeTransactionChanges(orgId, plan.changes, {
    extraOps: extraOpsOf(orgId, plan.extras),
    snapshots: plan.changes.length >= SNAPSHOT_WRITES_AT,
  });
  for (const { record, plaidIds: ids } of plan.deletions) {
    if (await deleteRemovedBankTransaction(record, ids)) continue;
    // Something was attached meanwhile (a message, a receipt): keep it, removed by the bank and ignored.
    const fresh = (await readTransactions(orgId, [record.id])).get(record.id);
    if (!fresh || fresh.removedByBank) continue;
    const next = { ...fresh, removedByBank: true, isIgnored: true, version: fresh.version + 1 };
    const pendingDelete = fresh.pending === true;
    await writeTransactionChanges(orgId, [[fresh, next]], {
      extraOps: () => (pendingDelete ? [bankPendingDeleteOp(orgId, fresh.id)] : []),
    });
    plan.counts.kept++;
  }
  return plan.counts;
}

/** Balances (and names) of the accounts as the bank reports them with the sync. */
function accountInputs(accounts: AccountBase[]) {
  return accounts.map((a) => ({
    accountId: a.account_id,
    name: a.name,
    officialName: a.official_name ?? null,
    type: String(a.type),
    subtype: a.subtype ? String(a.subtype) : null,
    mask: a.mask ?? null,
    currency: a.balances.iso_currency_code ?? null,
    balance: a.balances.current === null ? null : decimalToCents(a.balances.current),
  }));
}

/**
 * Syncs one bank link: fetch every page since the saved cursor, apply them, save the new cursor, refresh
 * the accounts' balances. An item error (ITEM_LOGIN_REQUIRED...) marks the link needs_reconnect and
 * applies nothing; other failures throw (the queue retries; the cursor was not moved).
 */
export async function syncInstitution(
  orgId: string,
  institutionId: string,
  hooks: SyncHooks = {},
): Promise<SyncOutcome> {
  const institution = await getInstitution(orgId, institutionId);
  const outcome: SyncOutcome = {
    status: 'synced',
    added: 0,
    modified: 0,
    removed: 0,
    kept: 0,
    merged: 0,
    suggested: 0,
    pages: 0,
    restarts: 0,
    cursor: institution.cursor ?? null,
    errorCode: null,
  };
  let fetched: FetchedPages;
  try {
    fetched = await fetchSyncPages(plaidClient(), await accessTokenOf(institution), institution.cursor ?? null);
  } catch (error) {
    if (!(error instanceof ItemError)) throw error;
    await setInstitutionStatus(orgId, institutionId, 'needs_reconnect', { errorCode: error.errorCode });
    return { ...outcome, status: 'needs_reconnect', errorCode: error.errorCode };
  }
  outcome.pages = fetched.calls;
  outcome.restarts = fetched.restarts;
  let counts: Awaited<ReturnType<typeof applySyncPages>> | undefined;
  for (let attempt = 1; !counts; attempt++) {
    try {
      counts = await applySyncPages(orgId, institution, fetched);
    } catch (error) {
      // A person changed a transaction between the read and the write: read again and re-plan.
      if (!(error instanceof Conflict) || attempt >= APPLY_ATTEMPTS) throw error;
    }
  }
  await hooks.beforeCursorSave?.();
  if (fetched.nextCursor !== '') {
    await saveSyncCursor(orgId, institutionId, fetched.nextCursor);
    outcome.cursor = fetched.nextCursor;
  }
  if (fetched.accounts.length > 0) await upsertBankAccounts(orgId, institutionId, accountInputs(fetched.accounts));
  logger.info('bank sync', { orgId, institutionId, ...counts, pages: outcome.pages, restarts: outcome.restarts });
  return { ...outcome, ...counts };
}
