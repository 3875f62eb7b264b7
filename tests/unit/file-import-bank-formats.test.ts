import {
  analyzeColumns,
  type ColumnMapping,
  detectLayout,
  isCompleteMapping,
  mapCsvRows,
  parseCsv,
} from '@rent/shared/core/fileImport/index';
import { describe, expect, it } from 'vitest';
import { loadText, startingMapping } from '../../web/src/features/file-import/readFile';

/**
 * Header samples written after the banks' published CSV export formats (as best known): each known export is
 * recognised and mapped by its header (or, for Wells Fargo, its shape), its date order is the bank's, and the rows
 * read as signed cents (negative = money out).
 */
function read(text: string) {
  const { delimiter, records } = parseCsv(text);
  const layout = detectLayout(records, delimiter);
  const mapping = layout.suggestion;
  if (!isCompleteMapping(mapping)) throw new Error(`incomplete mapping: ${JSON.stringify(mapping)}`);
  const format = layout.bank?.dateFormat ?? analyzeColumns(layout.data, mapping).dates.format;
  if (!format) throw new Error('no date format');
  const { rows, errors } = mapCsvRows(layout, mapping, format, analyzeColumns(layout.data, mapping).decimal);
  return { layout, mapping, rows, errors, read: rows.map((r) => [r.date, r.name, r.amountCents, r.externalId]) };
}

describe('known bank exports', () => {
  it('Chase checking: the description is "Description", not "Details" (DEBIT/CREDIT); rows end in an extra comma', () => {
    const result = read(
      [
        'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
        'DEBIT,10/02/2024,"ZELLE PAYMENT TO ACE PLUMBING JPM99A1B2C3",-450.00,QUICKPAY_DEBIT,8123.45,,',
        'CREDIT,10/01/2024,"ONLINE TRANSFER FROM CHK ...1234",2100.00,ACCT_XFER,8573.45,,',
        'CHECK,10/03/2024,"CHECK 1042",-1200.00,CHECK_PAID,7373.45,1042,',
      ].join('\n'),
    );
    expect(result.layout.bank).toMatchObject({ id: 'chase-checking', dateFormat: 'MM/DD/YYYY' });
    expect(result.mapping).toEqual({
      date: 1,
      name: 2,
      amount: { kind: 'signed', column: 3 },
      externalId: null,
      flipSign: false,
    });
    expect(result.errors).toEqual([]);
    expect(result.read).toEqual([
      ['2024-10-02', 'ZELLE PAYMENT TO ACE PLUMBING JPM99A1B2C3', -45000, null],
      ['2024-10-01', 'ONLINE TRANSFER FROM CHK ...1234', 210000, null],
      ['2024-10-03', 'CHECK 1042', -120000, null],
    ]);
  });

  it('Chase credit card: transaction date, description, signed amount (purchases negative)', () => {
    const result = read(
      [
        'Transaction Date,Post Date,Description,Category,Type,Amount,Memo',
        '10/05/2024,10/06/2024,HOME DEPOT #6543,Home,Sale,-212.40,',
        '10/07/2024,10/07/2024,Payment Thank You-Mobile,,Payment,500.00,',
      ].join('\n'),
    );
    expect(result.layout.bank?.id).toBe('chase-card');
    expect(result.read).toEqual([
      ['2024-10-05', 'HOME DEPOT #6543', -21240, null],
      ['2024-10-07', 'Payment Thank You-Mobile', 50000, null],
    ]);
  });

  it('Bank of America checking: the summary block above the header is skipped', () => {
    const result = read(
      [
        'Description,,Summary Amt.',
        'Beginning balance as of 10/01/2024,,"1,000.00"',
        'Total credits,,"2,100.00"',
        'Total debits,,"-84.20"',
        'Ending balance as of 10/31/2024,,"3,015.80"',
        '',
        'Date,Description,Amount,Running Bal.',
        '10/01/2024,Beginning balance as of 10/01/2024,,"1,000.00"',
        '10/02/2024,"CITY WATER DES:UTILITY ID:123","-84.20","915.80"',
        '10/03/2024,"TENANT RENT UNIT 2","2,100.00","3,015.80"',
      ].join('\n'),
    );
    expect(result.layout.bank?.id).toBe('bank-of-america-checking');
    expect(result.errors).toEqual([{ line: 8, reason: 'No amount' }]);
    expect(result.read).toEqual([
      ['2024-10-02', 'CITY WATER DES:UTILITY ID:123', -8420, null],
      ['2024-10-03', 'TENANT RENT UNIT 2', 210000, null],
    ]);
  });

  it('Bank of America credit card: payee and the reference number as the bank reference', () => {
    const result = read(
      [
        'Posted Date,Reference Number,Payee,Address,Amount',
        '10/04/2024,24692164278100012345678,"LOWES #1234","AUSTIN TX ",-64.99',
        '10/09/2024,24692164283100012345679,"PAYMENT - THANK YOU","",300.00',
      ].join('\n'),
    );
    expect(result.layout.bank?.id).toBe('bank-of-america-card');
    expect(result.read).toEqual([
      ['2024-10-04', 'LOWES #1234', -6499, '24692164278100012345678'],
      ['2024-10-09', 'PAYMENT - THANK YOU', 30000, '24692164283100012345679'],
    ]);
  });

  it('Wells Fargo (no header row): date, amount, "*", blank or check number, description', () => {
    const result = read(
      [
        '"10/01/2024","-45.00","*","","PURCHASE AUTHORIZED ON 09/30 HOME DEPOT #6543 AUSTIN TX"',
        '"10/02/2024","2100.00","*","","MOBILE DEPOSIT : REF NUMBER :412345678901"',
        '"10/03/2024","-1200.00","*","1043","CHECK # 1043"',
      ].join('\r\n'),
    );
    expect(result.layout.headerIndex).toBeNull();
    expect(result.layout.bank).toMatchObject({ id: 'wells-fargo', dateFormat: 'MM/DD/YYYY' });
    expect(result.read).toEqual([
      ['2024-10-01', 'PURCHASE AUTHORIZED ON 09/30 HOME DEPOT #6543 AUSTIN TX', -4500, null],
      ['2024-10-02', 'MOBILE DEPOSIT : REF NUMBER :412345678901', 210000, null],
      ['2024-10-03', 'CHECK # 1043', -120000, null],
    ]);
  });

  it('Capital One credit card: Debit and Credit columns, ISO dates', () => {
    const result = read(
      [
        'Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit',
        '2024-10-04,2024-10-05,1234,LANDSCAPING CO,Other Services,150.00,',
        '2024-10-08,2024-10-08,1234,CAPITAL ONE MOBILE PYMT,Payment/Credit,,400.00',
      ].join('\n'),
    );
    expect(result.layout.bank?.id).toBe('capital-one-card');
    expect(result.mapping.amount).toEqual({ kind: 'split', debit: 5, credit: 6 });
    expect(result.read).toEqual([
      ['2024-10-04', 'LANDSCAPING CO', -15000, null],
      ['2024-10-08', 'CAPITAL ONE MOBILE PYMT', 40000, null],
    ]);
  });

  it('Citi: Debit and Credit columns (credits printed negative still count as money in)', () => {
    const result = read(
      [
        'Status,Date,Description,Debit,Credit',
        'Cleared,10/04/2024,"SHERWIN-WILLIAMS #7788",89.10,',
        'Cleared,10/06/2024,"ONLINE PAYMENT, THANK YOU",,-250.00',
      ].join('\n'),
    );
    expect(result.layout.bank?.id).toBe('citi');
    expect(result.read).toEqual([
      ['2024-10-04', 'SHERWIN-WILLIAMS #7788', -8910, null],
      ['2024-10-06', 'ONLINE PAYMENT, THANK YOU', 25000, null],
    ]);
  });

  it('American Express: charges printed positive are flipped to money out; the reference is the bank reference', () => {
    const result = read(
      [
        'Date,Description,Amount,Extended Details,Appears On Your Statement As,Address,City/State,Zip Code,Country,Reference,Category',
        '10/04/2024,AMAZON MARKETPLACE,54.99,"Order",AMAZON MKTPL,410 TERRY AVE,SEATTLE WA,98109,UNITED STATES,\'320242780012345678\',Merchandise',
        "10/09/2024,AUTOPAY PAYMENT - THANK YOU,-300.00,,AUTOPAY PAYMENT,,,,,'320242830012345679',",
      ].join('\n'),
    );
    expect(result.layout.bank?.id).toBe('amex');
    expect(result.mapping.flipSign).toBe(true);
    expect(result.read).toEqual([
      ['2024-10-04', 'AMAZON MARKETPLACE', -5499, '320242780012345678'],
      ['2024-10-09', 'AUTOPAY PAYMENT - THANK YOU', 30000, '320242830012345679'],
    ]);
    const older = read(
      ['Date,Description,Card Member,Account #,Amount', '10/04/2024,UTILITY CO,J SMITH,-41004,75.00'].join('\n'),
    );
    expect(older.layout.bank?.id).toBe('amex');
    expect(older.read).toEqual([['2024-10-04', 'UTILITY CO', -7500, null]]);
  });

  it('any other header: the generic guess, no bank named', () => {
    const result = read(['Date,Payee,Amount', '2024-10-04,Corner store,-5.00'].join('\n'));
    expect(result.layout.bank).toBeNull();
    expect(result.mapping).toMatchObject({ date: 0, name: 1, amount: { kind: 'signed', column: 2 } });
    // A headerless file not in Wells Fargo's shape is guessed from its values too.
    const headerless = read('2024-10-04,Corner store,-5.00\n2024-10-05,Bakery,-3.00\n');
    expect(headerless.layout.bank).toBeNull();
    expect((headerless.mapping as ColumnMapping).name).toBe(1);
  });
});

