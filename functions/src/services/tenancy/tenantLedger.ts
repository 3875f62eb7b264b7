import {
  AGING_BUCKETS,
  type AgingBucket,
  type AgingReport,
  agingOf,
  fromCents,
  type Role,
  type TenantLedger,
} from '@rent/shared';
import { nameAndEmail, profilesOf } from '../../data/people/members.js';
import { waiveLateFee } from '../../data/tenancy/charges.js';
import { getProperty, listProperties } from '../../data/tenancy/properties.js';
import { getLease, type LeaseRecord, leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { todayOf } from '../../lib/today.js';
import { leaseAccounts, ledgerBody } from './leaseAccounts.js';

/**
 * Staff's view of the tenant ledgers (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): one lease's
 * ledger, waiving a late fee (ADMIN and LANDLORD: it gives up income), and the aging of every lease's open charges.
 */
interface Caller {
  orgId: string;
  userId: string;
  role: Role;
  /** The caller's calendar day (lib/today.ts). */
  today?: string;
}

const dollarsByBucket = (cents: Record<AgingBucket, number>) =>
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, fromCents(cents[b])])) as Record<AgingBucket, number>;

async function ledgerOf(caller: Caller, lease: LeaseRecord): Promise<TenantLedger> {
  const { orgId } = caller;
  const now = todayOf(caller);
  const [property, { accounts }, profiles] = await Promise.all([
    getProperty(orgId, lease.propertyId),
    leaseAccounts(orgId, [lease], now),
    profilesOf([lease.userId]),
  ]);
  return {
    leaseId: lease.id,
    address: property.address,
    unitLabel: lease.unitLabel,
    tenant: nameAndEmail(profiles.get(lease.userId)),
    ...(await ledgerBody(accounts.get(lease.id)!, now)),
  };
}

export async function getTenantLedger(caller: Caller, leaseId: string): Promise<TenantLedger> {
  return ledgerOf(caller, await getLease(caller.orgId, leaseId));
}

/** Waives one late fee (404 for anything else, or one already waived); the ledger names who and when. */
export async function waiveCharge(caller: Caller, leaseId: string, code: string): Promise<TenantLedger> {
  const lease = await getLease(caller.orgId, leaseId);
  await waiveLateFee(caller.orgId, lease.id, code, caller.userId);
  return ledgerOf(caller, lease);
}

/**
 * Every lease with charges: what it owes now (or its credit, negative) and the open part of its charges already due
 * by days past due. One Query each of leases and charges, and the rollups.
 */
export async function agingReport(caller: Caller): Promise<AgingReport> {
  const now = todayOf(caller);
  const [byProperty, properties] = await Promise.all([leasesByPropertyOf(caller.orgId), listProperties(caller.orgId)]);
  const leases = [...byProperty.values()].flat();
  const [{ accounts }, profiles] = await Promise.all([
    leaseAccounts(caller.orgId, leases, now),
    profilesOf([...new Set(leases.map((l) => l.userId))]),
  ]);
  const address = new Map(properties.map((p) => [p.id, p.address]));
  const totals = { balance: 0, current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  const rows = [];
  for (const lease of leases) {
    const account = accounts.get(lease.id)!;
    if (account.charges.length === 0) continue;
    const aging = agingOf(account.allocated, now);
    // What is owed now, or a credit (negative): charges posted ahead of their due date are not owed yet.
    const balance = account.totals.owedNow - account.totals.credit;
    totals.balance += balance;
    for (const bucket of AGING_BUCKETS) totals[bucket] += aging[bucket];
    rows.push({
      leaseId: lease.id,
      propertyId: lease.propertyId,
      address: address.get(lease.propertyId) ?? '',
      unitLabel: lease.unitLabel,
      tenant: nameAndEmail(profiles.get(lease.userId)),
      balance: fromCents(balance),
      ...dollarsByBucket(aging),
    });
  }
  rows.sort((a, b) => b.balance - a.balance || a.address.localeCompare(b.address));
  return {
    today: now,
    leases: rows,
    totals: {
      balance: fromCents(totals.balance),
      ...dollarsByBucket(totals),
    },
  };
}
