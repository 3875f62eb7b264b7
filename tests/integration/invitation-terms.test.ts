import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { latestInviteToken, mailTo } from '../support/invitations.js';
import { team } from '../support/members.js';

/**
 * A tenant's invitation carries the lease's terms (docs/people.md "Invitations"): the mail names the home, the dates
 * and the money, and a property manager invites tenants (only tenants) to the organization's properties. Mail is read
 * from the SES emulator; acceptance of the terms into the lease is in invitations.test.ts.
 */
const freshEmail = (label = 'renter') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe("a tenant's invitation names the lease", () => {
  it('the mail names the address, the unit, the dates, the rent and the deposit, money as "$1,850.00"', async () => {
    const t = await team();
    const address = `${randomUUID().slice(0, 6)} Terms Street`;
    const home = (await t.admin.api.post('/api/properties', { address })).body.id;
    const email = freshEmail();
    const sent = await t.admin.api.post('/api/invitations', {
      email,
      role: 'TENANT',
      propertyId: home,
      unitLabel: '4',
      monthlyRent: 1850,
      securityDeposit: '3700.5',
      leaseStart: '2026-09-01',
      leaseEnd: '2027-08-31',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ unitLabel: '4', monthlyRent: 1850, securityDeposit: 3700.5 });
    await latestInviteToken(email);
    const [mail] = await mailTo(email);
    for (const body of [mail!.body.text, mail!.body.html]) {
      expect(body).toContain(`${address}, unit 4`);
      expect(body).toContain('from September 1, 2026, until August 31, 2027');
      expect(body).toContain('Monthly rent: $1,850.00');
      expect(body).toContain('Security deposit: $3,700.50');
    }

    // Without dates: it starts on acceptance and runs month to month.
    const open = freshEmail();
    expect(
      (await t.admin.api.post('/api/invitations', { email: open, role: 'TENANT', propertyId: home, monthlyRent: 975 }))
        .status,
    ).toBe(201);
    await latestInviteToken(open);
    const [openMail] = await mailTo(open);
    expect(openMail!.body.text).toContain('Lease: from the day you accept, month-to-month');
    expect(openMail!.body.text).toContain('Monthly rent: $975.00');

    // Other roles' mails name no lease.
    const manager = freshEmail('manager');
    await t.admin.api.post('/api/invitations', { email: manager, role: 'PROPERTY_MANAGER' });
    await latestInviteToken(manager);
    expect((await mailTo(manager))[0]!.body.text).not.toContain('Monthly rent');
  });
});

describe('the terms are checked', () => {
  it('answers 400 on the field: no rent or $0, negative or inexact money, reversed dates, terms on another role', async () => {
    const t = await team();
    const property = (await t.admin.api.post('/api/properties', { address: '5 Check Road' })).body.id;
    const tenant = { role: 'TENANT', propertyId: property };
    for (const [body, field] of [
      [tenant, 'monthlyRent'],
      [{ ...tenant, monthlyRent: 0 }, 'monthlyRent'],
      [{ ...tenant, monthlyRent: -5 }, 'monthlyRent'],
      [{ ...tenant, monthlyRent: 12.345 }, 'monthlyRent'],
      [{ ...tenant, monthlyRent: 'lots' }, 'monthlyRent'],
      [{ ...tenant, monthlyRent: 900, securityDeposit: -1 }, 'securityDeposit'],
      [{ ...tenant, monthlyRent: 900, leaseStart: '2026-05-01', leaseEnd: '2026-04-01' }, 'leaseEnd'],
      [{ role: 'LANDLORD', monthlyRent: 900 }, 'propertyId'],
    ] as const) {
      const res = await t.admin.api.post('/api/invitations', { email: freshEmail(), ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await t.admin.api.get('/api/invitations')).body.invitations).toEqual([]);
  });
});

describe('a property manager invites tenants', () => {
  it("invites, lists, resends and revokes tenants' invitations to the organization's properties, and no one else", async () => {
    const t = await team();
    const home = (await t.admin.api.post('/api/properties', { address: '7 Manager Mews' })).body.id;
    const email = freshEmail();
    const sent = await t.manager.api.post('/api/invitations', {
      email,
      role: 'TENANT',
      propertyId: home,
      monthlyRent: 1200,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await t.manager.api.get('/api/invitations')).body.invitations.map((i: { id: string }) => i.id)).toContain(
      sent.body.id,
    );
    expect((await t.manager.api.post(`/api/invitations/${sent.body.id}/resend`)).status).toBe(200);
    expect((await t.manager.api.post(`/api/invitations/${sent.body.id}/revoke`)).body.status).toBe('REVOKED');

    const before = await partition(`ORG#${t.orgId}`);
    for (const role of ['LANDLORD', 'PROPERTY_MANAGER', 'ADMIN']) {
      const refused = await t.manager.api.post('/api/invitations', { email: freshEmail(), role });
      expect(refused.status, role).toBe(403);
      expect(refused.body.code).toBe('TENANTS_ONLY');
    }
    expect(await partition(`ORG#${t.orgId}`)).toEqual(before);

    // A landlord's invitation of a landlord: the manager neither resends nor revokes it.
    const landlords = await t.admin.api.post('/api/invitations', { email: freshEmail(), role: 'LANDLORD' });
    expect((await t.manager.api.post(`/api/invitations/${landlords.body.id}/resend`)).status).toBe(403);
    expect((await t.manager.api.post(`/api/invitations/${landlords.body.id}/revoke`)).status).toBe(403);

    // Another organization's property is not one they may invite to; its invitations are 404.
    const other = await newAdmin('other-org');
    const theirs = (await other.api.post('/api/properties', { address: '8 Elsewhere Way' })).body.id;
    const foreign = await t.manager.api.post('/api/invitations', {
      email: freshEmail(),
      role: 'TENANT',
      propertyId: theirs,
      monthlyRent: 1000,
    });
    expect(foreign.status).toBe(400);
    const theirInvite = await other.api.post('/api/invitations', { email: freshEmail(), role: 'LANDLORD' });
    expect((await t.manager.api.post(`/api/invitations/${theirInvite.body.id}/revoke`)).status).toBe(404);
  });
});
