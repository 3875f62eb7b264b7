import { z } from 'zod';
import { PROPERTY_TYPES } from '../core/properties.js';
import { IsoDate, optionalText, Timestamp, text } from './common.js';
import { type Cents, MAX_ABS_CENTS, moneyField } from './money.js';

export { PROPERTY_TYPE_LABELS, PROPERTY_TYPES } from '../core/properties.js';

export const PropertyType = z.enum(PROPERTY_TYPES, { error: 'Choose a property type from the list' });

/** The money fields of a property, all optional, all integer cents inside and >= 0. */
export const PROPERTY_MONEY_FIELDS = [
  'acquisitionPrice',
  'approximateLoan',
  'currentMarketValue',
  'monthlyRent',
  'downPayment',
  'closingCosts',
  'initialRepairs',
  'otherInitialCosts',
  /**
   * The land's share of the acquisition price (land is not depreciated: docs/reports-and-tax.md "Depreciation
   * schedule").
   */
  'landValue',
] as const;
export type PropertyMoneyField = (typeof PROPERTY_MONEY_FIELDS)[number];

const money = () =>
  moneyField({ min: 0, max: MAX_ABS_CENTS })
    .nullish()
    .transform((v) => v ?? null);

/** What a client sends to create or replace a property. Money arrives as decimals, leaves as cents. */
export const PropertyInput = z.strictObject({
  address: text('Address', 300),
  googlePlaceId: optionalText('Google place id', 300),
  latitude: z
    .number({ error: 'Latitude must be a number' })
    .min(-90)
    .max(90)
    .nullish()
    .transform((v) => v ?? null),
  longitude: z
    .number({ error: 'Longitude must be a number' })
    .min(-180)
    .max(180)
    .nullish()
    .transform((v) => v ?? null),
  propertyType: PropertyType.nullish().transform((v) => v ?? null),
  numberOfUnits: z
    .number({ error: 'Number of units must be a whole number' })
    .int({ error: 'Number of units must be a whole number' })
    .min(1, { error: 'Number of units must be at least 1' })
    .max(10_000, { error: 'Number of units must be at most 10000' })
    .nullish()
    .transform((v) => v ?? null),
  acquisitionDate: IsoDate.nullish().transform((v) => v ?? null),
  acquisitionPrice: money(),
  approximateLoan: money(),
  currentMarketValue: money(),
  monthlyRent: money(),
  downPayment: money(),
  closingCosts: money(),
  initialRepairs: money(),
  otherInitialCosts: money(),
  landValue: money(),
});
export type PropertyInput = z.output<typeof PropertyInput>;
export type PropertyInputBody = z.input<typeof PropertyInput>;

/** A property as stored: money in cents. */
export type PropertyRecord = Omit<PropertyInput, PropertyMoneyField> & {
  [K in PropertyMoneyField]: Cents | null;
} & { id: string; organizationId: string; createdAt: string; updatedAt: string; version: number };

/** A property on the wire: money as decimals. */
export const Property = z.object({
  id: z.string(),
  organizationId: z.string(),
  address: z.string(),
  googlePlaceId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  propertyType: PropertyType.nullable(),
  numberOfUnits: z.number().int().nullable(),
  acquisitionDate: z.string().nullable(),
  acquisitionPrice: z.number().nullable(),
  approximateLoan: z.number().nullable(),
  currentMarketValue: z.number().nullable(),
  monthlyRent: z.number().nullable(),
  downPayment: z.number().nullable(),
  closingCosts: z.number().nullable(),
  initialRepairs: z.number().nullable(),
  otherInitialCosts: z.number().nullable(),
  landValue: z.number().nullable(),
  version: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Property = z.infer<typeof Property>;

/** What a tenant sees of a property they rent: where it is and what kind, never its money or bookkeeping. */
export const TenantProperty = z.strictObject({
  id: z.string(),
  address: z.string(),
  propertyType: PropertyType.nullable(),
});
export type TenantProperty = z.infer<typeof TenantProperty>;

/** A property as the caller may see it: staff get the whole property, tenants the tenant view. */
export const PropertyView = z.union([Property, TenantProperty]);
export type PropertyView = z.infer<typeof PropertyView>;

/** PUT carries the version the client read, so a concurrent edit answers 409 instead of overwriting. */
export const PropertyUpdate = PropertyInput.extend({
  version: z.number({ error: 'version is required' }).int().min(1),
});
