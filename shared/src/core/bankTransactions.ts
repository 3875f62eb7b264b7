import type { Category } from './categories.js';
import type { Cents } from './money.js';

/**
 * The ONE place a bank (Plaid) transaction becomes ours. Plaid's amounts are outflow-positive
 * decimals; ours are integer cents with negative = money out, so the sign flips here and nowhere
 * else. No floating-point arithmetic touches an amount: the JSON number is read back as its shortest
 * decimal text and parsed digit by digit.
 *
 * Amounts with more than two decimal places (Plaid documents two for USD; a float artefact such as
 * 0.30000000000000004 or an odd feed's 12.345) are rounded half away from zero to the cent, the way
 * the bank posts them: refusing one would stall the whole sync on a single row.
 */

/** The fields of a Plaid `Transaction` (plaid/plaid-openapi) the normalizer reads. */
export interface PlaidTransactionLike {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  name?: string | null;
  merchant_name?: string | null;
  pending: boolean;
  pending_transaction_id?: string | null;
  personal_finance_category?: { primary: string; detailed: string; confidence_level?: string | null } | null;
}

/** A bank transaction in our terms, before it meets the ledger. */
export interface BankTransaction {
  externalId: string;
  plaidTransactionId: string;
  pendingTransactionId: string | null;
  /** Plaid's account_id, and our BankAccount id for it (null when the account is not known). */
  plaidAccountId: string;
  bankAccountId: string | null;
  amount: Cents;
  date: string;
  name: string;
  /** Lower-case merchant (or name) for matching a posted charge to its pending one. */
  merchantKey: string;
  pending: boolean;
  /** From Plaid's personal_finance_category: a suggestion with low confidence, never the category. */
  suggestedCategory: Category | null;
  suggestionConfidence: number | null;
}

/** = TRANSACTION_NAME_MAX (shared/src/domain/transaction.ts; a unit test keeps them equal). */
export const BANK_NAME_MAX = 300;
export const BANK_NAME_FALLBACK = 'Bank transaction';

/** Suggestions from Plaid's categories are low confidence: a detailed match, or the primary's guess. */
export const SUGGESTION_CONFIDENCE = { detailed: 0.3, primary: 0.2 } as const;

/** Pending → posted: a pending charge dated up to this many days before the posted one may be the same. */
export const PENDING_MATCH_DAYS = 8;

