import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INVITATION_GUESSES_PER_HOUR, INVITATIONS_PER_DAY } from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin, signIn } from '../support/api.js';
import { inOneWindow } from '../support/clock.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { fromAddress, latestInviteToken, mailTo } from '../support/invitations.js';
import { addTo, counters, type Person, securityLog, team } from '../support/members.js';

/**
 * Invitations (docs/people.md "Invitations"): every route x role x another
 * organization, the link's life (single use, replaced by a resend, revoked, expired), the email match,
 * concurrent accepts, both rate limits, and that a first sign-in through an invitation makes no
 * organization of its own. Mail is read from the SES emulator the handlers send to.
 */
const freshEmail = (label = 'invitee') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const byToken = (token: string) => `/api/invitations/by-token/${token}`;

async function invite(by: Person, body: Record<string, unknown>) {
  const res = await by.api.post('/api/invitations', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { invitation: res.body, token: await latestInviteToken(String(body.email)) };
}

/** A person who has never used the app: signed in with the stand-in, no request made yet. */
async function stranger(email = freshEmail()) {
  const { idToken } = await signIn(email);
  return { email, userId: localSubFor(email), api: client(idToken) };
}

async function membershipsOf(userId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :org)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':org': 'ORG#' },
    }),
  );
  return Items;
}

