import { type Cents, centsToString, formatCurrency, fromCents, MAX_ABS_CENTS, toCents } from '@rent/shared/core/money';
import {
  allocate,
  PERCENT_WHOLE,
  partProperties,
  SPLIT_MEMO_MAX,
  SPLIT_PARTS_MAX,
  SPLIT_PARTS_MIN,
  SPLIT_PROPERTIES_MAX,
  splitByPercent,
  splitEvenly,
  splitRemainder,
} from '@rent/shared/core/splits';
import type { ApiIssue } from '../../api/client';
import type { Transaction } from '../../api/transactions';
import type { TransactionFormValues } from './transactionForm';

/**
 * The split editor's model (docs/ledger.md "Split transactions"), pure so every sum can be tested: the parts as
 * typed, what they come to in cents, what is left to assign, and the body of PUT /split. All arithmetic is in
 * integer cents through the shared core (splitRemainder, splitEvenly, splitByPercent); no amount is ever a float sum.
 *
 * Amounts are typed in the transaction's own direction: a -$1,896.20 mortgage payment splits into "1625" and
 * "271.20", as the bill reads. A minus sign marks money the other way (a refund inside a bill), which is rare.
 */

/** By amount: each part's amount is typed. By percentage: each part's share is typed, the amounts follow. */
export type SplitMode = 'amount' | 'percent';

export interface SplitPartDraft {
  /** A stable React key: parts are added and removed in the middle. */
  key: number;
  /** As typed, in the transaction's direction ("1625.00"; "-20" is money the other way). */
  amount: string;
  /** As typed in percentage mode ("33.33"). */
  percent: string;
  /** '' = uncategorized */
  category: string;
  /** '' = no property */
  propertyId: string;
  /** A saved part's lease, kept while its category and property stay (the server checks it still fits). */
  leaseId: string | null;
  memo: string;
}

export interface SplitDraft {
  /** The transaction's amount: what the parts must add up to. */
  totalCents: Cents;
  mode: SplitMode;
  parts: SplitPartDraft[];
  nextKey: number;
}

export interface SplitPartErrors {
  amount?: string;
  percent?: string;
  memo?: string;
  category?: string;
  propertyId?: string;
  leaseId?: string;
}

/** +1 for money in (and zero), -1 for money out: typed amounts are read in this direction. */
export const directionOf = (cents: Cents) => (cents < 0 ? -1 : 1);

const emptyPart = (key: number, fields: Partial<SplitPartDraft> = {}): SplitPartDraft => ({
  key,
  amount: '',
  percent: '',
  category: '',
  propertyId: '',
  leaseId: null,
  memo: '',
  ...fields,
});

/** Cents as the person types them: in the transaction's direction, "1625.00" or "-20.00". */
export const typedAmount = (cents: Cents, total: Cents) => centsToString(cents * directionOf(total) || 0);

/** Hundredths of a percent as typed: "50", "33.34". */
export const typedPercent = (hundredths: number) =>
  hundredths % 100 === 0 ? String(hundredths / 100) : centsToString(hundredths);

/** A typed amount in cents, signed as the transaction, or null when it is not an amount. */
export function parsePartAmount(text: string, total: Cents): Cents | null {
  const typed = text.trim().replace(/[$,\s]/g, '');
  const negative = typed.startsWith('-');
  const cents = toCents(typed.replace(/^[+-]/, ''));
  if (cents === null || cents > MAX_ABS_CENTS) return null;
  const signed = (negative ? -cents : cents) * directionOf(total);
  return signed === 0 ? 0 : signed;
}

/** A typed percentage in hundredths (33.33% = 3333), from 0 to 100%, or null. */
export function parsePercent(text: string): number | null {
  const hundredths = toCents(text.trim().replace(/%$/, '').trim());
  return hundredths !== null && hundredths >= 0 && hundredths <= PERCENT_WHOLE ? hundredths : null;
}

/** The form's amount as signed cents (null while it is not an amount): a split shares out the saved amount only. */
export function typedFormCents(values: Pick<TransactionFormValues, 'amount' | 'direction'>): Cents | null {
  const cents = toCents(
    values.amount
      .trim()
      .replace(/[$,\s]/g, '')
      .replace(/^[+-]/, ''),
  );
  if (cents === null) return null;
  return values.direction === 'out' && cents !== 0 ? -cents : cents;
}

/**
 * A split to edit: a split transaction's own parts, or a new split of two parts, the first holding the current
 * category, property and lease with the whole amount, the second empty.
 */
