import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type ActivityCounts, isOpenReview, type ReviewStatus, reviewFlags } from '@rent/shared';
import { Conflict, InvalidReference, NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { keys, withoutKeys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { StaleRead, type TransactOp, transact } from '../transact.js';
import { withFreshRead } from './plan.js';

/**
 * Review requests and messages of a transaction (docs/ledger.md "Review requests and messages"). Both live in the
 * transaction's own partition ORG#o#TXACT#t, so its whole Activity is one Query. The transaction item keeps
 * counters of its requests by state and of its messages (`reviewOpen`, `reviewResolved`, `reviewDeclined`,
 * `messageCount`, guarded by `activityVersion`) and the flags computed from them (shared reviewFlags), changed
 * in the SAME TransactWriteItems as each request or message. They do not move the transaction's `version`:
 * a review does not make someone's open edit stale, and edits never write these fields (plan.ts `updateOp`).
 */
export interface ReviewRecord {
  id: string;
  transactionId: string;
  organizationId: string;
  requesterId: string;
  reviewerId: string;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  resolvedAt: string | null;
  version: number;
}

export interface MessageRecord {
  id: string;
  transactionId: string;
  organizationId: string;
  authorId: string;
  reviewRequestId: string | null;
  body: string;
  createdAt: string;
  updatedAt: string;
}

interface ActivityState {
  counts: ActivityCounts;
  version: number;
}

const reviewChanged = () =>
  new Conflict(
    'CONFLICT',
    'This review request was changed by someone else at the same time. Reload it and try again.',
  );
const reviewAlreadyOpen = () =>
  new Conflict('REVIEW_OPEN', 'This person already has an open review request on this transaction.');
const notStaff = () => new InvalidReference('reviewerId', 'Choose a staff member of your organization');

const STATE_VIEW = ['type', 'reviewOpen', 'reviewResolved', 'reviewDeclined', 'messageCount', 'activityVersion'];

/** The transaction's activity counters, read consistently; another organization's (or no) transaction is NotFound. */
async function readActivityState(orgId: string, transactionId: string): Promise<ActivityState> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.transaction(orgId, transactionId),
      ConsistentRead: true,
      ProjectionExpression: STATE_VIEW.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(STATE_VIEW.map((name, i) => [`#a${i}`, name])),
    }),
  );
  if (Item?.type !== 'Transaction') throw new NotFound('Transaction');
  const n = (name: string) => (typeof Item[name] === 'number' ? (Item[name] as number) : 0);
  return {
    counts: {
      open: n('reviewOpen'),
      resolved: n('reviewResolved'),
      declined: n('reviewDeclined'),
      messages: n('messageCount'),
    },
    version: n('activityVersion'),
  };
}

/** The transaction's counters and flags, conditioned on the counters being the ones read (else StaleRead). */
function flagsOp(orgId: string, transactionId: string, state: ActivityState, next: ActivityCounts): TransactOp {
  const flags = reviewFlags(next);
  const values: Record<string, unknown> = {
    ':o': next.open,
    ':r': next.resolved,
    ':d': next.declined,
    ':m': next.messages,
    ':nv': state.version + 1,
    ':ho': flags.hasOpenReviewRequests,
    ':hh': flags.hasReviewHistory,
  };
  const sets = [
    'reviewOpen = :o',
    'reviewResolved = :r',
    'reviewDeclined = :d',
    'messageCount = :m',
    'activityVersion = :nv',
    'hasOpenReviewRequests = :ho',
    'hasReviewHistory = :hh',
  ];
  if (flags.isReviewed !== null) {
    sets.push('isReviewed = :ir');
    values[':ir'] = flags.isReviewed;
  }
  if (state.version > 0) values[':v'] = state.version;
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(orgId, transactionId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression:
          state.version > 0
            ? 'attribute_exists(PK) AND activityVersion = :v'
            : 'attribute_exists(PK) AND attribute_not_exists(activityVersion)',
        ExpressionAttributeValues: values,
      },
    },
    onConditionFailure: () => new StaleRead(),
  };
}

function reviewItem(r: ReviewRecord) {
  return {
    ...keys.reviewRequest(r.organizationId, r.transactionId, r.createdAt, r.id),
    ...(isOpenReview(r.status) ? keys.waitingOn(r.organizationId, r.reviewerId, r.createdAt, r.id) : {}),
    type: 'ReviewRequest',
    ...r,
  };
}

