import * as z from 'zod';
import { ID_PATTERN } from '../core/validation.js';

/**
 * The CPA tax package (docs/reports-and-tax.md "Tax package"): a background job zips every report and receipt of a tax
 * year into S3.
 */

export const TAX_PACKAGE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TaxPackageStatus = (typeof TAX_PACKAGE_STATUSES)[number];

/** How long a built package stays downloadable (the bucket's lifecycle rule deletes it then). */
export const TAX_PACKAGE_DAYS = 7;
/** How long a download link works. */
export const TAX_PACKAGE_LINK_SECONDS = 300;

const Year = z
  .string({ error: 'The tax year is required' })
  .regex(/^\d{4}$/, { error: 'Enter the tax year as YYYY' })
  .refine((year) => year >= '2000' && year <= String(new Date().getUTCFullYear()), {
    error: 'Choose a tax year from 2000 to this year',
  });

export const TaxPackageStart = z.strictObject({ year: Year });
export const TaxPackageYearQuery = z.strictObject({ year: Year });
export const TaxPackageParams = z.strictObject({ id: z.string().regex(ID_PATTERN, { error: 'Unknown package' }) });

export const TaxPackage = z.object({
  id: z.string(),
  year: z.string(),
  status: z.enum(TAX_PACKAGE_STATUSES),
  /** Files written so far and in all (reports and receipts); total is 0 until the job has counted them. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the zip is deleted (done packages only). */
  expiresAt: z.string().nullable(),
  /** Size of the zip in bytes (done packages only). */
  size: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TaxPackage = z.output<typeof TaxPackage>;

export const TaxPackageResult = z.object({ package: TaxPackage });
export const TaxPackageList = z.object({ packages: z.array(TaxPackage) });
export const TaxPackageLink = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() });
