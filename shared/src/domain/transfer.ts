import * as z from 'zod';
import { Id } from './common.js';
import { Transaction } from './transaction.js';

/**
 * Transfers between the organization's own accounts (docs/ledger.md "Transfers"); the rule is shared/src/core/transfers.ts.
 */

/** The other side of a transfer, or a candidate for it, as the flyout shows it. */
export const TransferSide = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  /** Signed decimal, negative = money out. */
  amount: z.number(),
  bankAccountId: z.string().nullable(),
  /** "Savings ••4321", or null for a line typed by hand (no account). */
  accountName: z.string().nullable(),
});
export type TransferSide = z.infer<typeof TransferSide>;

/** GET /api/transactions/{id}/transfer: the side it is paired with (or null), and the lines a person may pair it with. */
export const TransferInfo = z.object({
  pair: TransferSide.nullable(),
  candidates: z.array(TransferSide),
  /** Why this transaction cannot be paired now (null when it can, or when it is paired). */
  blockedBecause: z.string().nullable(),
});
export type TransferInfo = z.infer<typeof TransferInfo>;

/** PUT /api/transactions/{id}/transfer: pair with this other transaction by hand. */
export const TransferPairInput = z.strictObject({
  otherId: Id,
});
export type TransferPairInput = z.output<typeof TransferPairInput>;

/** Both sides after a pair or an unpair. */
export const TransferPairResult = z.object({ transaction: Transaction, other: Transaction.nullable() });
