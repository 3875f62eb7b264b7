import { describe, expect, it } from 'vitest';
import { CSV_HEADER, csvCell, transactionsCsv } from '../../web/src/pages/transactions/csv';
import { wireTransaction } from './web-fixtures';

describe('csvCell: RFC 4180 quoting', () => {
  it.each([
    ['plain text stays bare', 'Rent March', 'Rent March'],
    ['a comma is quoted', 'Oak, Unit 2', '"Oak, Unit 2"'],
    ['a semicolon is quoted (spreadsheets set to ";")', 'paint; brushes', '"paint; brushes"'],
    ['a quote is doubled inside quotes', 'The "big" job', '"The ""big"" job"'],
    ['a line feed is quoted', 'line one\nline two', '"line one\nline two"'],
    ['a CRLF is quoted', 'line one\r\nline two', '"line one\r\nline two"'],
    ['a lone CR inside is quoted', 'a\rb', '"a\rb"'],
    ['the empty string stays empty', '', ''],
  ])('%s', (_case, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvCell: the formula-injection guard', () => {
  it.each([
    ['=', '=SUM(A1:A9)', `"'=SUM(A1:A9)"`],
    ['+', '+1 555 0100', `"'+1 555 0100"`],
    ['-', '-cmd|calc', `"'-cmd|calc"`],
    ['@', '@import', `"'@import"`],
    ['tab', '\tx', `"'\tx"`],
    ['CR', '\rx', `"'\rx"`],
    ['= with a quote inside: apostrophe, then quotes doubled', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a full-width = (U+FF1D)', '\uFF1D1+1', `"'\uFF1D1+1"`],
    ['a full-width + (U+FF0B)', '\uFF0B1', `"'\uFF0B1"`],
    ['a full-width - (U+FF0D)', '\uFF0D1', `"'\uFF0D1"`],
    ['a full-width @ (U+FF20)', '\uFF20SUM(1)', `"'\uFF20SUM(1)"`],
    ['a minus sign (U+2212)', '\u22121+1', `"'\u22121+1"`],
    ['a NUL before =', '\u0000=1+1', `"'\u0000=1+1"`],
    ['a zero-width space before =', '\u200B=1+1', `"'\u200B=1+1"`],
    ['a byte order mark before +', '\uFEFF+1', `"'\uFEFF+1"`],
  ])('text starting with %s gets an apostrophe and quotes', (_char, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['a negative amount', '-12.50', '-12.50'],
    ['an id', 'txn-1', 'txn-1'],
  ])('values the app formats itself are left alone: %s', (_case, value, expected) => {
    expect(csvCell(value, false)).toBe(expected);
  });

  it('a formula character later in the text is harmless', () => {
    expect(csvCell('Total = 5')).toBe('Total = 5');
  });
});

describe('transactionsCsv', () => {
  const address = (id: string) => (id === 'prop-1' ? '48 Oak Avenue, Springfield' : 'Unknown property');
  const csv = transactionsCsv(
    [
      wireTransaction({ amount: -12.5, category: 'repairs', propertyId: 'prop-1', notes: '=1+1' }),
      wireTransaction({ id: 'txn-2', name: 'Rent, March', amount: 1250, isIgnored: true, source: 'plaid' }),
    ],
    address,
  );
  const lines = csv.split('\r\n');

  it('starts with the header row', () => {
    expect(lines[0]).toBe(CSV_HEADER.join(','));
  });

  it('writes an expense with exact signed cents, labels, a quoted address and a guarded note', () => {
    expect(lines[1]).toBe(
      `2026-03-04,Rossi Plumbing,-12.50,Money out,Repairs,Expenses,"48 Oak Avenue, Springfield","'=1+1",No,No,No,Manual,txn-1,,`,
    );
  });

  it('writes income, uncategorized, with no property, ignored, from the bank', () => {
    expect(lines[2]).toBe('2026-03-04,"Rent, March",1250.00,Money in,Uncategorized,,,,Yes,No,No,Bank,txn-2,,');
  });

  it('ends every row with CRLF, the last one too', () => {
    expect(csv.endsWith('txn-2,,\r\n')).toBe(true);
  });

  it('has one line per transaction plus the header', () => {
    expect(lines.length).toBe(4); // header, two rows, and the empty text after the final CRLF
  });
});
