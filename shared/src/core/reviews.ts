/**
 * Review requests (docs/ledger.md "Review requests and messages"). Zod-free: the flyout,
 * the server's transition check and the flag computation all read these.
 */
export const REVIEW_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'RESOLVED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The labels (docs/product.md "Review requests"). */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'In review',
  REJECTED: 'Declined',
  RESOLVED: 'Resolved',
};

/** Open = waiting on the reviewer (PENDING and ACCEPTED). REJECTED and RESOLVED are final. */
export const isOpenReview = (status: ReviewStatus): boolean => status === 'PENDING' || status === 'ACCEPTED';

/** The transitions only the assigned reviewer may make; RESOLVED and REJECTED are final. */
export const REVIEW_TRANSITIONS: Record<ReviewStatus, readonly ReviewStatus[]> = {
  PENDING: ['ACCEPTED', 'REJECTED', 'RESOLVED'],
  ACCEPTED: ['RESOLVED', 'REJECTED'],
  REJECTED: [],
  RESOLVED: [],
};

export const mayMoveReview = (from: ReviewStatus, to: ReviewStatus): boolean => REVIEW_TRANSITIONS[from].includes(to);

/** The longest message body the server keeps. */
export const MESSAGE_BODY_MAX = 4000;

/** The transaction flags that follow its review requests and messages. */
export interface ReviewFlags {
  hasOpenReviewRequests: boolean;
  hasReviewHistory: boolean;
  /** null: no request has been made, so the flag stays as it was. */
  isReviewed: boolean | null;
}

/** How many requests of a transaction are in each state, and how many messages it has. */
export interface ActivityCounts {
  open: number;
  resolved: number;
  declined: number;
  messages: number;
}

export function activityCounts(statuses: readonly ReviewStatus[], messages: number): ActivityCounts {
  return {
    open: statuses.filter(isOpenReview).length,
    resolved: statuses.filter((s) => s === 'RESOLVED').length,
    declined: statuses.filter((s) => s === 'REJECTED').length,
    messages,
  };
}

/**
 * Open requests -> open flag and not reviewed; only resolved ones (none open) -> reviewed. History = a closed
 * request (resolved or declined) or any message, a request's opening message included: the Messages tab, which
 * loads only "if the transaction has open requests or history", then loads whenever there is anything
 * to show (docs/ledger.md "Review requests and messages").
 */
export function reviewFlags(c: ActivityCounts): ReviewFlags {
  const requests = c.open + c.resolved + c.declined;
  return {
    hasOpenReviewRequests: c.open > 0,
    hasReviewHistory: c.resolved + c.declined > 0 || c.messages > 0,
    isReviewed: requests === 0 ? null : c.open === 0 && c.resolved > 0,
  };
}

/** The Messages tab's texts (docs/product.md "Error messages"). */
export const REVIEW_TEXTS = {
  loadActivityFailed: 'Failed to load review activity',
  loadActivityFailedDetail: 'Unable to load review activity.',
  loadMessagesFailed: 'Failed to load messages',
  loadMessagesFailedDetail: 'Unable to load messages',
  updateFailed: 'Failed to update review request',
  updateFailedDetail: 'Unable to update review request',
  postFailed: 'Failed to post message.',
  postFailedDetail: 'Unable to send message.',
  accepted: 'Review request accepted.',
  declined: 'Review request declined.',
  resolved: 'Review marked as resolved.',
  waiting: 'Waiting on reviewer',
} as const;
