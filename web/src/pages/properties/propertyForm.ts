import { type Checked, checkMoney, checkOptionalText, checkText, isoDateProblem } from '@rent/shared/core/fields';
import { type Cents, centsToString, fromCents, MAX_ABS_CENTS, toCents } from '@rent/shared/core/money';
import {
  COORDINATE_LIMITS,
  needsLandValue,
  PROPERTY_MONEY_FIELDS,
  PROPERTY_TEXT_FIELDS,
  PROPERTY_TYPE_MESSAGE,
  PROPERTY_TYPES,
  PROPERTY_UNITS_MAX,
  PROPERTY_UNITS_MIN,
  type PropertyMoneyField,
  UNITS_MESSAGES,
} from '@rent/shared/core/properties';
import type { PropertyInputBody } from '@rent/shared/types';
import type { ApiIssue } from '../../api/client';
import type { Property } from '../../api/properties';

export type PropertyTypeValue = (typeof PROPERTY_TYPES)[number];

/** What the form edits: every property field as the text the user typed. */
export interface PropertyFormValues {
  address: string;
  googlePlaceId: string;
  latitude: string;
  longitude: string;
  propertyType: PropertyTypeValue | '';
  numberOfUnits: string;
  acquisitionDate: string;
  acquisitionPrice: string;
  approximateLoan: string;
  currentMarketValue: string;
  monthlyRent: string;
  downPayment: string;
  closingCosts: string;
  initialRepairs: string;
  otherInitialCosts: string;
  landValue: string;
}
export type PropertyField = keyof PropertyFormValues;
export type PropertyFormErrors = Partial<Record<PropertyField, string>>;

export const FIELD_LABELS: Record<PropertyField, string> = {
  address: 'Address',
  googlePlaceId: 'Google place ID',
  latitude: 'Latitude',
  longitude: 'Longitude',
  propertyType: 'Property type',
  numberOfUnits: 'Number of units',
  acquisitionDate: 'Acquisition date',
  acquisitionPrice: 'Acquisition price',
  approximateLoan: 'Approximate loan',
  currentMarketValue: 'Current market value',
  monthlyRent: 'Monthly rent',
  downPayment: 'Down payment',
  closingCosts: 'Closing costs',
  initialRepairs: 'Initial repairs',
  otherInitialCosts: 'Other initial costs',
  landValue: 'Land value',
};

const FIELDS = Object.keys(FIELD_LABELS) as PropertyField[];

export const EMPTY_FORM: PropertyFormValues = {
  address: '',
  googlePlaceId: '',
  latitude: '',
  longitude: '',
  propertyType: '',
  numberOfUnits: '',
  acquisitionDate: '',
  acquisitionPrice: '',
  approximateLoan: '',
  currentMarketValue: '',
  monthlyRent: '',
  downPayment: '',
  closingCosts: '',
  initialRepairs: '',
  otherInitialCosts: '',
  landValue: '',
};

/** A wire decimal as the text an input shows: "350000" or "1250.50". */
export function moneyText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const cents = toCents(value);
  if (cents === null) return String(value);
  return cents % 100 === 0 ? String(cents / 100) : centsToString(cents);
}

export function toFormValues(property?: Property | null): PropertyFormValues {
  if (!property) return { ...EMPTY_FORM };
  const values: PropertyFormValues = {
    ...EMPTY_FORM,
    address: property.address,
    googlePlaceId: property.googlePlaceId ?? '',
    latitude: property.latitude === null ? '' : String(property.latitude),
    longitude: property.longitude === null ? '' : String(property.longitude),
    propertyType: property.propertyType ?? '',
    numberOfUnits: property.numberOfUnits === null ? '' : String(property.numberOfUnits),
    acquisitionDate: property.acquisitionDate ?? '',
  };
  for (const field of PROPERTY_MONEY_FIELDS) values[field] = moneyText(property[field]);
  return values;
}

/** "$1,250.50 " -> "1250.50": people type money the way they read it. */
export function normaliseMoney(text: string): string {
  return text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '')
    .replace(/\s+/g, '');
}

function blankToNull(text: string): string | null {
  const t = text.trim();
  return t === '' ? null : t;
}

function parseCoordinate(text: string, field: 'latitude' | 'longitude', errors: PropertyFormErrors): number | null {
  const t = text.trim();
  if (!t) return null;
  const limit = COORDINATE_LIMITS[field];
  if (!/^-?\d+(\.\d+)?$/.test(t)) {
    errors[field] = `${FIELD_LABELS[field]} must be a number`;
    return null;
  }
  const n = Number(t);
  if (n < -limit || n > limit) errors[field] = `${FIELD_LABELS[field]} must be between -${limit} and ${limit}`;
  return n;
}

