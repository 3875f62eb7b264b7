import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  type Loan,
  useApplyLoanPayment,
  useLenderPayments,
  useLoan,
  useLoanPaymentPreview,
  usePayFromEscrow,
} from '../../api/loans';
import { toast } from '../../components/toast/store';
import { type EscrowPaymentValues, emptyEscrowPayment, escrowPaymentBody, validateEscrowPayment } from './loanForm';

const thisYear = () => new Date().getUTCFullYear();

/**
 * One loan opened in the Loans drawer: its schedule paged by year, the balance at each year's end for the chart, the
 * chosen year's interest and escrow by the ledger, "Apply to a payment" (pick a payment to the lender, see how it
 * splits, apply) and "Paid from escrow" (a bill the lender paid from the loan's escrow).
 */
export function useLoanDetail(loan: Loan) {
  const [year, setYear] = useState(thisYear);
  const detail = useLoan(loan.id, year);
  const schedule = detail.data?.schedule ?? [];
  const years = useMemo(() => [...new Set(schedule.map((row) => Number(row.date.slice(0, 4))))], [schedule]);
  const [pageYear, setPageYear] = useState<number | null>(null);
  const shownYear = pageYear ?? (years.includes(thisYear()) ? thisYear() : (years[0] ?? thisYear()));
  const rows = schedule.filter((row) => row.date.startsWith(`${shownYear}-`));
  const balanceByYear = useMemo(() => {
    const byYear = new Map<number, number>();
    for (const row of schedule) byYear.set(Number(row.date.slice(0, 4)), row.balanceAfter);
    return [...byYear].map(([y, balance]) => ({ year: y, balance }));
  }, [schedule]);

  const [applyOpen, setApplyOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: string; version: number } | null>(null);
  const payments = useLenderPayments(applyOpen ? loan.lender : null);
  const preview = useLoanPaymentPreview(applyOpen ? loan.id : null, picked?.id ?? null);
  const apply = useApplyLoanPayment(loan.id);
  const [applyError, setApplyError] = useState<string | null>(null);

  const closeApply = () => {
    setApplyOpen(false);
    setPicked(null);
    setApplyError(null);
  };
  const confirmApply = async () => {
    if (!picked || !preview.data) return;
    setApplyError(null);
    try {
      await apply.mutateAsync({ transactionId: picked.id, version: preview.data.version });
      toast.success('Payment split by the loan', {
        description: 'Interest, principal and escrow are now parts of the payment.',
        duration: 3000,
      });
      closeApply();
    } catch (error) {
      setApplyError(errorMessage(error, 'Failed to split the payment'));
    }
  };

  const escrow = useEscrowPayment(loan.id);

  return {
    detail,
    escrow,
    year,
    setYear,
    yearOptions: years,
    schedule: {
      years,
      shownYear,
      pageIndex: Math.max(1, years.indexOf(shownYear) + 1),
      setPage: (index: number) => setPageYear(years[index - 1] ?? null),
      rows,
    },
    balanceByYear,
    apply: {
      open: applyOpen,
      show: () => setApplyOpen(true),
      close: closeApply,
      payments: payments.data ?? [],
      paymentsLoading: payments.isPending && payments.fetchStatus !== 'idle',
      picked,
      pick: (t: { id: string; version: number }) => {
        setApplyError(null);
        setPicked(t);
      },
      preview: preview.data ?? null,
      previewLoading: preview.isPending && preview.fetchStatus !== 'idle',
      previewError: preview.isError ? errorMessage(preview.error, 'This payment cannot be split by the loan') : null,
      confirm: confirmApply,
      applying: apply.isPending,
      error: applyError,
    },
  };
}

/** The "Paid from escrow" form: what the lender paid, when and how much; checked as the server checks it. */
function useEscrowPayment(loanId: string) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<EscrowPaymentValues>(emptyEscrowPayment);
  const [errors, setErrors] = useState<Partial<Record<keyof EscrowPaymentValues, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const pay = usePayFromEscrow(loanId);
  const close = () => {
    setOpen(false);
    setValues(emptyEscrowPayment());
    setErrors({});
    setError(null);
  };
  const submit = async () => {
    const found = validateEscrowPayment(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setError(null);
    try {
      await pay.mutateAsync(escrowPaymentBody(values));
      toast.success('Escrow payment recorded', {
        description: 'The ledger counts it as an expense on the day the lender paid it.',
        duration: 3000,
      });
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to record the escrow payment'));
    }
  };
  return {
    open,
    show: () => setOpen(true),
    close,
    values,
    set: <K extends keyof EscrowPaymentValues>(field: K, value: EscrowPaymentValues[K]) =>
      setValues((v) => ({ ...v, [field]: value })),
    errors,
    error,
    submit,
    submitting: pay.isPending,
  };
}
