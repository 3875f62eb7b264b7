/**
 * A lease's charges and the tenant's balance (docs/tenants-and-maintenance.md "Charges and the tenant ledger").
 * Zod-free and pure: the charge job, the tenant ledger, the rent roll, the aging report and their tests share it.
 * Money is integer cents; dates are YYYY-MM-DD and months YYYY-MM.
 */
import { monthsBetween } from './books.js';
import { addDays, type LeaseTerms } from './leases.js';

/** How far ahead of its due date a charge is posted, so the tenant sees what comes next. */
export const CHARGE_LOOKAHEAD_DAYS = 14;
export const LEASE_FEES_MAX = 20;

export type ChargeKind = 'rent' | 'fee' | 'late_fee';

/** A fee on a lease: every month on the rent's due day, or once on its own date. */
export interface LeaseFee {
  id: string;
  label: string;
  /** Cents, > 0. */
  amount: number;
  frequency: 'monthly' | 'once';
  /** The one-time fee's due date; null for monthly fees. */
  dueDate: string | null;
}

/**
 * A late fee: `fixed` cents, or `percent` basis points of the month's rent (500 = 5%); `daily` charges that much
 * for every day after the grace period, never above `cap` cents (null: no cap; a daily fee always has one).
 */
export interface LateFeeTerms {
  mode: 'fixed' | 'percent';
  amount: number;
  daily: boolean;
  cap: number | null;
}

export interface ChargeTerms extends LeaseTerms {
  /** Charge the first and last partial months by the day (rent × days leased ÷ days in the month). */
  prorate: boolean;
  fees: readonly LeaseFee[];
  lateFee: LateFeeTerms | null;
}

/** A charge as the schedule decides it. `code` is unique within its lease: the job's idempotency key. */
export interface ScheduledCharge {
  code: string;
  kind: ChargeKind;
  label: string;
  dueDate: string;
  /** Cents, > 0. */
  amount: number;
}

/** A charge as posted: waived late fees stay on the ledger at no cost. */
export interface PostedCharge extends ScheduledCharge {
  waived: boolean;
}

const daysInMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const dayOf = (date: string) => Number(date.slice(8, 10));

/** rent × days ÷ dim rounded half up, in integers (no floating sum). */
const prorated = (rent: number, days: number, dim: number) => Math.floor((2 * rent * days + dim) / (2 * dim));

/** The due date of a month's charges: the due day, within the days the lease runs that month. */
function monthDueDate(lease: ChargeTerms, month: string): string {
  const regular = `${month}-${String(lease.rentDueDay).padStart(2, '0')}`;
  // A lease that starts after the due day owes that month on its first day; one that ends before it, on its last.
  if (regular < lease.leaseStart) return lease.leaseStart;
  if (lease.leaseEnd !== null && regular > lease.leaseEnd) return lease.leaseEnd;
  return regular;
}

/**
 * A monthly amount (the rent, a monthly fee) for one month of the lease: whole, or by the day when the lease prorates
 * and runs only part of the month. Null when nothing is owed.
 */
function monthlyCharge(
  lease: ChargeTerms,
  month: string,
  charge: { code: string; kind: ChargeKind; label: string; amount: number },
): ScheduledCharge | null {
  const dim = daysInMonth(month);
  const firstDay = lease.leaseStart.slice(0, 7) === month ? dayOf(lease.leaseStart) : 1;
  const lastDay = lease.leaseEnd !== null && lease.leaseEnd.slice(0, 7) === month ? dayOf(lease.leaseEnd) : dim;
  const days = lastDay - firstDay + 1;
  const amount = lease.prorate && days < dim ? prorated(charge.amount, days, dim) : charge.amount;
  if (amount <= 0) return null;
  const label = amount === charge.amount ? charge.label : `${charge.label}, ${days} of ${dim} days`;
  return { code: charge.code, kind: charge.kind, label, dueDate: monthDueDate(lease, month), amount };
}

/**
 * The months the lease owes monthly charges in. Without proration a month is charged whole, so a lease that ends on
 * an earlier day of the month than it started on owes nothing in its last month: the month before covered it (from
 * the 10th to the 9th of the next year is twelve months, not thirteen).
 */
function chargedMonths(lease: ChargeTerms, lastMonth: string): string[] {
  const first = lease.leaseStart.slice(0, 7);
  if (first > lastMonth) return [];
  const months = monthsBetween(first, lastMonth);
  const endsBeforeItsDay = !lease.prorate && lease.leaseEnd !== null && dayOf(lease.leaseEnd) < dayOf(lease.leaseStart);
  return endsBeforeItsDay && months.at(-1) === lease.leaseEnd!.slice(0, 7) ? months.slice(0, -1) : months;
}

/**
 * Every charge the lease's terms make due on or before `through`: rent each month the lease runs in and its monthly
 * fees beside it (prorated at either end when the lease says so; see chargedMonths when it does not), one-time fees
 * on their dates. Late fees are not scheduled: they depend on what was paid (`lateFeeDue`).
 */
