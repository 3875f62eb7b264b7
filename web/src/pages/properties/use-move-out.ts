import { toCents } from '@rent/shared/core/money';
import { MOVE_OUT_DEDUCTIONS_MAX, type MoveOutFigures, moveOutFigures } from '@rent/shared/core/moveOut';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Lease, type MoveOutStatement, useMoveOut, useTenantLedger } from '../../api/leases';
import { toast } from '../../components/toast/store';
import { todayIso } from '../../lib/dates';
import { type DeductionRow, positiveCents, validateMoveOut } from './moveOutForm';

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

  // What the lease owes now, less the tenant's credit (negative when the credit is larger).
  const owedNow = ledger.data
    ? (toCents(ledger.data.totals.owedNow) ?? 0) - (toCents(ledger.data.totals.credit) ?? 0)
    : 0;
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
