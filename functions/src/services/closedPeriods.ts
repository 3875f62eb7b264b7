import { type ClosedPeriod, inClosedPeriod } from '@rent/shared';
import { getClosedPeriod, listClosedPeriodChanges, setClosedPeriod } from '../data/repositories/closedPeriods.js';
import type { TransactionChange } from '../data/transactions/changes.js';
import { NotAllowed } from '../domain-errors.js';
import { logger } from '../lib/logger.js';
import type { Caller } from '../runtime/identity.js';
import type { SyncPlan } from './bankSyncPlan.js';

/**
 * Closing the books (docs/decisions.md "Audit trail and closed periods"): ADMIN and LANDLORD close through a
 * date or move the close later; moving it earlier or clearing it reopens transactions, which only an ADMIN may.
 */
export async function closedPeriod(caller: Caller): Promise<ClosedPeriod> {
  const [current, history] = await Promise.all([getClosedPeriod(caller.orgId), listClosedPeriodChanges(caller.orgId)]);
  return { ...current, history };
}

export async function closeBooks(caller: Caller, closedThrough: string | null): Promise<ClosedPeriod> {
  const current = await getClosedPeriod(caller.orgId);
  if (current.closedThrough === closedThrough) return closedPeriod(caller);
  const reopened = current.closedThrough !== null && (closedThrough === null || closedThrough < current.closedThrough);
  if (reopened && caller.role !== 'ADMIN') {
    throw new NotAllowed('Only an admin can reopen a closed period.', 'REOPEN_ADMIN_ONLY');
  }
  await setClosedPeriod(caller.orgId, {
    from: current.closedThrough,
    to: closedThrough,
    reopened,
    byUserId: caller.userId,
    byName: caller.name ?? caller.email,
  });
  return closedPeriod(caller);
}

/**
 * Bank sync and a closed period (docs/decisions.md "Audit trail and closed periods"): the bank never changes
 * closed books. A modification or removal of a transaction dated (before or after) on or before the close is
 * skipped; a new transaction dated in the closed period still arrives, but ignored, so no closed total moves and
 * a person sees it in the ledger (an ADMIN may override to take it in). Returns how many were held back.
 */
export function fitSyncPlanToClosedPeriod(plan: SyncPlan, closedThrough: string | null): number {
  if (!closedThrough) return 0;
  let held = 0;
  plan.changes = plan.changes.flatMap(([current, next]): TransactionChange[] => {
    if (current) {
      if (!inClosedPeriod(current.date, closedThrough) && !inClosedPeriod(next.date, closedThrough)) {
        return [[current, next]];
      }
      held++;
      return [];
    }
    if (!inClosedPeriod(next.date, closedThrough) || next.isIgnored) return [[null, next]];
    held++;
    return [[null, { ...next, isIgnored: true }]];
  });
  const deletions = plan.deletions.filter(({ record }) => !inClosedPeriod(record.date, closedThrough));
  held += plan.deletions.length - deletions.length;
  plan.deletions = deletions;
  if (held > 0) logger.info('bank sync held back by the closed period', { closedThrough, held });
  return held;
}
