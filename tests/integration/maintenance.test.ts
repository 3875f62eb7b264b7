import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { type Api, joinAs, type Person, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';

/**
 * Maintenance requests (rules in docs/tenants-and-maintenance.md "Maintenance requests"): every route
 * x every role x another organization, tenant isolation, each transition rule, bad input and paging.
 */
const CONTACT = { days: ['Monday', 'Wednesday'], timeRange: { start: '08:30', end: '12:00' } };
const DEFAULT_CONTACT = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  timeRange: { start: '09:00', end: '17:00' },
};

type Team = Awaited<ReturnType<typeof team>>;
interface World extends Team {
  home: string;
  elsewhere: string;
  neighbour: Person;
}

async function world(): Promise<World> {
  const t = await team();
  const home = (await t.admin.api.post('/api/properties', { address: '12 Leaky Lane' })).body.id as string;
  const elsewhere = (await t.admin.api.post('/api/properties', { address: '99 Other Road' })).body.id as string;
  const neighbour = await joinAs(t.orgId, 'TENANT', 'neighbour');
  await leaseTo(t.orgId, t.tenant.userId, home);
  await leaseTo(t.orgId, neighbour.userId, elsewhere);
  return { ...t, home, elsewhere, neighbour };
}

async function report(api: Api, body: Record<string, unknown> = {}) {
  const res = await api.post('/api/maintenance', { title: 'Leaking sink', description: 'Water under it', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.maintenanceRequest;
}

/** The PUT body from a request as read (with the version read), with changes. */
const bodyOf = (r: Record<string, any>, changes: Record<string, unknown> = {}) => ({
  title: r.title,
  description: r.description,
  propertyId: r.propertyId,
  issueType: r.issueType,
  status: r.status,
  preferredContactTimes: r.preferredContactTimes,
  version: r.version,
  ...changes,
});
const put = (api: Api, id: string, body: unknown) => api.put(`/api/maintenance?id=${encodeURIComponent(id)}`, body);
const ids = (res: { body: { maintenanceRequests: { id: string }[] } }) => res.body.maintenanceRequests.map((r) => r.id);

let w: World;
let other: World;
beforeAll(async () => {
  [w, other] = await Promise.all([world(), world()]);
});

describe('POST /api/maintenance', () => {
  it("a tenant reports for their current home with the product's defaults; notes are never theirs", async () => {
    const created = await report(w.tenant.api);
    expect(created).toMatchObject({
      title: 'Leaking sink',
      description: 'Water under it',
      issueType: 'PLUMBING',
      status: 'NEW',
      propertyId: w.home,
      property: { id: w.home, address: '12 Leaky Lane' },
      reportedById: w.tenant.userId,
      reportedBy: { id: w.tenant.userId, email: w.tenant.email },
      assignedToId: null,
      preferredContactTimes: DEFAULT_CONTACT,
      notes: null,
      resolvedAt: null,
      reopenCount: 0,
      version: 1,
    });
    expect(created.reportedAt).toBe(created.updatedAt);
    const stored = (await partition(`ORG#${w.orgId}`)).find((i) => i.id === created.id)!;
    expect(stored).toMatchObject({
      SK: `MAINT#${created.id}`,
      GSI1PK: `ORG#${w.orgId}#REPORTER#${w.tenant.userId}`,
      GSI2PK: `ORG#${w.orgId}#PROP#${w.home}`,
    });
  });

  it('every role may report; staff name any property of the organization and may assign and note', async () => {
    for (const person of [w.admin, w.landlord, w.manager]) {
      const created = await report(person.api, {
        propertyId: w.elsewhere,
        issueType: 'HVAC',
        status: 'PENDING',
        assignedToId: w.manager.userId,
        notes: 'Call the HVAC firm',
        preferredContactTimes: CONTACT,
      });
      expect(created).toMatchObject({
        propertyId: w.elsewhere,
        issueType: 'HVAC',
        status: 'PENDING',
        assignedToId: w.manager.userId,
        notes: 'Call the HVAC firm',
        preferredContactTimes: CONTACT,
        reportedById: person.userId,
      });
    }
  });

  it('refuses a tenant reporting for a property that is not their current home, setting status or notes', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ propertyId: w.elsewhere }, 400, /^Report a request for the home you currently rent/],
      [{ propertyId: other.home }, 400, /^Report a request for the home you currently rent/],
      [{ status: 'IN_PROGRESS' }, 403, /Only staff can set the status/],
      [{ assignedToId: w.manager.userId }, 403, /Only staff can assign/],
      [{ notes: 'mine' }, 403, /Only staff can keep notes/],
    ];
    for (const [body, status, message] of cases) {
      const res = await w.tenant.api.post('/api/maintenance', { title: 'x', description: 'y', ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(message);
    }
  });

  it('refuses a tenant with no lease, or only a past one', async () => {
    const nobody = await joinAs(w.orgId, 'TENANT', 'nolease');
    const past = await joinAs(w.orgId, 'TENANT', 'pastlease');
    await leaseTo(w.orgId, past.userId, w.home, { leaseStart: '2020-01-01', leaseEnd: '2021-01-01' });
    for (const person of [nobody, past]) {
      const res = await person.api.post('/api/maintenance', { title: 'x', description: 'y' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/no current lease/);
    }
  });

  it("refuses staff naming another organization's property, no property, or a tenant as assignee", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ propertyId: other.home }, /^Choose one of your organization's properties/],
      [{}, /^Choose /],
      [{ propertyId: w.home, assignedToId: w.tenant.userId }, /^Choose a staff member/],
      [{ propertyId: w.home, assignedToId: other.manager.userId }, /^Choose a staff member/],
    ];
    for (const [body, message] of cases) {
      const res = await w.landlord.api.post('/api/maintenance', { title: 'x', description: 'y', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters'],
    [{ description: 'x'.repeat(4001) }, 'description', 'Description must be at most 4000 characters'],
    [{ issueType: 'ROOF' }, 'issueType', 'Choose an issue type'],
    [{ status: 'DONE' }, 'status', 'Choose a status'],
    [
      { preferredContactTimes: { days: [], timeRange: { start: '09:00', end: '17:00' } } },
      'preferredContactTimes.days',
      'at least one day',
    ],
    [
      { preferredContactTimes: { days: ['Funday'], timeRange: { start: '09:00', end: '17:00' } } },
      'preferredContactTimes.days.0',
      'weekday names',
    ],
    [
      { preferredContactTimes: { days: ['Monday', 'Monday'], timeRange: { start: '09:00', end: '17:00' } } },
      'preferredContactTimes.days',
      'at most once',
    ],
    [
      { preferredContactTimes: { days: ['Monday'], timeRange: { start: '17:00', end: '09:00' } } },
      'preferredContactTimes.timeRange.end',
      'start time must be before',
    ],
    [
      { preferredContactTimes: { days: ['Monday'], timeRange: { start: '9:00', end: '17:00' } } },
      'preferredContactTimes.timeRange.start',
      'HH:MM',
    ],
    [
      { preferredContactTimes: { days: ['Monday'], timeRange: { start: '09:00', end: '24:00' } } },
      'preferredContactTimes.timeRange.end',
      'HH:MM',
    ],
    [{ colour: 'red' }, 'body', 'Unknown field(s): colour'],
  ])('answers 400 to %j with the field named', async (change, path, message) => {
    const res = await w.admin.api.post('/api/maintenance', {
      title: 'ok',
      description: 'ok',
      propertyId: w.home,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.issues).toContainEqual({ path, message: expect.stringContaining(message) });
  });
});

describe('reading: GET /api/maintenance and GET /api/maintenance/{id}', () => {
  it("a tenant sees only the requests they reported; staff see the organization's; another organization none", async () => {
    const mine = await report(w.tenant.api, { title: 'Mine' });
    const theirs = await report(w.neighbour.api, { title: 'Theirs' });
    const staffs = await report(w.landlord.api, { title: 'Staff', propertyId: w.home, notes: 'secret' });

    const tenantList = await w.tenant.api.get('/api/maintenance?limit=100');
    expect(tenantList.status).toBe(200);
    expect(ids(tenantList)).toContain(mine.id);
    expect(ids(tenantList)).not.toContain(theirs.id);
    expect(ids(tenantList)).not.toContain(staffs.id);
    expect(tenantList.body.maintenanceRequests.every((r: any) => r.reportedById === w.tenant.userId)).toBe(true);
    // Even a filter naming the neighbour's property finds nothing of theirs.
    expect(ids(await w.tenant.api.get(`/api/maintenance?propertyId=${w.elsewhere}`))).toEqual([]);

    for (const person of [w.tenant]) {
      for (const id of [theirs.id, staffs.id])
        expect((await person.api.get(`/api/maintenance/${id}`)).status).toBe(404);
    }
    expect((await w.tenant.api.get(`/api/maintenance/${mine.id}`)).body.maintenanceRequest).toEqual(mine);

    for (const person of [w.admin, w.landlord, w.manager]) {
      const list = ids(await person.api.get('/api/maintenance?limit=100'));
      expect(list).toEqual(expect.arrayContaining([mine.id, theirs.id, staffs.id]));
      const one = await person.api.get(`/api/maintenance/${staffs.id}`);
      expect(one.body.maintenanceRequest.notes).toBe('secret');
    }
    for (const person of [other.admin, other.landlord, other.manager, other.tenant]) {
      const list = ids(await person.api.get('/api/maintenance?limit=100'));
      for (const id of [mine.id, theirs.id, staffs.id]) expect(list).not.toContain(id);
      for (const id of [mine.id, staffs.id]) {
        const res = await person.api.get(`/api/maintenance/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Maintenance request was not found.');
      }
    }
  });

  it('a tenant never receives staff notes, not even on their own request', async () => {
    const mine = await report(w.tenant.api);
    const noted = await put(w.admin.api, mine.id, { ...bodyOf(mine), notes: 'Tenant was rude on the phone' });
    expect(noted.body.maintenanceRequest.notes).toBe('Tenant was rude on the phone');
    expect((await w.tenant.api.get(`/api/maintenance/${mine.id}`)).body.maintenanceRequest.notes).toBeNull();
    const listed = (await w.tenant.api.get('/api/maintenance?limit=100')).body.maintenanceRequests;
    expect(listed.find((r: any) => r.id === mine.id).notes).toBeNull();
    expect(JSON.stringify(listed)).not.toContain('rude');
  });

  it('pages newest first with a signed cursor, and filters by status, property, issue type, assignee and text', async () => {
    const t = await world();
    const made: any[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await report(t.admin.api, {
          title: `Job ${i} ${i === 4 ? 'boiler' : 'tap'}`,
          propertyId: i % 2 ? t.elsewhere : t.home,
          issueType: i < 3 ? 'ELECTRICAL' : 'PLUMBING',
          status: i === 5 ? 'IN_PROGRESS' : 'NEW',
          assignedToId: i === 6 ? t.manager.userId : null,
        }),
      );
    }
    const newestFirst = made.map((r) => r.id).reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await t.landlord.api.get(`/api/maintenance?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.maintenanceRequests.length).toBeLessThanOrEqual(3);
      seen.push(...ids(res));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(newestFirst);
    expect(pages).toBe(3);

    const query = async (q: string) => ids(await t.manager.api.get(`/api/maintenance?${q}`));
    expect(await query('status=IN_PROGRESS')).toEqual([made[5].id]);
    expect(await query(`propertyId=${t.home}`)).toEqual([6, 4, 2, 0].map((i) => made[i].id));
    expect(await query(`propertyId=${t.home}&issueType=ELECTRICAL`)).toEqual([2, 0].map((i) => made[i].id));
    expect(await query(`assignedToId=${t.manager.userId}`)).toEqual([made[6].id]);
    expect(await query('assignedToId=none')).toEqual([5, 4, 3, 2, 1, 0].map((i) => made[i].id));
    expect(await query('q=BOILER')).toEqual([made[4].id]);
    expect(await query(`propertyId=${t.home}&limit=1`)).toEqual([made[6].id]);

    // A property page continues on the property's index.
    const first = await t.manager.api.get(`/api/maintenance?propertyId=${t.elsewhere}&limit=2`);
    const second = await t.manager.api.get(
      `/api/maintenance?propertyId=${t.elsewhere}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect([...ids(first), ...ids(second)]).toEqual([5, 3, 1].map((i) => made[i].id));
    expect(second.body.nextCursor).toBeNull();
  });

  it('answers 400 to bad filters and to forged, foreign or other-list cursors', async () => {
    const t = await world();
    for (let i = 0; i < 3; i++) await report(t.tenant.api, { title: `T${i}` });
    for (let i = 0; i < 3; i++) await report(t.admin.api, { title: `A${i}`, propertyId: t.home });
    const tenantCursor = (await t.tenant.api.get('/api/maintenance?limit=1')).body.nextCursor as string;
    const staffCursor = (await t.admin.api.get('/api/maintenance?limit=1')).body.nextCursor as string;
    const propertyCursor = (await t.admin.api.get(`/api/maintenance?propertyId=${t.home}&limit=1`)).body
      .nextCursor as string;
    expect([tenantCursor, staffCursor, propertyCursor].every(Boolean)).toBe(true);
    const bad: [Person, string][] = [
      [t.admin, 'status=DONE'],
      [t.admin, 'issueType=ROOF'],
      [t.admin, 'limit=0'],
      [t.admin, 'limit=101'],
      [t.admin, 'propertyId=a%2Fb'],
      [t.admin, 'assignedToId=%20x%20'],
      [t.admin, 'cursor=garbage'],
      [t.admin, `cursor=${tenantCursor}`],
      [t.admin, `cursor=${propertyCursor}`],
      [t.tenant, `cursor=${staffCursor}`],
      [other.admin, `cursor=${staffCursor}`],
      [t.admin, `cursor=${staffCursor.slice(0, -2)}xx`],
      [t.admin, 'sort=oldest'],
    ];
    for (const [person, q] of bad) {
      const res = await person.api.get(`/api/maintenance?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });
});

describe('PUT /api/maintenance?id= and the transition rules', () => {
  it('a tenant edits text and contact times while NEW or PENDING, then not; never status, property or assignee', async () => {
    const mine = await report(w.tenant.api);
    const edited = await put(
      w.tenant.api,
      mine.id,
      bodyOf(mine, { title: 'Sink leaks badly', preferredContactTimes: CONTACT }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.maintenanceRequest).toMatchObject({
      title: 'Sink leaks badly',
      preferredContactTimes: CONTACT,
      version: 2,
      status: 'NEW',
    });
    let current = edited.body.maintenanceRequest;

    const refused: [Record<string, unknown>, RegExp][] = [
      [{ status: 'IN_PROGRESS' }, /Tenants cannot change the status/],
      [{ status: 'RESOLVED' }, /Tenants cannot change the status/],
      [{ propertyId: w.elsewhere }, /Tenants cannot change the property/],
      [{ assignedToId: w.manager.userId }, /Only staff can assign/],
      [{ notes: 'x' }, /Only staff can keep notes/],
    ];
    for (const [change, message] of refused) {
      const res = await put(w.tenant.api, current.id, bodyOf(current, change));
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(res.body.error).toMatch(message);
    }

    const pending = await put(w.landlord.api, current.id, bodyOf(current, { status: 'PENDING' }));
    current = pending.body.maintenanceRequest;
    expect((await put(w.tenant.api, current.id, bodyOf(current, { description: 'Now dripping' }))).status).toBe(200);
    current = (await w.tenant.api.get(`/api/maintenance/${current.id}`)).body.maintenanceRequest;

    const started = await put(w.manager.api, current.id, {
      ...bodyOf(current, { status: 'IN_PROGRESS' }),
      assignedToId: w.manager.userId,
      notes: 'Plumber Tuesday',
    });
    expect(started.body.maintenanceRequest).toMatchObject({ status: 'IN_PROGRESS', assignedToId: w.manager.userId });
    current = (await w.tenant.api.get(`/api/maintenance/${current.id}`)).body.maintenanceRequest;
    expect(current).toMatchObject({ status: 'IN_PROGRESS', notes: null });

    const late = await put(w.tenant.api, current.id, bodyOf(current, { title: 'Changed my mind' }));
    expect(late.status).toBe(403);
    expect(late.body.error).toBe('This request is already being handled, so it can no longer be edited.');
    // Sending it back unchanged (what the flyout does) is not an edit.
    expect((await put(w.tenant.api, current.id, bodyOf(current))).status).toBe(200);
  });

  it('staff set any status in any order; RESOLVED stamps resolvedAt; a tenant reopens with Reopen within 30 days only', async () => {
    const mine = await report(w.tenant.api);
    const resolved = (await put(w.admin.api, mine.id, bodyOf(mine, { status: 'RESOLVED' }))).body.maintenanceRequest;
    expect(resolved.resolvedAt).not.toBeNull();
    const backToNew = (await put(w.admin.api, mine.id, bodyOf(resolved, { status: 'PENDING' }))).body
      .maintenanceRequest;
    expect(backToNew).toMatchObject({ status: 'PENDING', resolvedAt: null, reopenCount: 1 });
    const again = (await put(w.admin.api, mine.id, bodyOf(backToNew, { status: 'RESOLVED' }))).body.maintenanceRequest;

    // A tenant never sends a status: reopening is its own action.
    const byForm = await put(w.tenant.api, mine.id, bodyOf(again, { status: 'NEW' }));
    expect(byForm.status).toBe(403);
    expect(byForm.body.error).toMatch(/use Reopen/);
    const stale = await w.tenant.api.post(`/api/maintenance/${mine.id}/reopen`, { version: again.version - 1 });
    expect(stale.status).toBe(409);
    const reopened = await w.tenant.api.post(`/api/maintenance/${mine.id}/reopen`, { version: again.version });
    expect(reopened.status).toBe(200);
    expect(reopened.body.maintenanceRequest).toMatchObject({ status: 'NEW', resolvedAt: null, reopenCount: 2 });
    const notResolved = await w.tenant.api.post(`/api/maintenance/${mine.id}/reopen`, {
      version: reopened.body.maintenanceRequest.version,
    });
    expect(notResolved.status).toBe(409);
    expect(notResolved.body.code).toBe('NOT_RESOLVED');

    const resolvedLongAgo = (
      await put(w.admin.api, mine.id, bodyOf(reopened.body.maintenanceRequest, { status: 'RESOLVED' }))
    ).body.maintenanceRequest;
    const editedResolved = await put(w.tenant.api, mine.id, bodyOf(resolvedLongAgo, { title: 'Edit' }));
    expect(editedResolved.status).toBe(403);
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: `ORG#${w.orgId}`, SK: `MAINT#${mine.id}` },
        UpdateExpression: 'SET resolvedAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() },
      }),
    );
    const tooLate = await w.tenant.api.post(`/api/maintenance/${mine.id}/reopen`, {
      version: resolvedLongAgo.version,
    });
    expect(tooLate.status).toBe(403);
    expect(tooLate.body.error).toMatch(/resolved more than 30 days ago/);
    // Staff reopen whenever they like.
    const byStaff = await w.manager.api.post(`/api/maintenance/${mine.id}/reopen`, {
      version: resolvedLongAgo.version,
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.maintenanceRequest).toMatchObject({ status: 'NEW', reopenCount: 3 });
  });

  it("staff move a request to another of the organization's properties; never to another organization's", async () => {
    const mine = await report(w.tenant.api);
    const moved = await put(w.manager.api, mine.id, bodyOf(mine, { propertyId: w.elsewhere }));
    expect(moved.body.maintenanceRequest).toMatchObject({
      propertyId: w.elsewhere,
      property: { address: '99 Other Road' },
    });
    const foreign = await put(
      w.manager.api,
      mine.id,
      bodyOf(moved.body.maintenanceRequest, { propertyId: other.home }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([
      { path: 'propertyId', message: "Choose one of your organization's properties" },
    ]);
    const tenantAssignee = await put(w.manager.api, mine.id, {
      ...bodyOf(moved.body.maintenanceRequest),
      assignedToId: w.tenant.userId,
    });
    expect(tenantAssignee.status).toBe(400);
  });

  it("answers 409 to a stale version, and 404 to another tenant's, another organization's or an unknown id", async () => {
    const mine = await report(w.tenant.api);
    const first = await put(w.admin.api, mine.id, bodyOf(mine, { title: 'First' }));
    const stale = await put(w.landlord.api, mine.id, bodyOf(mine, { title: 'Second' }));
    expect(stale.status).toBe(409);
    expect(stale.body.details.current).toEqual(first.body.maintenanceRequest);

    const theirs = await report(w.neighbour.api);
    const attempts: [Person, string][] = [
      [w.tenant, theirs.id],
      [other.admin, mine.id],
      [other.tenant, mine.id],
      [w.admin, '20260101T000000000Z-nope'],
    ];
    for (const [person, id] of attempts) {
      const res = await put(person.api, id, bodyOf(theirs));
      expect(res.status).toBe(404);
    }
    expect((await w.neighbour.api.get(`/api/maintenance/${theirs.id}`)).body.maintenanceRequest.version).toBe(1);
    expect((await put(w.admin.api, mine.id, bodyOf(first.body.maintenanceRequest))).status).toBe(200);
    const missing = await w.admin.api.put('/api/maintenance', bodyOf(mine));
    expect(missing.status).toBe(400);
  });
});

describe('DELETE /api/maintenance/{id}', () => {
  it("staff delete; a tenant gets 403; another organization's staff 404", async () => {
    const mine = await report(w.tenant.api);
    expect((await w.tenant.api.delete(`/api/maintenance/${mine.id}`)).status).toBe(403);
    for (const person of [other.admin, other.landlord, other.manager]) {
      expect((await person.api.delete(`/api/maintenance/${mine.id}`)).status).toBe(404);
    }
    expect((await w.manager.api.delete(`/api/maintenance/${mine.id}`)).body).toEqual({ id: mine.id });
    expect((await w.tenant.api.get(`/api/maintenance/${mine.id}`)).status).toBe(404);
    expect((await w.admin.api.delete(`/api/maintenance/${mine.id}`)).status).toBe(404);
  });
});

describe('activity: GET /api/maintenance/{id}/activity and POST /api/maintenance/{id}/comments', () => {
  it('records reported, status changes, assignments and comments between the tenant and staff, oldest first', async () => {
    const t = await world();
    const mine = await report(t.tenant.api);
    const started = await put(t.landlord.api, mine.id, {
      ...bodyOf(mine, { status: 'IN_PROGRESS' }),
      assignedToId: t.manager.userId,
      notes: 'internal',
    });
    expect(started.status).toBe(200);
    const asked = await t.manager.api.post(`/api/maintenance/${mine.id}/comments`, {
      body: '  Plumber comes Tuesday  ',
    });
    expect(asked.status).toBe(201);
    expect(asked.body.event).toMatchObject({
      kind: 'COMMENT',
      body: 'Plumber comes Tuesday',
      author: { id: t.manager.userId },
    });
    expect((await t.tenant.api.post(`/api/maintenance/${mine.id}/comments`, { body: 'Thanks!' })).status).toBe(201);
    // Text edits and notes are not activity.
    await put(t.landlord.api, mine.id, {
      ...bodyOf(started.body.maintenanceRequest, { title: 'Renamed' }),
      notes: 'more',
    });

    for (const person of [t.tenant, t.admin]) {
      const res = await person.api.get(`/api/maintenance/${mine.id}/activity`);
      expect(res.status).toBe(200);
      expect(res.body.events.map((e: any) => [e.kind, e.from, e.to, e.body, e.author.id])).toEqual([
        ['REPORTED', null, 'NEW', null, t.tenant.userId],
        ['STATUS', 'NEW', 'IN_PROGRESS', null, t.landlord.userId],
        ['ASSIGNED', null, t.manager.userId, null, t.landlord.userId],
        ['COMMENT', null, null, 'Plumber comes Tuesday', t.manager.userId],
        ['COMMENT', null, null, 'Thanks!', t.tenant.userId],
      ]);
      expect(JSON.stringify(res.body)).not.toContain('internal');
    }

    // Nobody else reads or writes it; an empty message is refused.
    for (const person of [t.neighbour, other.admin, other.tenant]) {
      expect((await person.api.get(`/api/maintenance/${mine.id}/activity`)).status).toBe(404);
      expect((await person.api.post(`/api/maintenance/${mine.id}/comments`, { body: 'hi' })).status).toBe(404);
    }
    const empty = await t.tenant.api.post(`/api/maintenance/${mine.id}/comments`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: 'body', message: 'Message is required' }]);
    expect((await t.tenant.api.post(`/api/maintenance/${mine.id}/comments`, { body: 'x'.repeat(2001) })).status).toBe(
      400,
    );

    // Deleting the request removes its activity.
    expect((await t.admin.api.delete(`/api/maintenance/${mine.id}`)).status).toBe(200);
    const left = (await partition(`ORG#${t.orgId}`)).filter((i) => String(i.SK).includes(mine.id));
    expect(left).toEqual([]);
    expect((await t.tenant.api.post(`/api/maintenance/${mine.id}/comments`, { body: 'hello?' })).status).toBe(404);
  });
});

describe('counts per status', () => {
  it("staff get the organization's counts, kept with every create, status change and delete; a tenant none", async () => {
    const t = await world();
    const made: any[] = [];
    for (let i = 0; i < 5; i++) made.push(await report(t.tenant.api, { title: `Count ${i}` }));
    const steps: [number, string | null][] = [
      [0, 'PENDING'],
      [1, 'IN_PROGRESS'],
      [1, 'RESOLVED'],
      [2, 'RESOLVED'],
      [2, 'RESOLVED'],
      [3, null],
      [0, 'NEW'],
      [4, 'IN_PROGRESS'],
      [4, null],
    ];
    for (const [i, status] of steps) {
      const current = (await t.admin.api.get(`/api/maintenance/${made[i].id}`)).body.maintenanceRequest;
      if (status === null) expect((await t.manager.api.delete(`/api/maintenance/${current.id}`)).status).toBe(200);
      else expect((await put(t.landlord.api, current.id, bodyOf(current, { status }))).status).toBe(200);
    }
    const all = (await t.admin.api.get('/api/maintenance?limit=100')).body;
    const recount = { NEW: 0, PENDING: 0, IN_PROGRESS: 0, RESOLVED: 0 } as Record<string, number>;
    for (const r of all.maintenanceRequests) recount[r.status]!++;
    expect(recount).toEqual({ NEW: 1, PENDING: 0, IN_PROGRESS: 0, RESOLVED: 2 });
    expect(all.counts).toEqual(recount);
    // The counts are the organization's, whatever the filters.
    expect((await t.landlord.api.get('/api/maintenance?status=NEW')).body.counts).toEqual(recount);
    expect((await t.tenant.api.get('/api/maintenance')).body.counts).toBeNull();
  });
});

describe('what else holds', () => {
  it('a property with requests is not deleted from under them (409)', async () => {
    const t = await world();
    await report(t.tenant.api);
    const res = await t.admin.api.delete(`/api/properties/${t.home}`);
    expect(res.status).toBe(409);
  });

  it('removing a tenant keeps their past requests, still attributed to them', async () => {
    const t = await world();
    const mine = await report(t.tenant.api);
    // Not while their lease runs (services/people/members.ts): the landlord ends it first.
    expect((await t.admin.api.delete(`/api/members/${t.tenant.userId}`)).status).toBe(409);
    const [lease] = (await t.admin.api.get(`/api/properties/${t.home}/leases`)).body.leases;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ended = await t.admin.api.patch(`/api/leases/${lease.id}`, { leaseEnd: yesterday, version: lease.version });
    expect(ended.status).toBe(200);
    expect((await t.admin.api.delete(`/api/members/${t.tenant.userId}`)).status).toBe(200);
    const kept = (await t.landlord.api.get(`/api/maintenance/${mine.id}`)).body.maintenanceRequest;
    expect(kept).toMatchObject({
      reportedById: t.tenant.userId,
      reportedBy: { id: t.tenant.userId, email: t.tenant.email },
      title: mine.title,
    });
  });
});
