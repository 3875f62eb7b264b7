import {
  classifyRows,
  type ExistingTransaction,
  IMPORT_ROW_STATUSES,
  includedByDefault,
  normalizeName,
} from '@rent/shared/core/fileImport/index';
import { IMPORT_CHUNK_MAX_BODY_BYTES, importChunks, jsonBytes } from '@rent/shared/core/imports';
import { describe, expect, it } from 'vitest';

const row = (date: string, name: string, amountCents: number, externalId: string | null = null) => ({
  date,
  name,
  amountCents,
  externalId,
});
const existing = (
  id: string,
  date: string,
  name: string,
  amountCents: number,
  extra: Partial<ExistingTransaction> = {},
) => ({
  id,
  date,
  name,
  amountCents,
  externalId: null,
  bankAccountId: null,
  ...extra,
});

describe('classifyRows', () => {
  it('a same-day same-amount pair inside one file is never collapsed: both new against an empty ledger', () => {
    const rows = [row('2024-03-04', 'STARBUCKS', -575), row('2024-03-04', 'STARBUCKS', -575)];
    expect(classifyRows(rows, [], null).map((c) => c.status)).toEqual(['new', 'new']);
  });

  it('the same external id is a duplicate, whatever the date', () => {
    const [c] = classifyRows(
      [row('2024-03-04', 'A', -100, 'FIT1')],
      [existing('t1', '2024-03-01', 'B', -999, { externalId: 'FIT1' })],
      null,
    );
    expect(c).toEqual({
      status: 'duplicate',
      reason: 'Same bank reference as a transaction already in the ledger',
      matchId: 't1',
    });
  });

  it('a bank reference is unique within one account only: the same one elsewhere is a possible duplicate', () => {
    const ledger = [
      existing('t1', '2024-03-01', 'B', -999, { externalId: '1001', bankAccountId: 'savings' }),
      existing('t2', '2024-02-01', 'C', -5, { externalId: '1002' }),
    ];
    const rows = [row('2024-03-04', 'A', -100, '1001'), row('2024-03-05', 'D', -7, '1002')];
    expect(classifyRows(rows, ledger, 'checking')).toEqual([
      {
        status: 'possible_duplicate',
        reason: 'Same bank reference as a transaction in another account',
        matchId: 't1',
      },
      {
        status: 'possible_duplicate',
        reason: 'Same bank reference as a transaction without an account',
        matchId: 't2',
      },
    ]);
    expect(classifyRows(rows.slice(0, 1), ledger, 'savings')[0]).toMatchObject({ status: 'duplicate', matchId: 't1' });
    // Two rows of one file with one reference: the second finds it taken by the first.
    expect(classifyRows([rows[0]!, rows[0]!], ledger, 'savings')[1]).toEqual({
      status: 'possible_duplicate',
      reason: 'Same bank reference as a transaction already matched by another row of this file',
      matchId: 't1',
    });
  });

  it('a bank line a person re-dated and renamed is a duplicate of the row the bank wrote: the bank said it', () => {
    const bankSaid = { date: '2024-03-04', amount: -4_250, name: 'HOME DEPOT #4411' };
    const ledger = [
      existing('t1', '2024-02-20', 'Paint for unit 2', -4_250, {
        bankAccountId: 'checking',
        source: 'plaid',
        bankSaid,
      }),
    ];
    const rows = [row('2024-03-04', 'Home Depot #4411', -4_250)];
    expect(classifyRows(rows, ledger, 'checking')).toEqual([
      {
        status: 'duplicate',
        reason:
          'Same date, amount and name as the bank sent a transaction already in the ledger, since changed by a person',
        matchId: 't1',
      },
    ]);
    // In another account it is not the same line.
    expect(classifyRows(rows, ledger, 'savings')[0]).toMatchObject({ status: 'new' });
    // A second equal row finds it taken.
    expect(classifyRows([rows[0]!, rows[0]!], ledger, 'checking')[1]!.status).not.toBe('duplicate');
  });

  it('same account, date, amount and name is a duplicate (names compared loosely)', () => {
    const [c] = classifyRows(
      [row('2024-03-04', 'Home Depot #456', -123456)],
      [existing('t1', '2024-03-04', 'HOME DEPOT 456', -123456, { bankAccountId: 'acct-1' })],
      'acct-1',
    );
    expect(c?.status).toBe('duplicate');
    expect(normalizeName('  Home   Depot #456 ')).toBe('home depot 456');
  });

  it('the same in another account (or without one) is only a possible duplicate', () => {
    const ledger = [
      existing('t1', '2024-03-04', 'RENT', 100000, { bankAccountId: 'acct-2' }),
      existing('t2', '2024-03-05', 'FEE', -500),
    ];
    const result = classifyRows([row('2024-03-04', 'RENT', 100000), row('2024-03-05', 'FEE', -500)], ledger, 'acct-1');
    expect(result).toEqual([
      {
        status: 'possible_duplicate',
        reason: 'Same date, amount and name as a transaction in another account',
        matchId: 't1',
      },
      {
        status: 'possible_duplicate',
        reason: 'Same date, amount and name as a transaction without an account',
        matchId: 't2',
      },
    ]);
  });

  it('possible duplicates say why: same date and amount with another name; same amount and name days apart', () => {
    const ledger = [existing('t1', '2024-03-04', 'WATER CO', -8420), existing('t2', '2024-03-10', 'GAS CO', -4000)];
    const result = classifyRows(
      [row('2024-03-04', 'CITY WATER', -8420), row('2024-03-13', 'GAS CO', -4000), row('2024-03-14', 'GAS CO', -4000)],
      ledger,
      null,
    );
    expect(result).toEqual([
      { status: 'possible_duplicate', reason: 'Same date and amount, different name', matchId: 't1' },
      { status: 'possible_duplicate', reason: 'Same amount and name, 3 days apart', matchId: 't2' },
      { status: 'new', reason: null, matchId: null },
    ]);
  });

  it('one existing transaction answers for one row: three equal rows against two in the ledger', () => {
    const ledger = [existing('t1', '2024-03-04', 'COFFEE', -575), existing('t2', '2024-03-04', 'COFFEE', -575)];
    const rows = [
      row('2024-03-04', 'COFFEE', -575),
      row('2024-03-04', 'COFFEE', -575),
      row('2024-03-04', 'COFFEE', -575),
    ];
    const result = classifyRows(rows, ledger, null);
    expect(result.map((c) => c.status)).toEqual(['duplicate', 'duplicate', 'possible_duplicate']);
    expect(new Set(result.slice(0, 2).map((c) => c.matchId))).toEqual(new Set(['t1', 't2']));
    expect(result[2]?.reason).toBe(
      'Same date, amount and name as a transaction already matched by another row of this file',
    );
  });

  it('a different amount is new even with the same name and date', () => {
    expect(
      classifyRows([row('2024-03-04', 'COFFEE', -576)], [existing('t1', '2024-03-04', 'COFFEE', -575)], null)[0]
        ?.status,
    ).toBe('new');
  });
});

