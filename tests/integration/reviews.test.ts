import { activityCounts, REVIEW_STATUSES, REVIEW_TRANSITIONS, type ReviewStatus, reviewFlags } from '@rent/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { type Person, team } from '../support/members.js';

/**
 * Reviews and messages (docs/ledger.md "Review requests and messages"): every route x role x another
 * organization, the transition table, concurrent resolves, bad input, and the transaction's flags equal to a
 * recomputation from its requests and messages after any sequence of creates and status changes.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let other: Team;

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
});

let seq = 0;
async function newTransaction(owner: Person, name = `Review me ${Date.now()}-${++seq}`) {
  const res = await owner.api.post('/api/transactions', { name, date: '2026-03-10', amount: -42.5 });
  expect(res.status).toBe(201);
  return res.body.transaction as { id: string; name: string; version: number };
}

const ask = (from: Person, transactionId: string, reviewer: Person, body = 'Please check the category') =>
  from.api.post(`/api/transactions/${transactionId}/reviews`, { reviewerId: reviewer.userId, body });

async function flagsOf(owner: Person, id: string) {
  const { transaction } = (await owner.api.get(`/api/transactions/${id}`)).body;
  return {
    hasOpenReviewRequests: transaction.hasOpenReviewRequests,
    hasReviewHistory: transaction.hasReviewHistory,
    isReviewed: transaction.isReviewed,
    version: transaction.version,
  };
}

describe('asking for a review', () => {
  it('creates a PENDING request and its first message, sets the flags in the same write', async () => {
    const txn = await newTransaction(t.admin);
    const res = await ask(t.admin, txn.id, t.manager, '  Is this repairs?  ');
    expect(res.status).toBe(201);
    expect(res.body.reviewRequest).toMatchObject({
      transactionId: txn.id,
      requesterId: t.admin.userId,
      reviewerId: t.manager.userId,
      status: 'PENDING',
      resolvedAt: null,
      requester: { id: t.admin.userId, email: t.admin.email },
      reviewer: { id: t.manager.userId, email: t.manager.email, name: expect.stringMatching(/^manager /) },
    });
    expect(res.body.message).toMatchObject({
      body: 'Is this repairs?',
      authorId: t.admin.userId,
      reviewRequestId: res.body.reviewRequest.id,
    });
    // The review does not move the transaction's version: an edit open in someone's flyout stays valid.
    expect(await flagsOf(t.admin, txn.id)).toEqual({
      hasOpenReviewRequests: true,
      hasReviewHistory: true, // its opening message is history
      isReviewed: false,
      version: txn.version,
    });
    const list = await t.landlord.api.get(`/api/reviews?transactionId=${txn.id}`);
    expect(list.status).toBe(200);
    expect(list.body.reviewRequests.map((r: { id: string }) => r.id)).toEqual([res.body.reviewRequest.id]);
    const needsReview = await t.admin.api.get('/api/transactions?needsReview=true&limit=100');
    expect(needsReview.body.transactions.map((x: { id: string }) => x.id)).toContain(txn.id);
  });

  it('refuses a tenant, oneself, an unknown person and another organization’s person as reviewer (400)', async () => {
    const txn = await newTransaction(t.admin);
    for (const reviewer of [t.tenant, t.admin, other.manager, { ...t.manager, userId: 'nobody-here' }]) {
      const res = await ask(t.admin, txn.id, reviewer);
      expect(res.status, reviewer.email).toBe(400);
      expect(res.body.issues[0].path).toBe('reviewerId');
    }
    expect((await t.admin.api.get(`/api/reviews?transactionId=${txn.id}`)).body.reviewRequests).toEqual([]);
    expect((await flagsOf(t.admin, txn.id)).hasOpenReviewRequests).toBe(false);
  });

  it('refuses empty, whitespace and too long messages (400)', async () => {
    const txn = await newTransaction(t.admin);
    for (const body of ['', '   ', 'x'.repeat(4001)]) {
      expect((await ask(t.admin, txn.id, t.manager, body)).status).toBe(400);
      const msg = await t.admin.api.post(`/api/transactions/${txn.id}/messages`, { body, reviewRequestId: null });
      expect(msg.status).toBe(400);
    }
    expect((await ask(t.admin, txn.id, t.manager, 'x'.repeat(4000))).status).toBe(201);
  });
});

describe('every route x role x another organization', () => {
  it('lets ADMIN, LANDLORD and PROPERTY_MANAGER read and write; a TENANT gets 403 everywhere', async () => {
    const txn = await newTransaction(t.admin);
    const review = (await ask(t.admin, txn.id, t.landlord)).body.reviewRequest;
    for (const staff of [t.admin, t.landlord, t.manager]) {
      expect((await staff.api.get(`/api/transactions/${txn.id}/messages`)).status).toBe(200);
      expect((await staff.api.get(`/api/reviews?transactionId=${txn.id}`)).status).toBe(200);
      const posted = await staff.api.post(`/api/transactions/${txn.id}/messages`, { body: `from ${staff.email}` });
      expect(posted.status).toBe(201);
    }
    const tenantCalls = [
      t.tenant.api.get(`/api/transactions/${txn.id}/messages`),
      t.tenant.api.post(`/api/transactions/${txn.id}/messages`, { body: 'hi', reviewRequestId: null }),
      t.tenant.api.post(`/api/transactions/${txn.id}/reviews`, { reviewerId: t.admin.userId, body: 'hi' }),
      t.tenant.api.get(`/api/reviews?transactionId=${txn.id}`),
      t.tenant.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' }),
    ];
    for (const res of await Promise.all(tenantCalls)) expect(res.status).toBe(403);
    const { messages } = (await t.manager.api.get(`/api/transactions/${txn.id}/messages`)).body;
    expect(messages.map((m: { body: string }) => m.body)).toEqual([
      'Please check the category',
      `from ${t.admin.email}`,
      `from ${t.landlord.email}`,
      `from ${t.manager.email}`,
    ]);
    expect(messages[3].author).toEqual({ id: t.manager.userId, name: expect.any(String), email: t.manager.email });
  });

  it("answers 404 to another organization's transactions and reviews, and writes nothing there", async () => {
    const txn = await newTransaction(t.admin);
    const review = (await ask(t.admin, txn.id, t.manager)).body.reviewRequest;
    const calls = [
      other.admin.api.get(`/api/transactions/${txn.id}/messages`),
      other.admin.api.post(`/api/transactions/${txn.id}/messages`, { body: 'hi' }),
      other.admin.api.post(`/api/transactions/${txn.id}/reviews`, { reviewerId: other.manager.userId, body: 'x' }),
      other.admin.api.get(`/api/reviews?transactionId=${txn.id}`),
      other.manager.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await t.admin.api.get(`/api/transactions/${txn.id}/messages`)).body.messages).toHaveLength(1);
    expect((await t.admin.api.get(`/api/reviews?transactionId=${txn.id}`)).body.reviewRequests[0].status).toBe(
      'PENDING',
    );
  });

  it('takes a reviewRequestId only of the same transaction (400), and bad queries and statuses (400)', async () => {
    const [a, b] = [await newTransaction(t.admin), await newTransaction(t.admin)];
    const review = (await ask(t.admin, a.id, t.manager)).body.reviewRequest;
    const wrong = await t.admin.api.post(`/api/transactions/${b.id}/messages`, {
      body: 'about a',
      reviewRequestId: review.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe('reviewRequestId');
    const right = await t.admin.api.post(`/api/transactions/${a.id}/messages`, {
      body: 'about a',
      reviewRequestId: review.id,
    });
    expect(right.status).toBe(201);
    expect(right.body.message.reviewRequestId).toBe(review.id);
    expect((await t.admin.api.get('/api/reviews')).status).toBe(400);
    expect((await t.admin.api.get('/api/reviews?transactionId=bad%2Fid')).status).toBe(400);
    for (const status of ['PENDING', 'DONE', '', null]) {
      expect((await t.manager.api.patch(`/api/reviews/${review.id}`, { status })).status).toBe(400);
    }
  });
});

describe('status changes', () => {
  it('follows the transition table, only for the assigned reviewer', async () => {
    for (const from of REVIEW_STATUSES) {
      for (const to of ['ACCEPTED', 'REJECTED', 'RESOLVED'] as const) {
        const txn = await newTransaction(t.admin);
        const review = (await ask(t.admin, txn.id, t.manager)).body.reviewRequest;
        const path = `/api/reviews/${review.id}`;
        for (const step of from === 'PENDING' ? [] : [from]) {
          expect((await t.manager.api.patch(path, { status: step })).status).toBe(200);
        }
        // Nobody but the reviewer: not the requester, not another staff member.
        for (const stranger of [t.admin, t.landlord]) {
          expect((await stranger.api.patch(path, { status: to })).status).toBe(403);
        }
        const res = await t.manager.api.patch(path, { status: to });
        const allowed = REVIEW_TRANSITIONS[from].includes(to);
        expect(res.status, `${from} -> ${to}`).toBe(allowed ? 200 : 409);
        const expected: ReviewStatus = allowed ? to : from;
        const [stored] = (await t.admin.api.get(`/api/reviews?transactionId=${txn.id}`)).body.reviewRequests;
        expect(stored.status).toBe(expected);
        expect(stored.resolvedAt === null).toBe(expected === 'PENDING' || expected === 'ACCEPTED');
        expect(await flagsOf(t.admin, txn.id)).toMatchObject(reviewFlagsOf([expected], 1));
      }
    }
  });

  it('never lets messages posted at once conflict: every one is kept and counted', async () => {
    const txn = await newTransaction(t.admin);
    const bodies = Array.from({ length: 30 }, (_, i) => `at once ${i}`);
    const posted = await Promise.all(
      bodies.map((body, i) =>
        [t.admin, t.landlord, t.manager][i % 3]!.api.post(`/api/transactions/${txn.id}/messages`, { body }),
      ),
    );
    expect(posted.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const { messages } = (await t.admin.api.get(`/api/transactions/${txn.id}/messages`)).body;
    expect(messages.map((m: { body: string }) => m.body).sort()).toEqual([...bodies].sort());
    const [item] = (await partition(`ORG#${t.orgId}`)).filter((i) => i.type === 'Transaction' && i.id === txn.id);
    expect(item).toMatchObject({ messageCount: 30, activityVersion: 30, hasReviewHistory: true, version: 1 });
  });

  it('lets exactly one of concurrent resolves win; the others get 409', async () => {
    const txn = await newTransaction(t.admin);
    const review = (await ask(t.admin, txn.id, t.manager)).body.reviewRequest;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.manager.api.patch(`/api/reviews/${review.id}`, { status: i % 2 ? 'RESOLVED' : 'REJECTED' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.reviewRequest.status as ReviewStatus;
    expect(await flagsOf(t.admin, txn.id)).toMatchObject(reviewFlagsOf([winner], 1));
  });

  it('lists the transaction under the reviewer’s "Waiting on me" while open, and not after', async () => {
    const txn = await newTransaction(t.admin, `Waiting ${Date.now()}`);
    const review = (await ask(t.admin, txn.id, t.landlord)).body.reviewRequest;
    const waiting = async (who: Person, extra = '') =>
      (await who.api.get(`/api/transactions?waitingOnMe=true${extra}`)).body.transactions.map(
        (x: { id: string }) => x.id,
      );
    expect(await waiting(t.landlord)).toContain(txn.id);
    expect(await waiting(t.landlord, `&search=${encodeURIComponent(txn.name.slice(0, 12))}`)).toContain(txn.id);
    expect(await waiting(t.landlord, '&direction=in')).not.toContain(txn.id);
    expect(await waiting(t.admin)).not.toContain(txn.id);
    const totals = await t.landlord.api.get('/api/transactions/totals?waitingOnMe=true');
    expect(totals.status).toBe(200);
    expect(totals.body.totals.count).toBeGreaterThanOrEqual(1);
    expect((await t.landlord.api.patch(`/api/reviews/${review.id}`, { status: 'ACCEPTED' })).status).toBe(200);
    expect(await waiting(t.landlord)).toContain(txn.id);
    expect((await t.landlord.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' })).status).toBe(200);
    expect(await waiting(t.landlord)).not.toContain(txn.id);
    expect((await t.landlord.api.get('/api/transactions?waitingOnMe=false')).status).toBe(400);
  });

  it('pages "Waiting on me" in ledger order with a cursor', async () => {
    const reviewer = t.manager;
    const fresh = await Promise.all([1, 2, 3].map((i) => newTransaction(t.landlord, `Paged ${i} ${Date.now()}`)));
    for (const txn of fresh) expect((await ask(t.landlord, txn.id, reviewer)).status).toBe(201);
    const all = (await reviewer.api.get('/api/transactions?waitingOnMe=true&limit=100')).body.transactions;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { transactions: { id: string }[]; nextCursor: string | null } } = await reviewer.api.get(
        `/api/transactions?waitingOnMe=true&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.transactions.map((x) => x.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((x: { id: string }) => x.id));
    for (const txn of fresh) expect(seen).toContain(txn.id);
  });
});

describe('deleting a transaction', () => {
  it('takes its requests, messages and request pointers with it', async () => {
    const txn = await newTransaction(t.admin);
    const review = (await ask(t.admin, txn.id, t.manager)).body.reviewRequest;
    await t.manager.api.post(`/api/transactions/${txn.id}/messages`, { body: 'seen it' });
    // The request, its first message, the reply and the transaction's audit entry (its creation).
    expect(await partition(`ORG#${t.orgId}#TXACT#${txn.id}`)).toHaveLength(4);
    expect((await t.admin.api.delete(`/api/transactions/${txn.id}`)).status).toBe(200);
    expect(await partition(`ORG#${t.orgId}#TXACT#${txn.id}`)).toEqual([]);
    const pointers = (await partition(`ORG#${t.orgId}`)).filter((item) => item.SK === `REVIEW#${review.id}`);
    expect(pointers).toEqual([]);
    expect((await t.manager.api.patch(`/api/reviews/${review.id}`, { status: 'RESOLVED' })).status).toBe(404);
    const waiting = (await t.manager.api.get('/api/transactions?waitingOnMe=true&limit=100')).body.transactions;
    expect(waiting.map((x: { id: string }) => x.id)).not.toContain(txn.id);
  });
});

function reviewFlagsOf(statuses: ReviewStatus[], messages: number) {
  const flags = reviewFlags(activityCounts(statuses, messages));
  return {
    hasOpenReviewRequests: flags.hasOpenReviewRequests,
    hasReviewHistory: flags.hasReviewHistory,
    ...(flags.isReviewed !== null && { isReviewed: flags.isReviewed }),
  };
}

describe('transaction flags', () => {
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('ask' as const), reviewer: fc.constantFrom(0, 1) }),
    fc.record({ kind: fc.constant('message' as const) }),
    fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom('ACCEPTED' as const, 'REJECTED' as const, 'RESOLVED' as const),
    }),
  );

  it('always equal a recomputation from the requests and messages, after any sequence of changes', async () => {
    const reviewers = [t.manager, t.landlord];
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (ops) => {
        const txn = await newTransaction(t.admin);
        const made: { id: string; reviewer: Person }[] = [];
        const answers: number[] = [];
        for (const op of ops) {
          if (op.kind === 'ask') {
            const reviewer = reviewers[op.reviewer]!;
            const asked = await ask(t.admin, txn.id, reviewer);
            // A reviewer has at most one open request on a transaction: asking again meanwhile is 409 REVIEW_OPEN.
            if (asked.status === 201) made.push({ id: asked.body.reviewRequest.id, reviewer });
            else expect(asked.body.code).toBe('REVIEW_OPEN');
          } else if (op.kind === 'message') {
            await t.landlord.api.post(`/api/transactions/${txn.id}/messages`, { body: 'a note' });
          } else if (made.length > 0) {
            const target = made[op.pick % made.length]!;
            answers.push((await target.reviewer.api.patch(`/api/reviews/${target.id}`, { status: op.status })).status);
          }
        }
        const requests = (await t.admin.api.get(`/api/reviews?transactionId=${txn.id}`)).body.reviewRequests;
        const messages = (await t.admin.api.get(`/api/transactions/${txn.id}/messages`)).body.messages;
        const statuses = requests.map((r: { status: ReviewStatus }) => r.status);
        const openReviewers = requests
          .filter((r: { status: ReviewStatus }) => r.status === 'PENDING' || r.status === 'ACCEPTED')
          .map((r: { reviewerId: string }) => r.reviewerId);
        expect(new Set(openReviewers).size).toBe(openReviewers.length);
        const flags = await flagsOf(t.admin, txn.id);
        for (const status of answers) expect([200, 409]).toContain(status);
        expect(flags).toMatchObject(reviewFlagsOf(statuses, messages.length));
        // A new transaction is not reviewed; only requests move the flag.
        expect(flags.isReviewed).toBe(reviewFlags(activityCounts(statuses, messages.length)).isReviewed ?? false);
        expect(flags.version).toBe(txn.version);
        const needsReview = (await t.admin.api.get('/api/transactions?needsReview=true&limit=100')).body.transactions;
        expect(needsReview.some((x: { id: string }) => x.id === txn.id)).toBe(flags.hasOpenReviewRequests);
      }),
      { numRuns: 12 },
    );
  });
});
