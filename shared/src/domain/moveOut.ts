import * as z from 'zod';
import { MOVE_OUT_DEDUCTIONS_MAX, MOVE_OUT_LABEL_MAX } from '../core/moveOut.js';
import { IsoDate, Timestamp } from './common.js';
import { MAX_ABS_CENTS, moneyField } from './money.js';

/** A damage or cleaning deduction: a name and dollars > 0 on the wire, cents inside. */
const MoveOutDeduction = z.strictObject({
  label: z
    .string({ error: 'Name the deduction' })
    .trim()
    .min(1, { error: 'Name the deduction' })
    .max(MOVE_OUT_LABEL_MAX, { error: `A deduction's name is at most ${MOVE_OUT_LABEL_MAX} characters` }),
  amount: moneyField({ min: 1, max: MAX_ABS_CENTS }),
});

/**
 * POST /api/leases/{id}/move-out (docs/tenants-and-maintenance.md "Move-out"): the day the tenant left, the
 * deductions from the deposit, and whether the deposit also pays what the lease owes on that day.
 */
export const MoveOutInput = z.strictObject({
  date: IsoDate,
  deductions: z
    .array(MoveOutDeduction, { error: 'deductions must be a list' })
    .max(MOVE_OUT_DEDUCTIONS_MAX, { error: `A move-out has at most ${MOVE_OUT_DEDUCTIONS_MAX} deductions` })
    .default([]),
  applyToBalance: z.boolean({ error: 'applyToBalance must be true or false' }),
});
export type MoveOutInput = z.output<typeof MoveOutInput>;

/** The move-out statement's figures (dollars), as recorded on the lease. */
export const MoveOutStatement = z.object({
  leaseId: z.string(),
  date: z.string(),
  address: z.string(),
  unitLabel: z.string().nullable(),
  tenant: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  deposit: z.number(),
  deductions: z.array(z.object({ label: z.string(), amount: z.number() })),
  /** The tenant's credit on the date that paid deductions before the deposit did. */
  creditApplied: z.number(),
  /** What the lease owed on the date besides the deductions, when the deposit was applied to it (else 0). */
  balanceApplied: z.number(),
  claimed: z.number(),
  applied: z.number(),
  toReturn: z.number(),
  stillOwed: z.number(),
  /** The two transactions that applied the deposit (none when nothing was applied). */
  transactionIds: z.array(z.string()),
  recordedAt: Timestamp,
});
export type MoveOutStatement = z.infer<typeof MoveOutStatement>;
