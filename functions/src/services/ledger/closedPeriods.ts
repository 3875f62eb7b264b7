import type { ClosedPeriod } from '@rent/shared';
import { getClosedPeriod, listClosedPeriodChanges, setClosedPeriod } from '../../data/ledger/closedPeriods.js';
import { NotAllowed } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import type { Caller } from '../../runtime/identity.js';
import { replayHeldBankChanges } from '../banking/heldChanges.js';

/**
 * Closing the books (docs/ledger.md "Closed periods"): ADMIN and LANDLORD close through a
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
  if (reopened) {
    // Best effort here: what fails now is replayed by the next sync of the link (services/banking/heldChanges.ts).
    await replayHeldBankChanges(caller.orgId).catch((error) =>
      logger.warn('held bank changes not replayed at reopen', { error: String(error) }),
    );
  }
  return closedPeriod(caller);
}
