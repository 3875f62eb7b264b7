import { ID_PATTERN } from '@rent/shared';
import { buildTaxPackage } from '../services/reports/taxPackageBuild.js';

/**
 * The tax package job (docs/reports-and-tax.md "Tax package"): invoked asynchronously by POST /api/tax-packages with
 * { organizationId, packageId } (in AWS a Lambda Event invoke, offline the local stack's in-process runner,
 * infra/local/jobs.ts). The build's outcome is written to the package item; the job never throws for it.
 */
export async function handler(event: { organizationId?: unknown; packageId?: unknown }) {
  const { organizationId, packageId } = event ?? {};
  if (typeof organizationId !== 'string' || !ID_PATTERN.test(organizationId)) throw new Error('organizationId missing');
  if (typeof packageId !== 'string' || !ID_PATTERN.test(packageId)) throw new Error('packageId missing');
  await buildTaxPackage(organizationId, packageId);
}
