import { OWNERS } from '@rent/shared/core/roles';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Loan, useAddLoan, useDeleteLoan, usePropertyLoans, useUpdateLoan } from '../../api/loans';
import { useOrganization } from '../../api/organization';
import type { Property } from '../../api/properties';
import { conflictTitle, isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';
import { emptyLoanForm, type LoanFormValues, loanBody, loanFormValues, validateLoan } from './loanForm';

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
  const [values, setValues] = useState<LoanFormValues>(emptyLoanForm);
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [openLoanId, setOpenLoanId] = useState<string | null>(null);
  const errors = touched ? validateLoan(values) : {};

  const openForm = (loan: Loan | null = null) => {
    setEditing(loan);
    setValues(loan ? loanFormValues(loan) : emptyLoanForm());
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
      const body = loanBody(values, editing);
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
    setValues(loanFormValues(latest));
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
