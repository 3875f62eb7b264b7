import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { localSubFor } from '../../infra/local/demo-users.js';
import { type client, newAdmin, refresh, signIn } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { addTo, joinAs, team } from '../support/members.js';
import { countObjects } from '../support/public.js';
import { PNG_BYTES, putToPresignedUrl, uploadReceipt } from './receipt-upload.js';

/**
 * "Delete my account" (docs/people.md "Account deletion"): the last-admin refusal, a shared
 * organization keeping its data, and the purge of an organization whose only member leaves: every item of its
 * partitions, its invitation links and its S3 objects, counted before and after, and nobody else's.
 */
const DELETE = { reason: 'NOT_USING', details: 'Moving on', confirmation: 'DELETE' };

async function item(PK: string, SK: string) {
  return (await db().send(new GetCommand({ TableName: TABLE_NAME, Key: { PK, SK }, ConsistentRead: true }))).Item;
}

/**
 * An organization with one of everything: property, transaction (+ message), receipt, rule, maintenance (+ photo),
 * invitation.
 */
async function populate(api: ReturnType<typeof client>) {
  const orgId = (await api.get('/api/organization')).body.id as string;
  const propertyId = (await api.post('/api/properties', { address: `1 Purge Way ${orgId.slice(0, 6)}` })).body.id;
  const txn = (await api.post('/api/transactions', { name: 'Rent', date: '2026-01-05', amount: 1200, propertyId })).body
    .transaction;
  expect(
    (await api.post(`/api/transactions/${txn.id}/messages`, { body: 'Paid in cash', reviewRequestId: null })).status,
  ).toBe(201);
  expect((await uploadReceipt(api, { transactionId: txn.id })).status).toBe(200);
  expect(
    (await api.post('/api/categorization-rules', { name: 'Rent rule', namePattern: 'rent', category: 'rental_income' }))
      .status,
  ).toBe(201);
  const maintenance = await api.post('/api/maintenance', { title: 'Leak', description: 'Drip', propertyId });
  expect(maintenance.status).toBe(201);
  const requestId = maintenance.body.maintenanceRequest.id;
  const photo = await api.post(`/api/maintenance/${requestId}/photos`, {
    fileName: 'leak.png',
    contentType: 'image/png',
    size: PNG_BYTES.length,
  });
  expect((await putToPresignedUrl(photo.body.upload, PNG_BYTES)).status).toBe(200);
  expect((await api.post(`/api/maintenance/${requestId}/photos/${photo.body.reference}/confirm`)).status).toBe(200);
  const invitation = await api.post('/api/invitations', { email: `invitee-${orgId}@example.com`, role: 'LANDLORD' });
  expect(invitation.status).toBe(201);
  return { orgId, transactionId: txn.id as string };
}

async function census(orgId: string, transactionId: string) {
  const items = await partition(`ORG#${orgId}`);
  const invites = items.filter((i) => String(i.SK).startsWith('INVITE#'));
  const links = await Promise.all(invites.map((i) => item(`INVITETOKEN#${i.tokenHash}`, 'INVITETOKEN')));
  return {
    items: items.length,
    activity: (await partition(`ORG#${orgId}#TXACT#${transactionId}`)).length,
    links: links.filter(Boolean).length,
    // Receipts and maintenance photos, each under its own prefix.
    objects: (await countObjects(`receipts/${orgId}/`)) + (await countObjects(`maintenance-photos/${orgId}/`)),
  };
}

async function purgeFinished(orgId: string) {
  await expect
    .poll(async () => (await item(`PURGE#${orgId}`, 'PURGE'))?.status, { timeout: 20_000, interval: 200 })
    .toBe('DONE');
  return (await item(`PURGE#${orgId}`, 'PURGE'))!;
}

