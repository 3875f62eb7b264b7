import { MAX_TERM_MONTHS, parseAnnualRatePercent } from '@rent/shared/core/amortization';
import { LENDER_MAX } from '@rent/shared/core/loans';
import { toCents } from '@rent/shared/core/money';
import { OWNERS } from '@rent/shared/core/roles';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Loan, type LoanBody, useAddLoan, useDeleteLoan, usePropertyLoans, useUpdateLoan } from '../../api/loans';
import { useOrganization } from '../../api/organization';
import type { Property } from '../../api/properties';
import { conflictTitle, isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';

export interface LoanFormValues {
  lender: string;
  principal: string;
  annualRate: string;
  termMonths: string;
  firstPaymentDate: string;
  escrowTaxes: string;
  escrowInsurance: string;
  extraPrincipal: string;
  /** The lender's Form 1098 interest for `form1098Year` (one year at a time in the form). */
  form1098Year: string;
  form1098Interest: string;
}

const lastYear = () => String(new Date().getUTCFullYear() - 1);

const EMPTY = (): LoanFormValues => ({
  lender: '',
  principal: '',
  annualRate: '',
  termMonths: '360',
  firstPaymentDate: '',
  escrowTaxes: '',
  escrowInsurance: '',
  extraPrincipal: '',
  form1098Year: lastYear(),
  form1098Interest: '',
});

const isoDate = (value: string) => value.replaceAll('/', '-');
const money = (value: string) => (value.trim() === '' ? 0 : toCents(value.trim().replaceAll(',', '')));

/** The same checks the server makes, said before a round trip. */
export function validateLoan(v: LoanFormValues): Partial<Record<keyof LoanFormValues, string>> {
  const errors: Partial<Record<keyof LoanFormValues, string>> = {};
  if (!v.lender.trim()) errors.lender = 'Enter the lender';
  else if (v.lender.trim().length > LENDER_MAX) errors.lender = `At most ${LENDER_MAX} characters`;
  const principal = money(v.principal);
  if (v.principal.trim() === '' || principal === null || principal <= 0)
    errors.principal = 'Enter the original principal, such as 300000';
  if (parseAnnualRatePercent(v.annualRate) === null)
    errors.annualRate = 'A percent with at most 3 decimals, such as 6.5';
  const term = Number(v.termMonths);
  if (!/^\d+$/.test(v.termMonths.trim()) || term < 1 || term > MAX_TERM_MONTHS)
    errors.termMonths = `From 1 to ${MAX_TERM_MONTHS} months`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate(v.firstPaymentDate)))
    errors.firstPaymentDate = 'Enter the first payment date as YYYY/MM/DD';
  for (const field of ['escrowTaxes', 'escrowInsurance', 'extraPrincipal', 'form1098Interest'] as const) {
    const cents = money(v[field]);
    if (cents === null || cents < 0) errors[field] = 'An amount such as 250, or leave it empty';
  }
  if (v.form1098Interest.trim() && !/^(19|20)\d\d$/.test(v.form1098Year.trim()))
    errors.form1098Year = 'A year such as 2025';
  return errors;
}

const dollars = (value: string) => (money(value) ?? 0) / 100;

function toBody(v: LoanFormValues, loan: Loan | null): LoanBody {
  const interest1098 = { ...(loan?.interest1098 ?? {}) };
  if (v.form1098Interest.trim()) interest1098[v.form1098Year.trim()] = dollars(v.form1098Interest);
  else delete interest1098[v.form1098Year.trim()];
  return {
    lender: v.lender.trim(),
    principal: dollars(v.principal),
    annualRate: v.annualRate.trim(),
    termMonths: Number(v.termMonths),
    firstPaymentDate: isoDate(v.firstPaymentDate),
    escrowTaxes: dollars(v.escrowTaxes),
    escrowInsurance: dollars(v.escrowInsurance),
    extraPrincipal: dollars(v.extraPrincipal),
    interest1098,
  };
}

function valuesOf(loan: Loan): LoanFormValues {
  const year = lastYear();
  const shown = (n: number) => (n === 0 ? '' : String(n));
  return {
    lender: loan.lender,
    principal: String(loan.principal),
    annualRate: loan.annualRate,
    termMonths: String(loan.termMonths),
    firstPaymentDate: loan.firstPaymentDate,
    escrowTaxes: shown(loan.escrowTaxes),
    escrowInsurance: shown(loan.escrowInsurance),
    extraPrincipal: shown(loan.extraPrincipal),
    form1098Year: year,
    form1098Interest: loan.interest1098[year] === undefined ? '' : String(loan.interest1098[year]),
  };
}

/** The Loans drawer of one property: its loans, add and edit (all staff add; ADMIN and LANDLORD change), one open. */
export function useLoans(property: Property | null) {
  const org = useOrganization();
  const canChange = !!org.role && OWNERS.includes(org.role);
  const loans = usePropertyLoans(property?.id ?? null);
  const add = useAddLoan(property?.id ?? '');
  const update = useUpdateLoan();
  const remove = useDeleteLoan();

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Loan | null>(null);
  const [values, setValues] = useState<LoanFormValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [openLoanId, setOpenLoanId] = useState<string | null>(null);
  const errors = touched ? validateLoan(values) : {};

  const openForm = (loan: Loan | null = null) => {
    setEditing(loan);
    setValues(loan ? valuesOf(loan) : EMPTY());
    setTouched(false);
    setSubmitError(null);
    setConflict(null);
    setFormOpen(true);
  };

  const submit = async () => {
    setTouched(true);
    setSubmitError(null);
    setConflict(null);
    if (Object.keys(validateLoan(values)).length > 0) return;
    try {
      const body = toBody(values, editing);
      if (editing) await update.mutateAsync({ id: editing.id, version: editing.version, body });
      else await add.mutateAsync(body);
      toast.success(editing ? 'Loan saved' : 'Loan added', { description: body.lender, duration: 3000 });
      setFormOpen(false);
    } catch (error) {
      if (isVersionConflict(error)) setConflict(error.message);
      else setSubmitError(errorMessage(error, 'Failed to save the loan'));
    }
  };

  /** After a 409: the form shows the loan as saved now (its version goes with the next save). */
  const loadLatest = () => {
    const latest = (loans.data ?? []).find((l) => l.id === editing?.id);
    if (!latest) return;
    setEditing(latest);
    setValues(valuesOf(latest));
    setConflict(null);
  };

  const deleteLoan = async (id: string) => {
    if (confirmDelete !== id) {
      setConfirmDelete(id);
      return;
    }
    try {
      await remove.mutateAsync(id);
      setConfirmDelete(null);
      if (openLoanId === id) setOpenLoanId(null);
      toast.success('Loan deleted', { description: 'Payments split by it stay split.', duration: 3000 });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete the loan'), duration: 5000 });
    }
  };

  return {
    canChange,
    loans: loans.data ?? [],
    loading: loans.isPending && loans.fetchStatus !== 'idle',
    failed: loans.isError,
    retry: () => void loans.refetch(),
    openLoanId,
    openLoan: (id: string | null) => {
      setFormOpen(false);
      setOpenLoanId(id);
    },
    form: {
      open: formOpen,
      editing,
      openForm,
      close: () => setFormOpen(false),
      values,
      set: (field: keyof LoanFormValues, value: string) => setValues((v) => ({ ...v, [field]: value })),
      errors,
      submit,
      submitting: add.isPending || update.isPending,
      submitError,
      conflict,
      conflictTitle: conflictTitle('loan'),
      loadLatest,
    },
    deleteLoan,
    confirmDelete,
    busy: remove.isPending,
  };
}
