/** Property types and their labels, without zod: a page that only shows a property's type need not load the schemas. */
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