export function startSplit(transaction: Pick<Transaction, 'amount' | 'category' | 'propertyId' | 'leaseId' | 'parts'>) {
  const totalCents = toCents(transaction.amount) ?? 0;
  const saved = transaction.parts;
  const parts: SplitPartDraft[] = saved
    ? saved.map((part, i) =>
        emptyPart(i, {
          amount: typedAmount(toCents(part.amount) ?? 0, totalCents),
          category: part.category ?? '',
          propertyId: part.propertyId ?? '',
          leaseId: part.leaseId,
          memo: part.memo ?? '',
        }),
      )
    : [
        emptyPart(0, {
          amount: typedAmount(totalCents, totalCents),
          category: transaction.category ?? '',
          propertyId: transaction.propertyId ?? '',
          leaseId: transaction.leaseId,
        }),
        emptyPart(1),
      ];
  const draft: SplitDraft = { totalCents, mode: 'amount', parts, nextKey: parts.length };
  return draft;
}

/** Each part's amount in cents (null where it cannot be read): typed, or in percentage mode from the shares. */
export function partAmounts(draft: SplitDraft): (Cents | null)[] {
  if (draft.mode === 'amount') return draft.parts.map((part) => parsePartAmount(part.amount, draft.totalCents));
  const shares = draft.parts.map((part) => parsePercent(part.percent));
  // An unreadable share counts as 0%, so the others still show their amounts.
  const amounts = splitByPercent(
    draft.totalCents,
    shares.map((share) => share ?? 0),
  );
  return amounts.map((cents, i) => (shares[i] === null ? null : cents));
}

/** What is left to assign (signed as the transaction; 0 when the parts add up), unreadable parts counting as 0. */
export function remainingCents(draft: SplitDraft): Cents {
  return splitRemainder(
    draft.totalCents,
    partAmounts(draft).map((amount) => ({ amount: amount ?? 0 })),
  );
}

/** The remaining line as the editor shows it. */
export function remainingText(draft: SplitDraft): string {
  const remaining = remainingCents(draft);
  const over = remaining !== 0 && directionOf(remaining) !== directionOf(draft.totalCents);
  const text = `Remaining to assign: ${formatCurrency(remaining * directionOf(draft.totalCents) || 0, 2)}`;
  return over ? `${text} (${formatCurrency(Math.abs(remaining), 2)} too much)` : text;
}

/** The sum of the percentages typed, in hundredths (unreadable ones count as 0). */
export const percentTotal = (draft: SplitDraft) =>
  draft.parts.reduce((sum, part) => sum + (parsePercent(part.percent) ?? 0), 0);

/** What each part's fields say is wrong; an empty field says nothing (Save is disabled and says why). */
export function partErrors(draft: SplitDraft): SplitPartErrors[] {
  return draft.parts.map((part) => {
    const errors: SplitPartErrors = {};
    if (draft.mode === 'amount' && part.amount.trim() && parsePartAmount(part.amount, draft.totalCents) === null)
      errors.amount = 'Enter an amount such as 1250 or 1250.50.';
    if (draft.mode === 'percent' && part.percent.trim() && parsePercent(part.percent) === null)
      errors.percent = 'Enter a percentage from 0 to 100, such as 25 or 33.33.';
    if (part.memo.trim().length > SPLIT_MEMO_MAX) errors.memo = `Use at most ${SPLIT_MEMO_MAX} characters.`;
    return errors;
  });
}

const TOO_MANY_PROPERTIES = `A split can spread over at most ${SPLIT_PROPERTIES_MAX} properties (no property counts as one).`;

/** Why the split cannot be saved yet, or null when it can. */
export function saveBlockedReason(draft: SplitDraft): string | null {
  const { parts } = draft;
  if (parts.length < SPLIT_PARTS_MIN) return `A split has at least ${SPLIT_PARTS_MIN} parts.`;
  if (parts.length > SPLIT_PARTS_MAX) return `A split has at most ${SPLIT_PARTS_MAX} parts.`;
  const amounts = partAmounts(draft);
  const unread = amounts.indexOf(null);
  if (unread >= 0)
    return draft.mode === 'amount'
      ? `Enter the amount of part ${unread + 1}.`
      : `Enter the percentage of part ${unread + 1}.`;
  if (partErrors(draft).some((errors) => Object.keys(errors).length > 0)) return 'Fix the highlighted fields.';
  if (partProperties(parts.map((part) => ({ propertyId: part.propertyId || null }))).length > SPLIT_PROPERTIES_MAX)
    return TOO_MANY_PROPERTIES;
  if (remainingCents(draft) !== 0) return 'Assign the whole amount: the remaining must be $0.00.';
  return null;
}

export interface SplitPartBody {
  amount: number;
  category: string | null;
  propertyId: string | null;
  leaseId?: string | null;
  memo: string | null;
}

