import { randomUUID } from 'node:crypto';
import {
  currentLease,
  fromCents,
  isTenant,
  type Lease,
  type LeaseFee,
  type LeaseInput,
  type LeaseUpdate,
  leaseNotEnded,
  leaseState,
  leasesOverlap,
  type RentalHistory,
  type Role,
} from '@rent/shared';
import { getMember, nameAndEmail, profilesOf } from '../../data/people/members.js';
import { deleteChargesOfLease } from '../../data/tenancy/charges.js';
import { moveOutStatementView } from '../../data/tenancy/moveOuts.js';
import { getPropertiesByIds, getProperty } from '../../data/tenancy/properties.js';
import {
  deleteLease,
  getLease,
  type LeaseRecord,
  leasesOfProperty,
  leasesOfUser,
  putNewLease,
  updateLeaseTerms,
} from '../../data/tenancy/tenancies.js';
import { Conflict, InvalidReference, NotFound } from '../../domain-errors.js';
import { postingDayOf, todayOf } from '../../lib/today.js';
import { relinkLeaseRent } from '../ledger/leaseLinks.js';
import { chargeLease } from './charges.js';
import { accountMonths, leaseAccounts, ledgerBody } from './leaseAccounts.js';

/**
 * Leases (docs/tenants-and-maintenance.md "Leases"). Staff list and
 * add leases on a property of their organization; ADMIN and LANDLORD change and delete them (the routes'
 * roles). The tenant of a lease is a TENANT member of the organization. A person cannot hold two leases of
 * the same property and unit that share a day (409). A tenant reads only their own rental history. After a
 * lease is added, changed or deleted, the property's rent in its months is linked again by the ledger's rule
 * (docs/ledger.md "Lease links"), so no rent stays linked to a lease that does not run in its month.
 */
interface Caller {
  orgId: string;
  userId: string;
  role: Role;
  /** The caller's calendar day (lib/today.ts). */
  today?: string;
}

const notATenant = () => new InvalidReference('userId', 'Choose a tenant of your organization');
const overlapping = () =>
  new Conflict(
    'LEASE_OVERLAP',
    'This tenant already has a lease of this property and unit for some of these dates. End that lease first, or change the dates.',
  );

export async function listLeases(caller: Caller, propertyId: string): Promise<{ leases: Lease[] }> {
  // The property is read beside its leases (another organization's is a 404): one round trip, not two.
  const [, leases] = await Promise.all([
    getProperty(caller.orgId, propertyId),
    leasesOfProperty(caller.orgId, propertyId),
  ]);
  return { leases: await withTenants(leases, todayOf(caller)) };
}

/** A new lease's input; charge terms left out are none (no proration, fees or late fee). */
type NewLeaseInput = Omit<LeaseInput, 'prorate' | 'fees' | 'lateFee'> &
  Partial<Pick<LeaseInput, 'prorate' | 'fees' | 'lateFee'>>;

export async function createLease(caller: Caller, propertyId: string, input: NewLeaseInput): Promise<{ lease: Lease }> {
  await getProperty(caller.orgId, propertyId);
  const member = await getMember(caller.orgId, input.userId).catch((error) => {
    throw error instanceof NotFound ? notATenant() : error;
  });
  if (!isTenant(member.role)) throw notATenant();
  await refuseOverlap(caller.orgId, { ...input, propertyId, id: null });
  const record = await putNewLease(caller.orgId, { ...input, fees: withFeeIds(input.fees ?? []), propertyId });
  await relinkLeaseRent(caller, propertyId, [record]);
  await chargeLease(record, postingDayOf(caller));
  return { lease: (await withTenants([record], todayOf(caller)))[0]! };
}

/**
 * PATCH: the change is saved only if the lease is still at `change.version`, the version the person loaded
 * (docs/tenants-and-maintenance.md "Changing a lease"). A stale version, or someone else's change between this read
 * and the write (the write is conditioned on the version read), is a 409 carrying the lease as it is now; nothing is
 * written. A lease deleted meanwhile is a 404.
 */
export async function updateLease(caller: Caller, leaseId: string, change: LeaseUpdate): Promise<{ lease: Lease }> {
  const current = await getLease(caller.orgId, leaseId);
  const stale = async (now: LeaseRecord) =>
    new Conflict(
      'CONFLICT',
      'This lease was changed by someone else while you were editing. Reload it, then try again.',
      { current: (await withTenants([now], todayOf(caller)))[0]! },
    );
  if (change.version !== current.version) throw await stale(current);
  const terms = {
    unitLabel: change.unitLabel === undefined ? current.unitLabel : change.unitLabel,
    leaseStart: change.leaseStart ?? current.leaseStart,
    leaseEnd: change.leaseEnd === undefined ? current.leaseEnd : change.leaseEnd,
    monthlyRent: change.monthlyRent ?? current.monthlyRent,
    securityDeposit: change.securityDeposit ?? current.securityDeposit,
    rentDueDay: change.rentDueDay ?? current.rentDueDay,
    graceDays: change.graceDays ?? current.graceDays,
    prorate: change.prorate ?? current.prorate,
    fees: change.fees === undefined ? current.fees : withFeeIds(change.fees),
    lateFee: change.lateFee === undefined ? current.lateFee : change.lateFee,
  };
  if (terms.leaseEnd !== null && terms.leaseEnd < terms.leaseStart) {
    throw new InvalidReference('leaseEnd', 'The lease end must be on or after its start');
  }
  await refuseOverlap(caller.orgId, { ...current, ...terms });
  const updated = await updateLeaseTerms(current, terms, {
    tenantMustRemain: leaseNotEnded(terms, todayOf(caller)),
  }).catch(async (error: unknown) => {
    // The write's only Conflict is its version: someone changed the lease in between (a delete reads as a 404).
    throw error instanceof Conflict ? await stale(await getLease(caller.orgId, leaseId)) : error;
  });
  await relinkLeaseRent(caller, current.propertyId, [current, updated]);
  await chargeLease(updated, postingDayOf(caller));
  return { lease: (await withTenants([updated], todayOf(caller)))[0]! };
}

