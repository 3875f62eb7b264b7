import { createHash, randomUUID } from 'node:crypto';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { displayNameFor, localSubFor } from '../../infra/local/demo-users.js';
import { client, newAdmin, signIn } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { latestInviteToken } from '../support/invitations.js';
import '../support/members.js'; // points the repository at the test stack before the service is imported
import type { DeleteAccountInput } from '@rent/shared';
import { fromAddress } from '../support/public.js';

const { deleteAccount } = await import('../../functions/src/services/people/account.js');

/**
 * Account deletion erases every copy of the person (docs/people.md "Account deletion"): someone who reported
 * maintenance, commented, wrote transaction messages, closed the books, applied a rule, invited people (who accepted,
 * were re-roled, removed, or never answered), was invited, and wrote to support and signed up for product news, in
 * two organizations, deletes their account. Afterwards no item of those organizations (every partition of them), of
 * the people who shared them, or of the person's own keys holds their email or name, and the screens that showed
 * them say "A deleted account". The deletion is first stopped before it erased anything, and running it again
 * finishes it.
 */
const DELETED = 'A deleted account';
const DELETE = { reason: 'PRIVACY', confirmation: 'DELETE' };
const HEADER = 'x-organization-id';

type Api = ReturnType<typeof client>;
/** A person's calls in one of their organizations. */
const inOrg = (api: Api, orgId: string) => ({
  get: (path: string) => api.request('GET', path, { headers: { [HEADER]: orgId } }),
  post: (path: string, json?: unknown) => api.request('POST', path, { json, headers: { [HEADER]: orgId } }),
  put: (path: string, json?: unknown) => api.request('PUT', path, { json, headers: { [HEADER]: orgId } }),
  patch: (path: string, json?: unknown) => api.request('PATCH', path, { json, headers: { [HEADER]: orgId } }),
  delete: (path: string) => api.request('DELETE', path, { headers: { [HEADER]: orgId } }),
});

const unique = () => randomUUID().slice(0, 8);

/** Someone who signs in for the first time to accept an invitation (so they get no organization of their own). */
async function acceptInvitation(email: string) {
  const api = client((await signIn(email)).idToken);
  const accepted = await api.post('/api/invitations/accept', { token: await latestInviteToken(email) });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { email, userId: localSubFor(email), api };
}

