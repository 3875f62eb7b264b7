import {
  activityCounts,
  isOpenReview,
  MESSAGE_BODY_MAX,
  MessageInput,
  mayMoveReview,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  reviewFlags,
} from '@rent/shared';
import { parseTransactionFilters } from '@rent/shared/core/filters';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';
import { authorLabel, objectLabel, timeline } from '../../web/src/features/transaction-flyout/use-activity';

describe('review keys (docs/ledger.md "Review requests and messages")', () => {
  it('keeps requests and messages in the transaction’s own partition; the pointer and Waiting on me apart', () => {
    expect(keys.activity('o1', 't1')).toEqual({ PK: 'ORG#o1#TXACT#t1' });
    expect(keys.reviewRequest('o1', 't1', '2026-01-01T00:00:00.000Z', 'r1')).toEqual({
      PK: 'ORG#o1#TXACT#t1',
      SK: 'REV#2026-01-01T00:00:00.000Z#r1',
    });
    expect(keys.message('o1', 't1', '2026-01-01T00:00:00.000Z', 'm1')).toEqual({
      PK: 'ORG#o1#TXACT#t1',
      SK: 'MSG#2026-01-01T00:00:00.000Z#m1',
    });
    expect(keys.reviewPointer('o1', 'r1')).toEqual({ PK: 'ORG#o1', SK: 'REVIEW#r1' });
    expect(keys.waitingOn('o1', 'u1', '2026-01-01T00:00:00.000Z', 'r1')).toEqual({
      GSI1PK: 'ORG#o1#WAITING#u1',
      GSI1SK: '2026-01-01T00:00:00.000Z#r1',
    });
    expect(keys.waitingOnUser('o1', 'u1')).toEqual({ GSI1PK: 'ORG#o1#WAITING#u1' });
  });
});

describe('review states', () => {
  it('labels each status and counts PENDING and ACCEPTED as open', () => {
    expect(REVIEW_STATUS_LABELS).toEqual({
      PENDING: 'Pending',
      ACCEPTED: 'In review',
      REJECTED: 'Declined',
      RESOLVED: 'Resolved',
    });
    expect(REVIEW_STATUSES.filter(isOpenReview)).toEqual(['PENDING', 'ACCEPTED']);
  });

  it('allows PENDING -> ACCEPTED|REJECTED|RESOLVED, ACCEPTED -> RESOLVED|REJECTED, nothing from a final state', () => {
    const allowed = REVIEW_STATUSES.flatMap((from) =>
      REVIEW_STATUSES.filter((to) => mayMoveReview(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'PENDING->ACCEPTED',
        'PENDING->REJECTED',
        'PENDING->RESOLVED',
        'ACCEPTED->RESOLVED',
        'ACCEPTED->REJECTED',
      ].sort(),
    );
  });

  it('computes the transaction flags from its requests and messages', () => {
    const flags = (statuses: (typeof REVIEW_STATUSES)[number][], messages = statuses.length) =>
      reviewFlags(activityCounts(statuses, messages));
    expect(flags([])).toEqual({ hasOpenReviewRequests: false, hasReviewHistory: false, isReviewed: null });
    expect(flags([], 1)).toEqual({ hasOpenReviewRequests: false, hasReviewHistory: true, isReviewed: null });
    expect(flags(['PENDING'], 0)).toEqual({ hasOpenReviewRequests: true, hasReviewHistory: false, isReviewed: false });
    expect(flags(['RESOLVED', 'ACCEPTED'])).toMatchObject({ hasOpenReviewRequests: true, isReviewed: false });
    expect(flags(['RESOLVED', 'REJECTED'])).toEqual({
      hasOpenReviewRequests: false,
      hasReviewHistory: true,
      isReviewed: true,
    });
    expect(flags(['REJECTED'])).toMatchObject({ hasOpenReviewRequests: false, isReviewed: false });
  });
});

describe('messages', () => {
  it('trims the body, refuses an empty one and one over the maximum', () => {
    expect(MessageInput.parse({ body: '  hi  ' })).toEqual({ body: 'hi', reviewRequestId: null });
    for (const body of ['', '   ', 'x'.repeat(MESSAGE_BODY_MAX + 1)]) {
      expect(MessageInput.safeParse({ body }).success).toBe(false);
    }
    expect(MessageInput.safeParse({ body: 'x'.repeat(MESSAGE_BODY_MAX) }).success).toBe(true);
  });

  it('shows the current user as "You" ("you" after a verb), else the name, the email, "Unknown"', () => {
    expect(authorLabel({ id: 'u1', name: 'Lena', email: 'l@x' }, 'u1')).toBe('You');
    expect(objectLabel({ id: 'u1', name: 'Lena', email: 'l@x' }, 'u1')).toBe('you');
    expect(objectLabel({ id: 'u2', name: 'Pat', email: 'p@x' }, 'u1')).toBe('Pat');
    expect(authorLabel({ id: 'u2', name: 'Pat', email: 'p@x' }, 'u1')).toBe('Pat');
    expect(authorLabel({ id: 'u2', name: null, email: 'p@x' }, 'u1')).toBe('p@x');
    expect(authorLabel({ id: 'u2', name: null, email: null }, 'u1')).toBe('Unknown');
  });

  it('puts messages, requests and their steps on one timeline in time order', () => {
    const person = { id: 'u', name: 'U', email: 'u@x' };
    const review = {
      id: 'r1',
      transactionId: 't',
      organizationId: 'o',
      requesterId: 'u',
      reviewerId: 'v',
      status: 'RESOLVED' as const,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T12:00:00.000Z',
      acceptedAt: '2026-01-01T11:00:00.000Z',
      resolvedAt: '2026-01-01T12:00:00.000Z',
      requester: person,
      reviewer: person,
      version: 3,
    };
    const message = (id: string, at: string) => ({
      id,
      transactionId: 't',
      organizationId: 'o',
      authorId: 'u',
      reviewRequestId: null,
      body: id,
      createdAt: at,
      updatedAt: at,
      author: person,
    });
    const entries = timeline(
      [review],
      [message('opening', review.createdAt), message('reply', '2026-01-01T11:30:00.000Z')],
    );
    expect(entries.map((e) => e.key)).toEqual(['rr1', 'mopening', 'ar1', 'mreply', 'cr1']);
  });
});

describe('the Waiting on me filter', () => {
  it('is read from a URL only as true', () => {
    expect(parseTransactionFilters(new URLSearchParams('waitingOnMe=true'))).toEqual({ waitingOnMe: 'true' });
    expect(parseTransactionFilters(new URLSearchParams('waitingOnMe=false'))).toEqual({});
  });
});
