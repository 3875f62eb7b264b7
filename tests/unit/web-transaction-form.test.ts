import { describe, expect, it } from 'vitest';
import {
  buildTransactionBody,
  splitTransactionIssues,
  type TransactionFormValues,
  toFormValues,
} from '../../web/src/features/transaction-flyout/transactionForm';
import { todayIso } from '../../web/src/lib/dates';
import { wireTransaction } from './web-fixtures';

const form = (overrides: Partial<TransactionFormValues> = {}): TransactionFormValues => ({
  name: 'Rossi Plumbing',
  date: '2026-03-04',
  amount: '12.50',
  direction: 'out',
  notes: '',
  category: '',
  propertyId: '',
  leaseId: '',
  leaseChoice: 'auto',
  ...overrides,
});

describe('toFormValues: API transaction -> form', () => {
  it('an expense shows its absolute amount as Money Out, nulls as empty fields', () => {
    expect(toFormValues(wireTransaction({ amount: -12.5 }))).toEqual(form());
  });

  it('income keeps category, property and notes', () => {
    expect(
      toFormValues(wireTransaction({ amount: 1250, category: 'rental_income', propertyId: 'prop-1', notes: 'March' })),
    ).toEqual(
      form({ amount: '1250.00', direction: 'in', category: 'rental_income', propertyId: 'prop-1', notes: 'March' }),
    );
  });

  it('zero starts as Money In', () => {
    expect(toFormValues(wireTransaction({ amount: 0 })).direction).toBe('in');
  });

  it('a new transaction starts empty, today, Money In', () => {
    expect(toFormValues(null)).toEqual(form({ name: '', date: todayIso(), amount: '', direction: 'in' }));
  });
});

describe('lease links in the form', () => {
  const income = { amount: '1000', direction: 'in' as const, category: 'rental_income', propertyId: 'p1' };

  it("shows a transaction's lease and who chose it", () => {
    expect(toFormValues(wireTransaction({ amount: 1000, leaseId: 'l1', leaseLinkSource: 'auto' }))).toMatchObject({
      leaseId: 'l1',
      leaseChoice: 'auto',
    });
    // ... and why the server linked it
    const why = wireTransaction({ amount: 1000, leaseId: 'l1', leaseLinkSource: 'auto', leaseLinkReason: 'samePayer' });
    expect(toFormValues(why)).toMatchObject({ leaseChoice: 'auto', leaseReason: 'samePayer' });
    expect(toFormValues(wireTransaction({ amount: 1000, leaseId: null, leaseLinkSource: 'manual' }))).toMatchObject({
      leaseId: '',
      leaseChoice: 'manual',
    });
  });

  it('sends leaseId only when the person picked in this form, on income with a property', () => {
    expect(buildTransactionBody(form({ ...income, leaseId: 'l1', leaseChoice: 'auto' })).body).not.toHaveProperty(
      'leaseId',
    );
    expect(buildTransactionBody(form({ ...income, leaseId: '', leaseChoice: 'manual' })).body).not.toHaveProperty(
      'leaseId',
    );
    expect(buildTransactionBody(form({ ...income, leaseId: 'l2', leaseChoice: 'changed' })).body).toMatchObject({
      leaseId: 'l2',
    });
    expect(buildTransactionBody(form({ ...income, leaseId: '', leaseChoice: 'changed' })).body).toMatchObject({
      leaseId: null,
    });
    const expense = form({ ...income, direction: 'out', leaseId: 'l2', leaseChoice: 'changed' });
    expect(buildTransactionBody(expense).body).not.toHaveProperty('leaseId');
  });

  it('maps a server issue on leaseId to the Lease field', () => {
    expect(splitTransactionIssues([{ path: 'body.leaseId', message: 'Only income can be linked to a lease' }])).toEqual(
      {
        fields: { leaseId: 'Only income can be linked to a lease' },
        other: [],
      },
    );
  });
});

describe('todayIso', () => {
  it("is the user's calendar day", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('buildTransactionBody: form -> API body', () => {
  it('sends Money Out as a negative amount, empty choices and blank notes as null, the name trimmed', () => {
    expect(buildTransactionBody(form({ name: '  Rossi Plumbing ', notes: '   ' })).body).toEqual({
      name: 'Rossi Plumbing',
      date: '2026-03-04',
      amount: -12.5,
      category: null,
      propertyId: null,
      notes: null,
    });
  });

  it('sends Money In as a positive amount with category, property and notes', () => {
    expect(
      buildTransactionBody(
        form({ amount: '1,250.5', direction: 'in', category: 'rental_income', propertyId: 'p1', notes: 'March' }),
      ).body,
    ).toEqual({
      name: 'Rossi Plumbing',
      date: '2026-03-04',
      amount: 1250.5,
      category: 'rental_income',
      propertyId: 'p1',
      notes: 'March',
    });
  });

  it.each([
    ['a dollar sign', '$12.50', -12.5],
    ['a typed minus (the toggle gives the sign)', '-12.50', -12.5],
    ['a typed plus', '+12.50', -12.5],
    ['spaces', ' 12 ', -12],
  ])('reads an amount with %s', (_case, amount, expected) => {
    expect(buildTransactionBody(form({ amount })).body?.amount).toBe(expected);
  });

  it('zero Money Out is sent as 0, not -0', () => {
    expect(Object.is(buildTransactionBody(form({ amount: '0' })).body?.amount, 0)).toBe(true);
  });

  it.each([
    ['name', { name: '  ' }, 'Name is required.'],
    ['name', { name: 'x'.repeat(301) }, 'Use at most 300 characters.'],
    ['date', { date: '' }, 'Date is required.'],
    ['date', { date: '04/03/2026' }, 'Enter a date as YYYY/MM/DD.'],
    ['amount', { amount: '' }, 'Amount is required.'],
    ['amount', { amount: '12.505' }, 'Enter an amount such as 1250 or 1250.50.'],
    ['amount', { amount: 'twelve' }, 'Enter an amount such as 1250 or 1250.50.'],
    ['amount', { amount: '1000000000.01' }, 'Enter an amount up to 1,000,000,000.00.'],
    ['notes', { notes: 'x'.repeat(2001) }, 'Use at most 2000 characters.'],
  ] as const)('refuses a bad %s: %j', (field, overrides, message) => {
    expect(buildTransactionBody(form(overrides))).toEqual({ body: null, errors: { [field]: message } });
  });
});

describe('splitTransactionIssues: server issues -> form fields', () => {
  it('puts issues on the fields their path names, first message per field, the rest as text', () => {
    expect(
      splitTransactionIssues([
        { path: 'body.amount', message: 'Enter an amount with at most 2 decimal places' },
        { path: 'name', message: 'Name is required' },
        { path: 'amount', message: 'second amount message' },
        { path: 'receiptIds', message: 'That receipt is not yours' },
        { path: '', message: 'Something else' },
      ]),
    ).toEqual({
      fields: { amount: 'Enter an amount with at most 2 decimal places', name: 'Name is required' },
      other: ['That receipt is not yours', 'Something else'],
    });
  });
});
