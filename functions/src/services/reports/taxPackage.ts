import { getOrganization } from '../../data/people/organizations.js';
import {
  getTaxPackage,
  listTaxPackages,
  RUN_LOCK_SECONDS,
  startTaxPackageRecord,
  type TaxPackageRecord,
  taxPackageToApi,
} from '../../data/reports/taxPackages.js';
import { Conflict, NotFound } from '../../domain-errors.js';
import { startJob } from '../../lib/jobs.js';
import { presignPackageDownload } from '../../lib/taxPackageFiles.js';

/**
 * The tax package's API side (docs/reports-and-tax.md "Tax package"): start a build (idempotent while one of
 * the year is in flight), read its progress, hand out a 5-minute download link. The build itself is the job
 * (services/reports/taxPackageBuild.ts), started asynchronously.
 */

/** A build that has not moved for longer than the job may run has died (a timeout, a crash): say so. */
function shown(record: TaxPackageRecord, now = Date.now()) {
  const api = taxPackageToApi(record);
  const stale = Date.parse(record.updatedAt) + RUN_LOCK_SECONDS * 1000 < now;
  if ((api.status === 'queued' || api.status === 'running') && stale) {
    return { ...api, status: 'failed' as const, error: 'The build stopped before it finished. Build it again.' };
  }
  return api;
}

export async function startTaxPackage(orgId: string, year: string) {
  const { record, created } = await startTaxPackageRecord(orgId, year, new Date());
  if (created) await startJob('buildTaxPackage', { organizationId: orgId, packageId: record.id });
  return { package: shown(record) };
}

export async function taxPackagesOfYear(orgId: string, year: string) {
  return { packages: (await listTaxPackages(orgId, year)).map((r) => shown(r)) };
}

export async function taxPackageStatus(orgId: string, id: string) {
  return { package: shown(await getTaxPackage(orgId, id)) };
}

export async function taxPackageDownload(orgId: string, id: string) {
  // The organization's name (for the file's name) is read beside the package.
  const [record, org] = await Promise.all([getTaxPackage(orgId, id), getOrganization(orgId)]);
  if (record.status !== 'done') throw new Conflict('NOT_READY', 'The tax package is not ready yet.');
  if (record.expiresAt && Date.parse(record.expiresAt) < Date.now()) {
    throw new NotFound('Tax package', { message: 'This tax package has expired. Build it again.' });
  }
  const fileName = `Tax package ${record.year} ${org.name}.zip`;
  return { ...(await presignPackageDownload(record.key, fileName)), fileName };
}
