import { readFileSync } from 'node:fs';
import {
  analyzeColumns,
  type ColumnMapping,
  detectDateFormat,
  detectLayout,
  isCompleteMapping,
  mapCsvRows,
  parseAmount,
  parseCsv,
  parseDate,
  parseDebitCredit,
  parseOfx,
} from '@rent/shared/core/fileImport/index';
import { describe, expect, it } from 'vitest';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

/** A CSV fixture through the whole browser path: records, layout, the suggested mapping, dates, rows. */
function importCsv(name: string, dateFormat?: 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY-MM-DD') {
  const { delimiter, records } = parseCsv(fixture(name));
  const layout = detectLayout(records, delimiter);
  const mapping = layout.suggestion;
  if (!isCompleteMapping(mapping)) throw new Error(`incomplete mapping for ${name}: ${JSON.stringify(mapping)}`);
  const analysis = analyzeColumns(layout.data, mapping);
  const format = dateFormat ?? analysis.dates.format;
  if (!format) throw new Error(`no date format for ${name}`);
  return { layout, mapping, analysis, ...mapCsvRows(layout, mapping, format, analysis.decimal) };
}

describe('amounts to integer cents', () => {
  it.each([
    ['-5.75', '.', -575],
    ['$1,234.56', '.', 123456],
    ['-$1,234.56', '.', -123456],
    ['(310.00)', '.', -31000],
    ['($12)', '.', -1200],
    ['12.50-', '.', -1250],
    ['+5', '.', 500],
    ['1.250,00', ',', 125000],
    ['84,20', ',', 8420],
    ['1 800.00', '.', 180000],
    ['€ 12,5', ',', 1250],
    ['USD 9.99', '.', 999],
    ['0.10', '.', 10],
    ['.5', '.', 50],
    ['-0.00', '.', 0],
    ['0.1', '.', 10],
    ['100.200', '.', 10020],
  ] as const)('%s (%s) -> %d', (text, mark, cents) => {
    expect(parseAmount(text, mark)).toEqual({ ok: true, cents });
  });

  it('reports, never throws: text, three decimals, empty, too large', () => {
    expect(parseAmount('abc')).toEqual({ ok: false, reason: '"abc" is not an amount' });
    expect(parseAmount('1.234')).toEqual({ ok: false, reason: '"1.234" has more than 2 decimal places' });
    expect(parseAmount('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmount('99999999999999')).toEqual({ ok: false, reason: '"99999999999999" is too large' });
  });

  it('0.1 + 0.2 style values stay exact (no float arithmetic)', () => {
    const sum = ['0.10', '0.20'].map((v) => parseAmount(v)).reduce((n, r) => n + (r.ok ? r.cents : 0), 0);
    expect(sum).toBe(30);
  });

  it('debit and credit columns: debit is money out whatever its printed sign', () => {
    expect(parseDebitCredit('84,20', '', ',')).toEqual({ ok: true, cents: -8420 });
    expect(parseDebitCredit('-84.20', '', '.')).toEqual({ ok: true, cents: -8420 });
    expect(parseDebitCredit('', '1.250,00', ',')).toEqual({ ok: true, cents: 125000 });
    expect(parseDebitCredit('', '', '.')).toEqual({ ok: false, reason: 'Neither a debit nor a credit amount' });
    expect(parseDebitCredit('x', '', '.')).toEqual({ ok: false, reason: '"x" is not an amount' });
  });
});

describe('dates', () => {
  it.each([
    ['2024-03-01', 'YYYY-MM-DD', '2024-03-01'],
    ['20240301', 'YYYY-MM-DD', '2024-03-01'],
    ['2024/3/1', 'YYYY-MM-DD', '2024-03-01'],
    ['03/01/2024', 'MM/DD/YYYY', '2024-03-01'],
    ['3/1/24', 'MM/DD/YYYY', '2024-03-01'],
    ['3/1/99', 'MM/DD/YYYY', '1999-03-01'],
    ['01/03/2024', 'DD/MM/YYYY', '2024-03-01'],
    ['1.3.24', 'DD/MM/YYYY', '2024-03-01'],
    ['02/29/2024', 'MM/DD/YYYY', '2024-02-29'],
  ] as const)('%s as %s', (text, format, iso) => {
    expect(parseDate(text, format)).toBe(iso);
  });

  it('refuses dates that do not exist in the order', () => {
    expect(parseDate('02/30/2024', 'MM/DD/YYYY')).toBeNull();
    expect(parseDate('13/01/2024', 'MM/DD/YYYY')).toBeNull();
    expect(parseDate('2023-02-29', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('2024031', 'YYYY-MM-DD')).toBeNull();
  });

  it('detects the order from ALL values; every day <= 12 is ambiguous and must be asked', () => {
    expect(detectDateFormat(['01/02/2024', '03/04/2024', '12/11/2024'])).toEqual({
      format: null,
      candidates: ['MM/DD/YYYY', 'DD/MM/YYYY'],
    });
    // One late row settles it, wherever it is.
    const many = [...Array.from({ length: 200 }, () => '01/02/2024'), '01/25/2024'];
    expect(detectDateFormat(many)).toEqual({ format: 'MM/DD/YYYY', candidates: ['MM/DD/YYYY'] });
    expect(detectDateFormat(['25/01/2024', '01/02/2024']).format).toBe('DD/MM/YYYY');
    expect(detectDateFormat(['2024-01-02']).format).toBe('YYYY-MM-DD');
    expect(detectDateFormat(['soon'])).toEqual({ format: null, candidates: [] });
  });
});

describe('CSV records', () => {
  it('quoted delimiters, doubled quotes, line breaks inside quotes, BOM, CRLF; line numbers of each record', () => {
    const { records, delimiter } = parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\r\n"multi\nline",z\r\n\r\nlast,1');
    expect(delimiter).toBe(',');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['multi\nline', 'z'] },
      { line: 6, cells: ['last', '1'] },
    ]);
  });

  it('detects ; and tab delimiters', () => {
    expect(parseCsv(fixture('eu-debit-credit.csv')).delimiter).toBe(';');
    expect(parseCsv(fixture('tab-iso.tsv')).delimiter).toBe('\t');
    expect(parseCsv(fixture('chase-signed.csv')).delimiter).toBe(',');
  });

  it('never throws on garbage', () => {
    for (const text of ['', '"', '"unterminated,\n', ',,,\n;;;', '\u0000\u0001', 'a\rb\rc']) {
      const { records, delimiter } = parseCsv(text);
      const layout = detectLayout(records, delimiter);
      expect(Array.isArray(layout.data)).toBe(true);
    }
  });
});

