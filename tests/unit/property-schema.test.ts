import { MAX_ABS_CENTS, PROPERTY_MONEY_FIELDS, PROPERTY_TYPES, PropertyInput, PropertyUpdate } from '@rent/shared';
import { describe, expect, it } from 'vitest';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string; code: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('PropertyInput', () => {
  it('fills every optional field with null when only the address is sent', () => {
    const parsed = PropertyInput.parse({ address: '1 Main St' });
    expect(parsed).toEqual({
      address: '1 Main St',
      googlePlaceId: null,
      latitude: null,
      longitude: null,
      propertyType: null,
      numberOfUnits: null,
      acquisitionDate: null,
      acquisitionPrice: null,
      approximateLoan: null,
      currentMarketValue: null,
      monthlyRent: null,
      downPayment: null,
      closingCosts: null,
      initialRepairs: null,
      otherInitialCosts: null,
      landValue: null,
    });
  });

  it('accepts explicit nulls for every optional field', () => {
    const nulls = Object.fromEntries(
      Object.keys(PropertyInput.shape)
        .filter((key) => key !== 'address')
        .map((key) => [key, null]),
    );
    const result = PropertyInput.safeParse({ address: '1 Main St', ...nulls });
    expect(result.success).toBe(true);
    expect(Object.values(result.data!).filter((v) => v !== null)).toEqual(['1 Main St']);
  });

  describe('address', () => {
    it('is required', () => {
      expect(issuesOf(PropertyInput.safeParse({}))).toEqual([{ path: 'address', message: 'Address is required' }]);
      expect(issuesOf(PropertyInput.safeParse({ address: '   ' }))).toEqual([
        { path: 'address', message: 'Address is required' },
      ]);
      expect(issuesOf(PropertyInput.safeParse({ address: null }))).toEqual([
        { path: 'address', message: 'Address is required' },
      ]);
    });

    it('is trimmed', () => {
      expect(PropertyInput.parse({ address: '  1 Main St \n' }).address).toBe('1 Main St');
    });

    it('is at most 300 characters', () => {
      expect(PropertyInput.safeParse({ address: 'a'.repeat(300) }).success).toBe(true);
      expect(issuesOf(PropertyInput.safeParse({ address: 'a'.repeat(301) }))).toEqual([
        { path: 'address', message: 'Address must be at most 300 characters' },
      ]);
    });
  });

  describe('numberOfUnits', () => {
    it.each([1, 2, 10_000])('accepts %i', (units) => {
      expect(PropertyInput.parse({ address: 'a', numberOfUnits: units }).numberOfUnits).toBe(units);
    });

    it.each([
      [0, 'Number of units must be at least 1'],
      [-1, 'Number of units must be at least 1'],
      [1.5, 'Number of units must be a whole number'],
      ['2', 'Number of units must be a whole number'],
      [10_001, 'Number of units must be at most 10000'],
    ])('refuses %j', (units, message) => {
      expect(issuesOf(PropertyInput.safeParse({ address: 'a', numberOfUnits: units }))).toEqual([
        { path: 'numberOfUnits', message },
      ]);
    });
  });

  describe('money fields', () => {
    it.each(PROPERTY_MONEY_FIELDS.map((field) => [field]))('%s: decimals in, cents out', (field) => {
      expect(PropertyInput.parse({ address: 'a', [field]: 1234.5 })[field]).toBe(123450);
      expect(PropertyInput.parse({ address: 'a', [field]: '1234.56' })[field]).toBe(123456);
      expect(PropertyInput.parse({ address: 'a', [field]: 0 })[field]).toBe(0);
    });

    it.each(PROPERTY_MONEY_FIELDS.map((field) => [field]))('%s: refuses negative amounts', (field) => {
      expect(issuesOf(PropertyInput.safeParse({ address: 'a', [field]: -0.01 }))).toEqual([
        { path: field, message: 'Amount must be between 0.00 and 1000000000.00' },
      ]);
    });

    it.each(PROPERTY_MONEY_FIELDS.map((field) => [field]))('%s: refuses more than 2 decimals', (field) => {
      expect(issuesOf(PropertyInput.safeParse({ address: 'a', [field]: 1.005 }))).toEqual([
        { path: field, message: 'Enter an amount with at most 2 decimal places' },
      ]);
    });

    it('caps amounts at MAX_ABS_CENTS', () => {
      expect(PropertyInput.parse({ address: 'a', monthlyRent: 1_000_000_000 }).monthlyRent).toBe(MAX_ABS_CENTS);
      expect(PropertyInput.safeParse({ address: 'a', monthlyRent: 1_000_000_000.01 }).success).toBe(false);
    });
  });

  it('accepts every property type, and nothing else', () => {
    for (const type of PROPERTY_TYPES) {
      expect(PropertyInput.parse({ address: 'a', propertyType: type }).propertyType).toBe(type);
    }
    expect(issuesOf(PropertyInput.safeParse({ address: 'a', propertyType: 'CASTLE' }))).toEqual([
      { path: 'propertyType', message: 'Choose a property type from the list' },
    ]);
  });

  it('keeps coordinates on the globe', () => {
    expect(PropertyInput.parse({ address: 'a', latitude: -90, longitude: 180 })).toMatchObject({
      latitude: -90,
      longitude: 180,
    });
    expect(issuesOf(PropertyInput.safeParse({ address: 'a', latitude: 90.1 })).map((i) => i.path)).toEqual([
      'latitude',
    ]);
    expect(issuesOf(PropertyInput.safeParse({ address: 'a', longitude: -180.1 })).map((i) => i.path)).toEqual([
      'longitude',
    ]);
    expect(issuesOf(PropertyInput.safeParse({ address: 'a', latitude: '45' }))).toEqual([
      { path: 'latitude', message: 'Latitude must be a number' },
    ]);
  });

  it('checks the acquisition date is a real date', () => {
    expect(PropertyInput.parse({ address: 'a', acquisitionDate: '2024-02-29' }).acquisitionDate).toBe('2024-02-29');
    expect(issuesOf(PropertyInput.safeParse({ address: 'a', acquisitionDate: '2025-02-29' }))).toEqual([
      { path: 'acquisitionDate', message: 'That date does not exist' },
    ]);
  });

  it('turns a blank google place id into null', () => {
    expect(PropertyInput.parse({ address: 'a', googlePlaceId: '  ' }).googlePlaceId).toBeNull();
  });

  it('refuses unknown fields (strict), including server-owned ones', () => {
    for (const extra of ['foo', 'id', 'organizationId', 'version', 'createdAt']) {
      const result = PropertyInput.safeParse({ address: 'a', [extra]: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
    }
  });
});

describe('PropertyUpdate', () => {
  it('requires the version the client read', () => {
    expect(issuesOf(PropertyUpdate.safeParse({ address: 'a' }))).toEqual([
      { path: 'version', message: 'version is required' },
    ]);
  });

  it.each([0, -1, 1.5])('refuses version %d', (version) => {
    expect(PropertyUpdate.safeParse({ address: 'a', version }).success).toBe(false);
  });

  it('passes the version through with the parsed fields', () => {
    const parsed = PropertyUpdate.parse({ address: ' a ', version: 3, monthlyRent: '1500' });
    expect(parsed).toMatchObject({ address: 'a', version: 3, monthlyRent: 150000, numberOfUnits: null });
  });

  it('stays strict about unknown fields', () => {
    const result = PropertyUpdate.safeParse({ address: 'a', version: 1, foo: 1 });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
  });
});
