import { centsToString, type Person } from '@rent/shared';
import { getTransaction } from '../../data/ledger/read.js';
import type { ReviewRecord } from '../../data/ledger/reviews.js';
import type { Notice } from '../people/notifications.js';

/** Review notifications link the transaction's flyout (the ledger opens it from ?transaction=<id>). */
const transactionPath = (id: string) => `/transactions?transaction=${encodeURIComponent(id)}`;
const nameOf = (p: Person) => p.name || p.email || 'Someone';

async function describe(orgId: string, transactionId: string) {
  const t = await getTransaction(orgId, transactionId);
  return `"${t.name}" (${t.date}, ${centsToString(t.amount)})`;
}

/** To the reviewer: someone asked them to review a transaction, and what to check. */
export async function reviewAskedNotice(
  orgId: string,
  review: ReviewRecord,
  requester: Person,
  body: string,
): Promise<Notice> {
  const what = await describe(orgId, review.transactionId);
  return {
    subject: `${nameOf(requester)} asked you to review a transaction`,
    heading: 'A transaction is waiting on your review',
    lines: [`${nameOf(requester)} asked you to review ${what}.`, `What to check: ${body}`],
    path: transactionPath(review.transactionId),
    linkLabel: 'Open the transaction',
  };
}

/** To the requester: their review was resolved or declined by the reviewer. */
export async function reviewClosedNotice(orgId: string, review: ReviewRecord, reviewer: Person): Promise<Notice> {
  const what = await describe(orgId, review.transactionId);
  const verb = review.status === 'RESOLVED' ? 'resolved' : 'declined';
  return {
    subject: `${nameOf(reviewer)} ${verb} your review request`,
    heading: `Review request ${verb}`,
    lines: [`${nameOf(reviewer)} ${verb} your request to review ${what}.`],
    path: transactionPath(review.transactionId),
    linkLabel: 'Open the transaction',
  };
}