/** Maps a server or schema issue path ("monthlyRent", "body.monthlyRent", "/monthlyRent") to a field. */
export function fieldForPath(path: string | readonly PropertyKey[]): PropertyField | null {
  const parts = typeof path === 'string' ? path.split(/[./[\]]+/) : path.map(String);
  for (const part of parts) if ((FIELDS as string[]).includes(part)) return part as PropertyField;
  return null;
}

/**
 * Validates the form exactly as the server does (the property schema's limits and messages, from
 * `@rent/shared/core/properties` and `core/fields`, plus clearer messages for numbers typed as text) and builds the
 * request body: blanks are null, money is a decimal with at most 2 places.
 */
export function buildPropertyBody(values: PropertyFormValues): {
  body: PropertyInputBody | null;
  errors: PropertyFormErrors;
} {
  const errors: PropertyFormErrors = {};
  /** A field's value when its check passed; its message (unless the field already has one) when not. */
  const take = <T>(field: PropertyField, checked: Checked<T>): T | null => {
    if (checked.ok) return checked.value;
    errors[field] ??= checked.message;
    return null;
  };

  const latitude = parseCoordinate(values.latitude, 'latitude', errors);
  const longitude = parseCoordinate(values.longitude, 'longitude', errors);

  let numberOfUnits: number | null = null;
  const units = values.numberOfUnits.trim();
  if (units) {
    numberOfUnits = /^\d+$/.test(units) ? Number(units) : Number.NaN;
    if (!Number.isSafeInteger(numberOfUnits)) errors.numberOfUnits = UNITS_MESSAGES.whole;
    else if (numberOfUnits < PROPERTY_UNITS_MIN) errors.numberOfUnits = UNITS_MESSAGES.min;
    else if (numberOfUnits > PROPERTY_UNITS_MAX) errors.numberOfUnits = UNITS_MESSAGES.max;
  }

  const money = {} as Record<PropertyMoneyField, Cents | null>;
  for (const field of PROPERTY_MONEY_FIELDS) {
    const text = normaliseMoney(values[field]);
    if (text.startsWith('-')) errors[field] = `${FIELD_LABELS[field]} cannot be negative`;
    money[field] = text === '' ? null : take(field, checkMoney(text, { min: 0, max: MAX_ABS_CENTS }));
  }

  const { address: addressField, googlePlaceId: placeIdField } = PROPERTY_TEXT_FIELDS;
  const address = take('address', checkText(addressField.label, addressField.max, values.address));
  const googlePlaceId = take(
    'googlePlaceId',
    checkOptionalText(placeIdField.label, placeIdField.max, blankToNull(values.googlePlaceId)),
  );
  const propertyType = values.propertyType === '' ? null : values.propertyType;
  if (propertyType !== null && !PROPERTY_TYPES.includes(propertyType)) errors.propertyType ??= PROPERTY_TYPE_MESSAGE;
  const acquisitionDate = blankToNull(values.acquisitionDate);
  const dateProblem = acquisitionDate === null ? null : isoDateProblem(acquisitionDate);
  if (dateProblem) errors.acquisitionDate ??= dateProblem;

  if (Object.keys(errors).length > 0 || address === null) return { body: null, errors };

  const body: PropertyInputBody = {
    address,
    googlePlaceId,
    latitude,
    longitude,
    propertyType,
    numberOfUnits,
    acquisitionDate,
  };
  for (const field of PROPERTY_MONEY_FIELDS) {
    const cents = money[field];
    body[field] = cents === null ? null : fromCents(cents);
  }
  return { body, errors: {} };
}

/** Splits a 400's issues into field errors and the rest (shown above the form). */
export function splitServerIssues(issues: readonly ApiIssue[]): { fields: PropertyFormErrors; other: string[] } {
  const fields: PropertyFormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldForPath(issue.path);
    if (field && !fields[field]) fields[field] = issue.message;
    else if (!field) other.push(issue.message);
  }
  return { fields, other };
}

export const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES;

/**
 * The land value field's warning while the form has an acquisition price and no land value (core/properties.ts
 * `needsLandValue`, on what was typed): the depreciation schedule and Schedule E line 18 leave the building out.
 */
export function landValueWarning(values: PropertyFormValues): string | undefined {
  const missing = needsLandValue({
    propertyType: values.propertyType || null,
    acquisitionPrice: values.acquisitionPrice.trim() ? 0 : null,
    landValue: values.landValue.trim() ? 0 : null,
  });
  return missing ? 'Without a land value the building cannot be depreciated (Schedule E line 18).' : undefined;
}
