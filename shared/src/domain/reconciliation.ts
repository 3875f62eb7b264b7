import * as z from 'zod';
import {
  BALANCE_SOURCES,
  ISSUE_KINDS,
  MATCH_REASONS,
  RECONCILIATION_STATUSES,
  STATEMENT_OFX_MAX_CHARS,
} from '../core/reconciliation.js';
import { ISO_DATE_MAX, ISO_DATE_MIN, isDateInRange } from '../core/validation.js';
import { Id, IsoDate, Timestamp } from './common.js';
import { moneyField } from './money.js';

export * from '../core/reconciliation.js';

/** Statement reconciliation (docs/reconciliation.md): the wire shapes. Money on the wire is a signed decimal. */

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const StatementMonth = z
  .string({ error: 'The month is required, as YYYY-MM' })
  .regex(MONTH_PATTERN, { error: 'The month must be YYYY-MM, e.g. 2026-01', abort: true })
  // The dates the system accepts at all: a year like 0099 would otherwise be read as 1999.
  .refine((month) => isDateInRange(`${month}-01`), {
    error: `The month must be between ${ISO_DATE_MIN.slice(0, 7)} and ${ISO_DATE_MAX.slice(0, 7)}`,
  });

export const ReconciliationParams = z.strictObject({ id: Id, month: StatementMonth });

/** A statement line of the month (s1, s2, ... in the statement file's order). */
export const StatementLineParams = z.strictObject({
  id: Id,
  month: StatementMonth,
  lineId: z.string().regex(/^s\d{1,5}$/, { error: 'That statement line is not valid' }),
});

/**
 * PUT a statement: its balances typed by a person, or an OFX/QFX file's text (its <LEDGERBAL> is the end balance,
 * its lines are compared with the books). A typed balance wins over the file's; `version` is the one read (absent
 * for a new statement).
 */
export const StatementInput = z
  .strictObject({
    startBalance: moneyField({ label: 'Start balance' }).nullish(),
    endBalance: moneyField({ label: 'End balance' }).nullish(),
    ofx: z
      .string({ error: 'The statement file must be text' })
      .max(STATEMENT_OFX_MAX_CHARS, { error: 'The statement file is too large: use one month of one account' })
      .nullish(),
    version: z.number({ error: 'version must be a number' }).int().min(1).optional(),
  })
  .refine((v) => v.ofx != null || (v.startBalance != null && v.endBalance != null), {
    error: 'Type the start and end balances, or choose the statement file (OFX or QFX)',
  });
export type StatementInput = z.output<typeof StatementInput>;

export const TickInput = z.strictObject({
  transactionId: Id,
  cleared: z.boolean({ error: 'cleared must be true or false' }),
});

const Match = z.object({
  statementLineId: z.string(),
  transactionId: z.string(),
  reason: z.enum(MATCH_REASONS),
  days: z.number(),
});

export const ReconciliationLine = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  name: z.string(),
  cleared: z.boolean(),
  inPeriod: z.boolean(),
  match: Match.nullable(),
  /** The match's reason in words, or null. */
  reason: z.string().nullable(),
});

export const ReconciliationIssue = z.object({
  kind: z.enum(ISSUE_KINDS),
  effect: z.number(),
  statementLineId: z.string().nullable(),
  transactionId: z.string().nullable(),
  date: z.string().nullable(),
  amount: z.number().nullable(),
  name: z.string().nullable(),
  message: z.string(),
});

export const Reconciliation = z.object({
  accountId: z.string(),
  accountName: z.string(),
  month: z.string(),
  periodStart: IsoDate,
  periodEnd: IsoDate,
  /** 'new': nothing saved yet (the balances are only suggestions). */
  status: z.enum([...RECONCILIATION_STATUSES, 'new']),
  startBalance: z.number().nullable(),
  endBalance: z.number().nullable(),
  balanceSource: z.enum(BALANCE_SOURCES).nullable(),
  /** Where a suggested balance comes from (the previous statement's end, the bank's last balance). */
  suggestions: z.object({
    startBalance: z.number().nullable(),
    startFrom: z.string().nullable(),
    endBalance: z.number().nullable(),
    endFrom: z.string().nullable(),
  }),
  statementLineCount: z.number(),
  difference: z.number(),
  cleared: z.number(),
  clearedCount: z.number(),
  autoMatched: z.number(),
  /** Why Finish is refused, in words; null when it may be pressed. */
  finishBlocked: z.string().nullable(),
  lines: z.array(ReconciliationLine),
  issues: z.array(ReconciliationIssue),
  reconciledThrough: IsoDate.nullable(),
  finishedAt: Timestamp.nullable(),
  finishedBy: z.string().nullable(),
  version: z.number(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const ReconciliationSummary = z.object({
  month: z.string(),
  status: z.enum(RECONCILIATION_STATUSES),
  startBalance: z.number(),
  endBalance: z.number(),
  finishedAt: Timestamp.nullable(),
});

export const ReconciliationLogEntry = z.object({
  id: z.string(),
  action: z.enum(['finished', 'undone']),
  month: z.string(),
  byUserId: z.string(),
  byName: z.string(),
  at: Timestamp,
});

export const ReconciliationList = z.object({
  accountId: z.string(),
  accountName: z.string(),
  reconciledThrough: IsoDate.nullable(),
  reconciliations: z.array(ReconciliationSummary),
  log: z.array(ReconciliationLogEntry),
});
export type ReconciliationList = z.infer<typeof ReconciliationList>;

export const AddedToBooks = z.object({ transactionId: z.string() });
