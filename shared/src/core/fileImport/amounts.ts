/**
 * Amounts in bank files, to integer cents without floating point: "$1,234.56", "-1 234,56 €",
 * "(12.50)", "12.50-", "+5", "1.234,56". Pure and zod-free (the browser parses the file).
 */
import { MAX_ABS_CENTS } from '../money.js';

export type DecimalMark = '.' | ',';

export type AmountResult = { ok: true; cents: number } | { ok: false; reason: string };

/**
 * Which decimal mark a column uses: a comma followed by one or two digits at the end of any value
 * ("12,5", "1.234,56") means comma; otherwise the dot. "1,234" alone reads as a thousands separator.
 */
export function detectDecimalMark(values: readonly string[]): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const raw of values) {
    const value = raw.replace(/[^\d.,]/g, '');
    if (/,\d{1,2}$/.test(value)) comma++;
    else if (/\.\d{1,2}$/.test(value)) dot++;
  }
  return comma > dot ? ',' : '.';
}

/**
 * Parses one amount. Empty text is `{ ok: false, reason: 'empty' }` so callers of debit/credit columns
 * can treat a blank cell as zero. Never throws.
 */
export function parseAmount(text: string, decimal: DecimalMark = '.'): AmountResult {
  let value = text.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1).trim();
  }
  // Currency symbols and codes, before or after the number.
  value = value
    .replace(/^[A-Za-z]{3}\s*|\s*[A-Za-z]{3}$/g, '')
    .replace(/[$€£¥₹\u00a0]/g, '')
    .trim();
  if (/^\(.*\)$/.test(value)) {
    negative = !negative;
    value = value.slice(1, -1).trim();
  }
  if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1).trim();
  } else if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1).trim();
  } else if (value.startsWith('+')) {
    value = value.slice(1).trim();
  }
  // Currency symbols may sit after the sign: "-$12.00".
  value = value.replace(/^[$€£¥₹]/, '').trim();
  const thousands = decimal === '.' ? /[,\s'’]/g : /[.\s'’]/g;
  value = value.replace(thousands, '');
  if (decimal === ',') value = value.replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/.exec(value);
  if (!match) return { ok: false, reason: `"${text.trim()}" is not an amount` };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return { ok: false, reason: `"${text.trim()}" has more than 2 decimal places` };
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 12) return { ok: false, reason: `"${text.trim()}" is too large` };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_ABS_CENTS) return { ok: false, reason: `"${text.trim()}" is too large` };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/**
 * A debit/credit pair: money out in one column, money in in the other (either may be blank). The
 * debit counts as money out whatever its printed sign; the credit as money in.
 */
export function parseDebitCredit(debit: string, credit: string, decimal: DecimalMark = '.'): AmountResult {
  const out = parseAmount(debit, decimal);
  const into = parseAmount(credit, decimal);
  if (!out.ok && out.reason !== 'empty') return out;
  if (!into.ok && into.reason !== 'empty') return into;
  if (!out.ok && !into.ok) return { ok: false, reason: 'Neither a debit nor a credit amount' };
  const cents = (into.ok ? Math.abs(into.cents) : 0) - (out.ok ? Math.abs(out.cents) : 0);
  return { ok: true, cents };
}