function messageItem(m: MessageRecord) {
  return { ...keys.message(m.organizationId, m.transactionId, m.createdAt, m.id), type: 'Message', ...m };
}

const put = (Item: Record<string, unknown>): TransactOp => ({
  item: { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } },
  onConditionFailure: () => new StaleRead(),
});

/**
 * A new review request (PENDING), its first message and its pointer, with the transaction's flags, in one
 * TransactWriteItems. The reviewer must still be a staff member of the organization at the moment of writing.
 */
export async function createReview(
  orgId: string,
  transactionId: string,
  input: { requesterId: string; reviewerId: string; body: string },
): Promise<{ review: ReviewRecord; message: MessageRecord }> {
  return withFreshRead(async () => {
    const state = await readActivityState(orgId, transactionId);
    // One open request per reviewer: asking again (a double click, a retry) is refused. The request's write is
    // conditioned on the activityVersion read here, so of concurrent asks one lands and the others re-read and see it.
    if (state.counts.open > 0) {
      const open = (await listReviews(orgId, transactionId)).filter(
        (r) => r.reviewerId === input.reviewerId && isOpenReview(r.status),
      );
      if (open.length > 0) throw reviewAlreadyOpen();
    }
    const now = new Date().toISOString();
    const review: ReviewRecord = {
      id: randomUUID(),
      transactionId,
      organizationId: orgId,
      requesterId: input.requesterId,
      reviewerId: input.reviewerId,
      status: 'PENDING',
      createdAt: now,
      updatedAt: now,
      acceptedAt: null,
      resolvedAt: null,
      version: 1,
    };
    const message: MessageRecord = {
      id: randomUUID(),
      transactionId,
      organizationId: orgId,
      authorId: input.requesterId,
      reviewRequestId: review.id,
      body: input.body,
      createdAt: now,
      updatedAt: now,
    };
    await transact([
      {
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.membership(orgId, input.reviewerId),
            ConditionExpression: 'attribute_exists(PK) AND #role <> :tenant',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':tenant': 'TENANT' },
          },
        },
        onConditionFailure: notStaff,
      },
      put(reviewItem(review)),
      put({
        ...keys.reviewPointer(orgId, review.id),
        type: 'ReviewPointer',
        transactionId,
        createdAt: now,
        version: 1,
      }),
      put(messageItem(message)),
      flagsOp(orgId, transactionId, state, {
        ...state.counts,
        open: state.counts.open + 1,
        messages: state.counts.messages + 1,
      }),
    ]);
    return { review, message };
  });
}

/** A message on the transaction, optionally about one of its review requests. */
export async function postMessage(
  orgId: string,
  transactionId: string,
  input: { authorId: string; body: string; reviewRequestId: string | null },
): Promise<MessageRecord> {
  await readActivityState(orgId, transactionId);
  if (input.reviewRequestId) {
    const review = await findReview(orgId, input.reviewRequestId);
    if (review?.transactionId !== transactionId) {
      throw new InvalidReference('reviewRequestId', 'Choose a review request of this transaction, or none');
    }
  }
  const now = new Date().toISOString();
  const message: MessageRecord = {
    id: randomUUID(),
    transactionId,
    organizationId: orgId,
    authorId: input.authorId,
    reviewRequestId: input.reviewRequestId,
    body: input.body,
    createdAt: now,
    updatedAt: now,
  };
  // A message only adds: one more message, and so a review history. Those commute, so the counters are ADDed
  // rather than set from a read: messages posted at once never conflict with each other. The activity version
  // still moves, so a review change or an untouched-only delete that read the counters before sees it.
  await transact([
    put(messageItem(message)),
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.transaction(orgId, transactionId),
          UpdateExpression: 'ADD messageCount :one, activityVersion :one SET hasReviewHistory = :true',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1, ':true': true },
        },
      },
      onConditionFailure: () => new NotFound('Transaction'),
    },
  ]);
  return message;
}

/** The transaction's Activity: its requests and messages in time order, ONE Query of its partition. */
export async function listActivity(
  orgId: string,
  transactionId: string,
  kind: 'REV#' | 'MSG#',
): Promise<Record<string, unknown>[]> {
  // The transaction is read beside its activity only to answer NotFound: another organization's (or no) transaction.
  const [, items] = await Promise.all([
    readActivityState(orgId, transactionId),
    queryAll(prefixQuery(tableName(), keys.activity(orgId, transactionId).PK, kind, { ConsistentRead: true })),
  ]);
  return items.map((item) => withoutKeys(item));
}

