import * as z from 'zod';
import { ID_PATTERN } from '../core/validation.js';
import { MAX_ABS_CENTS, moneyField } from './money.js';

/** The most assets one property's choices may name (each is a few bytes; far under DynamoDB's 400 KB item). */
export const MAX_DEPRECIATION_CHOICES = 500;

// A property's per-asset depreciation choices (docs/reports-and-tax.md "Depreciation schedule"): depreciation taken
// before the books, and the bonus depreciation. The rules that check them against the property are the service's.

export const DepreciationChoicesParams = z.strictObject({
  propertyId: z.string().regex(ID_PATTERN, { error: 'Choose a property' }),
});

const Year = z
  .string({ error: 'The year is 4 digits, like 2019' })
  .regex(/^\d{4}$/, { error: 'The year is 4 digits, like 2019' })
  .transform(Number);

export const AssetChoiceInput = z.strictObject({
  /** "building" or "<category>@<YYYY-MM>", as the schedule's rows name them. */
  key: z.string({ error: 'Choose an asset' }).max(80, { error: 'Choose an asset' }),
  /** Dollars in, cents out; null = none carried in. */
  priorDepreciation: moneyField({ min: 0, max: MAX_ABS_CENTS, label: 'Depreciation taken before the books' })
    .nullish()
    .transform((v) => v ?? null),
  priorThroughYear: Year.nullish().transform((v) => v ?? null),
  /** true = take the bonus, false = elected out, null = the default. */
  bonus: z
    .boolean({ error: 'Bonus depreciation is yes, no or the default' })
    .nullish()
    .transform((v) => v ?? null),
});
export type AssetChoiceInput = z.output<typeof AssetChoiceInput>;

/** PUT replaces the property's whole set, carrying the version read (0 before the first save): a stale one is a 409. */
export const DepreciationChoicesInput = z.strictObject({
  version: z.number({ error: 'version is required' }).int().min(0),
  assets: z
    .array(AssetChoiceInput)
    .max(MAX_DEPRECIATION_CHOICES, { error: `At most ${MAX_DEPRECIATION_CHOICES} assets per property` }),
});
export type DepreciationChoicesInput = z.output<typeof DepreciationChoicesInput>;

export const DepreciationChoicesResult = z.object({
  propertyId: z.string(),
  version: z.number().int(),
  assets: z.array(
    z.object({
      key: z.string(),
      priorDepreciation: z.number().nullable(),
      priorThroughYear: z.number().int().nullable(),
      bonus: z.boolean().nullable(),
    }),
  ),
});
