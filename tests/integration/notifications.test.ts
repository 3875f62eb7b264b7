import { NOTIFICATIONS } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/api.js';
import { mailTo } from '../support/invitations.js';
import { type Api, type Person, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';

/**
 * Notification emails and preferences (docs/people.md "Notification emails"): each person's
 * own choices (GET/PUT /api/notification-preferences, bad input 400), and the mails read from the SES emulator:
 * sent on asking for a review, on its resolution or decline, and on a maintenance status change; never when the
 * recipient turned the kind off; never to the person who made the change.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;

beforeAll(async () => {
  t = await team();
});

const ALL_ON = Object.fromEntries(NOTIFICATIONS.map((n) => [n.kind, true]));
const prefs = (api: Api) => api.get('/api/notification-preferences');
const setPrefs = (api: Api, preferences: Record<string, unknown>) =>
  api.put('/api/notification-preferences', { preferences });

let seq = 0;
async function newTransaction(owner: Person) {
  const name = `Notify me ${Date.now()}-${++seq}`;
  const res = await owner.api.post('/api/transactions', { name, date: '2026-03-10', amount: -42.5 });
  expect(res.status).toBe(201);
  return res.body.transaction as { id: string; name: string };
}

const ask = (from: Person, transactionId: string, reviewer: Person, body = 'Please check the category') =>
  from.api.post(`/api/transactions/${transactionId}/reviews`, { reviewerId: reviewer.userId, body });

/** Waits until `email` has exactly `count` mails with `subjectPart` in the subject, and returns them. */
async function mailsAbout(email: string, subjectPart: string, count: number) {
  await expect
    .poll(async () => (await mailTo(email)).filter((m) => m.subject.includes(subjectPart)).length)
    .toBe(count);
  return (await mailTo(email)).filter((m) => m.subject.includes(subjectPart));
}

describe('GET and PUT /api/notification-preferences', () => {
  it('defaults every kind on, for every role', async () => {
    for (const who of [t.admin, t.landlord, t.manager, t.tenant]) {
      const res = await prefs(who.api);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ preferences: ALL_ON });
    }
  });

  it("turns a kind off and on again; the change is the caller's own; other kinds keep their value", async () => {
    const off = await setPrefs(t.landlord.api, { MAINTENANCE_UPDATED: false });
    expect(off.status).toBe(200);
    expect(off.body.preferences).toEqual({ ...ALL_ON, MAINTENANCE_UPDATED: false });
    expect((await prefs(t.landlord.api)).body.preferences).toEqual({ ...ALL_ON, MAINTENANCE_UPDATED: false });
    expect((await prefs(t.admin.api)).body.preferences).toEqual(ALL_ON);

    const more = await setPrefs(t.landlord.api, { REVIEW_CLOSED: false });
    expect(more.body.preferences).toEqual({ ...ALL_ON, MAINTENANCE_UPDATED: false, REVIEW_CLOSED: false });

    const back = await setPrefs(t.landlord.api, { MAINTENANCE_UPDATED: true, REVIEW_CLOSED: true });
    expect(back.body.preferences).toEqual(ALL_ON);
  });

  it('answers 400 to unknown kinds, turning invitations off, non-booleans and a missing or malformed body', async () => {
    const bad: unknown[] = [
      { preferences: { NEWSLETTER: false } },
      { preferences: { INVITATION: false } },
      { preferences: { REVIEW_REQUESTED: 'no' } },
      { preferences: { REVIEW_REQUESTED: null } },
      { preferences: [] },
      { preferences: { REVIEW_REQUESTED: false }, extra: 1 },
      {},
      'REVIEW_REQUESTED',
    ];
    for (const body of bad) {
      const res = await t.manager.api.put('/api/notification-preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await prefs(t.manager.api)).body.preferences).toEqual(ALL_ON);
  });

  it('answers 401 without a token or with a tampered one', async () => {
    expect((await client(null).get('/api/notification-preferences')).status).toBe(401);
    expect((await client('not.a.token').put('/api/notification-preferences', { preferences: {} })).status).toBe(401);
  });
});

describe('review emails', () => {
  it('mails the reviewer when asked and the requester when resolved, with links to the transaction and the settings', async () => {
    const txn = await newTransaction(t.admin);
    const asked = await ask(t.admin, txn.id, t.manager, 'Is this repairs or supplies?');
    expect(asked.status).toBe(201);
    const [toReviewer] = await mailsAbout(t.manager.email, `asked you to review "${txn.name}"`, 1);
    expect(toReviewer!.body.text).toContain(txn.name);
    // The amount reads as money, as the ledger shows it, in both bodies.
    expect(toReviewer!.body.text).toContain('-$42.50');
    expect(toReviewer!.body.html).toContain('-$42.50');
    expect(toReviewer!.body.text).not.toContain('-42.50');
    expect(toReviewer!.body.text).toContain('Is this repairs or supplies?');
    expect(toReviewer!.body.text).toContain(`/transactions?transaction=${txn.id}`);
    expect(toReviewer!.body.html).toContain(`/transactions?transaction=${txn.id}`);
    expect(toReviewer!.body.text).toContain('/settings/notifications');
    expect(toReviewer!.body.html).toContain('/settings/notifications');
    expect(toReviewer!.body.text).toContain('Simplify your lease, amplify your peace.');

    const review = asked.body.reviewRequest;
    expect((await t.manager.api.patch(`/api/reviews/${review.id}`, { status: 'ACCEPTED' })).status).toBe(200);
    expect((await t.manager.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' })).status).toBe(200);
    const [toRequester] = await mailsAbout(t.admin.email, `resolved your review request for "${txn.name}"`, 1);
    expect(toRequester!.body.text).toContain(txn.name);
    expect(toRequester!.body.text).toContain(`/transactions?transaction=${txn.id}`);
    // Accepting mails nobody; the reviewer, who made the change, gets nothing about it.
    expect((await mailTo(t.admin.email)).filter((m) => m.subject.includes('review request'))).toHaveLength(1);
    expect(await mailTo(t.manager.email)).toHaveLength(1);
  });

  it('mails the requester when declined', async () => {
    const txn = await newTransaction(t.landlord);
    const review = (await ask(t.landlord, txn.id, t.admin)).body.reviewRequest;
    expect((await t.admin.api.patch(`/api/reviews/${review.id}`, { status: 'REJECTED' })).status).toBe(200);
    const [declined] = await mailsAbout(t.landlord.email, `declined your review request for "${txn.name}"`, 1);
    expect(declined!.body.text).toContain(txn.name);
  });

  it('sends nothing of a kind the recipient turned off, and still the kinds they kept', async () => {
    const { admin, manager } = await team();
    expect((await setPrefs(manager.api, { REVIEW_REQUESTED: false })).status).toBe(200);
    expect((await setPrefs(admin.api, { REVIEW_CLOSED: false })).status).toBe(200);
    const txn = await newTransaction(admin);
    const review = (await ask(admin, txn.id, manager)).body.reviewRequest;
    expect((await manager.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' })).status).toBe(200);
    // A kind both kept on shows the mail pipeline works for them, so the absences below are real.
    const asked = (await ask(manager, (await newTransaction(manager)).id, admin)).body.reviewRequest;
    expect(asked.status).toBe('PENDING');
    await mailsAbout(admin.email, 'asked you to review "', 1);
    expect((await admin.api.patch(`/api/reviews/${asked.id}`, { status: 'RESOLVED' })).status).toBe(200);
    await mailsAbout(manager.email, 'resolved your review request', 1);
    expect(await mailTo(manager.email)).toHaveLength(1);
    expect(await mailTo(admin.email)).toHaveLength(1);
  });
});

describe('maintenance emails', () => {
  it('mails the tenant who reported it when staff change the status; not for other edits, not to the actor', async () => {
    const home = (await t.admin.api.post('/api/properties', { address: '1 Notify Street' })).body.id as string;
    await leaseTo(t.orgId, t.tenant.userId, home);
    const reported = await t.tenant.api.post('/api/maintenance', { title: 'Dripping tap', description: 'Kitchen' });
    expect(reported.status).toBe(201);
    const request = reported.body.maintenanceRequest;
    const body = (changes: Record<string, unknown>, r = request) => ({
      title: r.title,
      description: r.description,
      propertyId: r.propertyId,
      issueType: r.issueType,
      status: r.status,
      preferredContactTimes: r.preferredContactTimes,
      version: r.version,
      ...changes,
    });
    const put = (api: Api, b: unknown) => api.put(`/api/maintenance?id=${encodeURIComponent(request.id)}`, b);

    const noted = await put(t.manager.api, body({ notes: 'Plumber on Friday' }));
    expect(noted.status).toBe(200);
    const moved = await put(t.manager.api, body({ status: 'IN_PROGRESS' }, noted.body.maintenanceRequest));
    expect(moved.status).toBe(200);
    const [mail] = await mailsAbout(t.tenant.email, 'Dripping tap', 1);
    expect(mail!.subject).toContain('In progress');
    expect(mail!.body.text).toContain(`/maintenance?request=${request.id}`);
    expect(mail!.body.html).toContain(`/maintenance?request=${request.id}`);
    expect(mail!.body.text).toContain('/settings/notifications');
    // The manager made the change: no mail about it (they did get the new request's, as staff).
    expect(await mailTo(t.manager.email)).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ subject: expect.stringContaining('"Dripping tap" is now') }),
      ]),
    );

    // Staff who reported a request themselves get no mail about their own change.
    const own = (
      await t.landlord.api.post('/api/maintenance', {
        title: 'Own report',
        description: 'Hall light',
        propertyId: home,
      })
    ).body.maintenanceRequest;
    const ownPut = await t.landlord.api.put(
      `/api/maintenance?id=${encodeURIComponent(own.id)}`,
      body({ status: 'RESOLVED' }, own),
    );
    expect(ownPut.status).toBe(200);
    // ...while another's change to it does reach them.
    const reopened = await t.admin.api.put(
      `/api/maintenance?id=${encodeURIComponent(own.id)}`,
      body({ status: 'PENDING' }, ownPut.body.maintenanceRequest),
    );
    expect(reopened.status).toBe(200);
    const [toReporter] = await mailsAbout(t.landlord.email, 'Own report', 1);
    expect(toReporter!.subject).toContain('Pending');
  });

  it('sends nothing to a tenant who turned maintenance updates off', async () => {
    const other = await team();
    const home = (await other.admin.api.post('/api/properties', { address: '2 Quiet Road' })).body.id as string;
    await leaseTo(other.orgId, other.tenant.userId, home);
    expect((await setPrefs(other.tenant.api, { MAINTENANCE_UPDATED: false })).status).toBe(200);
    const r = (await other.tenant.api.post('/api/maintenance', { title: 'Quiet please', description: 'Door' })).body
      .maintenanceRequest;
    const res = await other.manager.api.put(`/api/maintenance?id=${encodeURIComponent(r.id)}`, {
      title: r.title,
      description: r.description,
      propertyId: r.propertyId,
      issueType: r.issueType,
      status: 'RESOLVED',
      preferredContactTimes: r.preferredContactTimes,
      version: r.version,
    });
    expect(res.status).toBe(200);
    // The same person still gets a kind they kept (review requests are staff-only, so turn this one back on).
    expect((await setPrefs(other.tenant.api, { MAINTENANCE_UPDATED: true })).status).toBe(200);
    const again = await other.manager.api.put(`/api/maintenance?id=${encodeURIComponent(r.id)}`, {
      title: r.title,
      description: r.description,
      propertyId: r.propertyId,
      issueType: r.issueType,
      status: 'IN_PROGRESS',
      preferredContactTimes: r.preferredContactTimes,
      version: res.body.maintenanceRequest.version,
    });
    expect(again.status).toBe(200);
    const mails = await mailsAbout(other.tenant.email, 'Quiet please', 1);
    expect(mails[0]!.subject).toContain('In progress');
  });
});
