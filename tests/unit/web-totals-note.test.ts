import { describe, expect, it } from 'vitest';
import { reportsNote } from '../../web/src/pages/transactions/TotalsPanel';

const totals = (over: Partial<Parameters<typeof reportsNote>[0]>) => ({
  in: 3000,
  out: -1200,
  net: 1800,
  count: 4,
  transfers: 0,
  uncategorized: 0,
  counted: 1800,
  ...over,
});

describe("the ledger totals' note on what the reports count", () => {
  it('names each part of the net the reports leave out, and what they count', () => {
    expect(reportsNote(totals({ transfers: -500, uncategorized: 250, counted: 2050 }))).toBe(
      'Reports count $2,050 of this net in cash flow. They leave out -$500 of transfers, deposits and owner money and $250 not categorized yet.',
    );
    expect(reportsNote(totals({ uncategorized: -300, counted: 2100 }))).toBe(
      'Reports count $2,100 of this net in cash flow. They leave out -$300 not categorized yet.',
    );
  });

  it('says so when the reports count all of it', () => {
    expect(reportsNote(totals({}))).toBe('Reports count all of this net in cash flow.');
  });
});
