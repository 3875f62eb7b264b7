import { keys } from '@rent/functions/data/keys';
import { membershipItem, userItem } from '@rent/functions/data/people/items';
import { addDays, shiftMonth } from '@rent/shared';
import { LATE_FEE, PLANS, TARA_LEASE_ID } from './seed-plans.js';

/**
 * The demo's leases (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): one per unit of the plans,
 * from the first day of the bookkeeping, each at the rent its tenant pays. 12 Maple Street's Unit 3 has stood empty
 * since its lease ended; the demo tenant's lease charges a late fee, one month of which was paid with its rent (the
 * charge posted then is written here; the charge job posts everything else when the stack starts).
 */
export function demoLeaseItems(opts: {
  orgId: string;
  tenantUserId: string;
  historyStart: string;
  taraLateMonths: readonly string[];
  today: string;
  now: string;
}) {
  const items: Record<string, unknown>[] = [];
  const leaseCounts = new Map<string, number>();
  for (const plan of PLANS) {
    for (const unit of plan.units) {
      const tara = unit.leaseId === TARA_LEASE_ID;
      const userId = tara ? opts.tenantUserId : `demo-tenant-${unit.leaseId.slice('lease-'.length)}`;
      if (!tara) {
        const email = `${unit.leaseId.slice('lease-'.length)}@tenants.example`;
        items.push(
          userItem({ userId, email, name: unit.name, image: null }, opts.now, [opts.orgId]),
          membershipItem({ orgId: opts.orgId, userId, role: 'TENANT' }, opts.now),
        );
      }
      // A unit empty for its last months: its lease ended the day before them.
      const leaseEnd =
        unit.vacantMonths === undefined
          ? null
          : addDays(`${shiftMonth(opts.today.slice(0, 7), -(unit.vacantMonths - 1))}-01`, -1);
      items.push({
        ...keys.tenancy(opts.orgId, unit.leaseId),
        ...keys.tenancyByUser(userId, opts.historyStart),
        ...keys.tenancyByProperty(opts.orgId, plan.id, unit.leaseId),
        type: 'Tenancy',
        id: unit.leaseId,
        organizationId: opts.orgId,
        userId,
        propertyId: plan.id,
        leaseStart: opts.historyStart,
        leaseEnd,
        unitLabel: unit.unitLabel,
        monthlyRent: unit.rent,
        securityDeposit: unit.rent,
        rentDueDay: 1,
        graceDays: 5,
        prorate: false,
        fees: [],
        lateFee: tara ? { mode: 'fixed', amount: LATE_FEE, daily: false, cap: null } : null,
        createdAt: opts.now,
        updatedAt: opts.now,
        version: 1,
      });
      leaseCounts.set(plan.id, (leaseCounts.get(plan.id) ?? 0) + 1);
    }
  }
  for (const month of opts.taraLateMonths) {
    items.push({
      ...keys.charge(opts.orgId, TARA_LEASE_ID, `late-${month}`),
      type: 'Charge',
      organizationId: opts.orgId,
      leaseId: TARA_LEASE_ID,
      propertyId: 'prop-maple-12',
      code: `late-${month}`,
      kind: 'late_fee',
      label: `Late fee, ${month} rent`,
      dueDate: `${month}-07`,
      amount: LATE_FEE,
      waived: false,
      postedAt: `${month}-07T06:00:00.000Z`,
    });
  }
  items.push({ ...keys.leaseOrganization(opts.orgId), type: 'LeaseOrganization', organizationId: opts.orgId });
  return { items, leaseCounts };
}
