import { isOpenReview, REVIEW_TEXTS } from '@rent/shared/core/reviews';
import { useMemo, useState } from 'react';
import { type AuditEntry, useTransactionActivity } from '../../api/activity';
import { errorMessage } from '../../api/client';
import { useMembers } from '../../api/members';
import { useProperties } from '../../api/properties';
import {
  type ReviewRequest,
  type TransactionMessage,
  usePostMessage,
  useRequestReview,
  useReviews,
  useUpdateReview,
} from '../../api/reviews';
import type { Transaction } from '../../api/transactions';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';

/**
 * One line of the Activity timeline (docs/product.md "Messages tab"): a message, a review request, or a step of one.
 */
export type ActivityEntry =
  | { kind: 'message'; at: string; key: string; message: TransactionMessage }
  | { kind: 'request'; at: string; key: string; review: ReviewRequest }
  | { kind: 'accepted' | 'closed'; at: string; key: string; review: ReviewRequest }
  | { kind: 'audit'; at: string; key: string; audit: AuditEntry };

type Named = { id: string; name: string | null; email: string | null };

/**
 * docs/product.md "How people are named": the reader is "You" (a sentence's subject, or a message's author); anyone
 * else by name, then email, then "Unknown".
 */
export function authorLabel(person: Named, me?: string) {
  if (me && person.id === me) return 'You';
  return person.name || person.email || 'Unknown';
}

/** The same inside a sentence, after its verb: "asked you to review". */
export function objectLabel(person: Named, me?: string) {
  return me && person.id === me ? 'you' : authorLabel(person, me);
}

/** Messages, the requests' steps and the audit entries in time order; a request comes before its opening message. */
export function timeline(
  reviews: ReviewRequest[],
  messages: TransactionMessage[],
  audits: AuditEntry[] = [],
): ActivityEntry[] {
  const order = { audit: 0, request: 1, accepted: 2, closed: 3, message: 4 } as const;
  const entries: ActivityEntry[] = messages.map((message) => ({
    kind: 'message',
    at: message.createdAt,
    key: `m${message.id}`,
    message,
  }));
  for (const review of reviews) {
    entries.push({ kind: 'request', at: review.createdAt, key: `r${review.id}`, review });
    if (review.acceptedAt) entries.push({ kind: 'accepted', at: review.acceptedAt, key: `a${review.id}`, review });
    if (review.resolvedAt) entries.push({ kind: 'closed', at: review.resolvedAt, key: `c${review.id}`, review });
  }
  for (const audit of audits) entries.push({ kind: 'audit', at: audit.at, key: `e${audit.id}${audit.at}`, audit });
  return entries.sort((a, b) => a.at.localeCompare(b.at) || order[a.kind] - order[b.kind]);
}

/** Asking for a review has its own message: the server's reason follows. */
export const REQUEST_FAILED = 'Failed to request review';

const SUCCESS = { ACCEPTED: REVIEW_TEXTS.accepted, REJECTED: REVIEW_TEXTS.declined, RESOLVED: REVIEW_TEXTS.resolved };

/**
 * The Messages tab's data and actions (docs/product.md "Messages tab"). The Activity (requests, messages and audit
 * entries, one request) loads when the tab is shown: every saved transaction has history now, its audit trail; its open
 * requests are read as soon as it has any, for the badge.
 */
export function useActivity(transaction: Transaction | null, shown: boolean) {
  const me = useSession().data?.userId;
  const id = transaction?.id ?? '';
  const hasOpen = !!transaction?.hasOpenReviewRequests;
  const hasActivity = !!transaction;
  const reviews = useReviews(id, !!transaction && hasOpen && !shown);
  const all = useTransactionActivity(id, !!transaction && shown);
  const members = useMembers({ enabled: !!transaction && shown });
  const properties = useProperties({ enabled: !!transaction && shown });
  const post = usePostMessage(id);
  const request = useRequestReview(id);
  const update = useUpdateReview(id);
  const [body, setBody] = useState('');
  const [reviewerId, setReviewerId] = useState<string | null>(null);
  const [reviewNote, setReviewNote] = useState('');

  const requests = all.data?.reviewRequests ?? reviews.data ?? [];
  const openCount = requests.filter((r) => isOpenReview(r.status)).length;
  const entries = useMemo(
    () => timeline(all.data?.reviewRequests ?? [], all.data?.messages ?? [], all.data?.auditEntries ?? []),
    [all.data],
  );
  const propertyNames = useMemo(
    () => new Map((properties.data ?? []).map((p) => [p.id, p.address])),
    [properties.data],
  );
  const reviewers = (members.data ?? []).filter((m) => m.role !== 'TENANT' && m.userId !== me);

  /** A reply goes with the newest open request the caller is part of, if any. */
  const replyTo =
    [...requests].reverse().find((r) => isOpenReview(r.status) && (r.reviewerId === me || r.requesterId === me))?.id ??
    null;

  const send = async () => {
    const text = body.trim();
    if (!text || post.isPending) return;
    try {
      await post.mutateAsync({ body: text, reviewRequestId: replyTo });
      setBody('');
    } catch {
      toast.error(REVIEW_TEXTS.postFailed, { description: REVIEW_TEXTS.postFailedDetail });
    }
  };

  const askForReview = async () => {
    const text = reviewNote.trim();
    if (!reviewerId || !text || request.isPending) return;
    try {
      await request.mutateAsync({ reviewerId, body: text });
      setReviewNote('');
      setReviewerId(null);
    } catch (error) {
      toast.error(REQUEST_FAILED, { description: errorMessage(error, REVIEW_TEXTS.postFailedDetail) });
    }
  };

  const changeStatus = async (review: ReviewRequest, status: 'ACCEPTED' | 'REJECTED' | 'RESOLVED') => {
    try {
      await update.mutateAsync({ id: review.id, status });
      toast.success('Success', { description: SUCCESS[status], duration: 3000 });
    } catch {
      toast.error(REVIEW_TEXTS.updateFailed, { description: REVIEW_TEXTS.updateFailedDetail });
    }
  };

  return {
    me,
    hasActivity,
    openCount,
    entries,
    loading: hasActivity && all.isPending,
    failed: all.isError,
    propertyName: (propertyId: string) => propertyNames.get(propertyId),
    retry: () => void all.refetch(),
    body,
    setBody,
    send,
    sending: post.isPending,
    reviewers,
    reviewersLoading: members.isPending,
    reviewerId,
    setReviewerId,
    reviewNote,
    setReviewNote,
    askForReview,
    asking: request.isPending,
    changeStatus,
    updating: update.isPending ? update.variables?.id : undefined,
  };
}

export type Activity = ReturnType<typeof useActivity>;
