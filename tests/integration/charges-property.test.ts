import { randomUUID } from 'node:crypto';
import { addDays, allocatePayments, type PostedCharge, shiftMonth } from '@rent/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { joinAs, team } from '../support/members.js';

// In-process, the job runs against the same DynamoDB Local (support/members.js points the repositories at it).
const { postOrganizationCharges } = await import('../../functions/src/services/tenancy/charges.js');

/**
 * Tenant balances against a recomputation from scratch (docs/tenants-and-maintenance.md "Charges and the tenant
 * ledger"): after any sequence of payments (partial, over, several charges at once), ignoring and deleting payments,
 * deposits in and out, lease edits (rent, fees, a late fee), charge-job runs on later days and waivers, the ledger's
 * totals equal the posted charges and the linked rent read raw from the table, allocated oldest first, to the cent; the
 * rent roll's due and received equal the same raw items, month by month.
 */
type Team = Awaited<ReturnType<typeof team>>;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);

const op = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 400_000 }), back: fc.nat(3) }),
  fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: -100_000, max: 200_000 }) }),
  fc.record({ kind: fc.constant('ignore' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('delete' as const), which: fc.nat(20) }),
  fc.record({
    kind: fc.constant('edit' as const),
    rent: fc.integer({ min: 50_000, max: 300_000 }),
    parking: fc.boolean(),
    lateFee: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('job' as const), days: fc.integer({ min: 0, max: 45 }) }),
  fc.record({ kind: fc.constant('waive' as const), which: fc.nat(5) }),
);

let w: Team;
beforeAll(async () => {
  w = await team();
});

async function ok<T>(res: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}

describe('tenant balances', () => {
  it('equal charges − payments recomputed from the table after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const api = w.admin.api;
        const home = (
          await ok<{ id: string }>(api.post('/api/properties', { address: `${randomUUID()} Balance Way` }), 201)
        ).id;
        const tenant = await joinAs(w.orgId, 'TENANT', 'balance');
        let lease = (
          await ok<{ lease: { id: string; version: number; fees: { id: string }[] } }>(
            api.post(`/api/properties/${home}/leases`, {
              userId: tenant.userId,
              leaseStart: `${shiftMonth(thisMonth(), -3)}-01`,
              monthlyRent: 1000,
              lateFee: { mode: 'fixed', amount: 25 },
            }),
            201,
          )
        ).lease;
        const payments: string[] = [];
        let day = today();
        for (const o of ops) {
          if (o.kind === 'pay' || o.kind === 'deposit') {
            const rent = o.kind === 'pay';
            if (!rent && o.cents === 0) continue;
            const body = {
              name: rent ? 'Rent in' : 'Deposit',
              date: `${shiftMonth(thisMonth(), rent ? -o.back : 0)}-02`,
              amount: (rent ? o.cents : o.cents) / 100,
              category: rent ? 'rental_income' : 'security_deposit',
              propertyId: home,
            };
            const made = await ok<{ transaction: { id: string } }>(api.post('/api/transactions', body), 201);
            if (rent) payments.push(made.transaction.id);
          } else if (o.kind === 'ignore' || o.kind === 'delete') {
            const id = payments[o.which % Math.max(1, payments.length)];
            if (!id) continue;
            if (o.kind === 'ignore') await ok(api.patch(`/api/transactions/${id}/ignore`, { isIgnored: true }));
            else {
              await ok(api.delete(`/api/transactions/${id}`));
              payments.splice(payments.indexOf(id), 1);
            }
          } else if (o.kind === 'edit') {
            lease = (
              await ok<{ lease: typeof lease }>(
                api.patch(`/api/leases/${lease.id}`, {
                  version: lease.version,
                  monthlyRent: o.rent / 100,
                  fees: o.parking ? [{ label: 'Parking', amount: 40, frequency: 'monthly' }] : [],
                  lateFee: o.lateFee ? { mode: 'percent', percent: 5, daily: false } : null,
                }),
              )
            ).lease;
          } else if (o.kind === 'job') {
            day = addDays(day, o.days);
            await postOrganizationCharges(w.orgId, day);
          } else {
            const ledger = await ok<{ lines: { code: string | null; kind: string; waived: boolean }[] }>(
              api.get(`/api/leases/${lease.id}/ledger`),
            );
            const fees = ledger.lines.filter((l) => l.kind === 'late_fee' && !l.waived);
            const fee = fees[o.which % Math.max(1, fees.length)];
            if (fee) await ok(api.post(`/api/leases/${lease.id}/charges/${fee.code}/waive`, {}));
          }
        }

        // From scratch: the lease's charge items and the rent linked to it, read raw.
        const items = await partition(`ORG#${w.orgId}`);
        const charges: PostedCharge[] = items
          .filter((i) => String(i.SK).startsWith(`CHARGE#${lease.id}#`))
          .map((i) => ({
            code: i.code as string,
            kind: i.kind as PostedCharge['kind'],
            label: i.label as string,
            dueDate: i.dueDate as string,
            amount: i.amount as number,
            waived: i.waived === true,
          }));
        const linked = items.filter(
          (i) =>
            i.type === 'Transaction' &&
            i.leaseId === lease.id &&
            i.isIgnored !== true &&
            i.category === 'rental_income',
        );
        let paid = 0;
        for (const t of linked) paid += t.amount as number;
        const expected = allocatePayments(charges, paid, today()).totals;
        const ledger = await ok<{ totals: Record<string, number> }>(api.get(`/api/leases/${lease.id}/ledger`));
        const cents = (v: number) => Math.round(v * 100);
        expect(Object.fromEntries(Object.entries(ledger.totals).map(([k, v]) => [k, cents(v)]))).toEqual(expected);

        const roll = await ok<{ leases: { id: string; months: { month: string; due: number; received: number }[] }[] }>(
          api.get(`/api/reports/rent-roll?from=${shiftMonth(thisMonth(), -3)}&to=${thisMonth()}&propertyId=${home}`),
        );
        const months = roll.leases.find((l) => l.id === lease.id)!.months;
        for (const m of months) {
          let due = 0;
          for (const c of charges) if (c.dueDate.startsWith(m.month) && !c.waived) due += c.amount;
          let received = 0;
          for (const t of linked) if ((t.date as string).startsWith(m.month)) received += t.amount as number;
          expect([m.month, cents(m.due), cents(m.received)]).toEqual([m.month, due, received]);
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
