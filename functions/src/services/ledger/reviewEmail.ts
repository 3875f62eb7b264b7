import { formatCurrency, type Person } from '@rent/shared';
import { getTransaction } from '../../data/ledger/read.js';
import type { ReviewRecord } from '../../data/ledger/reviews.js';
import type { Notice } from '../people/notifications.js';

/** Review notifications link the transaction's flyout (the ledger opens it from ?transaction=<id>). */
const transactionPath = (id: string) => `/transactions?transaction=${encodeURIComponent(id)}`;
const nameOf = (p: Person) => p.name || p.email || 'Someone';

/** What a review email says about its transaction: the name it has in the ledger, its date and amount (cents). */
export interface ReviewedTransaction {
  id: string;
  name: string;
  date: string;
  amount: number;
}

// Money as the product shows it everywhere a person reads it (with cents: a reviewer checks the exact figure).
const describe = (t: ReviewedTransaction) => `"${t.name}" (${t.date}, ${formatCurrency(t.amount, 2)})`;

/** To the reviewer: someone asked them to review a transaction, and what to check. The subject names it. */
export function reviewAskedText(t: ReviewedTransaction, requester: Person, body: string): Notice {
  return {
    subject: `${nameOf(requester)} asked you to review "${t.name}"`,
    heading: 'A transaction is waiting on your review',
    lines: [`${nameOf(requester)} asked you to review ${describe(t)}.`, `What to check: ${body}`],
    path: transactionPath(t.id),
    linkLabel: 'Open the transaction',
  };
}

/** To the requester: their review was resolved or declined by the reviewer. The subject names the transaction. */
export function reviewClosedText(t: ReviewedTransaction, status: ReviewRecord['status'], reviewer: Person): Notice {
  const verb = status === 'RESOLVED' ? 'resolved' : 'declined';
  return {
    subject: `${nameOf(reviewer)} ${verb} your review request for "${t.name}"`,
    heading: `Review request ${verb}`,
    lines: [`${nameOf(reviewer)} ${verb} your request to review ${describe(t)}.`],
    path: transactionPath(t.id),
    linkLabel: 'Open the transaction',
  };
}

export async function reviewAskedNotice(
  orgId: string,
  review: ReviewRecord,
  requester: Person,
  body: string,
): Promise<Notice> {
  return reviewAskedText(await getTransaction(orgId, review.transactionId), requester, body);
}

export async function reviewClosedNotice(orgId: string, review: ReviewRecord, reviewer: Person): Promise<Notice> {
  return reviewClosedText(await getTransaction(orgId, review.transactionId), review.status, reviewer);
}