export function chargeSchedule(lease: ChargeTerms, through: string): ScheduledCharge[] {
  const lastMonth = [lease.leaseEnd?.slice(0, 7) ?? through.slice(0, 7), through.slice(0, 7)].sort()[0]!;
  const out: ScheduledCharge[] = [];
  for (const month of chargedMonths(lease, lastMonth)) {
    const rent = monthlyCharge(lease, month, {
      code: `rent-${month}`,
      kind: 'rent',
      label: 'Rent',
      amount: lease.monthlyRent,
    });
    if (rent !== null) out.push(rent);
    for (const fee of lease.fees) {
      if (fee.frequency !== 'monthly') continue;
      const charge = monthlyCharge(lease, month, {
        code: `fee-${fee.id}-${month}`,
        kind: 'fee',
        label: fee.label,
        amount: fee.amount,
      });
      if (charge !== null) out.push(charge);
    }
  }
  for (const fee of lease.fees) {
    if (fee.frequency === 'once' && fee.dueDate !== null) {
      out.push({ code: `fee-${fee.id}`, kind: 'fee', label: fee.label, dueDate: fee.dueDate, amount: fee.amount });
    }
  }
  return out.filter((c) => c.dueDate <= through && c.dueDate >= lease.leaseStart).sort(byDue);
}

/** The part of a month a charge covers, as its label says it: "10 of 31 days", or "" for the whole month. */
export const chargedDays = (label: string) => / (\d+ of \d+ days)$/.exec(label)?.[1] ?? '';

export const byDue = (a: { dueDate: string; code: string }, b: { dueDate: string; code: string }) =>
  a.dueDate.localeCompare(b.dueDate) || a.code.localeCompare(b.code);

/** What a charge costs the tenant: nothing once waived. */
export const chargeCost = (c: PostedCharge) => (c.waived ? 0 : c.amount);

// ---- allocation: payments pay the oldest charges first ------------------------------------------------------

export interface AllocatedCharge extends PostedCharge {
  /** Cents of this charge paid by the payments so far. */
  paid: number;
  /** Cents still owed on it. */
  open: number;
}

export interface LedgerTotals {
  charged: number;
  paid: number;
  /** charged − paid: > 0 owed, < 0 a credit the next charges use up. */
  balance: number;
  /** What is owed now: the open part of charges already due. */
  owedNow: number;
  /** Payments beyond every charge posted (a credit), ≥ 0. */
  credit: number;
}

/**
 * Applies `paid` cents (every payment on the lease, however many) to the charges oldest due first, as property
 * ledgers do: a partial payment leaves the newest charges open, an overpayment is a credit the next charge uses.
 */
export function allocatePayments(charges: readonly PostedCharge[], paid: number, today: string) {
  let left = paid;
  const allocated: AllocatedCharge[] = [...charges].sort(byDue).map((c) => {
    const cost = chargeCost(c);
    const take = Math.max(0, Math.min(cost, left));
    left -= take;
    return { ...c, paid: take, open: cost - take };
  });
  let charged = 0;
  let owedNow = 0;
  for (const c of allocated) {
    charged += chargeCost(c);
    if (c.dueDate <= today) owedNow += c.open;
  }
  const totals: LedgerTotals = { charged, paid, balance: charged - paid, owedNow, credit: Math.max(0, left) };
  return { charges: allocated, totals };
}

/**
 * A month's status from its allocated charges: paid when nothing of them is open (or nothing was charged), partly
 * paid when payments covered some, else upcoming before the due date, unpaid within the grace days, late after.
 */
export function monthStatus(
  charges: readonly AllocatedCharge[],
  graceDays: number,
  today: string,
): 'paid' | 'partial' | 'unpaid' | 'late' | 'upcoming' {
  let open = 0;
  let paid = 0;
  let firstDue: string | null = null;
  for (const c of charges) {
    open += c.open;
    paid += c.paid;
    if (c.open > 0 && (firstDue === null || c.dueDate < firstDue)) firstDue = c.dueDate;
  }
  if (open === 0 || firstDue === null) return 'paid';
  if (paid > 0) return 'partial';
  if (today < firstDue) return 'upcoming';
  return today > addDays(firstDue, graceDays) ? 'late' : 'unpaid';
}

// ---- late fees ------------------------------------------------------------------------------------------------

/** The day a rent charge turns late: its due date plus the grace days. */
export const lateAfter = (charge: { dueDate: string }, graceDays: number) => addDays(charge.dueDate, graceDays);

/**
 * The late fee a rent charge has earned by `today` (cents), or 0: only while the charge is still open after the
 * grace period. A daily fee grows by `amount` each day after the grace period up to its cap.
 */
