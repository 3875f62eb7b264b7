import { randomInt, randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAINTENANCE_PHOTOS_MAX, MAX_RULES_PER_ORGANIZATION } from '@rent/shared';
import { Products } from 'plaid';
import { describe, expect, inject, it } from 'vitest';
import { type ApiResponse, client, newAdmin, signIn } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { latestInviteToken, linkInMail, mailTo } from '../support/invitations.js';
import { type Api, counters, securityLog, team } from '../support/members.js';
import { plaidApi } from '../support/plaid.js';
import { fromAddress } from '../support/public.js';
import { syncRunnerControl } from '../support/sync-runner.js';
import { bankItems, bankOrg, bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { PNG_BYTES, putToPresignedUrl } from './receipt-upload.js';
import { createTransactions, ruleBody } from './rules-helpers.js';

/**
 * Twenty identical calls at once of every confirm-style route, and twenty distinct ones of every counter-style
 * route. A double click, a retried request, a mail scanner and the person opening the same link all land together
 * in real life: whatever the interleaving, no call may answer 5xx, every answer must be one a repeat of that call
 * is documented to get, the stored state must show the effect exactly once, and nothing that was accepted may be
 * lost. Each case builds its own organization (or person, or subscriber) and reads back only the ids it created.
 */
const N = 20;

type Answer = ApiResponse | { status: number; body: any };

interface RaceCase<C> {
  /** The route and what the twenty calls are. */
  name: string;
  setup: () => Promise<C>;
  /** The i-th of the twenty concurrent calls. */
  call: (ctx: C, i: number) => Promise<Answer>;
  /** The statuses of the twenty answers, sorted ascending (or a check of them, when timing decides how many of each). */
  statuses: number[] | ((sorted: number[]) => void);
  /** Further checks of the answers (error codes, the winner's body). */
  answers?: (ctx: C, answers: Answer[]) => void | Promise<void>;
  /** The stored state: exactly one effect, nothing lost. */
  effect: (ctx: C, answers: Answer[]) => Promise<void>;
  timeout?: number;
}

const defineCase = <C>(c: RaceCase<C>) => c as RaceCase<unknown>;
const times = <T>(n: number, value: T): T[] => Array(n).fill(value);
const oneThenRest = (first: number, rest: number) => [first, ...times(N - 1, rest)].sort((a, b) => a - b);
const codesOf = (answers: Answer[], status: number) =>
  answers.filter((a) => a.status === status).map((a) => (a.body as { code?: string }).code);
const unique = () => randomUUID().slice(0, 8);
/**
 * A confirm as a person makes it: a 503 UPLOAD_BUSY ("being checked right now, confirm it again in a moment") is
 * the documented answer when another confirm of the same upload holds it longer than the wait, so the person
 * confirms again; every other answer is final. The person keeps trying for a minute: on a slow day, with the browser
 * run beside this one, 20 confirms at once through the one local gateway have kept the one doing the work busy for
 * over 25 s (five tries).
 */
async function confirmAgainWhileBusy(send: () => Promise<Answer>): Promise<Answer> {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const answer = await send();
    if (answer.status !== 503 || (answer.body as { code?: string }).code !== 'UPLOAD_BUSY' || Date.now() > giveUpAt)
      return answer;
  }
}
const orgIdOf = async (api: Api): Promise<string> => (await api.get('/api/organization')).body.id;
const itemsOf = async (orgId: string, type: string) =>
  (await partition(`ORG#${orgId}`)).filter((item) => item.type === type);

