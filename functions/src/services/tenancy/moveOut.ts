import { randomUUID } from 'node:crypto';
import {
  depositAppliedName,
  depositIncomeName,
  LEASE_FEES_MAX,
  lastDayOf,
  type MoveOutFigures,
  type MoveOutInput,
  type MoveOutResult,
  moveOutFigures,
  type Role,
} from '@rent/shared';
import { readTransactions } from '../../data/ledger/read.js';
import { nameAndEmail, profilesOf } from '../../data/people/members.js';
import {
  claimMoveOut,
  finishMoveOut,
  type MoveOutRecord,
  movedOutAlready,
  recordMoveOutPlan,
  releaseMoveOut,
} from '../../data/tenancy/moveOuts.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { getLease, type LeaseRecord } from '../../data/tenancy/tenancies.js';
import { Conflict, InvalidReference } from '../../domain-errors.js';
import { postingDayOf, todayOf } from '../../lib/today.js';
import { type LedgerCaller, personActor } from '../ledger/actors.js';
import { assertPeriodOpen } from '../ledger/periods.js';
import { createTransaction } from '../ledger/transactions.js';
import { leaseAccounts } from './leaseAccounts.js';
import { leaseView, updateLease } from './leases.js';
import { SECURITY_DEPOSIT_CATEGORY } from './securityDeposits.js';

/**
 * Moving a tenant out (docs/tenants-and-maintenance.md "Move-out"): the deductions become one-time charges of the
 * lease, the part of the deposit applied to them (and, if asked, to what the lease owes on the day) leaves the
 * deposit held and becomes rent income linked to the lease on that day, the lease ends then, and the statement's
 * figures are kept on the lease. A lease is moved out once: the move-out is claimed on the lease item first.
 */
interface Caller extends LedgerCaller {
  role: Role;
}

/** The fee id of the n-th deduction: a lease is moved out once, so these never clash with another move-out's. */
const DEDUCTION_FEE_PREFIX = 'moveout-';
const deductionFeeId = (index: number) => `${DEDUCTION_FEE_PREFIX}${index + 1}`;

export async function moveOutLease(caller: Caller, leaseId: string, input: MoveOutInput): Promise<MoveOutResult> {
  const lease = await getLease(caller.orgId, leaseId);
  if (lease.moveOut?.status === 'done') throw movedOutAlready();
  const claim = lease.moveOut ? resumable(lease.moveOut) : await begin(caller, lease, input);
  const plan = claim.plan!;
  // The lease update is idempotent (the deductions' fee ids replace themselves), so a retry makes it again.
  const deductions = plan.deductions.map((d, i) => ({
    id: deductionFeeId(i),
    label: d.label,
    amount: d.amount,
    frequency: 'once' as const,
    dueDate: claim.date,
  }));
  const version = lease.moveOut ? lease.version : await claimMoveOut(lease, claim);
  try {
    await updateLease(caller, leaseId, {
      version,
      fees: [...lease.fees.filter((f) => !f.id?.startsWith(DEDUCTION_FEE_PREFIX)), ...deductions],
      ...((lease.leaseEnd === null || lease.leaseEnd > claim.date) && { leaseEnd: claim.date }),
    });
  } catch (error) {
    // Nothing of a new move-out was written: the lease may be moved out again.
    if (!lease.moveOut) await releaseMoveOut(lease);
    throw error;
  }

  const figures = plan.figures ?? (await figuresOn(caller, leaseId, claim, deductions));
  if (!plan.figures) await recordMoveOutPlan(lease, { ...claim, plan: { ...plan, figures } });

  const [property, profiles] = await Promise.all([
    getProperty(caller.orgId, lease.propertyId),
    profilesOf([lease.userId]),
  ]);
  const tenant = nameAndEmail(profiles.get(lease.userId));
  if (figures.applied > 0) {
    const who = tenant.name ?? tenant.email ?? 'former tenant';
    const common = { date: claim.date, propertyId: lease.propertyId, notes: `Move-out of ${property.address}` };
    const [outId, incomeId] = plan.transactionIds;
    const written = await readTransactions(caller.orgId, plan.transactionIds);
    if (!written.has(outId)) {
      await createTransaction(
        caller,
        {
          ...common,
          name: depositAppliedName(who),
          amount: -figures.applied,
          category: SECURITY_DEPOSIT_CATEGORY,
          leaseId: null,
        },
        { id: outId },
      );
    }
    if (!written.has(incomeId)) {
      await createTransaction(
        caller,
        { ...common, name: depositIncomeName(who), amount: figures.applied, category: 'rental_income', leaseId },
        { id: incomeId },
      );
    }
  }
  await finishMoveOut(lease, {
    ...claim,
    status: 'done',
    statement: {
      date: claim.date,
      address: property.address,
      unitLabel: lease.unitLabel,
      deposit: lease.securityDeposit,
      deductions: plan.deductions,
      creditApplied: figures.creditApplied,
      balanceApplied: figures.balanceApplied,
      claimed: figures.claimed,
      applied: figures.applied,
      toReturn: figures.toReturn,
      stillOwed: figures.stillOwed,
      transactionIds: figures.applied > 0 ? [...plan.transactionIds] : [],
      recordedAt: new Date().toISOString(),
    },
  });
  const view = await leaseView(caller, leaseId);
  return { lease: view, statement: view.moveOut! };
}

