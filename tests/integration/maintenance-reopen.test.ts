import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { mailTo } from '../support/invitations.js';
import { type Api, joinAs, team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';

/**
 * Reopening and the staff's maintenance emails (docs/tenants-and-maintenance.md "What tenants may do", docs/people.md
 * "Notification emails"): a tenant reopens a resolved request with its own action, which mails the staff; an
 * assignment mails the person assigned; both respect "Maintenance updates" and never mail the person who acted.
 * Mail is read from the SES emulator.
 */
const subjects = async (email: string) => (await mailTo(email)).map((m) => m.subject);
const fullBody = (r: Record<string, any>, changes: Record<string, unknown> = {}) => ({
  title: r.title,
  description: r.description,
  propertyId: r.propertyId,
  issueType: r.issueType,
  status: r.status,
  preferredContactTimes: r.preferredContactTimes,
  version: r.version,
  ...changes,
});
const put = (api: Api, r: Record<string, any>, changes: Record<string, unknown>) =>
  api.put(`/api/maintenance?id=${encodeURIComponent(r.id)}`, fullBody(r, changes));

async function world() {
  const t = await team();
  const home = (await t.admin.api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Reopen Row` })).body
    .id as string;
  await leaseTo(t.orgId, t.tenant.userId, home);
  const title = `Drain ${randomUUID().slice(0, 6)}`;
  const made = await t.tenant.api.post('/api/maintenance', { title, description: 'Slow drain' });
  expect(made.status).toBe(201);
  return { ...t, home, title, request: made.body.maintenanceRequest };
}

describe('assigning a request mails the assignee', () => {
  it('the person assigned hears of it; assigning oneself, or someone who turned maintenance updates off, mails nobody', async () => {
    const w = await world();
    const assigned = await put(w.admin.api, w.request, { assignedToId: w.manager.userId });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const subject = `Maintenance request assigned to you: "${w.title}"`;
    await expect.poll(() => subjects(w.manager.email)).toContain(subject);
    const [mail] = (await mailTo(w.manager.email)).filter((m) => m.subject === subject);
    expect(mail!.body.text).toContain(`/maintenance?request=${w.request.id}`);
    expect(mail!.body.text).toContain('assigned');

    // The landlord takes it themself: no mail to them; then to a landlord who turned the kind off: none either.
    const self = await put(w.landlord.api, assigned.body.maintenanceRequest, { assignedToId: w.landlord.userId });
    expect(self.status).toBe(200);
    expect(
      (await w.landlord.api.put('/api/notification-preferences', { preferences: { MAINTENANCE_UPDATED: false } }))
        .status,
    ).toBe(200);
    const back = await put(w.admin.api, self.body.maintenanceRequest, { assignedToId: w.manager.userId });
    expect(back.status).toBe(200);
    const toLandlord = await put(w.admin.api, back.body.maintenanceRequest, { assignedToId: w.landlord.userId });
    expect(toLandlord.status).toBe(200);
    await expect.poll(async () => (await subjects(w.manager.email)).filter((s) => s === subject).length).toBe(2);
    expect(await subjects(w.landlord.email)).not.toContain(subject);
    // An edit that keeps the assignee mails nobody again.
    expect((await put(w.admin.api, toLandlord.body.maintenanceRequest, { description: 'Still slow' })).status).toBe(
      200,
    );
    expect((await subjects(w.manager.email)).filter((s) => s === subject)).toHaveLength(2);
  });
});

describe('a tenant reopens a resolved request with Reopen', () => {
  it('goes back to New, mails the staff (not the tenant, not who turned it off), and the status menu path is closed', async () => {
    const w = await world();
    expect(
      (await w.manager.api.put('/api/notification-preferences', { preferences: { MAINTENANCE_UPDATED: false } }))
        .status,
    ).toBe(200);
    const resolved = (await put(w.admin.api, w.request, { status: 'RESOLVED' })).body.maintenanceRequest;
    expect(resolved.status).toBe('RESOLVED');

    const viaForm = await put(w.tenant.api, resolved, { status: 'NEW' });
    expect(viaForm.status).toBe(403);

    const reopened = await w.tenant.api.post(`/api/maintenance/${w.request.id}/reopen`, { version: resolved.version });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.maintenanceRequest).toMatchObject({ status: 'NEW', resolvedAt: null, reopenCount: 1 });
    const subject = `Maintenance request reopened: "${w.title}"`;
    for (const staff of [w.admin, w.landlord]) await expect.poll(() => subjects(staff.email)).toContain(subject);
    expect(await subjects(w.manager.email)).not.toContain(subject);
    expect(await subjects(w.tenant.email)).not.toContain(subject);

    const activity = (await w.admin.api.get(`/api/maintenance/${w.request.id}/activity`)).body.events;
    expect(activity.at(-1)).toMatchObject({ kind: 'STATUS', from: 'RESOLVED', to: 'NEW' });
  });

  it('answers 400 to bad input, 404 to another organization’s or another tenant’s request', async () => {
    const w = await world();
    const path = `/api/maintenance/${w.request.id}/reopen`;
    for (const body of [{}, { version: 'one' }, { version: 0 }, { version: 1, status: 'NEW' }]) {
      const res = await w.tenant.api.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    const stranger = await newAdmin('reopen-stranger');
    expect((await stranger.api.post(path, { version: w.request.version })).status).toBe(404);
    const neighbour = await joinAs(w.orgId, 'TENANT', 'neighbour');
    expect((await neighbour.api.post(path, { version: w.request.version })).status).toBe(404);
    expect((await w.tenant.api.post('/api/maintenance/nope/reopen', { version: 1 })).status).toBe(404);
  });
});
