import { toCents } from '@rent/shared/core/money';
import {
  MOVE_OUT_DEDUCTIONS_MAX,
  MOVE_OUT_LABEL_MAX,
  type MoveOutFigures,
  moveOutFigures,
} from '@rent/shared/core/moveOut';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Lease, type MoveOutStatement, useMoveOut, useTenantLedger } from '../../api/leases';
import { toast } from '../../components/toast/store';
import { todayIso } from '../../lib/dates';

export interface DeductionRow {
  label: string;
  amount: string;
}
export type MoveOutErrors = Partial<Record<'date' | `label.${number}` | `amount.${number}`, string>>;

/** A positive amount in cents, or null. */
const positiveCents = (text: string) => {
  const cents = text.trim() === '' ? null : toCents(text.trim().replace(/^\$/, '').replace(/,/g, ''));
  return cents !== null && cents > 0 ? cents : null;
};

/** What the server checks, before the round trip: a date in the lease and not ahead, named positive deductions. */
export function validateMoveOut(lease: Pick<Lease, 'leaseStart'>, date: string, rows: DeductionRow[], today: string) {
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

/**
 * The move-out view of one lease (ADMIN and LANDLORD): the date, the deductions, whether the deposit also pays what
 * is owed, a preview of what goes back (what is owed is the ledger's "owed now"; the server takes it as on the date),
 * then the statement the server recorded.
 */
export function useMoveOutForm(lease: Lease | null) {
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [rows, setRows] = useState<DeductionRow[]>([]);
  const [applyToBalance, setApplyToBalance] = useState(true);
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [statement, setStatement] = useState<MoveOutStatement | null>(null);
  const ledger = useTenantLedger(lease?.id ?? null);
  const move = useMoveOut();
  const errors = touched && lease ? validateMoveOut(lease, date, rows, today) : {};

  const owedNow = ledger.data ? (toCents(ledger.data.totals.owedNow) ?? 0) : 0;
  const preview: MoveOutFigures = moveOutFigures({
    deposit: toCents(lease?.securityDeposit ?? 0) ?? 0,
    deductions: rows.map((r) => positiveCents(r.amount) ?? 0),
    owed: owedNow,
    applyToBalance,
  });

  const submit = async () => {
    if (!lease) return;
    setTouched(true);
    setSubmitError(null);
    if (Object.keys(validateMoveOut(lease, date, rows, today)).length > 0) {
      setSubmitError('Please fix the highlighted fields.');
      return;
    }
    const deductions = rows.map((r) => ({ label: r.label.trim(), amount: (positiveCents(r.amount) ?? 0) / 100 }));
    try {
      const result = await move.mutateAsync({ leaseId: lease.id, body: { date, deductions, applyToBalance } });
      setStatement(result.statement);
      toast.success('Tenant moved out', {
        description: 'The lease has ended and the deposit is applied.',
        duration: 3000,
      });
    } catch (error) {
      setSubmitError(errorMessage(error, 'Failed to move the tenant out'));
    }
  };

  return {
    date,
    setDate,
    rows,
    addRow: () => setRows((r) => (r.length >= MOVE_OUT_DEDUCTIONS_MAX ? r : [...r, { label: '', amount: '' }])),
    removeRow: (index: number) => setRows((r) => r.filter((_, i) => i !== index)),
    setRow: (index: number, patch: Partial<DeductionRow>) =>
      setRows((r) => r.map((row, i) => (i === index ? { ...row, ...patch } : row))),
    applyToBalance,
    setApplyToBalance,
    errors,
    preview,
    owedNowKnown: !!ledger.data,
    submit: () => void submit(),
    submitting: move.isPending,
    submitError,
    statement,
  };
}
