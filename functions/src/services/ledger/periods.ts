import { inClosedPeriod, PERIOD_CLOSED_CODE, periodClosedMessage } from '@rent/shared';
import type { LedgerActor } from '../../data/ledger/audit.js';
import { getClosedPeriod } from '../../data/ledger/closedPeriods.js';
import { Conflict } from '../../domain-errors.js';

/**
 * What a closed period refuses (docs/ledger.md "Closed periods"): every ledger write asks with the dates it
 * touches (before and after) and is refused with a 409 PERIOD_CLOSED when one is on or before the close, unless
 * its actor is an ADMIN's explicit override (recorded on its audit entries).
 */

/** The close date, or null; with an ADMIN's override, null (nothing is closed for this write). */
export async function closedThroughFor(orgId: string, actor: Pick<LedgerActor, 'override'>): Promise<string | null> {
  if (actor.override) return null;
  return (await getClosedPeriod(orgId)).closedThrough;
}

/**
 * 409 PERIOD_CLOSED when any of `dates` is on or before the close (and the actor does not override it). Returns the
 * close it checked against (`closedThroughFor`), for a write that must check more dates once it knows them.
 */
export async function assertPeriodOpen(
  orgId: string,
  dates: (string | null | undefined)[],
  actor: Pick<LedgerActor, 'override'>,
): Promise<string | null> {
  const closedThrough = await closedThroughFor(orgId, actor);
  if (closedThrough && dates.some((date) => date && inClosedPeriod(date, closedThrough))) {
    throw new Conflict(PERIOD_CLOSED_CODE, periodClosedMessage(closedThrough), { closedThrough });
  }
  return closedThrough;
}