describe('inviting, the mail and accepting', () => {
  it('an admin invites a fresh email; the mail carries the link; a first sign-in through it joins the organization and makes none of its own', async () => {
    const t = await team();
    const email = freshEmail();
    const { invitation, token } = await invite(t.admin, { email, role: 'PROPERTY_MANAGER' });
    expect(invitation).toMatchObject({ email, role: 'PROPERTY_MANAGER', status: 'PENDING', propertyId: null });
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(JSON.stringify(invitation)).not.toContain(token);

    const [mail] = await mailTo(email);
    expect(mail!.subject).toContain('invited you to');
    expect(mail!.body.text).toContain(`/invite/${token}`);
    expect(mail!.body.html).toContain(`/invite/${token}`);
    expect(mail!.body.text).toContain('Simplify your lease, amplify your peace.');

    // The token itself is stored nowhere; only its hash names the lookup item.
    const items = await partition(`ORG#${t.orgId}`);
    expect(JSON.stringify(items)).not.toContain(token);

    // The public page's view: no token needed, nothing changes.
    const before = await partition(`ORG#${t.orgId}`);
    const view = await client(null).get(byToken(token));
    expect(view.status).toBe(200);
    const org = (await t.admin.api.get('/api/organization')).body;
    expect(view.body).toEqual({
      organizationName: org.name,
      role: 'PROPERTY_MANAGER',
      inviterName: expect.any(String),
      status: 'PENDING',
    });
    expect(await partition(`ORG#${t.orgId}`)).toEqual(before);

    const invitee = await stranger(email);
    const accepted = await invitee.api.post('/api/invitations/accept', { token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ organizationId: t.orgId, organizationName: org.name, role: 'PROPERTY_MANAGER' });

    const theirs = await invitee.api.get('/api/organization');
    expect(theirs.body).toMatchObject({ id: t.orgId, userOrgRole: 'PROPERTY_MANAGER' });
    expect((await membershipsOf(invitee.userId)).map((m) => m.orgId)).toEqual([t.orgId]);
    expect(await counters(t.orgId)).toEqual({
      stored: { memberCount: 5, adminCount: 1 },
      actual: { memberCount: 5, adminCount: 1 },
    });
    const listed = (await t.admin.api.get('/api/invitations')).body.invitations;
    expect(listed.find((i: { id: string }) => i.id === invitation.id).status).toBe('ACCEPTED');
    expect((await securityLog(invitee.userId)).map((e) => e.action)).toEqual(['INVITATION_ACCEPTED']);
    expect((await securityLog(t.admin.userId)).map((e) => e.action)).toContain('INVITATION_SENT');

    // Single use.
    const again = await invitee.api.post('/api/invitations/accept', { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVITATION_ACCEPTED');
    expect((await client(null).get(byToken(token))).body.status).toBe('ACCEPTED');
  });

  it('a TENANT invitation names a property of the organization, with optional lease dates kept for the tenancy', async () => {
    const t = await team();
    const other = await newAdmin('other');
    const theirs = (await other.api.post('/api/properties', { address: '9 Foreign Road' })).body.id;
    const mine = (await t.admin.api.post('/api/properties', { address: '1 Tenancy Lane' })).body.id;

    const noProperty = await t.landlord.api.post('/api/invitations', { email: freshEmail(), role: 'TENANT' });
    expect(noProperty.status).toBe(400);
    expect(noProperty.body.issues[0].path).toBe('propertyId');
    const foreign = await t.landlord.api.post('/api/invitations', {
      email: freshEmail(),
      role: 'TENANT',
      propertyId: theirs,
      monthlyRent: 900,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('Not a property of your organization.');
    const managerWithProperty = await t.admin.api.post('/api/invitations', {
      email: freshEmail(),
      role: 'PROPERTY_MANAGER',
      propertyId: mine,
    });
    expect(managerWithProperty.status).toBe(400);

    const { invitation } = await invite(t.landlord, {
      email: freshEmail('tenant'),
      role: 'TENANT',
      propertyId: mine,
      monthlyRent: 1850,
      leaseStart: '2026-01-01',
      leaseEnd: '2026-12-31',
    });
    expect(invitation).toMatchObject({
      role: 'TENANT',
      propertyId: mine,
      unitLabel: null,
      monthlyRent: 1850,
      securityDeposit: 0,
      leaseStart: '2026-01-01',
      leaseEnd: '2026-12-31',
    });
  });

  it('answers 400 to bad input: not an email, unknown role, unknown fields, reversed lease dates', async () => {
    const t = await team();
    const property = (await t.admin.api.post('/api/properties', { address: '2 Input Street' })).body.id;
    for (const body of [
      { email: 'not-an-email', role: 'LANDLORD' },
      { email: freshEmail(), role: 'OWNER' },
      { email: freshEmail(), role: 'LANDLORD', extra: 1 },
      {
        email: freshEmail(),
        role: 'TENANT',
        propertyId: property,
        monthlyRent: 1000,
        leaseStart: '2026-05-01',
        leaseEnd: '2026-04-01',
      },
      { email: `${'x'.repeat(250)}@example.com`, role: 'LANDLORD' },
    ]) {
      const res = await t.admin.api.post('/api/invitations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect((await t.admin.api.get('/api/invitations')).body.invitations).toEqual([]);
    const noToken = await t.admin.api.post('/api/invitations/accept', { token: 'short' });
    expect(noToken.status).toBe(400);
  });

  it('refuses an acceptance by someone who joined since, naming the organization: 409, the invitation still pending', async () => {
    const t = await team();
    const email = freshEmail();
    const { token } = await invite(t.admin, { email, role: 'LANDLORD' });
    const invitee = await stranger(email);
    await addTo(t.orgId, email, 'TENANT');
    const org = (await t.admin.api.get('/api/organization')).body;

    const res = await invitee.api.post('/api/invitations/accept', { token });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_MEMBER', error: `You are already a member of ${org.name}.` });
    expect((await client(null).get(byToken(token))).body).toMatchObject({
      organizationName: org.name,
      status: 'PENDING',
    });
  });

  it('refuses to invite a current member, or someone with a pending invitation (use Resend)', async () => {
    const t = await team();
    const member = await t.admin.api.post('/api/invitations', { email: t.manager.email, role: 'LANDLORD' });
    expect(member.status).toBe(409);
    expect(member.body.code).toBe('ALREADY_MEMBER');
    const email = freshEmail();
    await invite(t.admin, { email, role: 'LANDLORD' });
    const twice = await t.admin.api.post('/api/invitations', { email, role: 'LANDLORD' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ALREADY_INVITED');
  });
});

describe('who may manage invitations', () => {
  it('ADMIN and LANDLORD list, create, resend and revoke; a TENANT gets 403 on each', async () => {
    const t = await team();
    for (const person of [t.admin, t.landlord]) {
      const { invitation } = await invite(person, { email: freshEmail(), role: 'LANDLORD' });
      expect((await person.api.get('/api/invitations')).status).toBe(200);
      expect((await person.api.post(`/api/invitations/${invitation.id}/resend`)).status).toBe(200);
      expect((await person.api.post(`/api/invitations/${invitation.id}/revoke`)).body.status).toBe('REVOKED');
    }
    const { invitation } = await invite(t.admin, {
      email: freshEmail(),
      role: 'TENANT',
      propertyId: (await t.admin.api.post('/api/properties', { address: '3 Role Road' })).body.id,
      monthlyRent: 700,
    });
    for (const person of [t.tenant]) {
      const before = await partition(`ORG#${t.orgId}`);
      expect((await person.api.get('/api/invitations')).status).toBe(403);
      expect((await person.api.post('/api/invitations', { email: freshEmail(), role: 'LANDLORD' })).status).toBe(403);
      expect((await person.api.post(`/api/invitations/${invitation.id}/resend`)).status).toBe(403);
      expect((await person.api.post(`/api/invitations/${invitation.id}/revoke`)).status).toBe(403);
      expect(await partition(`ORG#${t.orgId}`)).toEqual(before);
    }
  });

  it('only an ADMIN invites an ADMIN, and only an ADMIN resends or revokes an ADMIN invitation', async () => {
    const t = await team();
    const refused = await t.landlord.api.post('/api/invitations', { email: freshEmail(), role: 'ADMIN' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ADMIN_ONLY');
    const { invitation } = await invite(t.admin, { email: freshEmail(), role: 'ADMIN' });
    expect((await t.landlord.api.post(`/api/invitations/${invitation.id}/resend`)).status).toBe(403);
    expect((await t.landlord.api.post(`/api/invitations/${invitation.id}/revoke`)).status).toBe(403);
  });

  it("another organization's invitations are 404 and never listed", async () => {
    const [a, b] = await Promise.all([team(), team()]);
    const { invitation } = await invite(b.admin, { email: freshEmail(), role: 'LANDLORD' });
    for (const person of [a.admin, a.landlord]) {
      for (const action of ['resend', 'revoke']) {
        const res = await person.api.post(`/api/invitations/${invitation.id}/${action}`);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Invitation was not found.');
      }
      const ids = (await person.api.get('/api/invitations')).body.invitations.map((i: { id: string }) => i.id);
      expect(ids).not.toContain(invitation.id);
    }
    expect((await b.admin.api.get('/api/invitations')).body.invitations[0].status).toBe('PENDING');
  });
});

describe("a link's life", () => {
  it('resend sends a new link, renews the expiry, and the old link stops working with its own message', async () => {
    const t = await team();
    const email = freshEmail();
    const { invitation, token: first } = await invite(t.admin, { email, role: 'LANDLORD' });
    const resent = await t.admin.api.post(`/api/invitations/${invitation.id}/resend`);
    expect(resent.status).toBe(200);
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.parse(invitation.expiresAt));
    const second = await latestInviteToken(email);
    expect(second).not.toBe(first);
    expect(await mailTo(email)).toHaveLength(2);

    const old = await client(null).get(byToken(first));
    expect(old.status).toBe(409);
    expect(old.body.code).toBe('INVITATION_REPLACED');
    const invitee = await stranger(email);
    const refused = await invitee.api.post('/api/invitations/accept', { token: first });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/replaced by a newer one/);
    expect(await membershipsOf(invitee.userId)).toEqual([]);
    expect((await invitee.api.post('/api/invitations/accept', { token: second })).status).toBe(200);
  });

  it('revoke: the page says so, accepting is refused, nothing is written for the invitee', async () => {
    const t = await team();
    const email = freshEmail();
    const { invitation, token } = await invite(t.landlord, { email, role: 'LANDLORD' });
    expect((await t.landlord.api.post(`/api/invitations/${invitation.id}/revoke`)).status).toBe(200);
    expect((await client(null).get(byToken(token))).body.status).toBe('REVOKED');
    const invitee = await stranger(email);
    const res = await invitee.api.post('/api/invitations/accept', { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVITATION_REVOKED');
    expect(await membershipsOf(invitee.userId)).toEqual([]);
    expect((await t.landlord.api.post(`/api/invitations/${invitation.id}/revoke`)).status).toBe(409);
    expect((await t.landlord.api.post(`/api/invitations/${invitation.id}/resend`)).status).toBe(409);
  });

  it('expiry: after 7 days the invitation is EXPIRED everywhere and cannot be accepted; a resend renews it', async () => {
    const t = await team();
    const email = freshEmail();
    const { invitation, token } = await invite(t.admin, { email, role: 'LANDLORD' });
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: `ORG#${t.orgId}`, SK: `INVITE#${invitation.id}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const listed = (await t.admin.api.get('/api/invitations')).body.invitations;
    expect(listed[0]).toMatchObject({ id: invitation.id, status: 'EXPIRED' });
    expect((await client(null).get(byToken(token))).body.status).toBe('EXPIRED');
    const invitee = await stranger(email);
    const refused = await invitee.api.post('/api/invitations/accept', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVITATION_EXPIRED');

    expect((await t.admin.api.post(`/api/invitations/${invitation.id}/resend`)).body.status).toBe('PENDING');
    const fresh = await latestInviteToken(email);
    expect((await invitee.api.post('/api/invitations/accept', { token: fresh })).status).toBe(200);
  });

  it('an unknown link is 404 with its own message', async () => {
    const res = await client(null).get(byToken(randomBytes(32).toString('base64url')));
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/not valid/);
  });
});

describe('who may accept', () => {
  it('the signed-in email must match (case-insensitively); otherwise 403 names the address to use, masked', async () => {
    const t = await team();
    const email = freshEmail('Jane.Doe');
    const { token } = await invite(t.admin, { email: email.toUpperCase(), role: 'LANDLORD' });
    const wrong = await stranger();
    const res = await wrong.api.post('/api/invitations/accept', { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('WRONG_EMAIL');
    expect(res.body.error).toBe(
      'This invitation was sent to j***@example.com. Sign out, then sign in with that email address to accept it.',
    );
    expect(await membershipsOf(wrong.userId)).toEqual([]);

    const right = await stranger(email.toLowerCase());
    expect((await right.api.post('/api/invitations/accept', { token })).status).toBe(200);
  });

  it('a person who already belongs to an organization joins this one too (several organizations)', async () => {
    const t = await team();
    const existing = await newAdmin('existing');
    const ownOrg = (await existing.api.get('/api/organization')).body;
    const { token } = await invite(t.admin, { email: existing.email, role: 'LANDLORD' });
    const res = await existing.api.post('/api/invitations/accept', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ organizationId: t.orgId, role: 'LANDLORD' });
    const orgs = (await membershipsOf(localSubFor(existing.email))).map((m) => m.orgId).sort();
    expect(orgs).toEqual([ownOrg.id, t.orgId].sort());
    // The new organization became the remembered choice: a request without the header acts there.
    expect((await existing.api.get('/api/organization')).body).toMatchObject({ id: t.orgId, userOrgRole: 'LANDLORD' });
    expect((await client(null).get(byToken(token))).body.status).toBe('ACCEPTED');
    expect(await counters(t.orgId)).toEqual({
      stored: { memberCount: 5, adminCount: 1 },
      actual: { memberCount: 5, adminCount: 1 },
    });
  });

  it('accepting a TENANT invitation starts their lease on its property: they see that home and no other', async () => {
    const t = await team();
    const email = freshEmail('renter');
    const home = (await t.admin.api.post('/api/properties', { address: `${email} Home Row` })).body.id as string;
    await t.admin.api.post('/api/properties', { address: `${email} Other Row` });
    const { token } = await invite(t.admin, {
      email,
      role: 'TENANT',
      propertyId: home,
      unitLabel: '2B',
      monthlyRent: '1850.00',
      securityDeposit: 2500,
      leaseStart: '2026-03-01',
    });
    const tenant = await stranger(email);
    expect((await tenant.api.post('/api/invitations/accept', { token })).status).toBe(200);

    const visible = (await tenant.api.get('/api/properties')).body as { id: string }[];
    expect(visible.map((p) => p.id)).toEqual([home]);
    const leases = (await t.admin.api.get(`/api/properties/${home}/leases`)).body.leases;
    expect(leases).toEqual([
      expect.objectContaining({
        userId: tenant.userId,
        unitLabel: '2B',
        leaseStart: '2026-03-01',
        leaseEnd: null,
        monthlyRent: 1850,
        securityDeposit: 2500,
      }),
    ]);
    // The lease points at the property: it cannot be deleted from under them.
    expect((await t.admin.api.delete(`/api/properties/${home}`)).status).toBe(409);
  });

  it('concurrent accepts of one link: exactly one wins, the counters stay true', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await team();
      const email = freshEmail();
      const { token } = await invite(t.admin, {
        email,
        role: 'TENANT',
        propertyId: (await t.admin.api.post('/api/properties', { address: `${round} Race Row` })).body.id,
        monthlyRent: 1000,
      });
      const invitee = await stranger(email);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => invitee.api.post('/api/invitations/accept', { token })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      expect(await membershipsOf(invitee.userId)).toHaveLength(1);
      expect(await counters(t.orgId)).toEqual({
        stored: { memberCount: 5, adminCount: 1 },
        actual: { memberCount: 5, adminCount: 1 },
      });
    }
  });
});

describe('rate limits', () => {
  it(`an organization sends at most ${INVITATIONS_PER_DAY} invitations a day (resends count); then 429 says so`, async () => {
    const owner = await newAdmin('busy');
    await inOneWindow('day');
    const emails = Array.from({ length: INVITATIONS_PER_DAY - 1 }, () => freshEmail('bulk'));
    for (const email of emails) {
      expect((await owner.api.post('/api/invitations', { email, role: 'LANDLORD' })).status).toBe(201);
    }
    const last = (await owner.api.get('/api/invitations')).body.invitations[0];
    expect((await owner.api.post(`/api/invitations/${last.id}/resend`)).status).toBe(200);
    const refused = await owner.api.post('/api/invitations', { email: freshEmail(), role: 'LANDLORD' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_INVITATIONS');
    expect(refused.body.error).toBe(
      `Your organization has sent ${INVITATIONS_PER_DAY} invitations today, the daily limit. Try again tomorrow.`,
    );
    expect((await owner.api.get('/api/invitations')).body.invitations).toHaveLength(INVITATIONS_PER_DAY - 1);
  });

  it(`one client address may look up ${INVITATION_GUESSES_PER_HOUR} unknown links an hour; then unknown ones are 429, and a real link still works`, async () => {
    const t = await team();
    const email = freshEmail();
    const { token } = await invite(t.admin, { email, role: 'LANDLORD' });
    const address = () => `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
    const { lookup, accept } = fromAddress(address());
    const unknown = () => lookup(randomBytes(32).toString('base64url'));
    await inOneWindow('hour');
    // Lookups of a real link are not guesses: they use none of the address's allowance.
    for (let i = 0; i < 5; i++) expect((await lookup(token)).status).toBe(200);
    for (let i = 0; i < INVITATION_GUESSES_PER_HOUR; i++) {
      const miss = await unknown();
      expect(miss.status, `${i} ${JSON.stringify(miss.body)}`).toBe(404);
    }
    const guessed = await unknown();
    expect(guessed.status).toBe(429);
    expect(guessed.body.code).toBe('TOO_MANY_GUESSES');
    // The invitee behind the same address (an office, a carrier's NAT) still opens and accepts their link.
    const opened = await lookup(token);
    expect(opened, JSON.stringify(opened.body)).toMatchObject({
      status: 200,
      body: { role: 'LANDLORD', status: 'PENDING' },
    });
    expect((await unknown()).status).toBe(429);
    const { idToken } = await signIn(email);
    const accepted = await accept(idToken, token);
    expect(accepted, JSON.stringify(accepted.body)).toMatchObject({ status: 200, body: { organizationId: t.orgId } });
    // A known link that no longer works is answered with its status, not refused as a guess.
    expect((await lookup(token)).body.status).toBe('ACCEPTED');
    expect((await accept(idToken, token)).body.code).toBe('INVITATION_ACCEPTED');
    // An unknown one accepted from that address is refused as a guess, and other addresses are not affected.
    expect((await accept(idToken, randomBytes(32).toString('base64url'))).status).toBe(429);
    expect((await fromAddress(address()).lookup(randomBytes(32).toString('base64url'))).status).toBe(404);
  });
});
