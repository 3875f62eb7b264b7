import { describe, expect, it } from 'vitest';
import { parseLedgerBalance } from '../../shared/src/core/fileImport/ledgerBalance.js';
import { parseLedgerBalanceOf, parseStatementLines } from '../../shared/src/core/statementFile.js';

/** The statement balance of an OFX/QFX file (docs/reconciliation.md "Balances"), both versions of the format. */

const sgml = (balance: string, asOf: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>1<ACCTID>9<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260405
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310<TRNAMT>-12.50<FITID>A1<NAME>Coffee
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260331<TRNAMT>1500.00<FITID>A2<NAME>Rent
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260402<TRNAMT>-40.00<FITID>A3<NAME>Water
</BANKTRANLIST>
<LEDGERBAL><BALAMT>${balance}<DTASOF>${asOf}
<AVAILBAL><BALAMT>1.00<DTASOF>20260405
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const xml = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>
<BANKTRANLIST><DTSTART>20260301000000</DTSTART><DTEND>20260331235959</DTEND></BANKTRANLIST>
<LEDGERBAL><BALAMT>-1,234.56</BALAMT><DTASOF>20260331120000.000[-5:EST]</DTASOF></LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const march = { start: '2026-03-01', end: '2026-03-31' };

describe('parseLedgerBalance', () => {
  it('reads BALAMT and DTASOF of LEDGERBAL (not AVAILBAL), and the file period, in SGML and XML', () => {
    expect(parseLedgerBalance(sgml('2,000.25', '20260405'))).toEqual({
      ok: true,
      value: { balance: 200025, asOf: '2026-04-05', periodStart: '2026-03-01', periodEnd: '2026-04-05' },
    });
    expect(parseLedgerBalance(xml)).toEqual({
      ok: true,
      value: { balance: -123456, asOf: '2026-03-31', periodStart: '2026-03-01', periodEnd: '2026-03-31' },
    });
  });

  it('says what is wrong instead of throwing', () => {
    expect(parseLedgerBalance('date,amount\n')).toEqual({ ok: false, reason: 'This is not an OFX or QFX file.' });
    expect(parseLedgerBalance('<OFX><STMTRS></STMTRS></OFX>')).toEqual({
      ok: false,
      reason: 'The file has no statement balance (no <LEDGERBAL>).',
    });
    expect(parseLedgerBalance(sgml('abc', '20260405'))).toEqual({
      ok: false,
      reason: 'The statement balance "abc" is not an amount.',
    });
    expect(parseLedgerBalance(sgml('1.00', 'soon'))).toEqual({
      ok: false,
      reason: 'The statement balance date "soon" is not an OFX date.',
    });
  });
});

describe('a statement file for one month', () => {
  it("keeps the month's lines and moves the balance back to the month's end by the lines after it", () => {
    const file = sgml('2000.00', '20260405');
    expect(parseStatementLines(file, march)).toEqual({
      ok: true,
      value: [
        { id: 's1', date: '2026-03-10', amount: -1250, name: 'Coffee', externalId: 'A1' },
        { id: 's2', date: '2026-03-31', amount: 150000, name: 'Rent', externalId: 'A2' },
      ],
    });
    // 2,000.00 on April 5th, after -40.00 on April 2nd: 2,040.00 at the end of March.
    expect(parseLedgerBalanceOf(file, march)).toEqual({ ok: true, value: 204000 });
    expect(parseLedgerBalanceOf(sgml('2000.00', '20260331'), march)).toEqual({ ok: true, value: 200000 });
    expect(parseLedgerBalanceOf(sgml('2000.00', '20260301'), march)).toEqual({
      ok: true,
      value: 200000 - 1250 + 150000,
    });
    expect(parseLedgerBalanceOf(sgml('2000.00', '20260215'), march)).toEqual({
      ok: false,
      reason: "The file's balance is as of 2026-02-15, before this statement starts on 2026-03-01.",
    });
  });
});
