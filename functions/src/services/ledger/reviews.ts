import {
  type MessageInput,
  mayMoveReview,
  type Person,
  type ReviewRequest,
  type ReviewRequestInput,
  type ReviewStatus,
  type TransactionMessage,
} from '@rent/shared';
import type { MessageRecord, ReviewRecord } from '../../data/ledger/reviews.js';
import * as reviews from '../../data/ledger/reviews.js';
import { profilesOf } from '../../data/people/members.js';
import { Conflict, InvalidReference, NotAllowed } from '../../domain-errors.js';
import type { Caller } from '../../runtime/identity.js';
import { notify } from '../people/notifications.js';
import { reviewAskedNotice, reviewClosedNotice } from './reviewEmail.js';

/**
 * Review requests and messages (docs/ledger.md "Review requests and messages"):
 * - any staff member asks another staff member (not themselves) to review a transaction; the request starts
 *   PENDING with the asker's first message;
 * - only the assigned reviewer changes it: PENDING -> ACCEPTED | REJECTED | RESOLVED, ACCEPTED -> RESOLVED |
 *   REJECTED; RESOLVED and REJECTED are final (shared/src/core/reviews.ts);
 * - anyone of the staff reads the Activity and writes messages.
 */

type People = Map<string, Person>;

export async function people(ids: string[]): Promise<People> {
  const profiles = await profilesOf(ids);
  return new Map(
    ids.map((id) => {
      const p = profiles.get(id);
      return [id, { id, name: (p?.name as string | null) ?? null, email: (p?.email as string | undefined) ?? null }];
    }),
  );
}

export const person = (all: People, id: string): Person => all.get(id) ?? { id, name: null, email: null };

export function reviewToApi(r: ReviewRecord, all: People): ReviewRequest {
  return {
    id: r.id,
    transactionId: r.transactionId,
    organizationId: r.organizationId,
    requesterId: r.requesterId,
    reviewerId: r.reviewerId,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    acceptedAt: r.acceptedAt ?? null,
    resolvedAt: r.resolvedAt ?? null,
    requester: person(all, r.requesterId),
    reviewer: person(all, r.reviewerId),
    version: r.version,
  };
}

export function messageToApi(m: MessageRecord, all: People): TransactionMessage {
  return {
    id: m.id,
    transactionId: m.transactionId,
    organizationId: m.organizationId,
    authorId: m.authorId,
    reviewRequestId: m.reviewRequestId ?? null,
    body: m.body,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    author: person(all, m.authorId),
  };
}

export async function listMessages(caller: Caller, transactionId: string) {
  const messages = await reviews.listMessages(caller.orgId, transactionId);
  const all = await people(messages.map((m) => m.authorId));
  return { messages: messages.map((m) => messageToApi(m, all)) };
}

export async function postMessage(caller: Caller, transactionId: string, input: MessageInput) {
  const message = await reviews.postMessage(caller.orgId, transactionId, { authorId: caller.userId, ...input });
  return { message: messageToApi(message, await people([caller.userId])) };
}

export async function requestReview(caller: Caller, transactionId: string, input: ReviewRequestInput) {
  if (input.reviewerId === caller.userId) {
    throw new InvalidReference('reviewerId', 'Ask someone else to review it');
  }
  const { review, message } = await reviews.createReview(caller.orgId, transactionId, {
    requesterId: caller.userId,
    reviewerId: input.reviewerId,
    body: input.body,
  });
  const all = await people([review.requesterId, review.reviewerId]);
  await notify('REVIEW_REQUESTED', review.reviewerId, caller.userId, () =>
    reviewAskedNotice(caller.orgId, review, person(all, review.requesterId), input.body),
  );
  return { reviewRequest: reviewToApi(review, all), message: messageToApi(message, all) };
}

export async function listReviews(caller: Caller, transactionId: string) {
  const found = await reviews.listReviews(caller.orgId, transactionId);
  const all = await people(found.flatMap((r) => [r.requesterId, r.reviewerId]));
  return { reviewRequests: found.map((r) => reviewToApi(r, all)) };
}

export async function changeStatus(caller: Caller, reviewId: string, status: ReviewStatus) {
  const review = await reviews.getReview(caller.orgId, reviewId);
  if (review.reviewerId !== caller.userId) {
    throw new NotAllowed('Only the assigned reviewer can change this review request.', 'NOT_REVIEWER');
  }
  if (!mayMoveReview(review.status, status)) {
    throw new Conflict('REVIEW_STATE', `A review request that is ${review.status} cannot become ${status}.`);
  }
  const next = await reviews.changeReviewStatus(review, status);
  const all = await people([next.requesterId, next.reviewerId]);
  if (next.status === 'RESOLVED' || next.status === 'REJECTED') {
    await notify('REVIEW_CLOSED', next.requesterId, caller.userId, () =>
      reviewClosedNotice(caller.orgId, next, person(all, next.reviewerId)),
    );
  }
  return { reviewRequest: reviewToApi(next, all) };
}