async function invite(api: ReturnType<typeof inOrg>, body: Record<string, unknown>) {
  const res = await api.post('/api/invitations', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

describe('account deletion erases every copy of the person', () => {
  it('in two organizations, in the logs of the people who shared them, and under their email', async () => {
    const hostA = await newAdmin('erase-host-a');
    const hostB = await newAdmin('erase-host-b');
    const orgA = (await hostA.api.get('/api/organization')).body.id as string;
    const orgB = (await hostB.api.get('/api/organization')).body.id as string;
    const propertyA = (await hostA.api.post('/api/properties', { address: `1 Erasure Road ${unique()}` })).body.id;
    const propertyB = (await hostB.api.post('/api/properties', { address: `2 Erasure Road ${unique()}` })).body.id;

    // The person: invited to both (an ADMIN of A, a TENANT of B with a lease), never an organization of their own.
    const email = `erased-${unique()}@example.com`;
    const name = displayNameFor(email);
    await invite(inOrg(hostA.api, orgA), { email, role: 'ADMIN' });
    const person = await acceptInvitation(email);
    await invite(inOrg(hostB.api, orgB), { email, role: 'TENANT', propertyId: propertyB, monthlyRent: 1200 });
    expect((await person.api.post('/api/invitations/accept', { token: await latestInviteToken(email) })).status).toBe(
      200,
    );
    const asA = inOrg(person.api, orgA);
    const asB = inOrg(person.api, orgB);

    // In A: a transaction with a message, a rule applied, the books closed, a maintenance request and a comment.
    const txn = (
      await asA.post('/api/transactions', {
        name: 'HOME DEPOT erasure',
        date: '2026-02-03',
        amount: -40,
        propertyId: propertyA,
      })
    ).body.transaction;
    expect(
      (await asA.post(`/api/transactions/${txn.id}/messages`, { body: 'Receipt is in the van', reviewRequestId: null }))
        .status,
    ).toBe(201);
    const rule = (
      await asA.post('/api/categorization-rules', { name: 'Depot', namePattern: 'home depot', category: 'repairs' })
    ).body.rule;
    const applied = await asA.post('/api/categorization-rules/apply-single', {
      rule: { namePattern: 'home depot', category: 'repairs' },
      ruleId: rule.id,
      transactions: (await asA.get('/api/transactions')).body.transactions,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await asA.put('/api/organization/closed-period', { closedThrough: '2020-01-31' })).status).toBe(200);
    const requestA = (
      await asA.post('/api/maintenance', { title: 'Gutter', description: 'Loose', propertyId: propertyA })
    ).body.maintenanceRequest;
    expect((await asA.post(`/api/maintenance/${requestA.id}/comments`, { body: 'Ladder needed' })).status).toBe(201);
    expect((await hostA.api.post(`/api/maintenance/${requestA.id}/comments`, { body: 'I have one' })).status).toBe(201);

    // In A, the person invites: one accepts and is re-roled, one accepts and is removed, one never answers.
    const x = `erase-x-${unique()}@example.com`;
    await invite(asA, { email: x, role: 'LANDLORD' });
    const rerolled = await acceptInvitation(x);
    expect((await asA.patch(`/api/members/${rerolled.userId}`, { role: 'PROPERTY_MANAGER' })).status).toBe(200);
    const y = `erase-y-${unique()}@example.com`;
    await invite(asA, { email: y, role: 'PROPERTY_MANAGER' });
    const removed = await acceptInvitation(y);
    expect((await asA.delete(`/api/members/${removed.userId}`)).status).toBe(200);
    await invite(asA, { email: `erase-z-${unique()}@example.com`, role: 'LANDLORD' });
    // The host takes the person's admin role away (an event about them), so they are not A's last admin anyway.
    expect((await hostA.api.patch(`/api/members/${person.userId}`, { role: 'LANDLORD' })).status).toBe(200);

    // In B, as a tenant: a request for their home and a comment; the host answers.
    const requestB = (
      await asB.post('/api/maintenance', { title: 'Heating', description: 'Cold', propertyId: propertyB })
    ).body.maintenanceRequest;
    expect(requestB?.id).toBeDefined();
    expect((await asB.post(`/api/maintenance/${requestB.id}/comments`, { body: 'Still cold' })).status).toBe(201);
    expect((await hostB.api.post(`/api/maintenance/${requestB.id}/comments`, { body: 'Coming Monday' })).status).toBe(
      201,
    );

    // Under their email, without signing in: a message to support and a product-news sign-up.
    const send = fromAddress('127.0.0.231');
    expect((await send('POST', '/api/contact', { name, email, message: 'Please call me' })).status).toBe(200);
    expect((await send('POST', '/api/subscribers', { email, name })).status).toBe(200);

    const subscriberLink = (await partition(`SUBSCRIBER#${email}`))[0]?.tokenHash;
    expect(subscriberLink).toBeDefined();
    const hostAId = localSubFor(hostA.email);
    const hostBId = localSubFor(hostB.email);
    const month = new Date().toISOString().slice(0, 7);
    /** Every item of both organizations (each partition of them), of everyone who shared them, and under the email. */
    const everything = async () => {
      const org = async (orgId: string) => {
        const items = await partition(`ORG#${orgId}`);
        const activity = await Promise.all(
          items.filter((i) => i.type === 'Transaction').map((i) => partition(`ORG#${orgId}#TXACT#${i.id}`)),
        );
        const links = await Promise.all(
          items.filter((i) => i.type === 'Invitation').map((i) => partition(`INVITETOKEN#${i.tokenHash}`)),
        );
        return [...items, ...activity.flat(), ...links.flat()];
      };
      const users = [person.userId, hostAId, hostBId, rerolled.userId, removed.userId];
      return [
        ...(await org(orgA)),
        ...(await org(orgB)),
        ...(await Promise.all(users.map((u) => partition(`USER#${u}`)))).flat(),
        ...(await partition(`SUBSCRIBER#${email}`)),
        ...(await partition(`SUBTOKEN#${subscriberLink}`)),
        ...(await partition(`CONTACT#${month}`)),
      ];
    };
    // Their address's hash keys the lock of the invitations sent to it: personal data as much as the address.
    const emailHash = createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex');
    const naming = (items: Record<string, unknown>[]) =>
      items.filter((item) => {
        const json = JSON.stringify(item).toLowerCase();
        return json.includes(email) || json.includes(name.toLowerCase()) || json.includes(emailHash);
      });
    const before = naming(await everything());
    const kinds = (items: Record<string, unknown>[]) => [...new Set(items.map((i) => String(i.type)))].sort();
    expect(kinds(before)).toEqual(
      expect.arrayContaining([
        'ContactSubmission',
        'Invitation',
        'InvitationEmailLock',
        'MaintenanceEvent',
        'MaintenanceRequest',
        'MembershipEvent',
        'RuleBatch',
        'SecurityLog',
        'Subscriber',
        'User',
        'ClosedPeriodChange',
      ]),
    );

    // A deletion that stops before it erased anything: the memberships are gone, the account is not yet deleted.
    const stopped = deleteAccount(
      { userId: person.userId, email, name, image: null },
      DELETE as DeleteAccountInput,
      email,
      { keepGoing: () => false },
    );
    await expect(stopped).rejects.toMatchObject({ code: 'DELETION_UNFINISHED' });
    expect((await hostA.api.get('/api/members')).body.members.map((m: { userId: string }) => m.userId)).not.toContain(
      person.userId,
    );
    expect((await partition(`USER#${person.userId}`)).find((i) => i.SK === 'PROFILE')).toMatchObject({ email });
    expect(naming(await everything()).length).toBeGreaterThan(0);

    // Running it again finishes it (a request that runs out of time says so, and the next one goes on).
    let deleted = await person.api.post('/api/account/delete', DELETE);
    for (let i = 0; i < 5 && deleted.status === 503; i++) {
      expect(deleted.body.code).toBe('DELETION_UNFINISHED');
      deleted = await person.api.post('/api/account/delete', DELETE);
    }
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.purgedOrganizations).toEqual([]);

    // Not one item names them any more: every copy is erased or says "A deleted account".
    const after = await everything();
    expect(naming(after).map((i) => `${i.PK} ${i.SK}`)).toEqual([]);
    expect(after.find((i) => i.SK === 'ERASURE')).toBeUndefined();
    expect((await partition(`SUBSCRIBER#${email}`)).length).toBe(0);

    // The screens that showed them.
    const listedA = (await hostA.api.get('/api/maintenance')).body.maintenanceRequests;
    expect(listedA.find((r: { id: string }) => r.id === requestA.id).reportedBy).toEqual({
      id: person.userId,
      name: DELETED,
      email: null,
    });
    const listedB = (await hostB.api.get('/api/maintenance')).body.maintenanceRequests;
    expect(listedB.find((r: { id: string }) => r.id === requestB.id).reportedBy).toMatchObject({
      name: DELETED,
      email: null,
    });
    const activityB = (await hostB.api.get(`/api/maintenance/${requestB.id}/activity`)).body.events;
    expect(activityB.map((e: { author: { name: string } }) => e.author.name)).toEqual([
      DELETED,
      DELETED,
      displayNameFor(hostB.email),
    ]);
    const messages = (await hostA.api.get(`/api/transactions/${txn.id}/messages`)).body.messages;
    expect(messages[0].author).toEqual({ id: person.userId, name: DELETED, email: null });
    const timeline = (await hostA.api.get(`/api/transactions/${txn.id}/activity`)).body;
    expect(timeline.auditEntries.map((a: { actor: { name: string } }) => a.actor.name)).toEqual([DELETED, DELETED]);
    const members = (await hostA.api.get('/api/members/activity')).body.events as { actor: string; details: string }[];
    expect(members.filter((e) => e.actor === DELETED).length).toBeGreaterThanOrEqual(6);
    expect(members.map((e) => e.details).join('\n')).toContain(`${DELETED}: Admin to Landlord.`);
    const invitationsA = (await hostA.api.get('/api/invitations')).body.invitations as Record<string, string>[];
    expect(invitationsA.filter((i) => i.email === DELETED)).toHaveLength(1);
    expect(invitationsA.filter((i) => i.invitedBy === DELETED)).toHaveLength(3);
    const invitationsB = (await hostB.api.get('/api/invitations')).body.invitations as Record<string, string>[];
    expect(invitationsB.map((i) => i.email)).toEqual([DELETED]);
    const closed = (await hostA.api.get('/api/organization/closed-period')).body;
    expect(closed.history[0]).toMatchObject({ byUserId: person.userId, byName: DELETED });
    const leases = (await hostB.api.get(`/api/properties/${propertyB}/leases`)).body.leases;
    expect(leases[0].tenant).toEqual({ name: DELETED, email: null });
    const log = (await rerolled.api.get('/api/security-log')).body.events as { details: string }[];
    expect(log.map((e) => e.details).join('\n')).toContain(`by ${DELETED}`);
    expect(log.map((e) => e.details).join('\n')).toContain(`(invited by ${DELETED})`);

    // Running it yet again is refused: the account is gone.
    expect((await person.api.post('/api/account/delete', DELETE)).status).toBe(401);

    // A copy left from before erasure existed still reads as "A deleted account": readers check the profile.
    const itemsA = await partition(`ORG#${orgA}`);
    const copyBack = async (item: Record<string, unknown> | undefined, values: Record<string, unknown>) =>
      db().send(new PutCommand({ TableName: TABLE_NAME, Item: { ...item, ...values } }));
    await copyBack(
      itemsA.find((i) => i.id === requestA.id),
      { reporterName: name, reporterEmail: email },
    );
    await copyBack(
      itemsA.find((i) => i.type === 'MaintenanceEvent' && i.authorId === person.userId),
      { authorName: name, authorEmail: email },
    );
    await copyBack(
      itemsA.find((i) => i.type === 'Invitation' && i.invitedBy === person.userId),
      { invitedByName: name },
    );
    await copyBack(
      itemsA.find((i) => i.type === 'Invitation' && i.acceptedBy === person.userId),
      { email },
    );
    const reread = JSON.stringify([
      (await hostA.api.get('/api/maintenance')).body,
      (await hostA.api.get(`/api/maintenance/${requestA.id}`)).body,
      (await hostA.api.get(`/api/maintenance/${requestA.id}/activity`)).body,
      (await hostA.api.get('/api/invitations')).body,
    ]).toLowerCase();
    expect(reread).not.toContain(email);
    expect(reread).not.toContain(name.toLowerCase());
  }, 120_000);

  it('a long history is erased a page at a time: a run stopped inside a step goes on from where it stopped', async () => {
    const host = await newAdmin('erase-long');
    const orgId = (await host.api.get('/api/organization')).body.id as string;
    const email = `erased-long-${unique()}@example.com`;
    const name = displayNameFor(email);
    await invite(inOrg(host.api, orgId), { email, role: 'LANDLORD' });
    const person = await acceptInvitation(email);
    // A year of membership activity naming them: 450 events, more than two pages of the step's Query.
    const events = Array.from({ length: 450 }, (_, i) => {
      const at = new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString();
      return {
        PK: `ORG#${orgId}`,
        SK: `MEMBERLOG#${at}#seed-${i}`,
        type: 'MembershipEvent',
        id: `seed-${i}`,
        orgId,
        action: 'ROLE_CHANGED',
        actor: `${name} (${email})`,
        details: `${name} (${email}): Landlord to Landlord.`,
        createdAt: at,
      };
    });
    for (let i = 0; i < events.length; i += 25) {
      await db().send(
        new BatchWriteCommand({
          RequestItems: { [TABLE_NAME]: events.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
    const seeded = async () =>
      (await partition(`ORG#${orgId}`)).filter(
        (i) => String(i.id).startsWith('seed-') && JSON.stringify(i).includes(email),
      ).length;

    // Two pages, then the run stops: the step is half done and the progress says where it stopped.
    let pages = 0;
    const stopped = deleteAccount(
      { userId: person.userId, email, name, image: null },
      DELETE as DeleteAccountInput,
      email,
      {
        keepGoing: () => pages++ < 2,
      },
    );
    await expect(stopped).rejects.toMatchObject({ code: 'DELETION_UNFINISHED' });
    expect(await seeded()).toBe(50);
    const progress = (await partition(`USER#${person.userId}`)).find((i) => i.SK === 'ERASURE')!;
    expect(progress).toMatchObject({ step: `events:${orgId}`, orgIds: new Set([orgId]) });
    expect(progress.cursor).toMatchObject({ PK: `ORG#${orgId}` });
    expect(progress.done).toBeUndefined();

    // Running it again goes on from there and finishes. One request has a time budget: on a loaded machine it may
    // stop again (503 DELETION_UNFINISHED, "delete your account again to finish"), and the person runs it again.
    let deleted = await person.api.post('/api/account/delete', DELETE);
    for (let run = 1; deleted.status === 503 && deleted.body.code === 'DELETION_UNFINISHED' && run < 5; run++) {
      deleted = await person.api.post('/api/account/delete', DELETE);
    }
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await seeded()).toBe(0);
    const left = (await partition(`ORG#${orgId}`)).filter((i) => JSON.stringify(i).toLowerCase().includes(email));
    expect(left).toEqual([]);
    const activity = (await host.api.get('/api/members/activity?limit=100')).body.events as { actor: string }[];
    expect(activity.every((e) => !e.actor.includes(email))).toBe(true);
  }, 120_000);
});