export async function removeLease(caller: Caller, leaseId: string): Promise<{ id: string }> {
  const lease = await getLease(caller.orgId, leaseId);
  await deleteLease(lease);
  await deleteChargesOfLease(caller.orgId, leaseId);
  await relinkLeaseRent(caller, lease.propertyId, [lease]);
  return { id: leaseId };
}

/** A fee keeps its id across edits (its charges are named by it); a new one gets one. */
const withFeeIds = (fees: readonly (Omit<LeaseFee, 'id'> & { id?: string | undefined })[]): LeaseFee[] =>
  fees.map((f) => ({ ...f, id: f.id ?? randomUUID().slice(0, 8) }));

async function refuseOverlap(
  orgId: string,
  lease: Pick<LeaseRecord, 'userId' | 'propertyId' | 'unitLabel' | 'leaseStart' | 'leaseEnd'> & { id: string | null },
) {
  const others = await leasesOfProperty(orgId, lease.propertyId);
  const clash = others.some(
    (o) =>
      o.id !== lease.id &&
      o.userId === lease.userId &&
      (o.unitLabel ?? '').toLowerCase() === (lease.unitLabel ?? '').toLowerCase() &&
      leasesOverlap(o, lease),
  );
  if (clash) throw overlapping();
}

async function withTenants(records: LeaseRecord[], now: string): Promise<Lease[]> {
  const profiles = await profilesOf([...new Set(records.map((r) => r.userId))]);
  return records.map((r) => {
    const tenant = nameAndEmail(profiles.get(r.userId));
    return {
      id: r.id,
      propertyId: r.propertyId,
      userId: r.userId,
      tenant,
      unitLabel: r.unitLabel,
      leaseStart: r.leaseStart,
      leaseEnd: r.leaseEnd,
      monthlyRent: fromCents(r.monthlyRent),
      securityDeposit: fromCents(r.securityDeposit),
      rentDueDay: r.rentDueDay,
      graceDays: r.graceDays,
      prorate: r.prorate,
      fees: r.fees.map((f) => ({ ...f, amount: fromCents(f.amount) })),
      lateFee:
        r.lateFee === null
          ? null
          : {
              ...r.lateFee,
              // Percent fees are basis points inside, a percentage on the wire.
              amount: r.lateFee.mode === 'fixed' ? fromCents(r.lateFee.amount) : r.lateFee.amount / 100,
              cap: r.lateFee.cap === null ? null : fromCents(r.lateFee.cap),
            },
      state: leaseState(r, now),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      version: r.version,
      moveOut: r.moveOut?.statement ? moveOutStatementView(r.moveOut.statement, r.id, tenant) : null,
    };
  });
}

/** One lease as the routes answer it. */
export async function leaseView(caller: Caller, leaseId: string): Promise<Lease> {
  return (await withTenants([await getLease(caller.orgId, leaseId)], todayOf(caller)))[0]!;
}

/**
 * The person's `currentAssignmentId`, derived from the lease dates (shared `currentLease`); null for staff
 * (docs/tenants-and-maintenance.md "The current lease").
 */
export async function currentAssignmentId(caller: Caller): Promise<string | null> {
  if (!isTenant(caller.role)) return null;
  return currentLease(await leasesOfUser(caller.orgId, caller.userId), todayOf(caller))?.id ?? null;
}

// ---- the tenant's rental history -------------------------------------------------------------------------

/**
 * A tenant's leases in their organization with, per month from the lease start to this month (or its end), what was
 * due and paid and a status, and their ledger: charges, payments and the balance, from the lease accounts the rent
 * roll reads (services/tenancy/leaseAccounts.ts). The response holds this tenant's leases and nothing else: no
 * transaction, no other tenant, no property figure.
 */
export async function rentalHistory(caller: Caller): Promise<RentalHistory> {
  const now = todayOf(caller);
  const mine = await leasesOfUser(caller.orgId, caller.userId);
  const propertyIds = [...new Set(mine.map((l) => l.propertyId))];
  // Each lease's account is its own: read beside the properties, and a lease whose property is gone left out after.
  const [found, { accounts, rent }] = await Promise.all([
    getPropertiesByIds(caller.orgId, propertyIds),
    leaseAccounts(caller.orgId, mine, now),
  ]);
  const properties = new Map(found.map((p) => [p.id, p]));
  const shown = mine.filter((l) => properties.has(l.propertyId));
  const leases = await Promise.all(
    shown.map(async (lease) => {
      const account = accounts.get(lease.id)!;
      const months = accountMonths(account, { from: lease.leaseStart.slice(0, 7), to: now.slice(0, 7) }, now, rent);
      return {
        id: lease.id,
        address: properties.get(lease.propertyId)!.address,
        unitLabel: lease.unitLabel,
        leaseStart: lease.leaseStart,
        leaseEnd: lease.leaseEnd,
        monthlyRent: fromCents(lease.monthlyRent),
        securityDeposit: fromCents(lease.securityDeposit),
        rentDueDay: lease.rentDueDay,
        graceDays: lease.graceDays,
        state: leaseState(lease, now),
        months: months.reverse().map((m) => ({
          month: m.month,
          dueDate: m.dueDate,
          due: fromCents(m.due),
          received: fromCents(m.received),
          status: m.status,
        })),
        ledger: await ledgerBody(account, now),
      };
    }),
  );
  // Newest lease first, as the page shows them.
  return { leases: leases.reverse() };
}
