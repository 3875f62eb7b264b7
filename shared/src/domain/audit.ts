import * as z from 'zod';
import { AUDIT_ACTIONS, AUDIT_VIAS, AUDITED_FIELDS, BANK_EVENTS } from '../core/auditDiff.js';
import { IsoDate, Timestamp } from './common.js';
import { Person, ReviewRequest, TransactionMessage } from './review.js';

/** One recorded field change: old and new value as stored (cents, ids, category keys). */
const AuditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One audit entry of a transaction (docs/ledger.md "Audit trail"). */
export const AuditEntry = z.object({
  id: z.string(),
  transactionId: z.string(),
  at: Timestamp,
  actorId: z.string().nullable(),
  actor: Person.nullable(),
  via: z.enum(AUDIT_VIAS),
  ref: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.array(z.object({ field: z.enum(AUDITED_FIELDS), from: AuditValue, to: AuditValue })),
  /** Written into a closed period under an ADMIN's explicit override. */
  override: z.boolean(),
  /** An import's entry: the file the transaction was imported from; absent otherwise. */
  fileName: z.string().nullable().optional(),
  /** A bank sync's change: what the bank did (posted, merged, removed, changed); null otherwise. */
  bankEvent: z.enum(BANK_EVENTS).nullable().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The whole Activity of a transaction from ONE Query: its review requests, messages and audit entries. */
export const TransactionActivity = z.object({
  reviewRequests: z.array(ReviewRequest),
  messages: z.array(TransactionMessage),
  auditEntries: z.array(AuditEntry),
});
export type TransactionActivity = z.infer<typeof TransactionActivity>;

/** One close or reopen of the books: the date before and after, who and when (`reopened`: moved earlier or cleared). */
export const ClosedPeriodChange = z.object({
  id: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reopened: z.boolean(),
  byUserId: z.string(),
  byName: z.string(),
  at: Timestamp,
});
export type ClosedPeriodChange = z.infer<typeof ClosedPeriodChange>;

/**
 * Closed periods: the books closed through a date (null: nothing closed), who closed them and when, and the
 * latest changes, newest first (every close and reopen is kept).
 */
export const ClosedPeriod = z.object({
  closedThrough: z.string().nullable(),
  closedAt: Timestamp.nullable(),
  closedBy: z.string().nullable(),
  history: z.array(ClosedPeriodChange),
});
export type ClosedPeriod = z.infer<typeof ClosedPeriod>;

export const ClosedPeriodUpdate = z.strictObject({ closedThrough: IsoDate.nullable() });
export type ClosedPeriodUpdate = z.infer<typeof ClosedPeriodUpdate>;