export const listReviews = async (orgId: string, transactionId: string) =>
  (await listActivity(orgId, transactionId, 'REV#')) as unknown as ReviewRecord[];
export const listMessages = async (orgId: string, transactionId: string) =>
  ((await listActivity(orgId, transactionId, 'MSG#')) as unknown as (MessageRecord & { type?: string })[]).map(
    ({ type, ...m }) => m,
  );

/** A review request by its id (pointer, then the request; both consistent); null when there is none. */
async function findReview(orgId: string, reviewId: string): Promise<ReviewRecord | null> {
  const { Item: pointer } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.reviewPointer(orgId, reviewId), ConsistentRead: true }),
  );
  if (pointer?.type !== 'ReviewPointer') return null;
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.reviewRequest(orgId, pointer.transactionId as string, pointer.createdAt as string, reviewId),
      ConsistentRead: true,
    }),
  );
  if (Item?.type !== 'ReviewRequest') return null;
  const { type, ...review } = withoutKeys(Item);
  return review as unknown as ReviewRecord;
}

export async function getReview(orgId: string, reviewId: string): Promise<ReviewRecord> {
  const review = await findReview(orgId, reviewId);
  if (!review) throw new NotFound('Review request');
  return review;
}

/**
 * Moves a request to `status` if it is still the version read (else 409: exactly one of concurrent changes
 * wins). Closing it (RESOLVED, REJECTED) takes it out of the reviewer's "Waiting on me" and moves the
 * transaction's counters and flags in the same TransactWriteItems.
 */
export async function changeReviewStatus(review: ReviewRecord, status: ReviewStatus): Promise<ReviewRecord> {
  const orgId = review.organizationId;
  const now = new Date().toISOString();
  const closing = !isOpenReview(status);
  const next: ReviewRecord = {
    ...review,
    status,
    updatedAt: now,
    acceptedAt: status === 'ACCEPTED' ? now : review.acceptedAt,
    resolvedAt: closing ? now : null,
    version: review.version + 1,
  };
  const reviewOp: TransactOp = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.reviewRequest(orgId, review.transactionId, review.createdAt, review.id),
        UpdateExpression: `SET #status = :status, updatedAt = :now, acceptedAt = :accepted, resolvedAt = :resolved, version = :next${closing ? ' REMOVE GSI1PK, GSI1SK' : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND version = :version AND #status = :was',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':now': now,
          ':accepted': next.acceptedAt,
          ':resolved': next.resolvedAt,
          ':next': next.version,
          ':version': review.version,
          ':was': review.status,
        },
      },
    },
    onConditionFailure: reviewChanged,
  };
  await withFreshRead(async () => {
    if (!closing) return transact([reviewOp]);
    const state = await readActivityState(orgId, review.transactionId);
    const counts = { ...state.counts, open: Math.max(0, state.counts.open - 1) };
    if (status === 'RESOLVED') counts.resolved++;
    else counts.declined++;
    await transact([reviewOp, flagsOp(orgId, review.transactionId, state, counts)]);
  });
  return next;
}

/** The transactions with an open request assigned to this reviewer (Query GSI1, sparse). */
export async function transactionsWaitingOn(orgId: string, reviewerId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.waitingOnUser(orgId, reviewerId).GSI1PK },
    ProjectionExpression: 'transactionId',
  });
  return [...new Set(items.map((item) => item.transactionId as string))];
}

/**
 * After a transaction is deleted: its requests, messages and request pointers go too (BatchWriteItem, 25 at a
 * time, retrying what DynamoDB leaves unprocessed). Not in the delete's own TransactWriteItems (a long
 * conversation would pass its 100 items); until it runs, readers already ignore activity without a transaction.
 */
export async function deleteActivity(orgId: string, transactionId: string): Promise<void> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.activity(orgId, transactionId).PK },
    ProjectionExpression: 'PK, SK, id, #type',
    ExpressionAttributeNames: { '#type': 'type' },
    ConsistentRead: true,
  });
  const doomed = items.flatMap((item) => [
    { PK: item.PK, SK: item.SK },
    ...(item.type === 'ReviewRequest' ? [keys.reviewPointer(orgId, item.id as string)] : []),
  ]);
  for (let i = 0; i < doomed.length; i += 25) {
    let pending: Record<string, unknown>[] = doomed.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt)));
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
}
