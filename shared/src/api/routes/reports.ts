/**
 * What the books say: the dashboard, cash flow, P&L, Schedule E, depreciation, rent roll, transactions by
 * category, the tax package. Part of THE route table (../routes.ts).
 */

import {
  DepreciationChoicesInput,
  DepreciationChoicesParams,
  DepreciationChoicesResult,
} from '../../domain/depreciation.js';
import {
  CashFlowReport,
  DashboardSummary,
  DepreciationQuery,
  DepreciationReport,
  ProfitAndLossReport,
  RentRollReport,
  ReportPeriodQuery,
  ScheduleEChoicesInput,
  ScheduleEChoicesParams,
  ScheduleEChoicesResult,
  ScheduleEQuery,
  ScheduleEReport,
  TransactionsByCategoryReport,
} from '../../domain/reports.js';
import { OWNERS, STAFF } from '../../domain/roles.js';
import {
  TaxPackageLink,
  TaxPackageList,
  TaxPackageParams,
  TaxPackageResult,
  TaxPackageStart,
  TaxPackageYearQuery,
} from '../../domain/taxPackage.js';
import type { RouteDef } from '../route.js';

// Reports (docs/reports-and-tax.md "Report routes"): read from the monthly rollups, O(months) reads, never a
// transaction scan.
export const getDashboardSummary = {
  id: 'getDashboardSummary',
  method: 'GET',
  path: '/api/dashboard',
  query: ReportPeriodQuery,
  response: DashboardSummary,
  roles: STAFF,
} as const satisfies RouteDef;

export const getCashFlowReport = {
  id: 'getCashFlowReport',
  method: 'GET',
  path: '/api/reports/cash-flow',
  query: ReportPeriodQuery,
  response: CashFlowReport,
  roles: STAFF,
} as const satisfies RouteDef;

export const getProfitAndLossReport = {
  id: 'getProfitAndLossReport',
  method: 'GET',
  path: '/api/reports/profit-and-loss',
  query: ReportPeriodQuery,
  response: ProfitAndLossReport,
  roles: STAFF,
} as const satisfies RouteDef;

export const getScheduleEReport = {
  id: 'getScheduleEReport',
  method: 'GET',
  path: '/api/reports/schedule-e',
  query: ScheduleEQuery,
  response: ScheduleEReport,
  roles: STAFF,
} as const satisfies RouteDef;

// A property's Schedule E choices for a tax year (line 1b, line 2, QJV). Staff write them as they write the property
// itself (updateProperty): they are the property's facts for the year, which the worksheet only reads.
export const getScheduleEChoices = {
  id: 'getScheduleEChoices',
  method: 'GET',
  path: '/api/reports/schedule-e/{year}/properties/{propertyId}',
  params: ScheduleEChoicesParams,
  response: ScheduleEChoicesResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const saveScheduleEChoices = {
  id: 'saveScheduleEChoices',
  method: 'PUT',
  path: '/api/reports/schedule-e/{year}/properties/{propertyId}',
  params: ScheduleEChoicesParams,
  body: ScheduleEChoicesInput,
  response: ScheduleEChoicesResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const getDepreciationReport = {
  id: 'getDepreciationReport',
  method: 'GET',
  path: '/api/reports/depreciation',
  query: DepreciationQuery,
  response: DepreciationReport,
  roles: STAFF,
} as const satisfies RouteDef;

// A property's per-asset depreciation choices (depreciation taken before the books, bonus depreciation): the staff
// read them beside the schedule; only owners change them, since they are the owner's tax elections and history.
export const getDepreciationChoices = {
  id: 'getDepreciationChoices',
  method: 'GET',
  path: '/api/reports/depreciation/properties/{propertyId}/choices',
  params: DepreciationChoicesParams,
  response: DepreciationChoicesResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const saveDepreciationChoices = {
  id: 'saveDepreciationChoices',
  method: 'PUT',
  path: '/api/reports/depreciation/properties/{propertyId}/choices',
  params: DepreciationChoicesParams,
  body: DepreciationChoicesInput,
  response: DepreciationChoicesResult,
  roles: OWNERS,
} as const satisfies RouteDef;

// Rent roll (docs/tenants-and-maintenance.md "Rent roll"): leases x months; rent received from the monthly rollups,
// O(months) reads.
export const getRentRollReport = {
  id: 'getRentRollReport',
  method: 'GET',
  path: '/api/reports/rent-roll',
  query: ReportPeriodQuery,
  response: RentRollReport,
  roles: STAFF,
} as const satisfies RouteDef;

// Transactions by category: the ledger's date-range query, bounded (TRANSACTIONS_BY_CATEGORY_LIMIT).
export const getTransactionsByCategoryReport = {
  id: 'getTransactionsByCategoryReport',
  method: 'GET',
  path: '/api/reports/transactions-by-category',
  query: ReportPeriodQuery,
  response: TransactionsByCategoryReport,
  roles: STAFF,
} as const satisfies RouteDef;

/** Starts a build, or answers the one of that year already queued or running (idempotent). */
export const startTaxPackage = {
  id: 'startTaxPackage',
  method: 'POST',
  path: '/api/tax-packages',
  body: TaxPackageStart,
  response: TaxPackageResult,
  roles: STAFF,
  status: 201,
  startsJob: 'buildTaxPackage',
} as const satisfies RouteDef;

/** The year's packages, newest first (the latest few). */
export const listTaxPackages = {
  id: 'listTaxPackages',
  method: 'GET',
  path: '/api/tax-packages',
  query: TaxPackageYearQuery,
  response: TaxPackageList,
  roles: STAFF,
} as const satisfies RouteDef;

export const getTaxPackage = {
  id: 'getTaxPackage',
  method: 'GET',
  path: '/api/tax-packages/{id}',
  params: TaxPackageParams,
  response: TaxPackageResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const getTaxPackageDownload = {
  id: 'getTaxPackageDownload',
  method: 'GET',
  path: '/api/tax-packages/{id}/download',
  params: TaxPackageParams,
  response: TaxPackageLink,
  roles: STAFF,
  packageAccess: ['s3:GetObject'],
} as const satisfies RouteDef;
