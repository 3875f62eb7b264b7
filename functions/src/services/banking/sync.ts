import { decimalToCents } from '@rent/shared';
import type { AccountBase } from 'plaid';
import { accessTokenOf, getInstitution, setInstitutionStatus, upsertBankAccounts } from '../../data/banking/banks.js';
import { saveSyncCursor } from '../../data/banking/syncRounds.js';
import { Conflict } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { type PlaidClient, plaidClient } from '../../lib/plaid.js';
import { replayHeldBankChanges } from './heldChanges.js';
import { plaidErrorOf } from './plaidErrors.js';
import { applySyncPages } from './syncApply.js';
import type { SyncPages } from './syncPlan.js';

/**
 * Bank sync (docs/banking.md "Bank sync"): Plaid's /transactions/sync loop for one Institution,
 * applied idempotently, then the cursor saved. A crash anywhere before the save re-syncs the same pages
 * on the next run; applying them again changes nothing (syncPlan.ts), so nothing is duplicated or lost.
 */

/** Plaid's maximum page size. */
export const SYNC_PAGE_SIZE = 500;
/** Restarts from the loop's first cursor after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION. */
export const SYNC_RESTARTS = 3;
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
  /** Lines a former link of the bank brought, taken over by this link instead of brought again (a bank linked again). */
  adopted: number;
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
export async function fetchSyncPages(plaid: PlaidClient, accessToken: string, cursor: string | null) {
  let calls = 0;
  for (let restarts = 0; ; restarts++) {
    const pages: FetchedPages = { added: [], modified: [], removed: [], accounts: [], nextCursor: '', calls, restarts };
    let next = cursor ?? undefined;
    try {
      for (;;) {
        calls++;
        const data = await plaid('/transactions/sync', {
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
      const answer = plaidErrorOf(error);
      if (answer?.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') {
        if (restarts >= SYNC_RESTARTS) throw new SyncRestartsExhausted();
        logger.warn('bank sync restarted: mutation during pagination', { restarts: restarts + 1 });
        continue;
      }
      if (answer?.error_type === 'ITEM_ERROR' && answer.error_code) throw new ItemError(answer.error_code);
      throw error;
    }
  }
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
  await replayHeldBankChanges(orgId, institutionId); // held by a closed period since reopened
  const outcome: SyncOutcome = {
    status: 'synced',
    added: 0,
    modified: 0,
    removed: 0,
    kept: 0,
    merged: 0,
    suggested: 0,
    adopted: 0,
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
    // Conditioned on the cursor this run started from: a concurrent run that already moved it wins (409 here).
    await saveSyncCursor(orgId, institutionId, fetched.nextCursor, institution.cursor ?? null);
    outcome.cursor = fetched.nextCursor;
  }
  if (fetched.accounts.length > 0) await upsertBankAccounts(orgId, institutionId, accountInputs(fetched.accounts));
  // The bank answered with this login: a link marked needs_reconnect works again (the banner and the dashboard's
  // reconnect item go). A pending disconnect stays: its consent date still stands.
  if (institution.status === 'needs_reconnect') await setInstitutionStatus(orgId, institutionId, 'connected');
  logger.info('bank sync', { orgId, institutionId, ...counts, pages: outcome.pages, restarts: outcome.restarts });
  return { ...outcome, ...counts };
}
