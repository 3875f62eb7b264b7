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
 * The CPA tax package (docs/reports-and-tax.md "Tax package"): staff start a background job for a tax year,
 * follow its progress, and download the zip through a 5-minute link. Part of THE route table (../routes.ts).
 */
export const taxPackageRoutes = {
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