/** The parts of PUT /split, or null while the split cannot be saved. */
export function buildSplitParts(draft: SplitDraft): SplitPartBody[] | null {
  if (saveBlockedReason(draft) !== null) return null;
  const amounts = partAmounts(draft);
  return draft.parts.map((part, i) => ({
    amount: fromCents(amounts[i] ?? 0),
    category: part.category || null,
    propertyId: part.propertyId || null,
    ...(part.leaseId && { leaseId: part.leaseId }),
    memo: part.memo.trim() || null,
  }));
}

export type SplitAction =
  | { type: 'set'; index: number; field: 'amount' | 'percent' | 'category' | 'propertyId' | 'memo'; value: string }
  | { type: 'add' }
  | { type: 'remove'; index: number }
  | { type: 'mode'; mode: SplitMode }
  | { type: 'evenly' }
  | { type: 'total'; totalCents: Cents };

/**
 * Percentages matching the amounts typed, when they all go the transaction's way and do not exceed it (else null:
 * the percentages stay as they were). A part without an amount gets no percentage.
 */
function percentsFromAmounts(draft: SplitDraft): string[] | null {
  const direction = directionOf(draft.totalCents);
  const whole = Math.abs(draft.totalCents);
  const amounts = partAmounts(draft);
  if (whole === 0 || amounts.some((amount) => amount !== null && amount !== 0 && directionOf(amount) !== direction))
    return null;
  const weights = amounts.map((amount) => Math.abs(amount ?? 0));
  if (weights.reduce((a, b) => a + b, 0) > whole) return null;
  // Largest remainder: amounts that add up to the transaction give shares that add up to exactly 100%.
  const shares = allocate(PERCENT_WHOLE, weights, whole);
  return shares.map((share, i) => (amounts[i] === null ? '' : typedPercent(share)));
}

export function splitReducer(draft: SplitDraft, action: SplitAction): SplitDraft {
  switch (action.type) {
    case 'set': {
      const parts = draft.parts.map((part, i) => {
        if (i !== action.index) return part;
        const next = { ...part, [action.field]: action.value };
        // A lease belongs to a property and to rent: another property or category forgets it.
        if ((action.field === 'propertyId' || action.field === 'category') && action.value !== part[action.field])
          next.leaseId = null;
        return next;
      });
      return { ...draft, parts };
    }
    case 'add':
      if (draft.parts.length >= SPLIT_PARTS_MAX) return draft;
      return { ...draft, parts: [...draft.parts, emptyPart(draft.nextKey)], nextKey: draft.nextKey + 1 };
    case 'remove':
      if (draft.parts.length <= SPLIT_PARTS_MIN) return draft;
      return { ...draft, parts: draft.parts.filter((_, i) => i !== action.index) };
    case 'mode': {
      if (action.mode === draft.mode) return draft;
      if (action.mode === 'percent') {
        const percents = percentsFromAmounts(draft);
        return {
          ...draft,
          mode: 'percent',
          parts: percents ? draft.parts.map((part, i) => ({ ...part, percent: percents[i] ?? '' })) : draft.parts,
        };
      }
      // Back to amounts: each part keeps the amount its share came to.
      const amounts = partAmounts(draft);
      return {
        ...draft,
        mode: 'amount',
        parts: draft.parts.map((part, i) => {
          const cents = amounts[i];
          return cents === null || cents === undefined
            ? part
            : { ...part, amount: typedAmount(cents, draft.totalCents) };
        }),
      };
    }
    case 'evenly': {
      const n = draft.parts.length;
      const amounts = splitEvenly(draft.totalCents, n);
      const percents = splitEvenly(PERCENT_WHOLE, n);
      return {
        ...draft,
        parts: draft.parts.map((part, i) => ({
          ...part,
          amount: typedAmount(amounts[i] ?? 0, draft.totalCents),
          percent: typedPercent(percents[i] ?? 0),
        })),
      };
    }
    case 'total':
      return { ...draft, totalCents: action.totalCents };
  }
}

export interface SplitServerErrors {
  form: string | null;
  parts: Record<number, SplitPartErrors>;
}

/** A 400's issues: "parts.2.leaseId" onto part 3's lease, anything else ("parts", the difference) as the form's. */
export function splitIssues(issues: readonly ApiIssue[], message: string): SplitServerErrors {
  const parts: Record<number, SplitPartErrors> = {};
  const other: string[] = [];
  for (const issue of issues) {
    const match = /(?:^|\.)parts\.(\d+)\.(amount|category|propertyId|leaseId|memo)$/.exec(issue.path);
    if (match) {
      const index = Number(match[1]);
      const field = match[2] as keyof SplitPartErrors;
      parts[index] = { ...parts[index], [field]: issue.message };
    } else other.push(issue.message);
  }
  const form = other.length > 0 ? [...new Set(other)].join(' ') : Object.keys(parts).length > 0 ? null : message;
  return { form, parts };
}
