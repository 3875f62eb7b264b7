import { parseAmount } from './amounts.js';
import { parseDate } from './dates.js';

/**
 * The statement balance of an OFX/QFX file (docs/reconciliation.md "Balances"): `<LEDGERBAL>` holds the account's
 * booked balance `<BALAMT>` as of `<DTASOF>`, and `<BANKTRANLIST>` the period the file covers (`<DTSTART>`,
 * `<DTEND>`). Version 1 (SGML, unclosed leaves) and version 2 (XML) alike. Pure and zod-free; bad input is an
 * `{ ok: false, reason }`, never a throw.
 */

export interface LedgerBalance {
  /** Signed integer cents (a credit card's balance owed is negative, as the bank wrote it). */
  balance: number;
  /** YYYY-MM-DD: the first 8 digits of DTASOF. */
  asOf: string;
  /** The file's statement period, when BANKTRANLIST gives it (YYYY-MM-DD). */
  periodStart: string | null;
  periodEnd: string | null;
}

export type LedgerBalanceResult = { ok: true; value: LedgerBalance } | { ok: false; reason: string };

/** The text of the aggregate `<TAG>` up to its closing tag (or the end of the file when SGML leaves it open). */
function aggregate(text: string, tag: string): string | null {
  const open = new RegExp(`<${tag}>`, 'i').exec(text);
  if (!open) return null;
  const from = open.index + open[0].length;
  const close = new RegExp(`</${tag}>`, 'i').exec(text.slice(from));
  return text.slice(from, close ? from + close.index : text.length);
}

/** The value of the leaf `<TAG>value` (up to the next tag or line end). */
function leaf(block: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  const value = match?.[1]?.trim();
  return value ? value : null;
}

const ofxDate = (value: string | null) =>
  value && /^\d{8}/.test(value) ? parseDate(value.slice(0, 8), 'YYYY-MM-DD') : null;

export function parseLedgerBalance(text: string): LedgerBalanceResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const head = body.slice(0, 4000);
  if (!/OFXHEADER\s*[:=]/i.test(head) && !/<OFX[\s>]/i.test(head)) {
    return { ok: false, reason: 'This is not an OFX or QFX file.' };
  }
  const block = aggregate(body, 'LEDGERBAL');
  if (block === null) return { ok: false, reason: 'The file has no statement balance (no <LEDGERBAL>).' };
  const rawAmount = leaf(block, 'BALAMT');
  if (!rawAmount) return { ok: false, reason: 'The statement balance has no amount (no <BALAMT>).' };
  const amount = parseAmount(rawAmount, /,\d{1,2}$/.test(rawAmount) ? ',' : '.');
  if (!amount.ok) return { ok: false, reason: `The statement balance "${rawAmount}" is not an amount.` };
  const rawDate = leaf(block, 'DTASOF');
  const asOf = ofxDate(rawDate);
  if (!asOf) {
    return {
      ok: false,
      reason: rawDate
        ? `The statement balance date "${rawDate}" is not an OFX date.`
        : 'The statement balance has no date (no <DTASOF>).',
    };
  }
  const list = aggregate(body, 'BANKTRANLIST') ?? '';
  return {
    ok: true,
    value: {
      balance: amount.cents,
      asOf,
      periodStart: ofxDate(leaf(list, 'DTSTART')),
      periodEnd: ofxDate(leaf(list, 'DTEND')),
    },
  };
}
