import {
  BulkTransactionUpdate,
  ListTransactionsQuery,
  TransactionIgnoreUpdate,
  TransactionInput,
  TransactionTotalsQuery,
  TransactionUpdate,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

const valid = { name: 'Rent', date: '2026-02-01', amount: 1550 };
const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('TransactionInput', () => {
  it('turns a wire transaction into cents and nulls', () => {
    expect(TransactionInput.parse({ ...valid, amount: -1234.5, category: '', propertyId: '', notes: '   ' })).toEqual({
      name: 'Rent',
      date: '2026-02-01',
      amount: -123450,
      category: null,
      propertyId: null,
      notes: null,
    });
    expect(TransactionInput.parse({ ...valid, category: 'rental_income', notes: ' n ' })).toMatchObject({
      category: 'rental_income',
      notes: 'n',
    });
  });

  it.each([
    [{}, ['name', 'date', 'amount']],
    [{ ...valid, amount: Number.NaN }, ['amount']],
    [{ ...valid, amount: Number.POSITIVE_INFINITY }, ['amount']],
    [{ ...valid, amount: 0.005 }, ['amount']],
    [{ ...valid, amount: 1_000_000_000.01 }, ['amount']],
    [{ ...valid, date: '2026-13-01' }, ['date']],
    [{ ...valid, category: 'Rental Income' }, ['category']],
    [{ ...valid, propertyId: 'a b' }, ['propertyId']],
    [{ ...valid, isIgnored: 1 }, ['isIgnored']],
    [{ ...valid, receiptIds: Array.from({ length: 21 }, (_, i) => `r${i}`) }, ['receiptIds']],
    [{ ...valid, hasReceipt: true }, ['']],
  ])('refuses %j at %j', (body, expected) => {
    expect(paths(TransactionInput.safeParse(body))).toEqual(expected);
  });

  it('gives one message for a malformed date, not three', () => {
    const result = TransactionInput.safeParse({ ...valid, date: '03/04/2026' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Enter a date as YYYY-MM-DD']);
  });

  it('PUT needs the version it read; PATCH ignore takes only isIgnored', () => {
    expect(paths(TransactionUpdate.safeParse(valid))).toEqual(['version']);
    expect(TransactionUpdate.parse({ ...valid, version: 3 }).version).toBe(3);
    expect(TransactionIgnoreUpdate.parse({ isIgnored: false })).toEqual({ isIgnored: false });
    expect(TransactionIgnoreUpdate.safeParse({ isIgnored: 'false' }).success).toBe(false);
  });
});

describe('BulkTransactionUpdate', () => {
  it('keeps "not set" apart from "set to nothing"', () => {
    expect(BulkTransactionUpdate.parse({ ids: ['a'], set: { propertyId: '' } }).set).toEqual({ propertyId: null });
    expect(BulkTransactionUpdate.parse({ ids: ['a'], set: { isIgnored: true } }).set).toEqual({ isIgnored: true });
    expect(BulkTransactionUpdate.parse({ ids: ['a'], set: { category: null } }).set).toEqual({ category: null });
  });

  it('takes 1 to 500 distinct ids and at least one thing to set', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    expect(BulkTransactionUpdate.safeParse({ ids: ids(500), set: { isIgnored: true } }).success).toBe(true);
    expect(paths(BulkTransactionUpdate.safeParse({ ids: ids(501), set: { isIgnored: true } }))).toEqual(['ids']);
    expect(paths(BulkTransactionUpdate.safeParse({ ids: [], set: { isIgnored: true } }))).toEqual(['ids']);
    expect(paths(BulkTransactionUpdate.safeParse({ ids: ['a', 'a'], set: { isIgnored: true } }))).toEqual(['ids']);
    expect(paths(BulkTransactionUpdate.safeParse({ ids: ['a'], set: {} }))).toEqual(['set']);
  });
});

describe('ListTransactionsQuery', () => {
  it('reads query-string text into typed filters', () => {
    expect(
      ListTransactionsQuery.parse({
        from: '2026-01-01',
        to: '2026-01-31',
        propertyId: 'none',
        category: 'uncategorized',
        direction: 'out',
        ignored: 'false',
        hasReceipt: 'true',
        needsReview: 'true',
        search: '  Rossi ',
        limit: '25',
        cursor: 'abc',
      }),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      propertyId: null,
      category: 'uncategorized',
      direction: 'out',
      ignored: false,
      hasReceipt: true,
      needsReview: true,
      search: 'rossi',
      limit: 25,
      cursor: 'abc',
    });
  });

  it('treats empty parameters as not set', () => {
    expect(
      ListTransactionsQuery.parse({ from: '', propertyId: '', category: '', search: '   ', limit: '', ignored: '' }),
    ).toEqual({});
    expect(TransactionTotalsQuery.parse({ categoryGroup: 'income', propertyId: 'p-1' })).toEqual({
      categoryGroup: 'income',
      propertyId: 'p-1',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ from: '2026-02-02', to: '2026-02-01' }, 'to'],
    [{ category: 'repairs', categoryGroup: 'expenses' }, 'categoryGroup'],
    [{ propertyId: '../x' }, 'propertyId'],
    [{ ignored: 'TRUE' }, 'ignored'],
    [{ page: '2' }, ''],
  ])('refuses %j at %s', (query, field) => {
    expect(paths(ListTransactionsQuery.safeParse(query))).toContain(field);
  });

  it('has no limit in the totals query', () => {
    expect(TransactionTotalsQuery.safeParse({ limit: '10' }).success).toBe(false);
  });
});