describe('the mapping the wizard starts with', () => {
  const chase = [
    'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #',
    'DEBIT,10/02/2024,"ZELLE PAYMENT TO ACE",-450.00,QUICKPAY_DEBIT,8123.45,,',
  ].join('\n');
  const remembered = {
    columns: ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'],
    date: 1,
    name: 0,
    amount: { kind: 'signed' as const, column: 3 },
    externalId: null,
    flipSign: true,
    dateFormat: 'DD/MM/YYYY' as const,
  };

  it("the account's remembered mapping for the same columns, else the bank's, else the guess", () => {
    const file = loadText('chase.csv', chase);
    expect(startingMapping(file, remembered)).toEqual({
      mapping: { date: 1, name: 0, amount: { kind: 'signed', column: 3 }, externalId: null, flipSign: true },
      dateFormat: 'DD/MM/YYYY',
      origin: 'remembered',
    });
    // Other columns (another export of the bank): the remembered mapping does not fit, the bank's does.
    expect(startingMapping(file, { ...remembered, columns: remembered.columns.slice(0, 6) })).toMatchObject({
      mapping: { date: 1, name: 2 },
      dateFormat: 'MM/DD/YYYY',
      origin: 'bank',
    });
    expect(startingMapping(file, null).origin).toBe('bank');
    expect(startingMapping(loadText('x.csv', 'Date,Payee,Amount\n2024-10-04,Corner store,-5.00\n'), null)).toEqual({
      mapping: expect.objectContaining({ date: 0, name: 1 }),
      dateFormat: null,
      origin: 'guess',
    });
  });
});