export function lateFeeDue(terms: ChargeTerms, rent: AllocatedCharge, today: string): number {
  const fee = terms.lateFee;
  if (fee === null || rent.kind !== 'rent' || rent.open <= 0) return 0;
  const late = lateAfter(rent, terms.graceDays);
  if (today <= late) return 0;
  const unit = fee.mode === 'fixed' ? fee.amount : Math.floor((rent.amount * fee.amount + 5_000) / 10_000);
  const days = fee.daily ? daysBetween(late, today) : 1;
  const total = unit * days;
  return fee.cap === null ? total : Math.min(total, fee.cap);
}

/** The late fee charge of a month's rent. */
export const lateFeeCode = (rentCode: string) => `late-${rentCode.slice('rent-'.length)}`;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// ---- aging -----------------------------------------------------------------------------------------------------

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};

/** The bucket of an open charge by how many days it is past due (not yet due or due today: current). */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

/** The open cents of a lease's charges due by `today`, by bucket. */
export function agingOf(charges: readonly AllocatedCharge[], today: string): Record<AgingBucket, number> {
  const out = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  for (const c of charges) if (c.open > 0 && c.dueDate <= today) out[agingBucket(c.dueDate, today)] += c.open;
  return out;
}

/** The open cents of a lease's charges whose grace period is over on `today`: rent that is late, fees unpaid. */
export const overdueOf = (charges: readonly AllocatedCharge[], graceDays: number, today: string): number =>
  charges.reduce((sum, c) => (c.open > 0 && today > lateAfter(c, graceDays) ? sum + c.open : sum), 0);

// ---- the tenant ledger -----------------------------------------------------------------------------------------

export interface LedgerLine {
  date: string;
  kind: ChargeKind | 'payment';
  label: string;
  /** Charges positive, payments negative; a waived charge 0. */
  amount: number;
  /** The balance after this line. */
  balance: number;
  /** The charge's code (charges only), what a waiver names. */
  code: string | null;
  waived: boolean;
}

/**
 * The tenant ledger: charges on their due dates and the payments of each month (dated the month's last day, or
 * today when that is still to come: payments are counted per month), oldest first, with the running balance.
 */
export function tenantLedgerLines(
  charges: readonly PostedCharge[],
  paymentsByMonth: ReadonlyMap<string, number>,
  today: string,
): LedgerLine[] {
  const events: { date: string; order: number; line: Omit<LedgerLine, 'balance'> }[] = [];
  for (const c of charges) {
    events.push({
      date: c.dueDate,
      order: 0,
      line: { date: c.dueDate, kind: c.kind, label: c.label, amount: chargeCost(c), code: c.code, waived: c.waived },
    });
  }
  for (const [month, cents] of paymentsByMonth) {
    if (cents === 0) continue;
    const monthEnd = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
    // Never a date to come: rent paid at signing is counted in a lease's first month, which may be next month.
    const date = monthEnd > today ? today : monthEnd;
    events.push({
      date,
      order: 1,
      line: { date, kind: 'payment', label: 'Payments received', amount: -cents, code: null, waived: false },
    });
  }
  events.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
  let balance = 0;
  return events.map(({ line }) => {
    balance += line.amount;
    return { ...line, balance };
  });
}

// ---- months: the rent roll and the rental history --------------------------------------------------------------

export interface ChargeMonth {
  month: string;
  /** The month's first due date (the due day when nothing was charged). */
  dueDate: string;
  /** What the month's charges cost (rent, fees, late fees not waived). */
  due: number;
  /** Payments received on the lease that month. */
  received: number;
  balance: number;
  status: 'paid' | 'partial' | 'unpaid' | 'late' | 'upcoming';
}

/**
 * A lease's months of the period (capped at this month, only months it runs in): what its charges due that month
 * cost, what was paid that month, and the month's status from the allocation (payments pay the oldest charges
 * first, so a month paid on time after a short one may still be partly open).
 */
export function chargeMonths(
  lease: Pick<ChargeTerms, 'leaseStart' | 'leaseEnd' | 'rentDueDay' | 'graceDays'>,
  allocated: readonly AllocatedCharge[],
  received: (month: string) => number,
  period: { from: string; to: string },
  today: string,
): ChargeMonth[] {
  const last = [period.to, today.slice(0, 7)].sort()[0]!;
  if (period.from > last) return [];
  const byMonth = new Map<string, AllocatedCharge[]>();
  for (const c of allocated) {
    const month = c.dueDate.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), c]);
  }
  return monthsBetween(period.from, last)
    .filter((m) => lease.leaseStart.slice(0, 7) <= m && (lease.leaseEnd === null || lease.leaseEnd.slice(0, 7) >= m))
    .map((month) => {
      const charges = byMonth.get(month) ?? [];
      let due = 0;
      for (const c of charges) due += chargeCost(c);
      const cents = received(month);
      const first = charges.map((c) => c.dueDate).sort()[0];
      return {
        month,
        dueDate: first ?? `${month}-${String(lease.rentDueDay).padStart(2, '0')}`,
        due,
        received: cents,
        balance: due - cents,
        status: monthStatus(charges, lease.graceDays, today),
      };
    });
}
