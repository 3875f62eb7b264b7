import { fromCents, type MoveOutFigures, type MoveOutStatement } from '@rent/shared';
import { Conflict } from '../../domain-errors.js';
import { buildUpdate } from '../../lib/versionedUpdate.js';
import { keys } from '../keys.js';
import { sendUpdate, updateVersioned } from '../versioned.js';
import type { LeaseRecord } from './tenancies.js';

/**
 * A lease's move-out record, kept on the lease item (docs/tenants-and-maintenance.md "Move-out"). It is claimed
 * before anything is written, so a lease is moved out once (a double click or a retry is a 409), and finished with
 * the statement once the ledger has the deposit applied. Money is cents.
 */
export interface MoveOutStatementRecord {
  date: string;
  address: string;
  unitLabel: string | null;
  deposit: number;
  deductions: { label: string; amount: number }[];
  /** Absent on statements recorded before credits were netted: none. */
  creditApplied?: number;
  balanceApplied: number;
  claimed: number;
  applied: number;
  toReturn: number;
  stillOwed: number;
  transactionIds: string[];
  recordedAt: string;
}

/**
 * What a move-out was started with, so a retry after a failure finishes it as it was begun: the deductions (cents),
 * whether the deposit pays the balance, the ids its two ledger transactions get, and its figures once computed
 * (before any of the deposit is applied, so a retry does not count its own payment).
 */
export interface MoveOutPlan {
  deductions: { label: string; amount: number }[];
  applyToBalance: boolean;
  transactionIds: [string, string];
  figures: MoveOutFigures | null;
}

export interface MoveOutRecord {
  status: 'started' | 'done';
  date: string;
  by: string;
  startedAt: string;
  /** Absent on claims made before move-outs could be resumed. */
  plan?: MoveOutPlan;
  statement: MoveOutStatementRecord | null;
}

export const movedOutAlready = () =>
  new Conflict(
    'MOVED_OUT',
    'This tenant has already been moved out of this lease. Its move-out statement is on the lease.',
  );
const leaseChanged = () =>
  new Conflict('CONFLICT', 'This lease was changed by someone else meanwhile. Reload it, then try again.');

const STARTED = {
  expression: 'moveOut.#moStatus = :moStarted',
  names: { '#moStatus': 'status' },
  values: { ':moStarted': 'started' },
};

/** Claims the move-out of `lease` at the version read: fails if it changed or has a move-out already. */
export async function claimMoveOut(lease: LeaseRecord, claim: MoveOutRecord): Promise<number> {
  const item = await updateVersioned(
    keys.tenancy(lease.organizationId, lease.id),
    lease.version,
    {
      set: { moveOut: claim, updatedAt: claim.startedAt },
      conditions: [{ expression: 'attribute_not_exists(moveOut)' }],
    },
    leaseChanged,
  );
  return item.version as number;
}

/** Keeps the started claim as it is now (its plan with the figures), while it is still started. */
export async function recordMoveOutPlan(
  lease: Pick<LeaseRecord, 'organizationId' | 'id'>,
  started: MoveOutRecord,
): Promise<void> {
  const item = await sendUpdate(
    keys.tenancy(lease.organizationId, lease.id),
    buildUpdate({ set: { moveOut: started }, add: { version: 1 }, conditions: [STARTED] }),
  );
  if (!item) throw movedOutAlready();
}

/** Gives a claim back when nothing of the move-out was written (the lease update was refused). */
export async function releaseMoveOut(lease: Pick<LeaseRecord, 'organizationId' | 'id'>): Promise<void> {
  await sendUpdate(
    keys.tenancy(lease.organizationId, lease.id),
    buildUpdate({ remove: ['moveOut'], add: { version: 1 }, conditions: [STARTED] }),
  );
}

/**
 * Records the statement on the claimed lease. Not conditioned on the version: the lease update and the ledger
 * writes are done by now, and an edit made since must not leave the move-out unfinished.
 */
export async function finishMoveOut(
  lease: Pick<LeaseRecord, 'organizationId' | 'id'>,
  done: MoveOutRecord,
): Promise<void> {
  const item = await sendUpdate(
    keys.tenancy(lease.organizationId, lease.id),
    buildUpdate({ set: { moveOut: done }, add: { version: 1 }, conditions: [STARTED] }),
  );
  if (!item) throw movedOutAlready();
}

/** The statement's wire form (dollars), with the tenant as their profile reads now. */
export const moveOutStatementView = (
  statement: NonNullable<MoveOutRecord['statement']>,
  leaseId: string,
  tenant: MoveOutStatement['tenant'],
): MoveOutStatement => ({
  leaseId,
  date: statement.date,
  address: statement.address,
  unitLabel: statement.unitLabel,
  tenant,
  deposit: fromCents(statement.deposit),
  deductions: statement.deductions.map((d) => ({ label: d.label, amount: fromCents(d.amount) })),
  creditApplied: fromCents(statement.creditApplied ?? 0),
  balanceApplied: fromCents(statement.balanceApplied),
  claimed: fromCents(statement.claimed),
  applied: fromCents(statement.applied),
  toReturn: fromCents(statement.toReturn),
  stillOwed: fromCents(statement.stillOwed),
  transactionIds: statement.transactionIds,
  recordedAt: statement.recordedAt,
});
