import type { EscrowBill } from '@rent/shared/core/loans';
import type { Loan, LoanDetail, LoanPaymentPreview } from '@rent/shared/types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import { transactionsKey } from './transactions';

export type { Loan, LoanDetail, LoanPaymentPreview };

export const loansKey = ['loans'] as const;

/** The loans of one property (staff only). */
export function usePropertyLoans(propertyId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...loansKey, 'property', propertyId],
    queryFn: async () => (await callRoute('listLoans', { params: { id: propertyId! } })).loans,
    enabled: session.status === 'authenticated' && !!propertyId,
  });
}

/** A loan with its whole schedule and a year's interest by schedule, ledger and Form 1098. */
export function useLoan(loanId: string | null, year: number) {
  const session = useSession();
  return useQuery({
    queryKey: [...loansKey, 'detail', loanId, year],
    queryFn: () => callRoute('getLoan', { params: { id: loanId! }, query: { year: String(year) } }),
    enabled: session.status === 'authenticated' && !!loanId,
    // Another year keeps the schedule on screen while its interest loads.
    placeholderData: keepPreviousData,
  });
}

/** What the form sends: wire money (dollars), the rate as the person typed it. */
export interface LoanBody {
  lender: string;
  principal: number;
  annualRate: string;
  termMonths: number;
  firstPaymentDate: string;
  escrowTaxes: number;
  escrowInsurance: number;
  extraPrincipal: number;
  interest1098: Record<string, number>;
}

export function useAddLoan(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanBody) => callRoute('createLoan', { params: { id: propertyId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: loansKey }),
  });
}

/** A change sent with the version of the loan as shown: a 409 when someone changed it since (the list reloads). */
export function useUpdateLoan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: string; version: number; body: Partial<LoanBody> }) =>
      callRoute('updateLoan', { params: { id }, body: { ...body, version } }),
    onSettled: () => client.invalidateQueries({ queryKey: loansKey }),
  });
}

export function useDeleteLoan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute('deleteLoan', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: loansKey }),
  });
}

/** Payments to the lender the person may apply the loan to: money out matching the lender's name, newest first. */
export function useLenderPayments(lender: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...transactionsKey, 'lender-payments', lender],
    queryFn: async () =>
      (await callRoute('listTransactions', { query: { search: lender!, direction: 'out', limit: '50' } })).transactions,
    enabled: session.status === 'authenticated' && !!lender,
  });
}

/** The parts a payment would be split into by the loan (nothing is written). */
export function useLoanPaymentPreview(loanId: string | null, transactionId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...loansKey, 'preview', loanId, transactionId],
    queryFn: () =>
      callRoute('previewLoanPayment', { params: { id: loanId! }, query: { transactionId: transactionId! } }),
    enabled: session.status === 'authenticated' && !!loanId && !!transactionId,
    retry: false,
  });
}

/** Splits the payment by the loan; the ledger and the loan reload. */
export function useApplyLoanPayment(loanId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { transactionId: string; version: number }) =>
      callRoute('applyLoanPayment', { params: { id: loanId }, body: input }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: loansKey });
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
}

/** What the lender paid from the loan's escrow: a $0 ledger line of the expense and the escrow it came from. */
export interface EscrowPaymentBody {
  date: string;
  kind: EscrowBill;
  amount: number;
  name?: string;
}

/** Records a bill paid from escrow; the loan and the ledger reload. */
export function usePayFromEscrow(loanId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EscrowPaymentBody) => callRoute('payFromEscrow', { params: { id: loanId }, body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: loansKey });
      void client.invalidateQueries({ queryKey: transactionsKey });
    },
  });
}
