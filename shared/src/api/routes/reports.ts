import {
  CashFlowReport,
  DashboardSummary,
  DepreciationQuery,
  DepreciationReport,
  ProfitAndLossReport,
  RentRollReport,
  ReportPeriodQuery,
  ScheduleEQuery,
  ScheduleEReport,
  TransactionsByCategoryReport,
} from '../../domain/reports.js';
import { STAFF } from '../../domain/roles.js';
import {
  TaxPackageLink,
  TaxPackageList,
  TaxPackageParams,
  TaxPackageResult,
  TaxPackageStart,
  TaxPackageYearQuery,
} from '../../domain/taxPackage.js';
import { defineRoute } from '../route.js';

/**
 * What the books say: the dashboard, cash flow, P&L, Schedule E, depreciation, rent roll, transactions by
 * category, the tax package. Part of THE route table (../routes.ts).
 */
export const reportsRoutes = {
  // Reports (docs/reports-and-tax.md "Report routes"): read from the monthly rollups, O(months) reads, never a
  // transaction scan.
  getDashboardSummary: defineRoute({
    id: 'getDashboardSummary',
    method: 'GET',
    path: '/api/dashboard',
    query: ReportPeriodQuery,
    response: DashboardSummary,
    roles: STAFF,
  }),
  getCashFlowReport: defineRoute({
    id: 'getCashFlowReport',
    method: 'GET',
    path: '/api/reports/cash-flow',
    query: ReportPeriodQuery,
    response: CashFlowReport,
    roles: STAFF,
  }),
  getProfitAndLossReport: defineRoute({
    id: 'getProfitAndLossReport',
    method: 'GET',
    path: '/api/reports/profit-and-loss',
    query: ReportPeriodQuery,
    response: ProfitAndLossReport,
    roles: STAFF,
  }),
  getScheduleEReport: defineRoute({
    id: 'getScheduleEReport',
    method: 'GET',
    path: '/api/reports/schedule-e',
    query: ScheduleEQuery,
    response: ScheduleEReport,
    roles: STAFF,
  }),
  getDepreciationReport: defineRoute({
    id: 'getDepreciationReport',
    method: 'GET',
    path: '/api/reports/depreciation',
    query: DepreciationQuery,
    response: DepreciationReport,
    roles: STAFF,
  }),
  // Rent roll (docs/tenants-and-maintenance.md "Rent roll"): leases x months; rent received from the monthly rollups,
  // O(months) reads.
  getRentRollReport: defineRoute({
    id: 'getRentRollReport',
    method: 'GET',
    path: '/api/reports/rent-roll',
    query: ReportPeriodQuery,
    response: RentRollReport,
    roles: STAFF,
  }),
  // Transactions by category: the ledger's date-range query, bounded (TRANSACTIONS_BY_CATEGORY_LIMIT).
  getTransactionsByCategoryReport: defineRoute({
    id: 'getTransactionsByCategoryReport',
    method: 'GET',
    path: '/api/reports/transactions-by-category',
    query: ReportPeriodQuery,
    response: TransactionsByCategoryReport,
    roles: STAFF,
  }),
  /** Starts a build, or answers the one of that year already queued or running (idempotent). */
  startTaxPackage: defineRoute({
    id: 'startTaxPackage',
    method: 'POST',
    path: '/api/tax-packages',
    body: TaxPackageStart,
    response: TaxPackageResult,
    roles: STAFF,
    status: 201,
    startsJob: 'buildTaxPackage',
  }),
  /** The year's packages, newest first (the latest few). */
  listTaxPackages: defineRoute({
    id: 'listTaxPackages',
    method: 'GET',
    path: '/api/tax-packages',
    query: TaxPackageYearQuery,
    response: TaxPackageList,
    roles: STAFF,
  }),
  getTaxPackage: defineRoute({
    id: 'getTaxPackage',
    method: 'GET',
    path: '/api/tax-packages/{id}',
    params: TaxPackageParams,
    response: TaxPackageResult,
    roles: STAFF,
  }),
  getTaxPackageDownload: defineRoute({
    id: 'getTaxPackageDownload',
    method: 'GET',
    path: '/api/tax-packages/{id}/download',
    params: TaxPackageParams,
    response: TaxPackageLink,
    roles: STAFF,
    packageAccess: ['s3:GetObject'],
  }),
} as const;
