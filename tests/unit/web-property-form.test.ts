import { PropertyInput } from '@rent/shared';
import { fromCents } from '@rent/shared/core/money';
import { PROPERTY_MONEY_FIELDS } from '@rent/shared/core/properties';
import { describe, expect, it } from 'vitest';
import {
  buildPropertyBody,
  EMPTY_FORM,
  fieldForPath,
  landValueWarning,
  normaliseMoney,
  type PropertyFormErrors,
  type PropertyFormValues,
} from '../../web/src/pages/properties/propertyForm';

/**
 * What the server's schema says about what the form sends: the form's own checks of numbers typed as text first (as
 * buildPropertyBody words them), then PropertyInput's first issue for each field still without one.
 */
function serverSays(values: PropertyFormValues) {
  const { body, errors: formErrors } = buildPropertyBody(values);
  const own = Object.fromEntries(
    Object.entries(formErrors).filter(([, m]) => /must be a number|must be between|cannot be negative/.test(m ?? '')),
  ) as PropertyFormErrors;
  const blank = (t: string) => (t.trim() === '' ? null : t.trim());
  const units = values.numberOfUnits.trim();
  const candidate = {
    address: values.address,
    googlePlaceId: blank(values.googlePlaceId),
    latitude: /^-?\d+(\.\d+)?$/.test(values.latitude.trim()) ? Number(values.latitude.trim()) : null,
    longitude: /^-?\d+(\.\d+)?$/.test(values.longitude.trim()) ? Number(values.longitude.trim()) : null,
    propertyType: values.propertyType === '' ? null : values.propertyType,
    numberOfUnits: units === '' ? null : /^\d+$/.test(units) ? Number(units) : 'not a number',
    acquisitionDate: blank(values.acquisitionDate),
    ...Object.fromEntries(PROPERTY_MONEY_FIELDS.map((f) => [f, normaliseMoney(values[f]) || null])),
  };
  const parsed = PropertyInput.safeParse(candidate);
  const errors: PropertyFormErrors = { ...own };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldForPath(issue.path);
    if (field) errors[field] ??= issue.message;
  }
  return { body, errors, parsed };
}

const VALUES: Partial<Record<keyof PropertyFormValues, string[]>> = {
  address: ['12 Main St', '  7 Elm Court  ', '', '   ', 'x'.repeat(300), 'x'.repeat(301)],
  googlePlaceId: ['', '  ', 'ChIJ123', 'p'.repeat(301)],
  latitude: ['', '41.5', '-90', '90.5', 'north'],
  longitude: ['', '-87.6', '180', '-181', '1e3'],
  propertyType: ['', 'CONDO', 'CASTLE'],
  numberOfUnits: ['', '1', '0', '10000', '10001', '2.5', 'two', '99999999999999999999'],
  acquisitionDate: ['', '2024-02-29', '2023-02-29', '1899-12-31', '2024/01/01', ' 2020-01-05 '],
  monthlyRent: ['', '1250', '$1,250.50', '1250.505', '-5', '+5', '10000000000.01', 'abc'],
  landValue: ['', '0', '1000000000', '0.1'],
};

describe("buildPropertyBody (web/src/pages/properties/propertyForm.ts): the server's rules without its schema", () => {
  it('gives each field the message the server would, and a body only when the server would take it', () => {
    let cases = 0;
    for (const [field, options] of Object.entries(VALUES) as [keyof PropertyFormValues, string[]][]) {
      for (const value of options) {
        // Each value alone on a valid form, and on a form whose address is blank (errors elsewhere too).
        for (const address of ['1 Valid Road', '']) {
          const values: PropertyFormValues = { ...EMPTY_FORM, address, [field]: value } as PropertyFormValues;
          const { body, errors, parsed } = serverSays(values);
          const mine = buildPropertyBody(values);
          expect(mine.errors, `${field}=${JSON.stringify(value)}`).toEqual(errors);
          expect(mine.body === null, `${field}=${JSON.stringify(value)}`).toBe(Object.keys(errors).length > 0);
          if (body && parsed.success) {
            const money = Object.fromEntries(
              PROPERTY_MONEY_FIELDS.map((f) => [f, parsed.data[f] === null ? null : fromCents(parsed.data[f]!)]),
            );
            expect(body).toEqual({ ...parsed.data, ...money });
          }
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(80);
  });

  it('builds the body the server takes: trimmed text, blanks as null, money as decimals', () => {
    const { body, errors } = buildPropertyBody({
      ...EMPTY_FORM,
      address: '  12 Main St ',
      googlePlaceId: '  ',
      propertyType: 'CONDO',
      numberOfUnits: '2',
      acquisitionDate: '2020-01-05',
      monthlyRent: '$1,250.50',
      landValue: '40000',
    });
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      address: '12 Main St',
      googlePlaceId: null,
      latitude: null,
      propertyType: 'CONDO',
      numberOfUnits: 2,
      acquisitionDate: '2020-01-05',
      monthlyRent: 1250.5,
      landValue: 40000,
      acquisitionPrice: null,
    });
  });
});

describe('landValueWarning: the form says when the building cannot be depreciated', () => {
  it('warns with a price and no land value, unless the property is LAND', () => {
    const priced = { ...EMPTY_FORM, address: '220 Birch Lane', acquisitionPrice: '184500' };
    expect(landValueWarning(priced)).toMatch(/cannot be depreciated/);
    expect(landValueWarning({ ...priced, propertyType: 'COMMERCIAL' })).toMatch(/cannot be depreciated/);
    expect(landValueWarning({ ...priced, landValue: '0' })).toBeUndefined();
    expect(landValueWarning({ ...priced, landValue: '36900' })).toBeUndefined();
    expect(landValueWarning({ ...priced, propertyType: 'LAND' })).toBeUndefined();
    expect(landValueWarning({ ...priced, acquisitionPrice: '  ' })).toBeUndefined();
  });
});