describe('bank layouts (fixtures)', () => {
  it('Chase-like signed CSV: header with BOM, mapping suggested, the same-day same-amount pair kept as two rows', () => {
    const result = importCsv('chase-signed.csv');
    expect(result.layout.headerIndex).toBe(0);
    expect(result.mapping).toMatchObject({ date: 0, name: 2, amount: { kind: 'signed', column: 5 } });
    expect(result.analysis.dates.format).toBe('MM/DD/YYYY');
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      { line: 2, date: '2024-03-04', name: 'STARBUCKS STORE 1234', amountCents: -575, externalId: null },
      { line: 3, date: '2024-03-04', name: 'STARBUCKS STORE 1234', amountCents: -575, externalId: null },
      { line: 4, date: '2024-03-07', name: 'HOME DEPOT #456, AUSTIN', amountCents: -123456, externalId: null },
      { line: 5, date: '2024-03-15', name: 'Payment Thank You-Mobile', amountCents: 250000, externalId: null },
      { line: 6, date: '2024-03-21', name: 'ACE "HARDWARE" CO', amountCents: -4210, externalId: null },
    ]);
  });

  it('Bank of America-like: the summary preamble is skipped; the balance line without amount is a line error', () => {
    const result = importCsv('bofa-preamble.csv');
    expect(result.layout.headerIndex).toBe(5);
    expect(result.layout.columns).toEqual(['Date', 'Description', 'Amount', 'Running Bal.']);
    expect(result.mapping).toMatchObject({ date: 0, name: 1, amount: { kind: 'signed', column: 2 } });
    expect(result.errors).toEqual([{ line: 8, reason: 'No amount' }]);
    expect(result.rows.map((r) => [r.line, r.date, r.amountCents])).toEqual([
      [9, '2024-01-02', 210000],
      [10, '2024-01-03', -8420],
      [11, '2024-01-13', -8420],
      [12, '2024-01-20', -31000],
    ]);
  });

  it('European debit/credit CSV with ; and DD/MM/YYYY, decimal comma, a reference column as external id', () => {
    const result = importCsv('eu-debit-credit.csv');
    expect(result.mapping).toMatchObject({
      date: 0,
      name: 1,
      amount: { kind: 'split', debit: 2, credit: 3 },
      externalId: 4,
    });
    expect(result.analysis.dates).toEqual({ format: 'DD/MM/YYYY', candidates: ['DD/MM/YYYY'] });
    expect(result.analysis.decimal).toBe(',');
    expect(result.rows).toEqual([
      { line: 2, date: '2024-03-01', name: 'Miete Wohnung 2', amountCents: 125000, externalId: 'REF-0001' },
      { line: 3, date: '2024-03-02', name: 'Stadtwerke Strom', amountCents: -8420, externalId: 'REF-0002' },
      { line: 4, date: '2024-03-02', name: 'Stadtwerke Strom', amountCents: -8420, externalId: 'REF-0003' },
      { line: 5, date: '2024-03-15', name: 'Hausmeister Service', amountCents: -102050, externalId: 'REF-0004' },
      { line: 6, date: '2024-03-31', name: 'Zinsen', amountCents: 35, externalId: 'REF-0005' },
    ]);
  });

  it('tab-separated ISO dates: bad date, bad amount and short rows are reported by line, the rest imported', () => {
    const result = importCsv('tab-iso.tsv', 'YYYY-MM-DD');
    expect(result.mapping).toMatchObject({ date: 0, name: 1, amount: { kind: 'signed', column: 2 }, externalId: 3 });
    expect(result.rows.map((r) => [r.line, r.amountCents, r.externalId])).toEqual([
      [2, -12000, 'A1'],
      [3, -12000, 'A2'],
      [4, 180000, 'A3'],
    ]);
    expect(result.errors).toEqual([
      { line: 5, reason: '"2024-02-30" is not a date in the order YYYY-MM-DD' },
      { line: 6, reason: '"abc" is not an amount' },
      { line: 7, reason: 'Expected 4 fields, found 2' },
    ]);
  });

  it('withdrawal and deposit columns named "Amt." are read as debit and credit, not the first as a signed amount', () => {
    const csv =
      'Date,Description,Withdrawal Amt.,Deposit Amt.,Balance\n2024-03-01,Rent from Tara,,1500.00,2500.00\n2024-03-02,Water bill,40.00,,2460.00\n';
    const { delimiter, records } = parseCsv(csv);
    const layout = detectLayout(records, delimiter);
    expect(layout.suggestion).toMatchObject({ date: 0, name: 1, amount: { kind: 'split', debit: 2, credit: 3 } });
    const mapping = layout.suggestion as ColumnMapping;
    const { rows, errors } = mapCsvRows(layout, mapping, 'YYYY-MM-DD', analyzeColumns(layout.data, mapping).decimal);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.name, r.amountCents])).toEqual([
      ['Rent from Tara', 150000],
      ['Water bill', -4000],
    ]);
    // An amount column beside a column that only says which way the money went is still the signed amount.
    const typed = parseCsv('Date,Description,Amount,Credit/Debit\n2024-03-01,Rent,1500.00,Credit\n');
    expect(detectLayout(typed.records, typed.delimiter).suggestion).toMatchObject({
      amount: { kind: 'signed', column: 2 },
    });
  });

  it('no header, M/D/YY: columns guessed from values; the order is ambiguous so it is asked, and each answer reads differently', () => {
    const { delimiter, records } = parseCsv(fixture('no-header-mdy.csv'));
    const layout = detectLayout(records, delimiter);
    expect(layout.headerIndex).toBeNull();
    expect(layout.columns).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(layout.suggestion).toMatchObject({ date: 0, name: 1, amount: { kind: 'signed', column: 2 } });
    const mapping = layout.suggestion as ColumnMapping;
    expect(analyzeColumns(layout.data, mapping).dates).toEqual({
      format: null,
      candidates: ['MM/DD/YYYY', 'DD/MM/YYYY'],
    });
    expect(mapCsvRows(layout, mapping, 'MM/DD/YYYY', '.').rows[1]).toMatchObject({
      date: '2024-03-02',
      amountCents: 150000,
    });
    expect(mapCsvRows(layout, mapping, 'DD/MM/YYYY', '.').rows[1]).toMatchObject({ date: '2024-02-03' });
  });

  it('flipSign turns a card export that prints charges positive into signed amounts', () => {
    const { delimiter, records } = parseCsv(
      'Date,Description,Amount\n2024-01-05,Paint store,42.00\n2024-01-06,Refund,-10.00\n',
    );
    const layout = detectLayout(records, delimiter);
    const mapping = { ...(layout.suggestion as ColumnMapping), flipSign: true };
    expect(mapCsvRows(layout, mapping, 'YYYY-MM-DD', '.').rows.map((r) => r.amountCents)).toEqual([-4200, 1000]);
  });
});

