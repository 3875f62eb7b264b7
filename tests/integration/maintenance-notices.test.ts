import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailTo } from '../support/invitations.js';
import { team } from '../support/members.js';
import { leaseTo } from '../support/tenancies.js';

/**
 * Maintenance emails (docs/people.md "Notification emails"): a new request to the organization's staff, a staff comment
 * to the reporter, the reporter's comment to the assignee; never to the person who acted (SES emulator's mailbox).
 */
const subjects = async (email: string) => (await mailTo(email)).map((m) => m.subject);

describe('maintenance emails', () => {
  it('a new request reaches the staff; comments reach the reporter or the assignee', async () => {
    const t = await team();
    const home = (await t.admin.api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Notice Row` })).body
      .id;
    await leaseTo(t.orgId, t.tenant.userId, home);
    const title = `Boiler ${randomUUID().slice(0, 6)}`;
    const made = await t.tenant.api.post('/api/maintenance', { title, description: 'No hot water' });
    expect(made.status).toBe(201);
    const request = made.body.maintenanceRequest;
    for (const staff of [t.admin, t.landlord, t.manager]) {
      await expect.poll(() => subjects(staff.email)).toContain(`New maintenance request: "${title}"`);
    }
    expect(await subjects(t.tenant.email)).not.toContain(`New maintenance request: "${title}"`);

    // A staff comment reaches the reporter.
    expect((await t.landlord.api.post(`/api/maintenance/${request.id}/comments`, { body: 'On my way' })).status).toBe(
      201,
    );
    await expect.poll(() => subjects(t.tenant.email)).toContain(`New comment on "${title}"`);

    // Assigned to the manager: the reporter's comment reaches the manager, not the landlord.
    const assigned = await t.admin.api.put(`/api/maintenance?id=${request.id}`, {
      title,
      description: request.description,
      propertyId: request.propertyId,
      issueType: request.issueType,
      status: request.status,
      preferredContactTimes: request.preferredContactTimes,
      assignedToId: t.manager.userId,
      version: request.version,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await t.tenant.api.post(`/api/maintenance/${request.id}/comments`, { body: 'Thanks!' })).status).toBe(201);
    await expect.poll(() => subjects(t.manager.email)).toContain(`New comment on "${title}"`);
    expect((await subjects(t.landlord.email)).filter((s) => s === `New comment on "${title}"`)).toEqual([]);
  });
});
