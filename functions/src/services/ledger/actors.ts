import type { AuditVia } from '@rent/shared';
import type { LedgerActor } from '../../data/ledger/audit.js';

export type { LedgerActor };

/** Who a request's ledger writes are recorded as: the signed-in person, and an ADMIN's closed-period override. */
export interface LedgerCaller {
  orgId: string;
  userId: string;
  /** An ADMIN's explicit override of a closed period for this request (runtime/http.ts decides it). */
  overridesClosedPeriod?: boolean;
  /** The caller's calendar day where they are (lib/today.ts); absent for a job, which takes the UTC date. */
  today?: string;
}

/** A person's write (by hand unless `via` says it is a bulk edit, a rule apply or undo, or an import). */
export const personActor = (
  caller: LedgerCaller,
  via: AuditVia = 'manual',
  ref: string | null = null,
): LedgerActor => ({
  actorId: caller.userId,
  via,
  ref,
  override: caller.overridesClosedPeriod === true,
});

/** The bank's write through a link: nobody's, and never into a closed period (it is held back instead). */
export const bankActor = (institutionId: string): LedgerActor => ({
  actorId: null,
  via: 'bank_sync',
  ref: institutionId,
  override: false,
});
