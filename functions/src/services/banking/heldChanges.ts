import { inClosedPeriod } from '@rent/shared';
import {
  dropHeldBankChange,
  type HeldBankChange,
  heldBankChangeDeleteOp,
  listHeldBankChanges,
} from '../../data/banking/heldChanges.js';
import { getClosedPeriod } from '../../data/ledger/closedPeriods.js';
import { type TransactionRecord, withBankAmount } from '../../data/ledger/items.js';
import { type TransactionChange, writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { logger } from '../../lib/logger.js';
import { bankActor } from '../ledger/actors.js';
import { releasePartnersAfter } from '../ledger/transfers.js';
import type { SyncPlan } from './syncPlan.js';
import { applyBankRemovals, keepRemovedByBank, planExtrasOps } from './syncWrites.js';

/**
 * Replaying bank changes locked books held back (docs/banking.md "Closed periods and the bank"), once no date of
 * theirs is closed any more and their line is not reconciled: a modification sets the bank's fields on the transaction as it is now (what
 * people set is not the bank's and stays), a removal deletes it, or keeps it removed and ignored if people
 * changed it since. Called after a reopen and at the start of every sync of the link, so a change held by a sync
 * that raced the reopen is replayed by the next one. Each replayed change drops its held item in the same write.
 */
export async function replayHeldBankChanges(orgId: string, institutionId?: string): Promise<number> {
  const held = await listHeldBankChanges(orgId);
  if (held.length === 0) return 0;
  const { closedThrough } = await getClosedPeriod(orgId);
  const open = held.filter(
    (h) =>
      (!institutionId || h.institutionId === institutionId) && !h.dates.some((d) => inClosedPeriod(d, closedThrough)),
  );
  if (open.length === 0) return 0;
  const records = await readTransactions(
    orgId,
    open.map((h) => h.transactionId),
  );
  // A line still reconciled stays held until its reconciliation is undone.
  const due = open.filter((h) => !records.get(h.transactionId)?.reconciled);
  if (due.length === 0) return 0;
  const now = new Date().toISOString();
  const byInstitution = new Map<string, HeldBankChange[]>();
  for (const h of due) byInstitution.set(h.institutionId, [...(byInstitution.get(h.institutionId) ?? []), h]);
  for (const [institution, group] of byInstitution) {
    const byId = new Map<string, HeldBankChange>();
    const changes: TransactionChange[] = [];
    const removals: { record: TransactionRecord; plaidIds: string[] }[] = [];
    for (const h of group) {
      const fresh = records.get(h.transactionId);
      if (!fresh) {
        await dropHeldBankChange(orgId, h.transactionId); // deleted meanwhile: nothing left to change
      } else if (h.kind === 'remove' && fresh.version === h.baseVersion) {
        removals.push({ record: fresh, plaidIds: h.plaidIds });
      } else if (h.kind === 'remove') {
        await keepRemovedByBank(orgId, institution, fresh);
        await dropHeldBankChange(orgId, h.transactionId);
      } else {
        byId.set(fresh.id, h);
        changes.push([fresh, { ...replayedOnto(fresh, h), version: fresh.version + 1, updatedAt: now }]);
      }
    }
    await writeLedger(orgId, changes, {
      actor: bankActor(institution),
      extraOps: ([, next]) => [
        ...planExtrasOps(orgId, next!.id, byId.get(next!.id)?.extras),
        heldBankChangeDeleteOp(orgId, next!.id),
      ],
    });
    // A replayed change that ends a transfer pair releases the other side (docs/ledger.md "Transfers").
    await releasePartnersAfter(orgId, changes, bankActor(institution));
    await applyBankRemovals(orgId, institution, removals);
    for (const { record } of removals) await dropHeldBankChange(orgId, record.id);
  }
  logger.info('bank changes held by a closed period replayed', { replayed: due.length });
  return due.length;
}

/**
 * What people decide about a transaction (its category, property, lease, split and notes): a held change sets these
 * only on the transaction as it was held, never over what someone set since.
 */
const DECIDED_BY_PEOPLE = [
  'category',
  'categorizationSource',
  'categorizationConfidence',
  'categorizedAt',
  'categorizedByRuleId',
  'categorizationBatchId',
  'propertyId',
  'leaseId',
  'leaseLinkSource',
  'leaseLinkReason',
  'parts',
  'splitReviewFrom',
  'notes',
] as const satisfies readonly (keyof TransactionRecord)[];

/**
 * A held change on the transaction as it is now: as held when nobody changed it since; else the bank's facts only,
 * its amount through `withBankAmount`, so a split made since is rebalanced to it and still adds up.
 */
function replayedOnto(fresh: TransactionRecord, h: HeldBankChange): TransactionRecord {
  if (fresh.version === h.baseVersion) return { ...fresh, ...h.fields };
  const { amount, ...fields } = h.fields;
  for (const key of DECIDED_BY_PEOPLE) delete fields[key];
  const next = { ...fresh, ...fields };
  return amount === undefined ? next : withBankAmount(next, amount);
}

/**
 * Bank sync and locked books (docs/banking.md "Closed periods and the bank"): the bank never changes closed books
 * or a reconciled line. A modification or removal of a transaction dated (before or after) on or before the close,
 * or of a line a finished reconciliation holds (docs/reconciliation.md), is held back (returned, to be kept and
 * replayed once neither holds: `replayHeldBankChanges`); a new transaction dated in the closed period still
 * arrives, but ignored, so no closed total moves and a person sees it in the ledger (an ADMIN may override to take
 * it in). A bank linked again adopting a line changes no total and is never held (docs/banking.md "A bank linked
 * again").
 */
export function fitSyncPlanToLockedBooks(
  plan: SyncPlan,
  closedThrough: string | null,
  institutionId: string,
): HeldBankChange[] {
  const heldAt = new Date().toISOString();
  const held: HeldBankChange[] = [];
  plan.changes = plan.changes.flatMap(([current, next]): TransactionChange[] => {
    // A pending line counts in no total, so its posting is judged as an arrival is: by the date it posts with.
    if (current?.pending && !current.reconciled) {
      if (!inClosedPeriod(next.date, closedThrough) || next.isIgnored) return [[current, next]];
      return [[current, { ...next, isIgnored: true }]];
    }
    if (current) {
      if (
        !current.reconciled &&
        !inClosedPeriod(current.date, closedThrough) &&
        !inClosedPeriod(next.date, closedThrough)
      ) {
        return [[current, next]];
      }
      // A bank linked again adopting the line changes only which link and ids it is known by: no total moves, so it
      // goes through at once; a reconciled line keeps the account its reconciliation holds it in.
      if (Object.keys(bankChangedFields(current, next)).every((field) => ADOPTION_FIELDS.has(field))) {
        return [[current, current.reconciled ? { ...next, bankAccountId: current.bankAccountId } : next]];
      }
      held.push({
        transactionId: current.id,
        institutionId,
        kind: 'modify',
        fields: bankChangedFields(current, next),
        extras: plan.extras.get(next.id) ?? null,
        plaidIds: [],
        baseVersion: current.version,
        dates: [...new Set([current.date, next.date])],
        heldAt,
      });
      return [];
    }
    if (!inClosedPeriod(next.date, closedThrough) || next.isIgnored) return [[null, next]];
    return [[null, { ...next, isIgnored: true }]];
  });
  plan.deletions = plan.deletions.filter(({ record, plaidIds }) => {
    if (!record.reconciled && !inClosedPeriod(record.date, closedThrough)) return true;
    held.push({
      transactionId: record.id,
      institutionId,
      kind: 'remove',
      fields: {},
      extras: null,
      plaidIds,
      baseVersion: record.version,
      dates: [record.date],
      heldAt,
    });
    return false;
  });
  if (held.length > 0) logger.info('bank sync held back by locked books', { closedThrough, held: held.length });
  return held;
}

/** What adopting a former link's line changes (services/banking/formerLinks.ts). */
const ADOPTION_FIELDS = new Set<string>([
  'institutionId',
  'bankAccountId',
  'externalId',
  'plaidTransactionId',
  'pendingTransactionId',
] satisfies (keyof TransactionRecord)[]);

/** The fields a planned bank change sets (the bookkeeping ones, version and updatedAt, are set at replay). */
function bankChangedFields(current: TransactionRecord, next: TransactionRecord): Partial<TransactionRecord> {
  const before = current as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'version' || key === 'updatedAt') continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) fields[key] = value;
  }
  return fields as Partial<TransactionRecord>;
}
