import type { RouteBody, RouteInput, RouteResponse, Routes } from '@rent/shared/types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { callRoute } from './client';

/**
 * Reports (docs/reports-and-tax.md "Report routes"): read from the monthly rollups on the server; every transaction
 * change refreshes them.
 */
export type CashFlowReport = RouteResponse<Routes['getCashFlowReport']>;
export type ScheduleEReport = RouteResponse<Routes['getScheduleEReport']>;
export type ScheduleEWorksheet = ScheduleEReport['worksheets'][number];
export type ScheduleEChoicesBody = RouteBody<Routes['saveScheduleEChoices']>;

/** Under the transactions key, so every transaction write (which invalidates it) refreshes the reports too. */
export const reportsKey = ['transactions', 'reports'] as const;

export interface PeriodQuery {
  from: string;
  to: string;
  /** A property id, "none" for no property; absent for every property. */
  propertyId?: string;
}

export function useCashFlowReport(query: PeriodQuery | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'cash-flow', query],
    queryFn: () => callRoute('getCashFlowReport', { query: query! }),
    enabled: session.status === 'authenticated' && query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useProfitAndLossReport(query: PeriodQuery | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'profit-and-loss', query],
    queryFn: () => callRoute('getProfitAndLossReport', { query: query! }),
    enabled: session.status === 'authenticated' && query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useScheduleEReport(year: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'schedule-e', year],
    queryFn: () => callRoute('getScheduleEReport', { query: { year: year! } }),
    enabled: session.status === 'authenticated' && year !== null,
    placeholderData: keepPreviousData,
  });
}

/** Saves a property's Schedule E choices for a year (line 1b, line 2, QJV); the worksheets read them again. */
export function useSaveScheduleEChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ year, propertyId, body }: { year: string; propertyId: string; body: ScheduleEChoicesBody }) =>
      callRoute('saveScheduleEChoices', { params: { year, propertyId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: [...reportsKey, 'schedule-e'] }),
  });
}

/**
 * For a report read by a tab whose code loads when the tab is first shown (pages/reports/parts.ts): React Query
 * re-renders a component only for the result fields it has read, and the reports page itself reads none of these;
 * a tab whose code arrived after the answer would show "Loading" for good. The page re-renders on any change.
 */
const READ_BY_A_LOADED_TAB = { notifyOnChangeProps: 'all' } as const;

export type DepreciationReport = RouteResponse<Routes['getDepreciationReport']>;
export type PropertyDepreciationRow = DepreciationReport['properties'][number];

export type DepreciationChoices = RouteResponse<Routes['getDepreciationChoices']>;
/** As the form sends it (amounts and years as typed; the server parses them). */
export type DepreciationChoicesBody = RouteInput<Routes['saveDepreciationChoices']>['body'];

/** A property's per-asset depreciation choices (carry-in, bonus), read when one is edited. */
export function useDepreciationChoices(propertyId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'depreciation-choices', propertyId],
    queryFn: () => callRoute('getDepreciationChoices', { params: { propertyId: propertyId! } }),
    enabled: session.status === 'authenticated' && propertyId !== null,
  });
}

/** Saves them; the schedule, Schedule E and the choices are read again. */
export function useSaveDepreciationChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, body }: { propertyId: string; body: DepreciationChoicesBody }) =>
      callRoute('saveDepreciationChoices', { params: { propertyId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}

export function useDepreciationReport(year: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'depreciation', year],
    queryFn: () => callRoute('getDepreciationReport', { query: { year: year! } }),
    enabled: session.status === 'authenticated' && year !== null,
    placeholderData: keepPreviousData,
    ...READ_BY_A_LOADED_TAB,
  });
}

/**
 * The rent roll (docs/tenants-and-maintenance.md "Rent roll"): per lease and month, rent due, received, balance and
 * status.
 */
export type RentRollReport = RouteResponse<Routes['getRentRollReport']>;
export type RentRollLease = RentRollReport['leases'][number];

export function useRentRollReport(query: PeriodQuery | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'rent-roll', query],
    queryFn: () => callRoute('getRentRollReport', { query: query! }),
    enabled: session.status === 'authenticated' && query !== null,
    placeholderData: keepPreviousData,
    ...READ_BY_A_LOADED_TAB,
  });
}

export type DashboardSummary = RouteResponse<Routes['getDashboardSummary']>;

/** The dashboard's key figures for a period (and property): figures, collection, occupancy, needs attention. */
export function useDashboardSummary(query: PeriodQuery | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'dashboard', query],
    queryFn: () => callRoute('getDashboardSummary', { query: query! }),
    enabled: session.status === 'authenticated' && query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Transactions by category: the ledger's transactions of a period grouped, at most `limit` of them. */
export type TransactionsByCategoryReport = RouteResponse<Routes['getTransactionsByCategoryReport']>;

export function useTransactionsByCategoryReport(query: PeriodQuery | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'transactions-by-category', query],
    queryFn: () => callRoute('getTransactionsByCategoryReport', { query: query! }),
    enabled: session.status === 'authenticated' && query !== null,
    placeholderData: keepPreviousData,
    ...READ_BY_A_LOADED_TAB,
  });
}

/**
 * The aging report (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): each lease's open charges by how
 * long they are past due. Under the reports' key: payments (transaction writes) and lease writes refresh it.
 */
export type AgingReport = RouteResponse<Routes['getAgingReport']>;
export type AgingRow = AgingReport['leases'][number];

export function useAgingReport(enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'aging'],
    queryFn: () => callRoute('getAgingReport'),
    enabled: session.status === 'authenticated' && enabled,
    placeholderData: keepPreviousData,
    ...READ_BY_A_LOADED_TAB,
  });
}

/**
 * Security deposits held per property at the end of a month (YYYY-MM): received, returned and held per the ledger,
 * beside what the leases running then ask for. Under the reports' key: transaction and lease writes refresh it.
 */
export type SecurityDepositsReport = RouteResponse<Routes['getSecurityDepositsReport']>;
export type SecurityDepositsProperty = SecurityDepositsReport['properties'][number];

export function useSecurityDepositsReport(month: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...reportsKey, 'security-deposits', month],
    queryFn: () => callRoute('getSecurityDepositsReport', { query: { month: month! } }),
    enabled: session.status === 'authenticated' && month !== null,
    placeholderData: keepPreviousData,
    ...READ_BY_A_LOADED_TAB,
  });
}
