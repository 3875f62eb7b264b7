import { isOpenReview, REVIEW_TEXTS } from '@rent/shared/core/reviews';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useMembers } from '../../api/members';
import {
  type ReviewRequest,
  type TransactionMessage,
  useMessages,
  usePostMessage,
  useRequestReview,
  useReviews,
  useUpdateReview,
} from '../../api/reviews';
import type { Transaction } from '../../api/transactions';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';

/** One line of the Activity timeline (SPEC §2): a message, a review request, or a step of one. */
export type ActivityEntry =
  | { kind: 'message'; at: string; key: string; message: TransactionMessage }
  | { kind: 'request'; at: string; key: string; review: ReviewRequest }
  | { kind: 'accepted' | 'closed'; at: string; key: string; review: ReviewRequest };

/** SPEC §6: the current user is "Me"; anyone else by name, then email, then "Unknown". */
export function authorLabel(person: { id: string; name: string | null; email: string | null }, me?: string) {
  if (me && person.id === me) return 'Me';
  return person.name || person.email || 'Unknown';
}

/** Messages and the requests' steps in time order; a request comes before its opening message. */
export function timeline(reviews: ReviewRequest[], messages: TransactionMessage[]): ActivityEntry[] {
  const order = { request: 0, accepted: 1, closed: 2, message: 3 } as const;
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
  return entries.sort((a, b) => a.at.localeCompare(b.at) || order[a.kind] - order[b.kind]);
}

/** Not in SPEC §8 (asking is this product's own call): the server's reason follows. */
export const REQUEST_FAILED = 'Failed to request review';

const SUCCESS = { ACCEPTED: REVIEW_TEXTS.accepted, REJECTED: REVIEW_TEXTS.declined, RESOLVED: REVIEW_TEXTS.resolved };

/**
 * The Messages tab's data and actions (SPEC §2, §4, §8). The Activity loads when the tab is shown, and only if
 * the transaction has open requests or history; its open requests are read as soon as it has any, for the badge.
 */
export function useActivity(transaction: Transaction | null, shown: boolean) {
  const me = useSession().data?.userId;
  const id = transaction?.id ?? '';
  const hasOpen = !!transaction?.hasOpenReviewRequests;
  const hasActivity = hasOpen || !!transaction?.hasReviewHistory;
  const reviews = useReviews(id, !!transaction && (hasOpen || (shown && hasActivity)));
  const messages = useMessages(id, !!transaction && shown && hasActivity);
  const members = useMembers({ enabled: !!transaction && shown });
  const post = usePostMessage(id);
  const request = useRequestReview(id);
  const update = useUpdateReview(id);
  const [body, setBody] = useState('');
  const [reviewerId, setReviewerId] = useState<string | null>(null);
  const [reviewNote, setReviewNote] = useState('');

  const requests = reviews.data ?? [];
  const openCount = requests.filter((r) => isOpenReview(r.status)).length;
  const entries = useMemo(() => timeline(reviews.data ?? [], messages.data ?? []), [reviews.data, messages.data]);
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
    loading: hasActivity && (reviews.isPending || messages.isPending),
    reviewsFailed: reviews.isError,
    messagesFailed: messages.isError,
    retry: () => {
      void reviews.refetch();
      void messages.refetch();
    },
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
