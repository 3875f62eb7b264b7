import { FILTER_KEYS, parseTransactionFilters } from '@rent/shared/core/filters';
import { describe, expect, it } from 'vitest';
import { hasFilters, paramsWithFilters, shiftIsoDate } from '../../web/src/pages/transactions/filters';

const parse = (query: string) => parseTransactionFilters(new URLSearchParams(query));

describe('parseTransactionFilters: URL -> filters', () => {
  it('reads every filter the server takes', () => {
    expect(
      parse(
        'from=2026-01-01&to=2026-01-31&propertyId=prop-1&category=repairs&direction=out&ignored=false' +
          '&hasReceipt=true&minAmount=75.01&maxAmount=2000&needsReview=true&search=rossi',
      ),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      propertyId: 'prop-1',
      category: 'repairs',
      direction: 'out',
      ignored: 'false',
      hasReceipt: 'true',
      minAmount: '75.01',
      maxAmount: '2000',
      needsReview: 'true',
      search: 'rossi',
    });
  });

  it.each([
    ['no parameters', ''],
    ['a date that is not YYYY-MM-DD', 'from=01/02/2026'],
    ['a day that does not exist', 'from=2026-02-30'],
    ['a date before 1900', 'to=1899-12-31'],
    ['a property id with other characters', 'propertyId=prop%201'],
    ['an unknown category', 'category=snacks'],
    ['an unknown category group', 'categoryGroup=snacks'],
    ['"constructor" as a group', 'categoryGroup=constructor'],
    ['a direction other than in/out', 'direction=sideways'],
    ['ignored other than true/false', 'ignored=yes'],
    ['hasReceipt other than true/false', 'hasReceipt=1'],
    ['a negative amount bound', 'minAmount=-5'],
    ['an amount with 3 decimals', 'maxAmount=75.001'],
    ['an amount that is not a number', 'minAmount=lots'],
    ['needsReview=false (only true filters)', 'needsReview=false'],
    ['a blank search', 'search=%20%20'],
    ['parameters that are no filter', 'limit=5&cursor=abc&transaction=new'],
  ])('drops %s', (_case, query) => {
    expect(parse(query)).toEqual({});
  });

  it('keeps the start date and drops an end date before it', () => {
    expect(parse('from=2026-02-01&to=2026-01-01')).toEqual({ from: '2026-02-01' });
  });

  it('keeps the minimum amount and drops a maximum below it', () => {
    expect(parse('minAmount=100&maxAmount=99.99')).toEqual({ minAmount: '100' });
    expect(parse('minAmount=100&maxAmount=100')).toEqual({ minAmount: '100', maxAmount: '100' });
  });

  it('keeps an end date equal to the start date', () => {
    expect(parse('from=2026-02-01&to=2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-01' });
  });

  it('takes "none" as the no-property filter', () => {
    expect(parse('propertyId=none')).toEqual({ propertyId: 'none' });
  });

  it('takes "uncategorized" as the no-category filter', () => {
    expect(parse('category=uncategorized')).toEqual({ category: 'uncategorized' });
  });

  it('a category group wins over a category (the server takes one)', () => {
    expect(parse('category=repairs&categoryGroup=income')).toEqual({ categoryGroup: 'income' });
  });

  it('trims values', () => {
    expect(parse('direction=%20in%20')).toEqual({ direction: 'in' });
  });

  it('cuts a search to the 100 characters the server takes', () => {
    expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });

  it('reads a plain record too', () => {
    expect(parseTransactionFilters({ direction: 'in', ignored: null })).toEqual({ direction: 'in' });
  });

  it('lists its keys in a stable order', () => {
    expect(Object.keys(parse('search=x&from=2026-01-01&direction=in'))).toEqual(['from', 'direction', 'search']);
  });
});

describe('paramsWithFilters and hasFilters', () => {
  it('writes the filters and keeps other parameters', () => {
    const next = paramsWithFilters(new URLSearchParams('transaction=new&direction=in'), { category: 'repairs' });
    expect(next.toString()).toBe('transaction=new&category=repairs');
  });

  it('clears every filter key for empty filters', () => {
    const all = new URLSearchParams(FILTER_KEYS.map((key) => [key, 'x']));
    expect(paramsWithFilters(all, {}).toString()).toBe('');
  });

  it('blank values count as unset', () => {
    expect(hasFilters({ search: '  ', from: '' })).toBe(false);
  });

  it('one value set counts as filtered', () => {
    expect(hasFilters({ direction: 'out' })).toBe(true);
  });
});

describe('shiftIsoDate', () => {
  it.each([
    ['2026-03-01', 'day', -1, '2026-02-28'],
    ['2026-03-01', 'week', -1, '2026-02-22'],
    ['2026-03-31', 'month', -1, '2026-02-28'],
    ['2024-03-31', 'month', -1, '2024-02-29'],
    ['2024-02-29', 'year', -1, '2023-03-01'],
  ] as const)('%s %s %i -> %s', (iso, unit, amount, expected) => {
    expect(shiftIsoDate(iso, unit, amount)).toBe(expected);
  });
});
