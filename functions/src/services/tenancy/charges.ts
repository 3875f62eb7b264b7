import {
  type AllocatedCharge,
  addDays,
  allocatePayments,
  CHARGE_LOOKAHEAD_DAYS,
  type ChargeTerms,
  chargedDays,
  chargeSchedule,
  lateAfter,
  lateFeeCode,
  lateFeeDue,
  type ScheduledCharge,
} from '@rent/shared';
import { listInstitutions } from '../../data/banking/banks.js';
import { listPendingBankTransactions } from '../../data/banking/bankTransactions.js';
import {
  type ChargeRecord,
  chargesOfLease,
  leaseOrganizations,
  upsertLateFee,
  writeCharges,
} from '../../data/tenancy/charges.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { type LeaseRecord, leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { Conflict } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { leaseAccounts } from './leaseAccounts.js';
import { sendRentNotices } from './rentNotices.js';

/**
 * Posting charges (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): the daily job and every lease
 * write post what the lease's schedule makes due up to CHARGE_LOOKAHEAD_DAYS ahead, and the late fees its open rent
 * has earned. Posting is idempotent: a charge's key is its lease and code, written only if absent, under the lease's
 * version.
 */

const MAX_RACES = 4;

/**
 * May a late fee whose grace period ended on `lateDay` be posted now? Not while the organization has money coming
 * in that the bank has not posted yet, nor before every connected bank link has synced after that day: a payment
 * made in time must have had its chance to arrive first.
 */
async function lateFeeGate(orgId: string): Promise<(lateDay: string) => boolean> {
  const [pending, institutions] = await Promise.all([listPendingBankTransactions(orgId), listInstitutions(orgId)]);
  if (pending.some((p) => p.amount > 0)) return () => false;
  const synced = institutions.filter((i) => i.status === 'connected').map((i) => i.lastSyncedAt ?? '');
  return (lateDay) => synced.every((at) => at > `${lateDay}T23:59:59.999Z`);
}

/**
 * The schedule's changes to a lease's posted charges: new ones, ones gone, and changed ones: any not yet due, and
 * one already due only when the days it covers changed (the lease now ends in its month, or no longer does). So a
 * rent increase never reprices what was billed, but moving out on the 10th of a prorated lease bills 10 days.
 */
export function scheduleChanges(lease: ChargeTerms, posted: readonly ChargeRecord[], today: string) {
  const scheduled = chargeSchedule(lease, addDays(today, CHARGE_LOOKAHEAD_DAYS));
  const codes = new Set(scheduled.map((c) => c.code));
  const byCode = new Map(posted.map((c) => [c.code, c]));
  const put: ScheduledCharge[] = [];
  const replace: ScheduledCharge[] = [];
  for (const c of scheduled) {
    const was = byCode.get(c.code);
    if (was === undefined) put.push(c);
    else if (was.amount === c.amount && was.label === c.label && was.dueDate === c.dueDate) continue;
    else if (c.dueDate > today || chargedDays(was.label) !== chargedDays(c.label)) replace.push(c);
  }
  // A charge the terms no longer make (a month outside the lease, a fee taken off) goes, with its month's late fee.
  const remove = posted
    .filter((c) => (c.kind === 'late_fee' ? !codes.has(`rent-${c.code.slice('late-'.length)}`) : !codes.has(c.code)))
    .map((c) => c.code);
  return { put, replace, remove };
}

/**
 * Brings one lease's charges up to date on `today`: the schedule's charges, then the late fees earned (when the
 * gate allows). Another run posting the same charges meanwhile makes this one re-read and go again.
 */