describe('what starts ticked', () => {
  it('only new rows: a duplicate and every possible duplicate start unticked', () => {
    expect(IMPORT_ROW_STATUSES.map((s) => [s, includedByDefault(s)])).toEqual([
      ['new', true],
      ['duplicate', false],
      ['possible_duplicate', false],
    ]);
  });

  it('a twin of a line the bank sync brought into another account says so, and is not included', () => {
    const ledger = [
      existing('synced', '2024-03-04', 'CITY WATER', -8420, { bankAccountId: 'acct-2', source: 'plaid' }),
      existing('typed', '2024-03-05', 'GAS CO', -4000, { bankAccountId: 'acct-2', source: 'user_created' }),
    ];
    const result = classifyRows(
      [row('2024-03-04', 'City Water', -8420), row('2024-03-05', 'GAS CO', -4000)],
      ledger,
      'acct-1',
    );
    expect(result).toEqual([
      {
        status: 'possible_duplicate',
        reason: 'Same date, amount and name as a line the bank sync brought into another account',
        matchId: 'synced',
      },
      {
        status: 'possible_duplicate',
        reason: 'Same date, amount and name as a transaction in another account',
        matchId: 'typed',
      },
    ]);
    expect(result.map((c) => includedByDefault(c.status))).toEqual([false, false]);
  });
});

describe('chunks the browser sends', () => {
  it('at most 500 rows and about the byte budget per chunk, every row once and in order', () => {
    const small = Array.from({ length: 1201 }, (_, i) => ({ line: i + 1, name: 'x' }));
    expect(importChunks(small, IMPORT_CHUNK_MAX_BODY_BYTES).map((c) => c.length)).toEqual([500, 500, 201]);
    // Rows with long names and memos: 500 of them would pass the route's body limit.
    const large = Array.from({ length: 500 }, (_, i) => ({
      line: i + 1,
      name: 'n'.repeat(300),
      notes: 'm'.repeat(2000),
    }));
    const chunks = importChunks(large, IMPORT_CHUNK_MAX_BODY_BYTES - 2048);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(jsonBytes(chunk)).toBeLessThanOrEqual(IMPORT_CHUNK_MAX_BODY_BYTES - 2048);
    expect(chunks.flat().map((r) => r.line)).toEqual(large.map((r) => r.line));
    // A single row over the budget still goes (the server answers for it), alone.
    expect(importChunks([{ a: 'y'.repeat(100) }, { a: 'z' }], 10).map((c) => c.length)).toEqual([1, 1]);
  });
});