describe('delete my account', () => {
  it('as the only member: the organization and all its data go (items, activity, links, S3), others untouched', async () => {
    const owner = await newAdmin('sole');
    const { refreshToken } = await signIn(owner.email);
    const mine = await populate(owner.api);
    const other = await newAdmin('bystander');
    const theirs = await populate(other.api);

    const before = await census(mine.orgId, mine.transactionId);
    expect(before.items).toBeGreaterThan(8);
    expect(before.activity).toBe(2); // the message and the transaction's audit entry (its creation)
    expect(before.links).toBe(1);
    expect(before.objects).toBe(2);
    const theirsBefore = await census(theirs.orgId, theirs.transactionId);
    const theirItemsBefore = await partition(`ORG#${theirs.orgId}`);

    const preview = await owner.api.get('/api/account/deletion');
    expect(preview.status).toBe(200);
    expect(preview.body.blockedBy).toEqual([]);
    expect(preview.body.deletesOrganizations.map((o: { id: string }) => o.id)).toEqual([mine.orgId]);

    const deleted = await owner.api.post('/api/account/delete', DELETE);
    expect(deleted.status).toBe(200);
    expect(deleted.body.purgedOrganizations).toEqual([mine.orgId]);

    const purge = await purgeFinished(mine.orgId);
    expect(await census(mine.orgId, mine.transactionId)).toEqual({ items: 0, activity: 0, links: 0, objects: 0 });
    // Everything counted before but the membership, which the deletion itself removed (leaving the former-member
    // record in its place).
    expect(purge.deletedItems).toBe(before.items - 1 + 1 + before.activity + before.links);
    expect(purge.deletedObjects).toBe(before.objects);
    expect(await census(theirs.orgId, theirs.transactionId)).toEqual(theirsBefore);
    expect(await partition(`ORG#${theirs.orgId}`)).toEqual(theirItemsBefore);

    // The profile is anonymised (deletedAt, deletedBy, deletionReason); the log keeps the deletion.
    const userId = localSubFor(owner.email);
    const profile = (await item(`USER#${userId}`, 'PROFILE'))!;
    expect(profile).toMatchObject({ deletedBy: userId, deletionReason: 'NOT_USING: Moving on', email: '', name: null });
    expect(profile.deletedAt).toBe(deleted.body.deletedAt);
    expect(profile.GSI1PK).toBeUndefined();
    expect(profile.joinedOrgIds).toBeUndefined(); // the organizations it joined, listed since its first sign-in
    const log = await partition(`USER#${userId}`);
    expect(log.filter((i) => i.action === 'ACCOUNT_DELETED')).toHaveLength(1);

    // Tokens are refused right after; the Cognito stand-in forgot the user: no refresh, a new sign-in is someone new.
    expect((await owner.api.get('/api/organization')).status).toBe(401);
    expect((await owner.api.get('/api/account/deletion')).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(400);
    const again = await signIn(owner.email);
    expect(decodeJwt(again.idToken).sub).not.toBe(userId);

    // Running the job again changes nothing (idempotent).
    const { handler } = await import('../../functions/src/jobs/purgeOrganization.js');
    expect((await handler({ organizationId: mine.orgId })).status).toBe('DONE');
  }, 120_000);

  it('is refused with what to do while the person is the last admin of an organization with other members', async () => {
    const t = await team();
    const preview = await t.admin.api.get('/api/account/deletion');
    expect(preview.body.blockedBy.map((o: { id: string }) => o.id)).toEqual([t.orgId]);
    const before = await partition(`ORG#${t.orgId}`);
    const refused = await t.admin.api.post('/api/account/delete', DELETE);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LAST_ADMIN');
    expect(refused.body.error).toMatch(/Make another member an admin/);
    expect(await partition(`ORG#${t.orgId}`)).toEqual(before);
    expect((await t.admin.api.get('/api/organization')).status).toBe(200);
  });

  it('sorts every organization of a person in several: the one it would delete, the one it leaves, the one that blocks', async () => {
    const led = await team(); // its admin, the person, is the last admin beside three members: blocks
    const person = led.admin;
    const created = await person.api.post('/api/organizations', { name: 'Only me' }); // no one else: deleted
    expect(created.status).toBe(201);
    const shared = await team(); // another admin stays: left
    await addTo(shared.orgId, person.email, 'LANDLORD');

    const preview = await person.api.get('/api/account/deletion');
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      blockedBy: [{ id: led.orgId, name: expect.any(String) }],
      deletesOrganizations: [{ id: created.body.id, name: 'Only me' }],
      leavesOrganizations: [{ id: shared.orgId, name: expect.any(String) }],
    });
  });

  it('in a shared organization: only their membership goes (a former-member record stays); the data stays', async () => {
    const t = await team();
    const propertyId = (await t.admin.api.post('/api/properties', { address: '9 Shared Street' })).body.id;
    const before = await partition(`ORG#${t.orgId}`);
    const preview = await t.landlord.api.get('/api/account/deletion');
    expect(preview.body.leavesOrganizations.map((o: { id: string }) => o.id)).toEqual([t.orgId]);
    const deleted = await t.landlord.api.post('/api/account/delete', {
      ...DELETE,
      reason: 'PRIVACY',
      details: undefined,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.purgedOrganizations).toEqual([]);
    const after = await partition(`ORG#${t.orgId}`);
    const logged = (items: Record<string, unknown>[]) => items.filter((i) => String(i.SK).startsWith('MEMBERLOG#'));
    expect(
      after
        .filter((i) => !logged(after).includes(i))
        .map((i) => i.SK)
        .sort(),
    ).toEqual(
      before
        .map((i) => i.SK)
        .filter((sk) => sk !== `MEMBER#${t.landlord.userId}` && !String(sk).startsWith('MEMBERLOG#'))
        .concat(`FORMER#${t.landlord.userId}`)
        .sort(),
    );
    // The membership activity says a member left, as every other way of leaving does, naming no one.
    const left = logged(after).filter((i) => !logged(before).some((b) => b.SK === i.SK));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ action: 'LEFT_ORGANIZATION', actor: 'A deleted account' });
    expect(JSON.stringify(left[0])).not.toContain(t.landlord.email);
    const activity = (await t.admin.api.get('/api/members/activity')).body;
    expect(activity.events[0]).toMatchObject({ action: 'LEFT_ORGANIZATION', actor: 'A deleted account' });
    expect(after.find((i) => i.SK === 'ORG')?.memberCount).toBe(3);
    expect((await t.admin.api.get(`/api/properties/${propertyId}`)).status).toBe(200);
    expect((await t.landlord.api.get('/api/properties')).status).toBe(401);
    expect(await item(`PURGE#${t.orgId}`, 'PURGE')).toBeUndefined();
  });

  it('asks for the typed confirmation and a listed reason (400), and nothing changes', async () => {
    const host = await newAdmin('host');
    const person = await joinAs((await host.api.get('/api/organization')).body.id, 'TENANT');
    for (const body of [
      { ...DELETE, confirmation: 'delete' },
      { ...DELETE, reason: 'BORED' },
      { reason: 'NOT_USING' },
      { ...DELETE, details: 'x'.repeat(1001) },
    ]) {
      const res = await person.api.post('/api/account/delete', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await person.api.get('/api/properties')).status).toBe(200);
  });
});