/** Plaid's decimal amount → integer cents, sign unchanged; null when it is not a finite amount. */
export function decimalToCents(value: number | string): Cents | null {
  let text = typeof value === 'number' ? value.toString() : value.trim();
  // Tiny or huge numbers print with an exponent; toFixed(12) is their plain decimal text.
  if (typeof value === 'number' && /e/i.test(text) && Number.isFinite(value) && Math.abs(value) < 1e15) {
    text = value.toFixed(12);
  }
  const match = /^([-+])?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', frac = ''] = match;
  let cents = Number(whole) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  if ((frac[2] ?? '0') >= '5') cents += 1; // half away from zero: the magnitude rounds up
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Plaid amount (outflow positive) → ours (negative = money out), in cents. */
export function plaidAmountToCents(amount: number | string): Cents | null {
  const cents = decimalToCents(amount);
  if (cents === null) return null;
  return cents === 0 ? 0 : -cents;
}

const DETAILED: Record<string, Category> = {
  INCOME_INTEREST_EARNED: 'misc_interest',
  INCOME_DIVIDENDS: 'misc_interest',
  INCOME_OTHER_INCOME: 'other_income',
  INCOME_RETIREMENT_PENSION: 'other_income',
  LOAN_PAYMENTS_MORTGAGE_PAYMENT: 'mortgage',
  LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: 'credit_card_payments',
  // Money between the person's own accounts: a transfer between accounts (docs/ledger.md "Transfers").
  TRANSFER_IN_ACCOUNT_TRANSFER: 'account_transfers',
  TRANSFER_OUT_ACCOUNT_TRANSFER: 'account_transfers',
  TRANSFER_IN_DEPOSIT: 'other_income',
  TRANSFER_OUT_WITHDRAWAL: 'owner_distributions',
  HOME_IMPROVEMENT_FURNITURE: 'furniture',
  HOME_IMPROVEMENT_HARDWARE: 'repairs',
  HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE: 'repairs',
  HOME_IMPROVEMENT_SECURITY: 'security_systems',
  HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT: 'repairs',
  GENERAL_MERCHANDISE_OFFICE_SUPPLIES: 'supplies',
  GENERAL_MERCHANDISE_ELECTRONICS: 'appliances',
  GENERAL_SERVICES_INSURANCE: 'insurance',
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: 'legal_professional',
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: 'legal_professional',
  GENERAL_SERVICES_AUTOMOTIVE: 'auto_travel',
  GENERAL_SERVICES_POSTAGE_AND_SHIPPING: 'supplies',
  GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT: 'taxes',
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: 'utilities',
  RENT_AND_UTILITIES_INTERNET_AND_CABLE: 'utilities',
  RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT: 'utilities',
  RENT_AND_UTILITIES_TELEPHONE: 'utilities',
  RENT_AND_UTILITIES_WATER: 'utilities',
  RENT_AND_UTILITIES_OTHER_UTILITIES: 'utilities',
};

const PRIMARY: Record<string, Category> = {
  BANK_FEES: 'other_expenses',
  HOME_IMPROVEMENT: 'repairs',
  RENT_AND_UTILITIES: 'utilities',
  TRANSPORTATION: 'auto_travel',
  TRAVEL: 'auto_travel',
  LOAN_PAYMENTS: 'mortgage',
};

/**
 * Plaid's personal_finance_category → one of our categories where the meaning carries over to a rental
 * business (utilities, repairs, insurance, mortgage...), else none. Always low confidence: Plaid
 * categorizes consumer spending, not Schedule E lines.
 */
export function suggestCategory(
  pfc: PlaidTransactionLike['personal_finance_category'],
): { category: Category; confidence: number } | null {
  if (!pfc) return null;
  const detailed = DETAILED[pfc.detailed];
  if (detailed) return { category: detailed, confidence: SUGGESTION_CONFIDENCE.detailed };
  const primary = PRIMARY[pfc.primary];
  return primary ? { category: primary, confidence: SUGGESTION_CONFIDENCE.primary } : null;
}

export function bankTransactionName(t: Pick<PlaidTransactionLike, 'name' | 'merchant_name'>): string {
  const text = (t.merchant_name?.trim() || t.name?.trim() || BANK_NAME_FALLBACK).replace(/\s+/g, ' ');
  return text.length > BANK_NAME_MAX ? text.slice(0, BANK_NAME_MAX).trimEnd() : text;
}

export class UnreadableBankTransaction extends Error {
  constructor(
    readonly transactionId: string,
    reason: string,
  ) {
    super(`Bank transaction ${transactionId}: ${reason}`);
  }
}

/**
 * Plaid transaction → ours. `accountIdOf` maps Plaid's account_id to our BankAccount id. Throws
 * UnreadableBankTransaction for an amount or date that is not one (the sync then stops before saving
 * its cursor, so nothing is lost).
 */
export function normalizePlaidTransaction(
  t: PlaidTransactionLike,
  accountIdOf: (plaidAccountId: string) => string | null = () => null,
): BankTransaction {
  const amount = plaidAmountToCents(t.amount);
  if (amount === null) throw new UnreadableBankTransaction(t.transaction_id, `amount ${String(t.amount)}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t.date)) throw new UnreadableBankTransaction(t.transaction_id, `date ${t.date}`);
  const name = bankTransactionName(t);
  const suggestion = suggestCategory(t.personal_finance_category);
  return {
    externalId: t.transaction_id,
    plaidTransactionId: t.transaction_id,
    pendingTransactionId: t.pending_transaction_id ?? null,
    plaidAccountId: t.account_id,
    bankAccountId: accountIdOf(t.account_id),
    amount,
    date: t.date,
    name,
    merchantKey: (t.merchant_name?.trim() || t.name?.trim() || '').toLowerCase().replace(/\s+/g, ' '),
    pending: t.pending,
    suggestedCategory: suggestion?.category ?? null,
    suggestionConfidence: suggestion?.confidence ?? null,
  };
}

// ---- pending → posted --------------------------------------------------------------------------

/** A stored pending transaction, as the matcher sees it. */
export interface PendingCandidate {
  id: string;
  bankAccountId: string | null;
  amount: Cents;
  date: string;
  merchantKey: string;
}

export type PendingMatch = { kind: 'same'; id: string } | { kind: 'suggest'; id: string } | { kind: 'none' };

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/**
 * Which pending transaction a posted one (that came without pending_transaction_id) replaces: the
 * unique one of the same account with the exact amount dated 0–8 days before; else, when exactly one of
 * the same account and merchant is within 30% (a tip), a suggested match; else none. Two candidates
 * mean no decision: a genuine second charge is never swallowed.
 */
export function matchPending(
  posted: Pick<BankTransaction, 'bankAccountId' | 'amount' | 'date' | 'merchantKey'>,
  candidates: PendingCandidate[],
): PendingMatch {
  const postedDay = dayNumber(posted.date);
  const inWindow = candidates.filter((c) => {
    const age = postedDay - dayNumber(c.date);
    return c.bankAccountId === posted.bankAccountId && age >= 0 && age <= PENDING_MATCH_DAYS;
  });
  const exact = inWindow.filter((c) => c.amount === posted.amount);
  if (exact.length === 1) return { kind: 'same', id: exact[0]!.id };
  if (exact.length > 1) return { kind: 'none' };
  const near = inWindow.filter(
    (c) =>
      c.merchantKey !== '' &&
      c.merchantKey === posted.merchantKey &&
      Math.sign(c.amount) === Math.sign(posted.amount) &&
      // |posted - pending| <= 30% of |pending|, in integer cents: 10 * diff <= 3 * |pending|
      10 * Math.abs(posted.amount - c.amount) <= 3 * Math.abs(c.amount),
  );
  return near.length === 1 ? { kind: 'suggest', id: near[0]!.id } : { kind: 'none' };
}
