/**
 * A lease's move-out (docs/tenants-and-maintenance.md "Move-out"): what part of the security deposit is applied to
 * the deductions and to what the lease owes, and what is returned or still owed. Zod-free and pure, so the server
 * and the drawer's preview compute the same figures. Money is integer cents.
 */

/** At most this many deductions (damages, cleaning) per move-out: each becomes a one-time fee of the lease. */
export const MOVE_OUT_DEDUCTIONS_MAX = 20;
export const MOVE_OUT_LABEL_MAX = 60;

export interface MoveOutFigures {
  /** The deductions added up. */
  deductions: number;
  /** The tenant's credit on the date (overpaid rent), which pays the deductions before the deposit does. */
  creditApplied: number;
  /** What the lease owed on the move-out date besides the deductions, when applied (else 0). */
  balanceApplied: number;
  /** Deductions − credit applied + balance applied: what the landlord claims from the deposit. */
  claimed: number;
  /** The part of the deposit applied: the claim, capped at the deposit. It becomes income on the date. */
  applied: number;
  /** Deposit − applied: what goes back to the tenant. */
  toReturn: number;
  /** Claimed − applied: what the deposit did not cover and the tenant still owes. */
  stillOwed: number;
}

export function moveOutFigures(input: {
  deposit: number;
  deductions: readonly number[];
  /** What the lease owes on the date, the deductions left out; negative = a credit. */
  owed: number;
  applyToBalance: boolean;
}): MoveOutFigures {
  const deductions = input.deductions.reduce((sum, d) => sum + d, 0);
  // The deductions are charges of the lease: a credit pays them first, as it pays any charge.
  const creditApplied = Math.min(Math.max(0, -input.owed), deductions);
  const balanceApplied = input.applyToBalance ? Math.max(0, input.owed) : 0;
  const claimed = deductions - creditApplied + balanceApplied;
  const deposit = Math.max(0, input.deposit);
  const applied = Math.min(deposit, claimed);
  return {
    deductions,
    creditApplied,
    balanceApplied,
    claimed,
    applied,
    toReturn: deposit - applied,
    stillOwed: claimed - applied,
  };
}

/** The descriptions of the two transactions that apply the deposit (the audit trail and the ledger show them). */
export const depositAppliedName = (tenant: string) => `Security deposit applied – ${tenant}`;
export const depositIncomeName = (tenant: string) => `Security deposit applied to rent and charges – ${tenant}`;
