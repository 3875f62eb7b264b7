import { type FormerLink, listBankAccounts } from '../../data/banking/banks.js';
import {
  bankTransactionId,
  listPendingBankTransactions,
  readBankPointers,
} from '../../data/banking/bankTransactions.js';
import { holdBankChanges } from '../../data/banking/heldChanges.js';
import { writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { activeRuleSet } from '../../data/rules/rules.js';
import { logger } from '../../lib/logger.js';
import { bankActor } from '../ledger/actors.js';
import { linkChanges } from '../ledger/leaseLinks.js';
import { closedThroughFor } from '../ledger/periods.js';
import { pairArrivals, releasePartnersAfter } from '../ledger/transfers.js';
import { splitLoanPaymentsOnArrival } from '../loans/arrivals.js';
import { adoptionsOf } from './formerLinks.js';
import { fitSyncPlanToLockedBooks } from './heldChanges.js';
import { planSync, type SyncPages } from './syncPlan.js';
import { applyBankRemovals, planExtrasOps } from './syncWrites.js';

/**
 * Applying one sync's pages (sync.ts fetches them): read what they name, plan (syncPlan.ts), write
 * each transaction with its pointers and pending item in the same TransactWriteItems as its rollups and
 * match row. Applying the same pages again writes nothing.
 */

/** Changes from this many on fold their match rows into snapshots (as importTransactions does). */
const SNAPSHOT_WRITES_AT = 1_000;

/** Reads what the pages name, plans, writes. Safe to run again on the same pages (nothing changes then). */
export async function applySyncPages(
  orgId: string,
  institution: { id: string; createdById?: string | null; formerLinks?: FormerLink[] },
  pages: SyncPages,
) {
  const plaidIds = new Set<string>([
    ...pages.added.map((t) => t.transaction_id),
    ...pages.added.flatMap((t) => (t.pending_transaction_id ? [t.pending_transaction_id] : [])),
    ...pages.modified.map((t) => t.transaction_id),
    ...pages.removed,
  ]);
  const [pointers, own, pending, accounts, rules] = await Promise.all([
    readBankPointers(orgId, plaidIds),
    readTransactions(
      orgId,
      [...plaidIds].map((id) => bankTransactionId(orgId, id)),
    ),
    listPendingBankTransactions(orgId),
    listBankAccounts(orgId),
    activeRuleSet(orgId),
  ]);
  const linkAccounts = accounts
    .filter((a) => a.institutionId === institution.id)
    .map((a) => ({ id: a.id, accountId: a.accountId, propertyId: a.propertyId }));
  // A bank linked again: what its former links brought is adopted, not brought twice (formerLinks.ts).
  const adoptions = await adoptionsOf(
    orgId,
    institution.formerLinks,
    [...pages.added, ...pages.modified],
    linkAccounts,
    (plaidId) => pointers.has(plaidId) || own.has(bankTransactionId(orgId, plaidId)),
  );
  const more = [
    ...[...pointers.values()].filter((p) => !p.removed).map((p) => p.transactionId),
    ...pending.map((c) => c.id),
    ...adoptions.values(),
  ].filter((id) => !own.has(id));
  const records = more.length > 0 ? new Map([...own, ...(await readTransactions(orgId, more))]) : own;
  const plan = planSync(pages, {
    orgId,
    institutionId: institution.id,
    userId: institution.createdById ?? null,
    now: new Date().toISOString(),
    rules,
    accounts: linkAccounts,
    pointers,
    records,
    pending,
    adoptions,
    newId: (plaidId) => bankTransactionId(orgId, plaidId),
  });
  const actor = bankActor(institution.id);
  const held = fitSyncPlanToLockedBooks(plan, await closedThroughFor(orgId, actor), institution.id);
  plan.changes = await linkChanges(orgId, plan.changes); // lease links (docs/ledger.md "Lease links")
  await writeLedger(orgId, plan.changes, {
    actor,
    extraOps: ([, next]) => planExtrasOps(orgId, next!.id, plan.extras.get(next!.id)),
    snapshots: plan.changes.length >= SNAPSHOT_WRITES_AT,
  });
  plan.counts.kept += await applyBankRemovals(orgId, institution.id, plan.deletions);
  await holdBankChanges(orgId, held);
  // Transfers between own accounts (docs/ledger.md "Transfers"): a bank change that ends a pair releases the other
  // side; new and newly posted lines are paired when the rule finds exactly one other side. Never fails the sync.
  await releasePartnersAfter(
    orgId,
    plan.changes.filter(([before]) => before !== null),
    actor,
  );
  const arrived = plan.changes
    .filter(([before, after]) => !after.pending && (before === null || before.pending))
    .map(([, after]) => after);
  await pairArrivals(orgId, arrived).catch((error: unknown) => logger.warn('transfer pairing failed', { error }));
  // Payments to a lender split by their loan (docs/reports-and-tax.md "Loans"); never fails the sync.
  await splitLoanPaymentsOnArrival(orgId, arrived).catch((error: unknown) =>
    logger.warn('loan matching failed', { error: (error as Error)?.name ?? 'Error' }),
  );
  return plan.counts;
}
