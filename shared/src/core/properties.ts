/**
 * Properties' types, labels and limits, without zod: the property form checks what the schema (domain/property.ts)
 * enforces, and a page that only shows a property's type need not load the schemas.
 */
export const PROPERTY_TYPES = [
  'SINGLE_FAMILY',
  'MULTI_FAMILY',
  'CONDO',
  'TOWNHOUSE',
  'APARTMENT',
  'MOBILE_HOME',
  'COMMERCIAL',
  'LAND',
  'OTHER',
] as const;

export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  SINGLE_FAMILY: 'Single family',
  MULTI_FAMILY: 'Multi-family',
  CONDO: 'Condo',
  TOWNHOUSE: 'Townhouse',
  APARTMENT: 'Apartment',
  MOBILE_HOME: 'Mobile home',
  COMMERCIAL: 'Commercial',
  LAND: 'Land',
  OTHER: 'Other',
};

export const PROPERTY_TYPE_MESSAGE = 'Choose a property type from the list';

/** The text fields of a property: the schema's label (its messages say it) and the longest text it takes. */
export const PROPERTY_TEXT_FIELDS = {
  address: { label: 'Address', max: 300 },
  googlePlaceId: { label: 'Google place id', max: 300 },
} as const;

/** Latitude within ±90, longitude within ±180. */
export const COORDINATE_LIMITS = { latitude: 90, longitude: 180 } as const;

export const PROPERTY_UNITS_MIN = 1;
export const PROPERTY_UNITS_MAX = 10_000;
export const UNITS_MESSAGES = {
  whole: 'Number of units must be a whole number',
  min: `Number of units must be at least ${PROPERTY_UNITS_MIN}`,
  max: `Number of units must be at most ${PROPERTY_UNITS_MAX}`,
} as const;

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

/**
 * Whether a property needs a land value before its building can be depreciated: it has an acquisition price and no
 * land value, and it is not LAND (no building). The depreciation schedule flags it (core/depreciation.ts
 * `noLandValue`), and the dashboard lists it under "Needs attention" (docs/reports-and-tax.md).
 */
export const needsLandValue = (p: {
  propertyType: string | null;
  acquisitionPrice: number | null;
  landValue?: number | null;
}) => p.propertyType !== 'LAND' && p.acquisitionPrice !== null && (p.landValue ?? null) === null;
