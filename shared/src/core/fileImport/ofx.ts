import { TRANSACTION_NOTES_MAX } from '../transactions.js';
import { parseAmount } from './amounts.js';
import { parseDate } from './dates.js';
import { normalizeName } from './duplicates.js';
import type { ParsedRow, RowError } from './types.js';

/**
 * OFX and QFX statements: version 1 (SGML: a key:value header, leaf elements without closing tags)
 * and version 2 (XML). Each <STMTTRN> is a row: DTPOSTED (its first 8 digits), TRNAMT with its sign
 * as the bank wrote it (OFX: negative = money out), NAME (or PAYEE's NAME, or MEMO), FITID as the
 * external id, and MEMO beside a NAME as the memo (the transaction's notes). Pure and zod-free; bad input is reported per transaction, never thrown.
 */

export interface OfxStatement {
  rows: ParsedRow[];
  errors: RowError[];
  /** The account the statement is for (ACCTID), when the file names it, and its currency (CURDEF). */
  accountId: string | null;
  currency: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  if (!text.includes('&') && !text.includes('<![')) return text.trim();
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .trim();
}

/** Is this text an OFX/QFX file (either version)? */
export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 4000);
  return /OFXHEADER\s*[:=]/i.test(head) || /<OFX[\s>]/i.test(head);
}

/** The leaf values of one aggregate: `<TAG>value` up to the next tag or line end (SGML and XML alike). */
function leaves(block: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const match of block.matchAll(/<([A-Za-z0-9_.]+)>([^<\r\n]*)/g)) {
    const tag = match[1]!.toUpperCase();
    const value = decode(match[2]!);
    if (value !== '' && !values.has(tag)) values.set(tag, value);
  }
  return values;
}

export function parseOfx(text: string): OfxStatement {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!looksLikeOfx(body)) {
    return {
      rows: [],
      errors: [{ line: 1, reason: 'This is not an OFX or QFX file' }],
      accountId: null,
      currency: null,
    };
  }
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  const account = /<ACCTID>([^<\r\n]+)/i.exec(body);
  // One file, one account: the person chooses the account it goes into, and a file of several statements would put
  // every account's lines into that one.
  // The statements' own accounts (BANKACCTFROM, CCACCTFROM), not a transfer's other side (BANKACCTTO).
  const accounts = new Set(
    [...body.matchAll(/<(?:BANK|CC)ACCTFROM>(?:(?!<\/?(?:BANK|CC)ACCT)[\s\S])*?<ACCTID>([^<\r\n]+)/gi)].map((m) =>
      m[1]!.trim(),
    ),
  );
  if (accounts.size > 1) {
    return {
      rows,
      errors: [
        {
          line: 1,
          reason: `This file holds the statements of ${accounts.size} accounts: download each account's statement on its own`,
        },
      ],
      accountId: null,
      currency: null,
    };
  }
  const currency = /<CURDEF>([^<\r\n]+)/i.exec(body);
  const starts = positionsOf(body, /<STMTTRN>/gi);
  const closings = positionsOf(body, /<\/STMTTRN>/gi);
  // One pass over the file: line numbers, and each transaction's closing tag (the first after its start), so a
  // file of unclosed tags costs no more than a well-formed one. A row's line is its key in the import, so it must be
  // unique: a transaction that starts on the line of the one before (OFX 2 written as one line of XML) is counted
  // as the next line.
  let physical = 1;
  let line = 0;
  let scanned = 0;
  let next = 0;
  starts.forEach((start, i) => {
    physical += countNewlines(body, scanned, start);
    scanned = start;
    line = Math.max(physical, line + 1);
    while (next < closings.length && closings[next]! < start) next++;
    const end = Math.min(closings[next] ?? body.length, starts[i + 1] ?? body.length);
    const fields = leaves(body.slice(start + '<STMTTRN>'.length, end));
    const posted = fields.get('DTPOSTED') ?? fields.get('DTUSER');
    const date = posted && /^\d{8}/.test(posted) ? parseDate(posted.slice(0, 8), 'YYYY-MM-DD') : null;
    if (!date) {
      errors.push({ line, reason: posted ? `"${posted}" is not an OFX date` : 'No DTPOSTED' });
      return;
    }
    const rawAmount = fields.get('TRNAMT');
    const amount = rawAmount ? parseAmount(rawAmount, /,\d{1,2}$/.test(rawAmount) ? ',' : '.') : null;
    if (!amount?.ok) {
      errors.push({ line, reason: rawAmount ? `"${rawAmount}" is not an amount` : 'No TRNAMT' });
      return;
    }
    const name = (fields.get('NAME') ?? fields.get('MEMO') ?? fields.get('TRNTYPE') ?? '').replace(/\s+/g, ' ').trim();
    if (!name) {
      errors.push({ line, reason: 'No NAME or MEMO' });
      return;
    }
    const memo = (fields.get('MEMO') ?? '').replace(/\s+/g, ' ').trim();
    rows.push({
      line,
      date,
      name: name.slice(0, 300),
      amountCents: amount.cents,
      externalId: fields.get('FITID')?.slice(0, 200) ?? null,
      ...(memo && normalizeName(memo) !== normalizeName(name) ? { memo: memo.slice(0, TRANSACTION_NOTES_MAX) } : {}),
    });
  });
  if (starts.length === 0) errors.push({ line: 1, reason: 'The file holds no transactions (no STMTTRN)' });
  return {
    rows,
    errors,
    accountId: account ? decode(account[1]!) : null,
    currency: currency ? decode(currency[1]!) : null,
  };
}

/** Where a global pattern matches, in order. */
function positionsOf(text: string, pattern: RegExp): number[] {
  const found: number[] = [];
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) found.push(match.index);
  return found;
}

/** Line ends between `from` and `to`: LF, CRLF (once) and a lone CR (old Mac files). */
function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}