export async function postLeaseCharges(
  lease: LeaseRecord,
  today: string,
  context: { posted?: ChargeRecord[]; paid: number; lateGate: (lateDay: string) => boolean },
): Promise<{ allocated: AllocatedCharge[]; lateFees: Map<string, number> }> {
  let posted = context.posted ?? (await chargesOfLease(lease.organizationId, lease.id));
  for (let race = 1; ; race++) {
    const change = scheduleChanges(lease, posted, today);
    if (change.put.length + change.replace.length + change.remove.length === 0) break;
    try {
      await writeCharges(lease, change);
      posted = await chargesOfLease(lease.organizationId, lease.id);
      break;
    } catch (error) {
      if (!(error instanceof Conflict && error.code === 'CHARGES_RACED') || race >= MAX_RACES) throw error;
      posted = await chargesOfLease(lease.organizationId, lease.id);
    }
  }
  const { charges } = allocatePayments(posted, context.paid, today);
  const lateFees = new Map(posted.filter((c) => c.kind === 'late_fee' && !c.waived).map((c) => [c.code, c.amount]));
  if (lease.lateFee === null) return { allocated: charges, lateFees };
  for (const rent of charges) {
    const amount = lateFeeDue(lease, rent, today);
    if (amount <= 0 || !context.lateGate(lateAfter(rent, lease.graceDays))) continue;
    const month = rent.code.slice('rent-'.length);
    const code = lateFeeCode(rent.code);
    const posted = await upsertLateFee(lease, {
      code,
      kind: 'late_fee',
      label: `Late fee, ${month} rent`,
      dueDate: addDays(lateAfter(rent, lease.graceDays), 1),
      amount,
    });
    if (posted) lateFees.set(code, amount);
  }
  return { allocated: charges, lateFees };
}

/** After a lease is added or changed: its charges follow its terms at once (the job keeps them going). */
export async function chargeLease(lease: LeaseRecord, today: string): Promise<void> {
  const [{ accounts }, lateGate] = await Promise.all([
    leaseAccounts(lease.organizationId, [lease], today),
    lateFeeGate(lease.organizationId),
  ]);
  const account = accounts.get(lease.id)!;
  await postLeaseCharges(lease, today, { posted: account.charges, paid: account.totals.paid, lateGate });
}

/**
 * One organization's leases, brought up to date. A lease changed meanwhile is left to its own write's posting; a
 * lease whose posting fails otherwise is logged and counted (`failed`), and the others still go.
 */
export async function postOrganizationCharges(
  orgId: string,
  today: string,
): Promise<{ leases: number; failed: number }> {
  const leases = [...(await leasesByPropertyOf(orgId)).values()].flat();
  if (leases.length === 0) return { leases: 0, failed: 0 };
  let failed = 0;
  const [{ accounts }, lateGate, properties] = await Promise.all([
    leaseAccounts(orgId, leases, today),
    lateFeeGate(orgId),
    listProperties(orgId),
  ]);
  const address = new Map(properties.map((p) => [p.id, p.address]));
  for (const lease of leases) {
    const account = accounts.get(lease.id)!;
    try {
      const { allocated, lateFees } = await postLeaseCharges(lease, today, {
        posted: account.charges,
        paid: account.totals.paid,
        lateGate,
      });
      const where = [address.get(lease.propertyId) ?? 'your home', lease.unitLabel].filter(Boolean).join(', ');
      await sendRentNotices(
        lease,
        where,
        allocated,
        today,
        lateGate,
        (rentCode) => lateFees.get(lateFeeCode(rentCode)) ?? null,
      );
    } catch (error) {
      // The lease was edited or deleted while the job ran: that write posted its own charges.
      if (error instanceof Conflict && error.code === 'CONFLICT') continue;
      failed += 1;
      logger.error('lease charges not posted', { organizationId: orgId, leaseId: lease.id, error: errorName(error) });
    }
  }
  return { leases: leases.length, failed };
}

const errorName = (error: unknown) =>
  (error as { code?: string } | null)?.code ?? (error as Error | null)?.name ?? 'Error';

/**
 * The daily job: every organization with leases, one at a time (each is a handful of queries). One that fails does
 * not stop the others; the run then fails at its end, so it is retried (posting is idempotent) and counted as an
 * error of the function.
 */
export async function runChargeJob(today: string): Promise<{ organizations: number; leases: number }> {
  let organizations = 0;
  let leases = 0;
  let failed = 0;
  for await (const page of leaseOrganizations()) {
    for (const orgId of page) {
      organizations += 1;
      try {
        const posted = await postOrganizationCharges(orgId, today);
        leases += posted.leases;
        failed += posted.failed;
      } catch (error) {
        failed += 1;
        logger.error('organization charges not posted', { organizationId: orgId, error: errorName(error) });
      }
    }
  }
  if (failed > 0)
    throw new Error(`The charge job could not post ${failed} leases or organizations; each is in the log`);
  return { organizations, leases };
}
