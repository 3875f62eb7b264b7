import { toCents } from '@rent/shared/core/money';
import { MOVE_OUT_LABEL_MAX } from '@rent/shared/core/moveOut';

/** The move-out form's rules, checked before the round trip as the server checks them (MoveOutInput). */
export interface DeductionRow {
  label: string;
  amount: string;
}
type MoveOutErrors = Partial<Record<'date' | `label.${number}` | `amount.${number}`, string>>;

/** A positive amount in cents, or null. */
export const positiveCents = (text: string) => {
  const cents = text.trim() === '' ? null : toCents(text.trim().replace(/^\$/, '').replace(/,/g, ''));
  return cents !== null && cents > 0 ? cents : null;
};

/** What the server checks, before the round trip: a date in the lease and not ahead, named positive deductions. */
export function validateMoveOut(lease: { leaseStart: string }, date: string, rows: DeductionRow[], today: string) {
  const errors: MoveOutErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = 'Choose the move-out date';
  else if (date < lease.leaseStart) errors.date = 'The move-out date must be on or after the lease start';
  else if (date > today) errors.date = 'The move-out date cannot be in the future';
  rows.forEach((row, i) => {
    if (row.label.trim() === '') errors[`label.${i}`] = 'Name the deduction';
    else if (row.label.trim().length > MOVE_OUT_LABEL_MAX)
      errors[`label.${i}`] = `At most ${MOVE_OUT_LABEL_MAX} characters`;
    if (positiveCents(row.amount) === null) errors[`amount.${i}`] = 'Enter an amount over $0.00';
  });
  return errors;
}
