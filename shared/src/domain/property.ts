import * as z from 'zod';
import {
  COORDINATE_LIMITS,
  PROPERTY_TEXT_FIELDS,
  PROPERTY_TYPE_MESSAGE,
  PROPERTY_TYPES,
  PROPERTY_UNITS_MAX,
  PROPERTY_UNITS_MIN,
  type PropertyMoneyField,
  UNITS_MESSAGES,
} from '../core/properties.js';
import { IsoDate, line, optionalText, Timestamp } from './common.js';
import { type Cents, MAX_ABS_CENTS, moneyField } from './money.js';

export const PropertyType = z.enum(PROPERTY_TYPES, { error: PROPERTY_TYPE_MESSAGE });

const money = () =>
  moneyField({ min: 0, max: MAX_ABS_CENTS })
    .nullish()
    .transform((v) => v ?? null);

/** What a client sends to create or replace a property. Money arrives as decimals, leaves as cents. */
export const PropertyInput = z.strictObject({
  address: line(PROPERTY_TEXT_FIELDS.address.label, PROPERTY_TEXT_FIELDS.address.max),
  googlePlaceId: optionalText(PROPERTY_TEXT_FIELDS.googlePlaceId.label, PROPERTY_TEXT_FIELDS.googlePlaceId.max),
  latitude: z
    .number({ error: 'Latitude must be a number' })
    .min(-COORDINATE_LIMITS.latitude)
    .max(COORDINATE_LIMITS.latitude)
    .nullish()
    .transform((v) => v ?? null),
  longitude: z
    .number({ error: 'Longitude must be a number' })
    .min(-COORDINATE_LIMITS.longitude)
    .max(COORDINATE_LIMITS.longitude)
    .nullish()
    .transform((v) => v ?? null),
  propertyType: PropertyType.nullish().transform((v) => v ?? null),
  numberOfUnits: z
    .number({ error: UNITS_MESSAGES.whole })
    .int({ error: UNITS_MESSAGES.whole })
    .min(PROPERTY_UNITS_MIN, { error: UNITS_MESSAGES.min })
    .max(PROPERTY_UNITS_MAX, { error: UNITS_MESSAGES.max })
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
export const PropertyViewList = z.array(PropertyView);

/** PUT carries the version the client read, so a concurrent edit answers 409 instead of overwriting. */
export const PropertyUpdate = PropertyInput.extend({
  version: z.number({ error: 'version is required' }).int().min(1),
});
