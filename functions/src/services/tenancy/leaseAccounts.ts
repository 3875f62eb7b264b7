import {
  type AllocatedCharge,
  allocatePayments,
  type ChargeMonth,
  chargeMonths,
  firstRentMonth,
  fromCents,
  type LedgerTotals,
  RENT_CATEGORIES,
  RENT_UNLINKED_NOTE,
  type RentRollMonth,
  type TenantLedgerBody,
  tenantLedgerLines,
} from '@rent/shared';
import { leaseRentOf, type RollupCell } from '../../data/ledger/rollupDeltas.js';
import { summarizeCell } from '../../data/ledger/rollupSums.js';
import { cellsWithin, readRollupCells } from '../../data/ledger/rollups.js';
import { profilesOf } from '../../data/people/members.js';
import { type ChargeRecord, chargesByLeaseOf, chargesOfLease } from '../../data/tenancy/charges.js';
import type { LeaseRecord } from '../../data/tenancy/tenancies.js';

/**
 * A lease's account (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): its posted charges, the rent
 * paid on it per month (the per-lease rollup counters, the same the books count), and the payments applied to the
 * oldest charges first. The rent roll, the dashboard, the aging report, the tenant ledger and the rental history all
 * read this, so they agree with each other and with the ledger.
 */
export interface LeaseAccount {
  lease: LeaseRecord;
  charges: ChargeRecord[];
  allocated: AllocatedCharge[];
  totals: LedgerTotals;
  payments: Map<string, number>;
}

const rentCategories: readonly string[] = RENT_CATEGORIES;

export interface LeaseRent {
  /** `leaseId|month` -> cents of rent linked to the lease. */
  byLease: Map<string, number>;
  /** `propertyId|month` -> cents of the property's rent linked to no lease. */
  unlinked: Map<string, number>;
}

/** Rent per lease and month, and the rent linked to no lease per property and month, from rollup cells. */
export function leaseRentIn(cells: RollupCell[]): LeaseRent {
  const byLease = new Map<string, number>();
  const unlinked = new Map<string, number>();
  for (const cell of cells) {
    if (cell.propertyId === null) continue;
    let rent = 0;
    for (const [category, totals] of Object.entries(summarizeCell(cell).byCategory)) {
      if (rentCategories.includes(category)) rent += totals.in;
    }
    for (const [leaseId, cents] of leaseRentOf(cell)) {
      byLease.set(`${leaseId}|${cell.month}`, cents);
      rent -= cents;
    }
    if (rent !== 0) unlinked.set(`${cell.propertyId}|${cell.month}`, rent);
  }
  return { byLease, unlinked };
}

/** Rent per lease (and unlinked per property) over months from..to (YYYY-MM), from the rollups. */
export async function leaseRent(orgId: string, from: string, to: string): Promise<LeaseRent> {
  return leaseRentIn((await readRollupCells(orgId, { from, to })).cells);
}

/** Few leases read their own charges; more read the organization's in one Query. */
const PER_LEASE_READS_MAX = 3;

/**
 * The months (YYYY-MM) whose rollups `leaseAccounts` reads: from the earliest lease's `firstRentMonth` (rent paid at
 * signing), or `from`, to this month.
 */
export function leaseRentMonths(leases: readonly LeaseRecord[], today: string, from?: string) {
  const thisMonth = today.slice(0, 7);
  const first = [...leases.map(firstRentMonth), from ?? thisMonth, thisMonth].sort()[0]!;
  return { from: first, to: thisMonth };
}

/**
 * The accounts of `leases` on `today`. Reads: the charges (per lease or one Query) and the rollup cells of
 * `leaseRentMonths`, side by side; a caller that reads those cells anyway passes them (`rollups`, any wider range).
 */
export async function leaseAccounts(
  orgId: string,
  leases: readonly LeaseRecord[],
  today: string,
  { from, rollups }: { from?: string; rollups?: Promise<RollupCell[]> } = {},
): Promise<{ accounts: Map<string, LeaseAccount>; rent: LeaseRent }> {
  const months = leaseRentMonths(leases, today, from);
  const chargesRead =
    leases.length <= PER_LEASE_READS_MAX
      ? Promise.all(leases.map(async (l) => [l.id, await chargesOfLease(orgId, l.id)] as const)).then(
          (pairs) => new Map(pairs),
        )
      : chargesByLeaseOf(orgId);
  const [charges, rent] = await Promise.all([
    chargesRead,
    rollups
      ? rollups.then((cells) => leaseRentIn(cellsWithin(cells, months)))
      : leaseRent(orgId, months.from, months.to),
  ]);
  const accounts = new Map<string, LeaseAccount>();
  for (const lease of leases) {
    const payments = new Map<string, number>();
    const firstMonth = lease.leaseStart.slice(0, 7);
    let paid = 0;
    for (const [key, cents] of rent.byLease) {
      const [leaseId, paidIn] = key.split('|') as [string, string];
      if (leaseId !== lease.id) continue;
      // Rent paid before the lease's first month (at signing) is that month's.
      const month = paidIn.localeCompare(firstMonth) < 0 ? firstMonth : paidIn;
      payments.set(month, (payments.get(month) ?? 0) + cents);
      paid += cents;
    }
    const posted = charges.get(lease.id) ?? [];
    const { charges: allocated, totals } = allocatePayments(posted, paid, today);
    accounts.set(lease.id, { lease, charges: posted, allocated, totals, payments });
  }
  return { accounts, rent };
}

/** A lease's months of the period, with the note where the property also had rent linked to no lease. */
export function accountMonths(
  account: LeaseAccount,
  period: { from: string; to: string },
  today: string,
  rent: LeaseRent,
): RentRollMonth[] {
  return chargeMonths(account.lease, account.allocated, (m) => account.payments.get(m) ?? 0, period, today).map(
    (m: ChargeMonth) => ({
      ...m,
      note: (rent.unlinked.get(`${account.lease.propertyId}|${m.month}`) ?? 0) > 0 ? RENT_UNLINKED_NOTE : null,
    }),
  );
}

/** The ledger's wire form: lines oldest first with their running balance, totals, and the next charge. */
export async function ledgerBody(account: LeaseAccount, today: string): Promise<TenantLedgerBody> {
  const waivers = account.charges.filter((c) => c.waived && c.waivedBy !== null);
  const names = await profilesOf([...new Set(waivers.map((c) => c.waivedBy!))]);
  const waivedNote = new Map(
    waivers.map((c) => [
      c.code,
      `Waived by ${(names.get(c.waivedBy!)?.name as string | undefined) ?? 'a former member'} on ${c.waivedAt!.slice(0, 10)}`,
    ]),
  );
  const lines = tenantLedgerLines(account.charges, account.payments, today);
  const next = account.allocated.filter((c) => c.dueDate > today && c.open > 0)[0];
  return {
    lines: lines.map((l) => ({
      ...l,
      amount: fromCents(l.amount),
      balance: fromCents(l.balance),
      note: l.code === null ? null : (waivedNote.get(l.code) ?? null),
    })),
    totals: {
      charged: fromCents(account.totals.charged),
      paid: fromCents(account.totals.paid),
      balance: fromCents(account.totals.balance),
      owedNow: fromCents(account.totals.owedNow),
      credit: fromCents(account.totals.credit),
    },
    next: next === undefined ? null : { dueDate: next.dueDate, amount: fromCents(next.open), label: next.label },
  };
}