async function transactionOf(api: Api, name = `Race ${unique()}`) {
  const created = await api.post('/api/transactions', { name, date: '2026-03-14', amount: -25 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.transaction as { id: string; organizationId: string };
}

async function storedTransaction(orgId: string, id: string) {
  return (await partition(`ORG#${orgId}`)).find((item) => item.type === 'Transaction' && item.id === id);
}

async function maintenanceRequestOf(api: Api) {
  const propertyId = (await api.post('/api/properties', { address: `${unique()} Race Lane` })).body.id;
  const created = await api.post('/api/maintenance', { title: 'Leak', description: 'Drips', propertyId });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.maintenanceRequest.id as string;
}

/** Asks for a receipt upload and PUTs the bytes, leaving the confirm to the test. */
async function pendingReceipt(api: Api, transactionId: string, fileName = 'race.png') {
  const { status, body } = await api.post('/api/receipts/upload-receipts', {
    fileName,
    contentType: 'image/png',
    size: PNG_BYTES.length,
    transactionId,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  expect((await putToPresignedUrl(body.upload, PNG_BYTES)).status).toBe(200);
  return body.reference as string;
}

/** Asks for a maintenance photo upload and PUTs the bytes, leaving the confirm to the test. */
async function pendingPhoto(api: Api, requestId: string, fileName = 'sink.png') {
  const { status, body } = await api.post(`/api/maintenance/${requestId}/photos`, {
    fileName,
    contentType: 'image/png',
    size: PNG_BYTES.length,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  expect((await putToPresignedUrl(body.upload, PNG_BYTES)).status).toBe(200);
  return body.reference as string;
}

/** A loopback client address of its own for each call, so per-address limits play no part in the race. */
const addressBlock = () => {
  const [a, b] = [randomInt(1, 250), randomInt(1, 250)];
  return (i: number) => fromAddress(`127.${a}.${b}.${i + 2}`);
};

async function confirmedSubscribers(email: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'SUBSCRIBERS#CONFIRMED' },
    }),
  );
  return Items.filter((i) => i.email === email);
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

const memberEvents = async (orgId: string, action: string) =>
  (await itemsOf(orgId, 'MembershipEvent')).filter((e) => e.action === action);

const plaid = () => plaidApi(inject('plaidEndpoint'));
const PLATYPUS = { id: 'ins_109508', name: 'First Platypus Bank' };
const syncIdle = async () => expect((await syncRunnerControl('idle')).status).toBe(200);

/** A pending charge and its posted charge with a tip: the bank sync suggests they are one. */
async function suggestedPair() {
  const { api } = await newAdmin('merge');
  const { orgId, institutionId } = await bankOrg(api);
  const { sync } = await bankSyncModules();
  const apply = (added: unknown[]) =>
    sync.applySyncPages(orgId, { id: institutionId }, { added, modified: [], removed: [] } as never);
  await apply([plaidTx({ merchant_name: 'Diner', amount: 30, pending: true, date: '2026-02-01' })]);
  const counts = await apply([plaidTx({ merchant_name: 'Diner', amount: 36, date: '2026-02-02' })]);
  expect(counts).toMatchObject({ suggested: 1 });
  const items = (await bankItems(orgId)).transactions;
  const pending = items.find((t) => t.amount === -3000)!;
  const posted = items.find((t) => t.amount === -3600)!;
  expect(pending.suggestedMatchId).toBe(posted.id);
  return { api, orgId, pending, posted };
}

/** A review request of the manager on a transaction of the admin's, with everything a case needs to read back. */
async function reviewSetup() {
  const t = await team();
  const transaction = await transactionOf(t.admin.api);
  return { t, transaction };
}

const cases: RaceCase<unknown>[] = [
  // ---- confirm-style: one effect, whatever the number of identical calls -----------------------------------------
  defineCase({
    name: 'POST /api/receipts/{id}/confirm, one receipt: every confirm answers 200 with the same receipt',
    setup: async () => {
      const { api } = await newAdmin('receipt');
      const transaction = await transactionOf(api);
      return { api, transaction, reference: await pendingReceipt(api, transaction.id) };
    },
    call: ({ api, reference }) => confirmAgainWhileBusy(() => api.post(`/api/receipts/${reference}/confirm`)),
    statuses: times(N, 200),
    answers: (_, answers) => {
      for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    },
    effect: async ({ transaction, reference }) => {
      const orgId = transaction.organizationId;
      expect(await itemsOf(orgId, 'Receipt')).toMatchObject([{ id: reference, status: 'READY' }]);
      expect(await storedTransaction(orgId, transaction.id)).toMatchObject({ receiptCount: 1, hasReceipt: true });
    },
    timeout: 120_000,
  }),
  defineCase({
    name: 'POST /api/maintenance/{id}/photos/{photoId}/confirm, one photo: every confirm answers 200 with the photo',
    setup: async () => {
      const { api } = await newAdmin('photo');
      const orgId = await orgIdOf(api);
      const requestId = await maintenanceRequestOf(api);
      return { api, orgId, requestId, photoId: await pendingPhoto(api, requestId) };
    },
    call: ({ api, requestId, photoId }) =>
      confirmAgainWhileBusy(() => api.post(`/api/maintenance/${requestId}/photos/${photoId}/confirm`)),
    statuses: times(N, 200),
    answers: (_, answers) => {
      // The photo's URL is presigned per answer; everything else is the same photo.
      const { url: _url, ...first } = answers[0]!.body.photo;
      for (const answer of answers)
        expect({ ...answer.body.photo, url: undefined }).toEqual({ ...first, url: undefined });
    },
    effect: async ({ api, orgId, requestId, photoId }) => {
      expect(await itemsOf(orgId, 'MaintenancePhoto')).toMatchObject([{ id: photoId, status: 'READY' }]);
      expect((await partition(`ORG#${orgId}`)).find((i) => i.SK === `MAINT#${requestId}`)?.photoCount).toBe(1);
      const listed = await api.get(`/api/maintenance/${requestId}/photos`);
      expect(listed.body.photos.map((p: { id: string }) => p.id)).toEqual([photoId]);
    },
    timeout: 120_000,
  }),
  defineCase({
    name: 'POST /api/invitations/accept, the same person 20 times: 200 once, 409 INVITATION_ACCEPTED for the rest',
    setup: async () => {
      const t = await team();
      const email = `invitee-${unique()}@example.com`;
      const invited = await t.admin.api.post('/api/invitations', { email, role: 'PROPERTY_MANAGER' });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const token = await latestInviteToken(email);
      const { idToken } = await signIn(email);
      const userId = (await import('../../infra/local/demo-users.js')).localSubFor(email);
      return { t, token, userId, invitee: client(idToken) };
    },
    call: ({ invitee, token }) => invitee.post('/api/invitations/accept', { token }),
    statuses: oneThenRest(200, 409),
    answers: ({ t }, answers) => {
      expect(answers.find((a) => a.status === 200)!.body).toMatchObject({
        organizationId: t.orgId,
        role: 'PROPERTY_MANAGER',
      });
      // A repeat finds the link used, or (read before the winner's write landed) the person already a member.
      for (const code of codesOf(answers, 409)) {
        expect(['INVITATION_ACCEPTED', 'ALREADY_MEMBER', 'CONFLICT']).toContain(code);
      }
    },
    effect: async ({ t, userId }) => {
      const memberships = await membershipsOf(userId);
      expect(memberships).toHaveLength(1);
      expect(memberships[0]).toMatchObject({ role: 'PROPERTY_MANAGER' });
      expect(await counters(t.orgId)).toEqual({
        stored: { memberCount: 5, adminCount: 1 },
        actual: { memberCount: 5, adminCount: 1 },
      });
      expect(await memberEvents(t.orgId, 'INVITATION_ACCEPTED')).toHaveLength(1);
      expect((await securityLog(userId)).filter((e) => e.action === 'INVITATION_ACCEPTED')).toHaveLength(1);
      const listed = (await t.admin.api.get('/api/invitations')).body.invitations;
      expect(listed.filter((i: { status: string }) => i.status === 'ACCEPTED')).toHaveLength(1);
    },
  }),
  defineCase({
    name: 'POST /api/invitations/{id}/revoke 20 times: 200 once, 409 for the rest (it is no longer pending)',
    setup: async () => {
      const t = await team();
      const invited = await t.admin.api.post('/api/invitations', {
        email: `revoked-${unique()}@example.com`,
        role: 'LANDLORD',
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      return { t, invitation: invited.body as { id: string } };
    },
    call: ({ t, invitation }) => t.admin.api.post(`/api/invitations/${invitation.id}/revoke`),
    statuses: oneThenRest(200, 409),
    answers: (_, answers) => {
      expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ status: 'REVOKED' });
      for (const code of codesOf(answers, 409)) expect(['NOT_PENDING', 'CONFLICT']).toContain(code);
    },
    effect: async ({ t, invitation }) => {
      const stored = (await itemsOf(t.orgId, 'Invitation')).filter((i) => i.id === invitation.id);
      expect(stored).toMatchObject([{ status: 'REVOKED', version: 2 }]);
      expect(await memberEvents(t.orgId, 'INVITATION_REVOKED')).toHaveLength(1);
      expect((await securityLog(t.admin.userId)).filter((e) => e.action === 'INVITATION_REVOKED')).toHaveLength(1);
    },
  }),
  defineCase({
    name: 'POST /api/subscribers/confirm/{token}, one link from 20 clients: 200 once, 404 (link used) for the rest',
    setup: async () => {
      const address = addressBlock();
      const email = `news-${unique()}@example.com`;
      expect((await address(N)('POST', '/api/subscribers', { email, name: 'Rae Race' })).status).toBe(200);
      return { address, email, token: await linkInMail(email, /\/subscribe\/([A-Za-z0-9_-]{43})/) };
    },
    call: ({ address, token }, i) => address(i)('POST', `/api/subscribers/confirm/${token}`),
    statuses: oneThenRest(200, 404),
    answers: (_, answers) => {
      for (const answer of answers.filter((a) => a.status === 404)) {
        expect(answer.body.error).toMatch(/not valid or has already been used/);
      }
    },
    effect: async ({ email }) => {
      expect(await confirmedSubscribers(email)).toHaveLength(1);
      expect(await partition(`SUBSCRIBER#${email}`)).toMatchObject([{ status: 'CONFIRMED' }]);
      // No confirmation mail beyond the one sign-up.
      expect(await mailTo(email)).toHaveLength(1);
    },
  }),
  defineCase({
    name: 'POST /api/unsubscribe/{token} 20 times: 200 every time (idempotent), the kind is off once',
    setup: async () => {
      const { t, transaction } = await reviewSetup();
      const asked = await t.admin.api.post(`/api/transactions/${transaction.id}/reviews`, {
        reviewerId: t.manager.userId,
        body: 'Please check',
      });
      expect(asked.status).toBe(201);
      return { t, token: await linkInMail(t.manager.email, /\/unsubscribe\/([A-Za-z0-9_.-]+)/) };
    },
    call: ({ token }) => client(null).post(`/api/unsubscribe/${token}`),
    statuses: times(N, 200),
    answers: (_, answers) => {
      for (const answer of answers) expect(answer.body).toMatchObject({ kind: 'REVIEW_REQUESTED', enabled: false });
    },
    effect: async ({ t }) => {
      const prefs = (await t.manager.api.get('/api/notification-preferences')).body.preferences;
      expect(prefs).toMatchObject({ REVIEW_REQUESTED: false, MAINTENANCE_UPDATED: true });
      const stored = (await partition(`USER#${t.manager.userId}`)).filter((i) => Array.isArray(i.notificationsOff));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.notificationsOff).toEqual(['REVIEW_REQUESTED']);
    },
  }),
  defineCase({
    name: 'POST /api/transactions/{id}/merge-suggestion accept 20 times: 200 once, 409 for the rest, one transaction',
    setup: suggestedPair,
    call: ({ api, pending }) => api.post(`/api/transactions/${pending.id}/merge-suggestion`, { accept: true }),
    statuses: oneThenRest(200, 409),
    answers: ({ pending }, answers) => {
      expect(answers.find((a) => a.status === 200)!.body.transaction).toMatchObject({
        id: pending.id,
        amount: -36,
        pending: false,
      });
      for (const code of codesOf(answers, 409)) expect(['NO_SUGGESTION', 'CONFLICT']).toContain(code);
    },
    effect: async ({ orgId, pending, posted }) => {
      const after = await bankItems(orgId);
      expect(after.transactions).toHaveLength(1);
      expect(after.transactions[0]).toMatchObject({
        id: pending.id,
        amount: -3600,
        pending: false,
        suggestedMatchId: null,
        externalId: posted.externalId,
        version: (pending.version as number) + 1,
      });
      expect(after.pending).toHaveLength(0);
    },
  }),
  defineCase({
    name: 'POST /api/transactions/{id}/merge-suggestion dismiss 20 times: 200 once, 409 NO_SUGGESTION for the rest',
    setup: suggestedPair,
    call: ({ api, posted }) => api.post(`/api/transactions/${posted.id}/merge-suggestion`, { accept: false }),
    statuses: oneThenRest(200, 409),
    answers: (_, answers) => {
      for (const code of codesOf(answers, 409)) expect(['NO_SUGGESTION', 'CONFLICT']).toContain(code);
    },
    effect: async ({ orgId, pending, posted }) => {
      const after = (await bankItems(orgId)).transactions;
      expect(after).toHaveLength(2);
      // Both kept, neither suggests the other any more, each changed exactly once.
      expect(after.find((t) => t.id === pending.id)).toMatchObject({
        suggestedMatchId: null,
        pending: true,
        version: (pending.version as number) + 1,
      });
      expect(after.find((t) => t.id === posted.id)).toMatchObject({
        suggestedMatchId: null,
        version: (posted.version as number) + 1,
      });
    },
  }),
  defineCase({
    name: 'POST /api/bank-connections/{id}/reconnected 20 times: 200 every time (idempotent), the same link and accounts',
    setup: async () => {
      const admin = await newAdmin('reconnect');
      const orgId = await orgIdOf(admin.api);
      const created = await plaid().sandboxPublicTokenCreate({
        institution_id: PLATYPUS.id,
        initial_products: [Products.Transactions],
      });
      const linked = await admin.api.post('/api/plaid/exchange', {
        publicToken: created.data.public_token,
        institution: PLATYPUS,
      });
      expect(linked.status).toBe(201);
      await syncIdle();
      const before = await partition(`ORG#${orgId}`);
      return { api: admin.api, orgId, connection: linked.body, before };
    },
    call: ({ api, connection }) => api.post(`/api/bank-connections/${connection.id}/reconnected`),
    statuses: times(N, 200),
    answers: ({ connection }, answers) => {
      for (const answer of answers) {
        expect(answer.body).toMatchObject({ id: connection.id, status: 'connected' });
        expect(answer.body.accounts).toHaveLength(connection.accounts.length);
      }
    },
    effect: async ({ api, orgId, connection, before }) => {
      // The catch-up syncs each confirm asks for must not add a transaction twice either.
      await syncIdle();
      const after = await partition(`ORG#${orgId}`);
      const ofType = (items: Record<string, unknown>[], type: string) => items.filter((i) => i.type === type);
      expect(ofType(after, 'Institution')).toMatchObject([{ id: connection.id, status: 'connected' }]);
      expect(ofType(after, 'BankInstitutionClaim')).toHaveLength(1);
      const ids = (items: Record<string, unknown>[], type: string) =>
        ofType(items, type)
          .map((i) => i.id)
          .sort();
      expect(ids(after, 'BankAccount')).toEqual(ids(before, 'BankAccount'));
      expect(ids(after, 'Transaction')).toEqual(ids(before, 'Transaction'));
      expect((await api.get('/api/bank-connections')).body.connections).toHaveLength(1);
    },
  }),
  defineCase({
    name: 'POST /api/transactions/{id}/reviews, the same reviewer 20 times: 201 once, 409 REVIEW_OPEN for the rest',
    setup: reviewSetup,
    call: ({ t, transaction }) =>
      t.admin.api.post(`/api/transactions/${transaction.id}/reviews`, {
        reviewerId: t.manager.userId,
        body: 'Is this the plumber?',
      }),
    statuses: oneThenRest(201, 409),
    answers: (_, answers) => {
      for (const code of codesOf(answers, 409)) expect(['REVIEW_OPEN', 'CONFLICT']).toContain(code);
    },
    effect: async ({ t, transaction }) => {
      const reviews = (await t.admin.api.get(`/api/reviews?transactionId=${transaction.id}`)).body.reviewRequests;
      expect(reviews).toMatchObject([{ reviewerId: t.manager.userId, status: 'PENDING' }]);
      const messages = (await t.admin.api.get(`/api/transactions/${transaction.id}/messages`)).body.messages;
      expect(messages).toMatchObject([{ reviewRequestId: reviews[0].id, body: 'Is this the plumber?' }]);
      expect(await storedTransaction(t.orgId, transaction.id)).toMatchObject({
        reviewOpen: 1,
        messageCount: 1,
        hasOpenReviewRequests: true,
      });
      expect((await partition(`ORG#${t.orgId}`)).filter((i) => i.type === 'ReviewPointer')).toHaveLength(1);
      // The reviewer is asked once.
      expect((await mailTo(t.manager.email)).filter((m) => m.subject.includes('asked you to review "'))).toHaveLength(
        1,
      );
    },
  }),
  defineCase({
    name: 'PATCH /api/reviews/{id} RESOLVED 20 times by the reviewer: 200 once, 409 REVIEW_STATE for the rest',
    setup: async () => {
      const { t, transaction } = await reviewSetup();
      const asked = await t.admin.api.post(`/api/transactions/${transaction.id}/reviews`, {
        reviewerId: t.manager.userId,
        body: 'Check the amount',
      });
      expect(asked.status).toBe(201);
      return { t, transaction, review: asked.body.reviewRequest as { id: string } };
    },
    call: ({ t, review }) => t.manager.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' }),
    statuses: oneThenRest(200, 409),
    answers: (_, answers) => {
      expect(answers.find((a) => a.status === 200)!.body.reviewRequest).toMatchObject({ status: 'RESOLVED' });
      for (const code of codesOf(answers, 409)) expect(['REVIEW_STATE', 'CONFLICT']).toContain(code);
    },
    effect: async ({ t, transaction, review }) => {
      const reviews = (await t.admin.api.get(`/api/reviews?transactionId=${transaction.id}`)).body.reviewRequests;
      expect(reviews).toMatchObject([{ id: review.id, status: 'RESOLVED', version: 2 }]);
      expect(await storedTransaction(t.orgId, transaction.id)).toMatchObject({
        reviewOpen: 0,
        reviewResolved: 1,
        reviewDeclined: 0,
        hasOpenReviewRequests: false,
        isReviewed: true,
      });
      // The requester hears of it once.
      expect((await mailTo(t.admin.email)).filter((m) => m.subject.includes('your review request for "'))).toHaveLength(
        1,
      );
    },
  }),

  defineCase({
    name: 'POST /api/invitations, the same email 20 times: 201 once, 409 ALREADY_INVITED for the rest',
    setup: async () => ({ t: await team(), email: `twice-${unique()}@example.com` }),
    call: ({ t, email }) => t.admin.api.post('/api/invitations', { email, role: 'LANDLORD' }),
    statuses: oneThenRest(201, 409),
    answers: (_, answers) => {
      for (const code of codesOf(answers, 409)) expect(code).toBe('ALREADY_INVITED');
    },
    effect: async ({ t, email }) => {
      const listed = (await t.admin.api.get('/api/invitations')).body.invitations;
      expect(listed.filter((i: { email: string }) => i.email === email)).toMatchObject([{ status: 'PENDING' }]);
      expect(await itemsOf(t.orgId, 'Invitation')).toHaveLength(1);
      expect(await memberEvents(t.orgId, 'INVITATION_SENT')).toHaveLength(1);
      // One mail, whose link is the invitation's.
      expect(await mailTo(email)).toHaveLength(1);
      expect((await client(null).get(`/api/invitations/by-token/${await latestInviteToken(email)}`)).status).toBe(200);
    },
  }),
  defineCase({
    name: 'DELETE /api/receipts/{id} 20 times: 200 once, 404 for the rest, the count drops by one',
    setup: async () => {
      const { api } = await newAdmin('unreceipt');
      const transaction = await transactionOf(api);
      const references = [await pendingReceipt(api, transaction.id), await pendingReceipt(api, transaction.id)];
      for (const reference of references) {
        expect((await api.post(`/api/receipts/${reference}/confirm`)).status).toBe(200);
      }
      return { api, transaction, references };
    },
    call: ({ api, references }) => api.delete(`/api/receipts/${references[0]}`),
    statuses: oneThenRest(200, 404),
    effect: async ({ api, transaction, references }) => {
      const orgId = transaction.organizationId;
      expect((await itemsOf(orgId, 'Receipt')).map((r) => r.id)).toEqual([references[1]]);
      expect(await storedTransaction(orgId, transaction.id)).toMatchObject({ receiptCount: 1, hasReceipt: true });
      const listed = (await api.get(`/api/receipts/my-receipts?transactionId=${transaction.id}`)).body.receipts;
      expect(listed.map((r: { id: string }) => r.id)).toEqual([references[1]]);
    },
  }),
  defineCase({
    name: 'POST /api/categorization-rules/batches/{id}/undo 20 times: 200, or 409 BATCH_BUSY while it runs; restored once',
    setup: async () => {
      const { api } = await newAdmin('undo');
      const orgId = await orgIdOf(api);
      const rows = await createTransactions(api, [
        { name: 'HOME DEPOT 1', amount: -10 },
        { name: 'HOME DEPOT 2', amount: -11 },
      ]);
      const rule = (await api.post('/api/categorization-rules', ruleBody({ name: 'Depot' }))).body.rule;
      const applied = await api.post('/api/categorization-rules/apply-single', {
        rule: { namePattern: 'home\\s*depot', category: 'repairs' },
        ruleId: rule.id,
        allMatching: true,
      });
      expect(applied.body.categorizedCount, JSON.stringify(applied.body)).toBe(2);
      const applyVersions = new Map(
        (await itemsOf(orgId, 'Transaction')).map((t) => [t.id as string, t.version as number]),
      );
      return { api, orgId, rows, batchId: applied.body.batchId as string, applyVersions };
    },
    call: ({ api, batchId }) => api.post(`/api/categorization-rules/batches/${batchId}/undo`),
    // One undo takes the batch; a repeat while it runs is 409 BATCH_BUSY (repeating later is harmless), and one
    // that arrives after it finished answers the same result, 200. How many land in each depends on timing.
    statuses: (sorted) => {
      expect(sorted[0]).toBe(200);
      expect(sorted.every((s) => s === 200 || s === 409)).toBe(true);
    },
    answers: (_, answers) => {
      for (const answer of answers.filter((a) => a.status === 200)) {
        expect(answer.body).toMatchObject({ restoredCount: 2, keptCount: 0, batch: { status: 'undone' } });
      }
      for (const code of codesOf(answers, 409)) expect(code).toBe('BATCH_BUSY');
    },
    effect: async ({ api, orgId, rows, batchId, applyVersions }) => {
      const stored = await itemsOf(orgId, 'Transaction');
      expect(stored.map((t) => t.id).sort()).toEqual(rows.map((r: { id: string }) => r.id).sort());
      for (const t of stored) {
        // Restored exactly once: one version step past the apply, the category back to none.
        expect(t).toMatchObject({ category: null, version: applyVersions.get(t.id as string)! + 1 });
      }
      const batches = (await api.get('/api/categorization-rules/batches')).body.batches;
      expect(batches).toMatchObject([{ id: batchId, status: 'undone', restoredCount: 2, keptCount: 0 }]);
    },
  }),

  // ---- counter-style: twenty distinct posts at once, every one kept and counted ---------------------------------
  defineCase({
    name: 'POST /api/transactions/{id}/messages, 20 distinct at once: 201 each, 20 messages, messageCount 20',
    setup: async () => {
      const { api } = await newAdmin('messages');
      return { api, transaction: await transactionOf(api) };
    },
    call: ({ api, transaction }, i) => api.post(`/api/transactions/${transaction.id}/messages`, { body: `Note ${i}` }),
    statuses: times(N, 201),
    effect: async ({ api, transaction }) => {
      const messages = (await api.get(`/api/transactions/${transaction.id}/messages`)).body.messages;
      expect(messages.map((m: { body: string }) => m.body).sort()).toEqual(
        Array.from({ length: N }, (_, i) => `Note ${i}`).sort(),
      );
      expect(await storedTransaction(transaction.organizationId, transaction.id)).toMatchObject({
        messageCount: N,
        hasReviewHistory: true,
      });
    },
  }),
  defineCase({
    name: 'POST /api/maintenance/{id}/comments, 20 distinct at once: 201 each, 20 comments in the activity',
    setup: async () => {
      const { api } = await newAdmin('comments');
      return { api, requestId: await maintenanceRequestOf(api) };
    },
    call: ({ api, requestId }, i) => api.post(`/api/maintenance/${requestId}/comments`, { body: `Comment ${i}` }),
    statuses: times(N, 201),
    effect: async ({ api, requestId }) => {
      const events = (await api.get(`/api/maintenance/${requestId}/activity`)).body.events;
      const comments = events.filter((e: { body: string | null }) => e.body?.startsWith('Comment '));
      expect(comments.map((e: { body: string }) => e.body).sort()).toEqual(
        Array.from({ length: N }, (_, i) => `Comment ${i}`).sort(),
      );
      expect(new Set(comments.map((e: { kind: string }) => e.kind)).size).toBe(1);
    },
  }),
  defineCase({
    name: 'POST /api/receipts/{id}/confirm, 20 receipts of one transaction at once: 200 each, receiptCount 20',
    setup: async () => {
      const { api } = await newAdmin('receipts');
      const transaction = await transactionOf(api);
      const references = await Promise.all(
        Array.from({ length: N }, (_, i) => pendingReceipt(api, transaction.id, `r${i}.png`)),
      );
      return { api, transaction, references };
    },
    call: ({ api, references }, i) => confirmAgainWhileBusy(() => api.post(`/api/receipts/${references[i]}/confirm`)),
    statuses: times(N, 200),
    effect: async ({ api, transaction, references }) => {
      const orgId = transaction.organizationId;
      const receipts = await itemsOf(orgId, 'Receipt');
      expect(receipts.map((r) => r.id).sort()).toEqual([...references].sort());
      expect(receipts.every((r) => r.status === 'READY')).toBe(true);
      expect(await storedTransaction(orgId, transaction.id)).toMatchObject({ receiptCount: N, hasReceipt: true });
      const listed = (await api.get(`/api/receipts/my-receipts?transactionId=${transaction.id}`)).body.receipts;
      expect(listed.map((r: { id: string }) => r.id).sort()).toEqual([...references].sort());
    },
  }),
  defineCase({
    name: `POST /api/maintenance/{id}/photos/{photoId}/confirm, ${MAINTENANCE_PHOTOS_MAX} photos of one request at once: all kept, photoCount ${MAINTENANCE_PHOTOS_MAX}`,
    setup: async () => {
      const { api } = await newAdmin('photos');
      const orgId = await orgIdOf(api);
      const requestId = await maintenanceRequestOf(api);
      const photoIds: string[] = [];
      // Asked for one after another: the request refuses an upload beyond the limit.
      for (let i = 0; i < MAINTENANCE_PHOTOS_MAX; i++) photoIds.push(await pendingPhoto(api, requestId, `p${i}.png`));
      return { api, orgId, requestId, photoIds };
    },
    // The route allows at most MAINTENANCE_PHOTOS_MAX photos: the calls beyond them repeat a confirm.
    call: ({ api, requestId, photoIds }, i) =>
      confirmAgainWhileBusy(() =>
        api.post(`/api/maintenance/${requestId}/photos/${photoIds[i % photoIds.length]}/confirm`),
      ),
    statuses: times(N, 200),
    effect: async ({ api, orgId, requestId, photoIds }) => {
      const photos = await itemsOf(orgId, 'MaintenancePhoto');
      expect(photos.map((p) => p.id).sort()).toEqual([...photoIds].sort());
      expect(photos.every((p) => p.status === 'READY')).toBe(true);
      expect((await partition(`ORG#${orgId}`)).find((i) => i.SK === `MAINT#${requestId}`)?.photoCount).toBe(
        MAINTENANCE_PHOTOS_MAX,
      );
      expect((await api.get(`/api/maintenance/${requestId}/photos`)).body.photos).toHaveLength(MAINTENANCE_PHOTOS_MAX);
    },
  }),
  defineCase({
    name: `POST /api/categorization-rules, 20 distinct at ${MAX_RULES_PER_ORGANIZATION - N / 2} rules: 201 x${N / 2}, 409 TOO_MANY_RULES x${N / 2}`,
    setup: async () => {
      const { api } = await newAdmin('rules');
      const orgId = await orgIdOf(api);
      const start = MAX_RULES_PER_ORGANIZATION - N / 2;
      for (let i = 0; i < start; i += 15) {
        const batch = Array.from({ length: Math.min(15, start - i) }, (_, j) =>
          api.post('/api/categorization-rules', ruleBody({ name: `Rule ${i + j}` })),
        );
        for (const res of await Promise.all(batch)) expect(res.status).toBe(201);
      }
      return { api, orgId };
    },
    call: ({ api }, i) => api.post('/api/categorization-rules', ruleBody({ name: `Racing ${i}` })),
    statuses: [...times(N / 2, 201), ...times(N / 2, 409)],
    answers: (_, answers) => {
      for (const code of codesOf(answers, 409)) expect(code).toBe('TOO_MANY_RULES');
    },
    effect: async ({ api, orgId }, answers) => {
      const rules = await itemsOf(orgId, 'Rule');
      expect(rules).toHaveLength(MAX_RULES_PER_ORGANIZATION);
      // Every created answer names a stored rule: none was answered and then lost.
      const created = answers.filter((a) => a.status === 201).map((a) => a.body.rule?.id ?? a.body.id);
      expect(rules.map((r) => r.id)).toEqual(expect.arrayContaining(created));
      expect((await itemsOf(orgId, 'RuleCounter'))[0]).toMatchObject({ count: MAX_RULES_PER_ORGANIZATION });
      expect((await api.get('/api/categorization-rules')).body.rules).toHaveLength(MAX_RULES_PER_ORGANIZATION);
    },
    timeout: 180_000,
  }),
];

describe(`${N} concurrent calls of one route`, () => {
  for (const race of cases) {
    it(
      race.name,
      async () => {
        const ctx = await race.setup();
        const answers = await Promise.all(Array.from({ length: N }, (_, i) => race.call(ctx, i)));
        const statuses = answers.map((a) => a.status);
        expect(
          statuses.filter((s) => s >= 500),
          JSON.stringify(answers.filter((a) => a.status >= 500).map((a) => a.body)),
        ).toEqual([]);
        const seen = [...new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 160)}`))];
        const sorted = [...statuses].sort((a, b) => a - b);
        if (typeof race.statuses === 'function') race.statuses(sorted);
        else expect(sorted, seen.slice(0, 4).join('\n')).toEqual(race.statuses);
        await race.answers?.(ctx, answers);
        await race.effect(ctx, answers);
      },
      race.timeout ?? 90_000,
    );
  }
});