/** A started move-out a retry can finish (one started before plans were kept cannot: it says what to check). */
function resumable(started: MoveOutRecord): MoveOutRecord {
  if (started.plan) return started;
  throw new Conflict(
    'MOVE_OUT_UNFINISHED',
    `A move-out of this lease was started on ${started.startedAt.slice(0, 10)} and did not finish. Check the lease's charges and the property's security deposit transactions, then finish it by hand.`,
  );
}

/** A new move-out, checked and planned (its claim is written by the caller, at the lease's version). */
async function begin(caller: Caller, lease: LeaseRecord, input: MoveOutInput): Promise<MoveOutRecord> {
  refuseDate(input.date, lease.leaseStart, lease.leaseEnd, todayOf(caller));
  if (lease.fees.length + input.deductions.length > LEASE_FEES_MAX) {
    throw new InvalidReference(
      'deductions',
      `A lease has at most ${LEASE_FEES_MAX} fees, and this one has ${lease.fees.length}: combine some deductions`,
    );
  }
  // The deposit's transactions go into the ledger on the date: a closed period refuses them before anything is written.
  await assertPeriodOpen(caller.orgId, [input.date], personActor(caller));
  return {
    status: 'started',
    date: input.date,
    by: caller.userId,
    startedAt: new Date().toISOString(),
    plan: {
      deductions: input.deductions.map((d) => ({ label: d.label, amount: d.amount })),
      applyToBalance: input.applyToBalance,
      transactionIds: [randomUUID(), randomUUID()],
      figures: null,
    },
    statement: null,
  };
}

/**
 * The move-out's figures from the lease's account: what it owed on the date besides the deductions is its charges due
 * by then less everything paid, since payments pay the oldest charges first (negative: a credit).
 */
async function figuresOn(
  caller: Caller,
  leaseId: string,
  claim: MoveOutRecord,
  deductions: { id: string; amount: number }[],
): Promise<MoveOutFigures> {
  const ended = await getLease(caller.orgId, leaseId);
  const { accounts } = await leaseAccounts(caller.orgId, [ended], postingDayOf(caller));
  const account = accounts.get(leaseId)!;
  const deductionCodes = new Set(deductions.map((d) => `fee-${d.id}`));
  let chargedByDate = 0;
  for (const charge of account.charges) {
    if (charge.dueDate <= claim.date && !charge.waived && !deductionCodes.has(charge.code))
      chargedByDate += charge.amount;
  }
  return moveOutFigures({
    deposit: ended.securityDeposit,
    deductions: deductions.map((d) => d.amount),
    owed: chargedByDate - account.totals.paid,
    applyToBalance: claim.plan!.applyToBalance,
  });
}

/** On or after the lease's start, not in the future, and in a month the lease runs in (where its rent is linked). */
function refuseDate(date: string, leaseStart: string, leaseEnd: string | null, now: string) {
  if (date < leaseStart) throw new InvalidReference('date', 'The move-out date must be on or after the lease start');
  if (date > now)
    throw new InvalidReference('date', 'The move-out date cannot be in the future: record it on the day or after');
  if (leaseEnd !== null && date > lastDayOf(leaseEnd.slice(0, 7))) {
    throw new InvalidReference(
      'date',
      "The move-out date must be in the lease's last month or before: the deposit applied is rent linked to the lease",
    );
  }
}
