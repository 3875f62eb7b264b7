import {
  BANK_NAME_MAX,
  decimalToCents,
  matchPending,
  normalizePlaidTransaction,
  type PendingCandidate,
  plaidAmountToCents,
  SUGGESTION_CONFIDENCE,
  suggestCategory,
  TRANSACTION_NAME_MAX,
  UnreadableBankTransaction,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

const plaid = (over: Partial<Parameters<typeof normalizePlaidTransaction>[0]> = {}) => ({
  transaction_id: 'tx-1',
  account_id: 'acc-1',
  amount: 12.5,
  date: '2026-03-04',
  name: 'STARBUCKS #1234 SEATTLE',
  merchant_name: 'Starbucks',
  pending: false,
  pending_transaction_id: null,
  personal_finance_category: null,
  ...over,
});

describe('Plaid amounts to cents (the one sign flip)', () => {
  it('flips Plaid outflow-positive to ours negative = money out', () => {
    expect(plaidAmountToCents(12.5)).toBe(-1250);
    expect(plaidAmountToCents(-1200)).toBe(120000);
    expect(plaidAmountToCents(0)).toBe(0);
    expect(Object.is(plaidAmountToCents(-0), -0)).toBe(false);
  });

  it('parses the decimal text, never float sums', () => {
    expect(plaidAmountToCents(0.1 + 0.2)).toBe(-30); // 0.30000000000000004
    expect(plaidAmountToCents(1.15)).toBe(-115); // 1.15 * 100 = 114.99999999999999
    expect(plaidAmountToCents(4.35)).toBe(-435); // 4.35 * 100 = 434.99999999999994
    expect(plaidAmountToCents(-0.07)).toBe(7);
    expect(plaidAmountToCents(999999999.99)).toBe(-99999999999);
  });

  it('rounds a third decimal half away from zero (documented in docs/banking.md "Bank sync")', () => {
    expect(decimalToCents(12.345)).toBe(1235);
    expect(decimalToCents(12.344)).toBe(1234);
    expect(decimalToCents(-12.345)).toBe(-1235);
    expect(decimalToCents('1.005')).toBe(101);
    expect(decimalToCents(1e-7)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(decimalToCents(Number.NaN)).toBeNull();
    expect(decimalToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(decimalToCents('12,50')).toBeNull();
    expect(decimalToCents(1e300)).toBeNull();
    expect(() => normalizePlaidTransaction(plaid({ amount: Number.NaN }))).toThrow(UnreadableBankTransaction);
    expect(() => normalizePlaidTransaction(plaid({ date: '03/04/2026' }))).toThrow(UnreadableBankTransaction);
  });
});

describe('normalizePlaidTransaction', () => {
  it('maps every field', () => {
    const t = normalizePlaidTransaction(
      plaid({
        pending: true,
        pending_transaction_id: 'p-0',
        personal_finance_category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_WATER' },
      }),
      (id) => (id === 'acc-1' ? 'our-account' : null),
    );
    expect(t).toEqual({
      externalId: 'tx-1',
      plaidTransactionId: 'tx-1',
      pendingTransactionId: 'p-0',
      plaidAccountId: 'acc-1',
      bankAccountId: 'our-account',
      amount: -1250,
      date: '2026-03-04',
      name: 'Starbucks',
      merchantKey: 'starbucks',
      pending: true,
      suggestedCategory: 'utilities',
      suggestionConfidence: SUGGESTION_CONFIDENCE.detailed,
    });
  });

  it('names: merchant, else name, trimmed and cut to the maximum', () => {
    expect(BANK_NAME_MAX).toBe(TRANSACTION_NAME_MAX);
    expect(normalizePlaidTransaction(plaid({ merchant_name: null, name: '  ACH  RENT  ' })).name).toBe('ACH RENT');
    expect(normalizePlaidTransaction(plaid({ merchant_name: '  ', name: '' })).name).toBe('Bank transaction');
    expect(normalizePlaidTransaction(plaid({ merchant_name: 'x'.repeat(400) })).name).toHaveLength(BANK_NAME_MAX);
  });
});

describe('suggestCategory (low confidence, never the category)', () => {
  it('detailed first, then the primary, else nothing', () => {
    expect(suggestCategory({ primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' })).toEqual({
      category: 'credit_card_payments',
      confidence: SUGGESTION_CONFIDENCE.detailed,
    });
    expect(suggestCategory({ primary: 'BANK_FEES', detailed: 'BANK_FEES_OVERDRAFT_FEES' })).toEqual({
      category: 'other_expenses',
      confidence: SUGGESTION_CONFIDENCE.primary,
    });
    expect(suggestCategory({ primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE' })).toBeNull();
    expect(suggestCategory(null)).toBeNull();
    expect(Math.max(...Object.values(SUGGESTION_CONFIDENCE))).toBeLessThanOrEqual(0.3);
  });
});

describe('matchPending', () => {
  const pending = (id: string, over: Partial<PendingCandidate> = {}): PendingCandidate => ({
    id,
    bankAccountId: 'a',
    amount: -2000,
    date: '2026-03-01',
    merchantKey: 'cafe',
    ...over,
  });
  const posted = { bankAccountId: 'a', amount: -2000, date: '2026-03-03', merchantKey: 'cafe' };

  it('the unique exact amount on the same account within 8 days', () => {
    expect(matchPending(posted, [pending('p1'), pending('p2', { bankAccountId: 'b' })])).toEqual({
      kind: 'same',
      id: 'p1',
    });
    expect(matchPending({ ...posted, date: '2026-03-09' }, [pending('p1')])).toEqual({ kind: 'same', id: 'p1' });
    expect(matchPending({ ...posted, date: '2026-03-10' }, [pending('p1')])).toEqual({ kind: 'none' });
    expect(matchPending({ ...posted, date: '2026-02-28' }, [pending('p1')])).toEqual({ kind: 'none' });
  });

  it('two candidates: no decision (a genuine second charge is kept)', () => {
    expect(matchPending(posted, [pending('p1'), pending('p2')])).toEqual({ kind: 'none' });
  });

  it('a tip within 30% with the same merchant is a suggestion, beyond it nothing', () => {
    expect(matchPending({ ...posted, amount: -2400 }, [pending('p1')])).toEqual({ kind: 'suggest', id: 'p1' });
    expect(matchPending({ ...posted, amount: -2600 }, [pending('p1')])).toEqual({ kind: 'suggest', id: 'p1' });
    expect(matchPending({ ...posted, amount: -2601 }, [pending('p1')])).toEqual({ kind: 'none' });
    expect(matchPending({ ...posted, amount: -2400, merchantKey: 'other' }, [pending('p1')])).toEqual({
      kind: 'none',
    });
    expect(matchPending({ ...posted, amount: 2400 }, [pending('p1')])).toEqual({ kind: 'none' });
  });
});
