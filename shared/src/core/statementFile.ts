import { parseLedgerBalance } from './fileImport/ledgerBalance.js';
import { parseOfx } from './fileImport/ofx.js';
import type { Period, StatementLine } from './reconciliation.js';

/**
 * A bank's OFX/QFX statement file as a reconciliation reads it (docs/reconciliation.md "Balances"): its lines dated
 * in the month, and the month's end balance from the file's <LEDGERBAL>. Pure and zod-free.
 */

type Result<T> = { ok: true; value: T } | { ok: false; reason: string };

const NAME_KEPT = 60;
const BANK_ID_KEPT = 64;

/** The file's lines dated in the period, in file order, numbered s1, s2, ... (the ids the drill-down names). */
export function parseStatementLines(text: string, period: Period): Result<StatementLine[]> {
  const parsed = parseOfx(text);
  if (parsed.rows.length === 0 && parsed.errors.length > 0) return { ok: false, reason: parsed.errors[0]!.reason };
  const rows = parsed.rows.filter((row) => row.date >= period.start && row.date <= period.end);
  return {
    ok: true,
    value: rows.map((row, i) => ({
      id: `s${i + 1}`,
      date: row.date,
      amount: row.amountCents,
      name: row.name.slice(0, NAME_KEPT),
      externalId: row.externalId?.slice(0, BANK_ID_KEPT) ?? null,
    })),
  };
}

/**
 * The period's end balance from the file's <LEDGERBAL>: as of DTASOF, moved to the period's last day by the file's
 * own lines between the two dates (a file downloaded on the 10th covers the month and ten days more).
 */
export function parseLedgerBalanceOf(text: string, period: Period): Result<number> {
  const balance = parseLedgerBalance(text);
  if (!balance.ok) return balance;
  const { asOf } = balance.value;
  if (asOf < period.start) {
    return {
      ok: false,
      reason: `The file's balance is as of ${asOf}, before this statement starts on ${period.start}.`,
    };
  }
  const rows = parseOfx(text).rows;
  if (asOf >= period.end) {
    const after = rows.filter((row) => row.date > period.end && row.date <= asOf);
    return { ok: true, value: balance.value.balance - after.reduce((sum, row) => sum + row.amountCents, 0) };
  }
  const rest = rows.filter((row) => row.date > asOf && row.date <= period.end);
  return { ok: true, value: balance.value.balance + rest.reduce((sum, row) => sum + row.amountCents, 0) };
}
