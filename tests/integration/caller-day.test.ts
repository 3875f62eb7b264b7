import { randomUUID } from 'node:crypto';
import { addDays, daysBetween } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, joinAs, team } from '../support/members.js';

/**
 * The caller's day (docs/people.md "The caller's day"): "today" for a request is the calendar day the browser sends in
 * X-Local-Date when it is within a day of the UTC date, else the UTC date. On a landlord's evening, when UTC has
 * already moved to the next day, a lease edited then posts no late fee before its grace period has ended where they
 * are.
 */
type Team = Awaited<ReturnType<typeof team>>;
const utcToday = () => new Date().toISOString().slice(0, 10);
const onDay = (api: Api, path: string, day: string | null, json?: unknown) =>
  api.request(json === undefined ? 'GET' : 'PATCH', path, {
    json,
    headers: day === null ? {} : { 'x-local-date': day },
  });

let t: Team;
beforeAll(async () => {
  t = await team();
});

describe("the caller's day", () => {
  it('is the day the browser sends, within a day of the UTC date; otherwise the UTC date', async () => {
    const utc = utcToday();
    const todayOf = async (day: string | null) => {
      const res = await onDay(t.admin.api, `/api/reports/rent-roll?from=${utc.slice(0, 7)}&to=${utc.slice(0, 7)}`, day);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.today as string;
    };
    // A minute after midnight UTC it can already be the next day nowhere, or the day before in most of the world.
    expect(await todayOf(null)).toBe(utc);
    expect(await todayOf(addDays(utc, -1))).toBe(addDays(utc, -1));
    expect(await todayOf(addDays(utc, 1))).toBe(addDays(utc, 1));
    for (const wrong of [addDays(utc, -2), addDays(utc, 2), 'yesterday', `${utc}T00:00`, '']) {
      expect(await todayOf(wrong), wrong).toBe(utc);
    }
  });

  /** A lease whose rent, due on the 1st, is late from the day after `graceEnds`, created on the caller's `day`. */
  async function leaseLateAfter(graceEnds: string, day: string) {
    const due = `${graceEnds.slice(0, 7)}-01`;
    const property = await t.admin.api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Grace Row` });
    const renter = await joinAs(t.orgId, 'TENANT', 'grace');
    const created = await t.admin.api.request('POST', `/api/properties/${property.body.id}/leases`, {
      json: {
        userId: renter.userId,
        leaseStart: due,
        monthlyRent: 1000,
        securityDeposit: 0,
        rentDueDay: 1,
        graceDays: daysBetween(due, graceEnds),
        lateFee: { mode: 'fixed', amount: 25 },
      },
      headers: { 'x-local-date': day },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lease = created.body.lease as { id: string; version: number };
    const lateFees = async () =>
      ((await onDay(t.admin.api, `/api/leases/${lease.id}/ledger`, day)).body.lines as { kind: string }[]).filter(
        (line) => line.kind === 'late_fee',
      );
    return { lease, lateFees };
  }

  it('a lease changed on the evening the grace period ends where the landlord is posts no late fee until it has', async () => {
    const evening = addDays(utcToday(), -1); // the landlord's day, while UTC is already on the next
    const { lease, lateFees } = await leaseLateAfter(evening, evening);
    expect(await lateFees()).toEqual([]);

    // The same change made on the UTC date: the grace period is over that day, and the fee is posted.
    const changed = await onDay(t.admin.api, `/api/leases/${lease.id}`, null, {
      unitLabel: 'A',
      version: lease.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await lateFees()).toHaveLength(1);
  });

  it("a writer's day ahead of UTC (east of it, or a clock set ahead) never ends a grace period early", async () => {
    const utc = utcToday();
    const { lateFees } = await leaseLateAfter(utc, addDays(utc, 1));
    expect(await lateFees()).toEqual([]);
  });
});