describe('OFX / QFX', () => {
  it('QFX v1 (SGML, unclosed leaves): FITID as external id, TRNAMT sign as is, DTPOSTED with time and zone, entities decoded, MEMO kept', () => {
    const statement = parseOfx(fixture('card-v1.qfx'));
    expect(statement.accountId).toBe('4111111111111111');
    expect(statement.currency).toBe('USD');
    expect(statement.rows).toEqual([
      {
        line: 16,
        date: '2024-03-05',
        name: 'LOWES #1234 & GARDEN',
        amountCents: -6499,
        externalId: '2024030524692160000000001',
      },
      {
        line: 23,
        date: '2024-03-05',
        name: 'LOWES #1234 & GARDEN',
        amountCents: -6499,
        externalId: '2024030524692160000000002',
      },
      {
        line: 30,
        date: '2024-03-10',
        name: 'PAYMENT RECEIVED',
        amountCents: 15000,
        externalId: '2024031024692160000000003',
        // The bank's MEMO beside the NAME: kept as the transaction's notes.
        memo: 'THANK YOU',
      },
    ]);
    expect(statement.errors).toEqual([{ line: 38, reason: '"2024031" is not an OFX date' }]);
  });

  it('OFX v2 (XML): PAYEE/NAME, closing tags, the same-day same-amount pair kept', () => {
    const statement = parseOfx(fixture('checking-v2.ofx'));
    expect(statement.accountId).toBe('000123456789');
    expect(statement.errors).toEqual([]);
    expect(statement.rows.map((r) => [r.date, r.name, r.amountCents, r.externalId])).toEqual([
      ['2024-03-01', 'RENT UNIT 2 - TARA', 210000, 'TXN-20240301-0001'],
      ['2024-03-12', 'PLUMBING & HEATING LLC', -45000, 'TXN-20240312-0002'],
      ['2024-03-12', 'PLUMBING & HEATING LLC', -45000, 'TXN-20240312-0003'],
    ]);
    expect(statement.rows.map((r) => r.memo ?? null)).toEqual([null, 'Invoice 77', null]);
  });

  // Linear, not quadratic: 5 MB of unclosed transactions is one pass (each looked for its closing tag in the whole
  // rest of the file before, which took minutes at this size). The bound is the test's timeout, far above a pass.
  it('parses 5 MB of unclosed <STMTTRN> tags in one pass', { timeout: 20_000 }, () => {
    const one = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<NAME>X\n';
    const text = `OFXHEADER:100\n<OFX>\n${one.repeat(Math.ceil(5_000_000 / one.length))}`;
    expect(text.length).toBeGreaterThanOrEqual(5_000_000);
    const statement = parseOfx(text);
    expect(statement.errors).toEqual([]);
    expect(statement.rows).toHaveLength(Math.ceil(5_000_000 / one.length));
    expect(statement.rows.at(-1)).toMatchObject({ line: statement.rows.length + 2, amountCents: -100, name: 'X' });
  });

  it('a transaction ends at its closing tag, or at the next transaction when it has none', () => {
    const statement = parseOfx(
      'OFXHEADER:100\n<OFX><STMTTRN><DTPOSTED>20240101<TRNAMT>1<NAME>a</STMTTRN><MEMO>outside<STMTTRN><DTPOSTED>20240102<TRNAMT>2<NAME>b\n<STMTTRN><DTPOSTED>20240103<TRNAMT>3<NAME>c</STMTTRN>',
    );
    expect(statement.rows.map((r) => [r.name, r.amountCents])).toEqual([
      ['a', 100],
      ['b', 200],
      ['c', 300],
    ]);
  });

  it('numbers each transaction by its line, uniquely: CR-only files, and several transactions on one line', () => {
    const trn = (day: number) => `<STMTTRN><DTPOSTED>2024010${day}<TRNAMT>-${day}.00<NAME>Shop ${day}</STMTTRN>`;
    // Old Mac line ends: one transaction a line.
    const cr = parseOfx(`OFXHEADER:100\r<OFX>\r${trn(1)}\r${trn(2)}\r\n${trn(3)}`);
    expect(cr.rows.map((r) => [r.line, r.name])).toEqual([
      [3, 'Shop 1'],
      [4, 'Shop 2'],
      [5, 'Shop 3'],
    ]);
    // OFX 2 written as one line of XML: each transaction still has a line of its own, in order.
    const oneLine = parseOfx(`<?xml version="1.0"?><OFX>${trn(1)}${trn(2)}${trn(3)}</OFX>\n${trn(4)}`);
    expect(oneLine.errors).toEqual([]);
    expect(oneLine.rows.map((r) => [r.line, r.name])).toEqual([
      [1, 'Shop 1'],
      [2, 'Shop 2'],
      [3, 'Shop 3'],
      [4, 'Shop 4'],
    ]);
  });

  it('refuses a file of several accounts’ statements, which would all go into the one account chosen', () => {
    const statement = (acct: string) =>
      `<STMTRS><BANKACCTFROM><ACCTID>${acct}</BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20240101<TRNAMT>-1.00<NAME>X\n</BANKTRANLIST></STMTRS>`;
    const two = parseOfx(`OFXHEADER:100\n<OFX>\n${statement('1111')}\n${statement('2222')}\n</OFX>`);
    expect(two.rows).toEqual([]);
    expect(two.errors).toEqual([
      { line: 1, reason: "This file holds the statements of 2 accounts: download each account's statement on its own" },
    ]);
    // A transfer's other account (BANKACCTTO) is not a statement of its own.
    const transfer =
      '<STMTTRN><DTPOSTED>20240102<TRNAMT>-5.00<NAME>To savings<BANKACCTTO><BANKID>1<ACCTID>9999</BANKACCTTO></STMTTRN>';
    const one = parseOfx(
      `OFXHEADER:100\n<OFX>\n${statement('1111').replace('</BANKTRANLIST>', `${transfer}</BANKTRANLIST>`)}`,
    );
    expect(one.errors).toEqual([]);
    expect(one.rows).toHaveLength(2);
    // The same account named twice (a statement and its closing balance) is one account.
    expect(parseOfx(`OFXHEADER:100\n<OFX>\n${statement('1111')}\n${statement('1111')}\n</OFX>`).rows).toHaveLength(2);
  });

  it('not an OFX file, or one without transactions: a reported error, not a throw', () => {
    expect(parseOfx('Date,Amount\n').errors).toEqual([{ line: 1, reason: 'This is not an OFX or QFX file' }]);
    expect(parseOfx('<OFX><BANKTRANLIST></BANKTRANLIST></OFX>').errors).toEqual([
      { line: 1, reason: 'The file holds no transactions (no STMTTRN)' },
    ]);
    expect(parseOfx('OFXHEADER:100\n<OFX><STMTTRN><TRNAMT>x<DTPOSTED>20240101<NAME>a</STMTTRN>').errors).toEqual([
      { line: 2, reason: '"x" is not an amount' },
    ]);
  });
});
