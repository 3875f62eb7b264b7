import { centsToString, formatCount, fromCents, MAX_ABS_CENTS, toCents } from '@rent/shared/core/money';
import type { AutoLinkReason } from '@rent/shared/core/rentMatching';
import { TRANSACTION_NAME_MAX, TRANSACTION_NOTES_MAX } from '@rent/shared/core/transactions';
import { ISO_DATE_PATTERN } from '@rent/shared/core/validation';
import type { ApiIssue } from '../../api/client';
import type { Transaction } from '../../api/transactions';
import { todayIso } from '../../lib/dates';

export type Direction = 'in' | 'out';

export interface TransactionFormValues {
  name: string;
  /** yyyy-mm-dd */
  date: string;
  /** The absolute amount as typed. */
  amount: string;
  direction: Direction;
  notes: string;
  /** '' = uncategorized */
  category: string;
  /** '' = no property */
  propertyId: string;
  /** The linked lease (docs/ledger.md "Lease links"); '' = none. */
  leaseId: string;
  /**
   * Who decided the lease: 'auto' (nobody, or the server's rule), 'manual' (a person, earlier), 'changed'
   * (picked in this form: the only case the body carries leaseId, so an untouched form never overrides).
   */
  leaseChoice: 'auto' | 'manual' | 'changed';
  /** Why the server linked the lease automatically (absent: the only lease, or not linked automatically). */
  leaseReason?: AutoLinkReason | null;
}

export type TransactionField = 'name' | 'date' | 'amount' | 'category' | 'propertyId' | 'leaseId' | 'notes';
export type TransactionFormErrors = Partial<Record<TransactionField, string>>;

export const TRANSACTION_FIELD_LABELS: Record<TransactionField, string> = {
  name: 'Name',
  date: 'Date',
  amount: 'Amount',
  category: 'Category',
  propertyId: 'Property',
  leaseId: 'Lease',
  notes: 'Notes',
};

/**
 * docs/product.md "Details tab": an existing amount of zero or more starts as Money In; a new transaction (amount 0)
 * too.
 */
export function toFormValues(transaction: Transaction | null | undefined): TransactionFormValues {
  if (!transaction) {
    return {
      name: '',
      date: todayIso(),
      amount: '',
      direction: 'in',
      notes: '',
      category: '',
      propertyId: '',
      leaseId: '',
      leaseChoice: 'auto',
    };
  }
  const cents = toCents(transaction.amount) ?? 0;
  return {
    name: transaction.name,
    date: transaction.date,
    amount: centsToString(Math.abs(cents)),
    direction: cents >= 0 ? 'in' : 'out',
    notes: transaction.notes ?? '',
    category: transaction.category ?? '',
    propertyId: transaction.propertyId ?? '',
    leaseId: transaction.leaseId ?? '',
    leaseChoice: transaction.leaseLinkSource === 'manual' ? 'manual' : 'auto',
    ...(transaction.leaseLinkReason && { leaseReason: transaction.leaseLinkReason }),
  };
}

export interface TransactionBody {
  name: string;
  date: string;
  amount: number;
  category: string | null;
  propertyId: string | null;
  notes: string | null;
  /** Only when the person picked a lease (or "No lease") in this form; income only. */
  leaseId?: string | null;
}

/**
 * Name, Date and Amount are required; the amount is sent as its absolute value with the
 * sign from the type toggle; blank notes and an empty property are sent as null.
 */
/** The largest amount the server takes, as the form says it: 1,000,000,000.00. */
const LARGEST_AMOUNT = `${formatCount(MAX_ABS_CENTS / 100)}.00`;

export function buildTransactionBody(values: TransactionFormValues): {
  body: TransactionBody | null;
  errors: TransactionFormErrors;
} {
  const errors: TransactionFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required.';
  else if (name.length > TRANSACTION_NAME_MAX) errors.name = `Use at most ${TRANSACTION_NAME_MAX} characters.`;

  if (!values.date.trim()) errors.date = 'Date is required.';
  else if (!ISO_DATE_PATTERN.test(values.date.trim())) errors.date = 'Enter a date as YYYY/MM/DD.';

  const typed = values.amount
    .trim()
    .replace(/[$,\s]/g, '')
    .replace(/^[+-]/, '');
  let cents: number | null = null;
  if (!typed) errors.amount = 'Amount is required.';
  else {
    cents = toCents(typed);
    if (cents === null) errors.amount = 'Enter an amount such as 1250 or 1250.50.';
    else if (cents > MAX_ABS_CENTS) errors.amount = `Enter an amount up to ${LARGEST_AMOUNT}.`;
  }

  const notes = values.notes.trim() ? values.notes : null;
  if (notes && notes.length > TRANSACTION_NOTES_MAX) errors.notes = `Use at most ${TRANSACTION_NOTES_MAX} characters.`;

  if (Object.keys(errors).length > 0 || cents === null) return { body: null, errors };
  const signed = values.direction === 'out' ? -cents : cents;
  return {
    body: {
      name,
      date: values.date.trim(),
      amount: fromCents(signed === 0 ? 0 : signed),
      category: values.category || null,
      propertyId: values.propertyId || null,
      notes,
      ...(values.leaseChoice === 'changed' &&
        values.direction === 'in' &&
        values.propertyId && { leaseId: values.leaseId || null }),
    },
    errors,
  };
}

/** Server field issues (path "name", "body.amount", ...) onto the form's fields; the rest as text. */
export function splitTransactionIssues(issues: ApiIssue[]): { fields: TransactionFormErrors; other: string[] } {
  const fields: TransactionFormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const key = issue.path.split('.').find((part) => part in TRANSACTION_FIELD_LABELS) as TransactionField | undefined;
    if (key && !fields[key]) fields[key] = issue.message;
    else if (!key) other.push(issue.message);
  }
  return { fields, other };
}
