import {
  depositAppliedName,
  depositIncomeName,
  LEASE_FEES_MAX,
  lastDayOf,
  type MoveOutInput,
  type MoveOutResult,
  moveOutFigures,
  type Role,
} from '@rent/shared';
import { nameAndEmail, profilesOf } from '../../data/people/members.js';
import {
  claimMoveOut,
  finishMoveOut,
  type MoveOutRecord,
  movedOutAlready,
  releaseMoveOut,
} from '../../data/tenancy/moveOuts.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { getLease } from '../../data/tenancy/tenancies.js';
import { Conflict, InvalidReference } from '../../domain-errors.js';
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

const today = () => new Date().toISOString().slice(0, 10);
/** The fee id of the n-th deduction: a lease is moved out once, so these never clash with another move-out's. */
const deductionFeeId = (index: number) => `moveout-${index + 1}`;

export async function moveOutLease(caller: Caller, leaseId: string, input: MoveOutInput): Promise<MoveOutResult> {
  const now = today();
  const lease = await getLease(caller.orgId, leaseId);
  if (lease.moveOut?.status === 'done') throw movedOutAlready();
  if (lease.moveOut) {
    throw new Conflict(
      'MOVE_OUT_UNFINISHED',
      `A move-out of this lease was started on ${lease.moveOut.startedAt.slice(0, 10)} and did not finish. Check the lease's charges and the property's security deposit transactions, then finish it by hand.`,
    );
  }
  refuseDate(input.date, lease.leaseStart, lease.leaseEnd, now);
  if (lease.fees.length + input.deductions.length > LEASE_FEES_MAX) {
    throw new InvalidReference(
      'deductions',
      `A lease has at most ${LEASE_FEES_MAX} fees, and this one has ${lease.fees.length}: combine some deductions`,
    );
  }
  // The deposit's transactions go into the ledger on the date: a closed period refuses them before anything is written.
  await assertPeriodOpen(caller.orgId, [input.date], personActor(caller));
  const [property, profiles] = await Promise.all([
    getProperty(caller.orgId, lease.propertyId),
    profilesOf([lease.userId]),
  ]);
  const tenant = nameAndEmail(profiles.get(lease.userId));

  const claim: MoveOutRecord = {
    status: 'started',
    date: input.date,
    by: caller.userId,
    startedAt: new Date().toISOString(),
    statement: null,
  };
  const claimedVersion = await claimMoveOut(lease, claim);
  const deductions = input.deductions.map((d, i) => ({
    id: deductionFeeId(i),
    label: d.label,
    amount: d.amount,
    frequency: 'once' as const,
    dueDate: input.date,
  }));
  try {
    await updateLease(caller, leaseId, {
      version: claimedVersion,
      fees: [...lease.fees, ...deductions],
      ...((lease.leaseEnd === null || lease.leaseEnd > input.date) && { leaseEnd: input.date }),
    });
  } catch (error) {
    // Nothing of the move-out was written: the lease may be moved out again.
    await releaseMoveOut(lease);
    throw error;
  }

  const ended = await getLease(caller.orgId, leaseId);
  const { accounts } = await leaseAccounts(caller.orgId, [ended], now);
  const account = accounts.get(leaseId)!;
  const deductionCodes = new Set(deductions.map((d) => `fee-${d.id}`));
  let chargedByDate = 0;
  for (const charge of account.charges) {
    if (charge.dueDate <= input.date && !charge.waived && !deductionCodes.has(charge.code))
      chargedByDate += charge.amount;
  }
  // Payments pay the oldest charges first, so what is open of the charges due by the date is their sum less all paid.
  const figures = moveOutFigures({
    deposit: lease.securityDeposit,
    deductions: deductions.map((d) => d.amount),
    owed: chargedByDate - account.totals.paid,
    applyToBalance: input.applyToBalance,
  });

  const transactionIds: string[] = [];
  if (figures.applied > 0) {
    const who = tenant.name ?? tenant.email ?? 'former tenant';
    const common = { date: input.date, propertyId: lease.propertyId, notes: `Move-out of ${property.address}` };
    const out = await createTransaction(caller, {
      ...common,
      name: depositAppliedName(who),
      amount: -figures.applied,
      category: SECURITY_DEPOSIT_CATEGORY,
      leaseId: null,
    });
    const income = await createTransaction(caller, {
      ...common,
      name: depositIncomeName(who),
      amount: figures.applied,
      category: 'rental_income',
      leaseId,
    });
    transactionIds.push(out.id, income.id);
  }
  const recordedAt = new Date().toISOString();
  await finishMoveOut(lease, {
    ...claim,
    status: 'done',
    statement: {
      date: input.date,
      address: property.address,
      unitLabel: lease.unitLabel,
      deposit: lease.securityDeposit,
      deductions: deductions.map((d) => ({ label: d.label, amount: d.amount })),
      creditApplied: figures.creditApplied,
      balanceApplied: figures.balanceApplied,
      claimed: figures.claimed,
      applied: figures.applied,
      toReturn: figures.toReturn,
      stillOwed: figures.stillOwed,
      transactionIds,
      recordedAt,
    },
  });
  const view = await leaseView(caller.orgId, leaseId);
  return { lease: view, statement: view.moveOut! };
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
