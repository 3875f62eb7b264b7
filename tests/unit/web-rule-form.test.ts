import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  criteriaOf,
  hasCriteria,
  initialForm,
  parseAmount,
  type RuleForm,
  validateForm,
} from '../../web/src/features/rule-dialog/ruleForm';
import { savedRule } from './web-fixtures';

const newForm = (overrides: Partial<RuleForm> = {}): RuleForm => ({
  ...initialForm(null, null),
  name: 'Home Depot',
  namePattern: 'home depot',
  category: 'supplies',
  ...overrides,
});

describe('initialForm: saved rule or prefill -> form', () => {
  it('a new rule: pattern on, amount off, category on, priority 0, active', () => {
    expect(initialForm(null, null)).toEqual({
      name: '',
      description: '',
      patternOn: true,
      namePattern: '',
      amountOn: false,
      amountMin: '',
      amountMax: '',
      amountExact: '',
      categoryOn: true,
      categoryAction: 'category',
      category: '',
      splitParts: [],
      priority: '0',
      isActive: true,
      propertyOn: false,
      propertyId: '',
    });
  });

  it('a saved rule turns on only the criteria it has, amounts with 2 decimals', () => {
    expect(
      initialForm(savedRule({ namePattern: null, amountMin: 10, amountMax: 99.5, propertyId: 'p1' }), null),
    ).toEqual({
      name: 'Home Depot',
      description: '',
      patternOn: false,
      namePattern: '',
      amountOn: true,
      amountMin: '10.00',
      amountMax: '99.50',
      amountExact: '',
      categoryOn: true,
      categoryAction: 'category',
      category: 'supplies',
      splitParts: [],
      priority: '5',
      isActive: true,
      propertyOn: true,
      propertyId: 'p1',
    });
  });

  it('a saved rule with no category has the category update off', () => {
    expect(initialForm(savedRule({ category: '' }), null).categoryOn).toBe(false);
  });

  it('a merchant name prefill becomes a literal pattern and the name', () => {
    expect(initialForm(null, { merchantName: ' A+B (Store) ' })).toMatchObject({
      name: 'A+B (Store)',
      namePattern: String.raw`A\+B \(Store\)`,
    });
  });

  it('a prefilled category that is no category is dropped', () => {
    expect(initialForm(null, { category: 'snacks' }).category).toBe('');
  });
});

describe('parseAmount', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['12', 12],
    ['12.5', 12.5],
  ])('%j -> %j', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each([['-1'], ['1.234'], ['abc']])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeNaN();
  });
});

describe('validateForm', () => {
  it('a complete new rule is valid', () => {
    expect(validateForm(newForm())).toEqual({ errors: {}, valid: true });
  });

  it.each([
    ['a blank name', { name: ' ' }, { name: 'Enter a name' }],
    ['no category while the update is on', { category: '' }, { category: 'Choose a category' }],
    [
      'a priority that is not whole',
      { priority: '1.5' },
      { priority: 'Priority must be a whole number between -1000 and 1000' },
    ],
    [
      'a minimum above the maximum',
      { amountOn: true, amountMin: '20', amountMax: '10' },
      { amountMax: 'Maximum amount must be at least the minimum amount' },
    ],
  ])('refuses %s', (_case, overrides, errors) => {
    expect(validateForm(newForm(overrides)).errors).toEqual(errors);
  });

  it('refuses a pattern the engine cannot compile', () => {
    expect(validateForm(newForm({ namePattern: '(' })).errors.namePattern).toBeTruthy();
  });

  it('ignores amounts while the amount match is off', () => {
    expect(validateForm(newForm({ amountOn: false, amountMin: 'x' })).valid).toBe(true);
  });
});

describe('criteriaOf and hasCriteria', () => {
  it('only criteria that are on and filled', () => {
    expect(criteriaOf(newForm({ amountOn: false, amountMin: '5' }))).toEqual({
      namePattern: 'home depot',
      amountMin: null,
      amountMax: null,
      amountExact: null,
      category: 'supplies',
      split: null,
    });
  });

  it('no pattern and no amount selects nothing', () => {
    expect(hasCriteria(criteriaOf(newForm({ patternOn: false })))).toBe(false);
  });

  it('an amount alone selects', () => {
    expect(hasCriteria(criteriaOf(newForm({ patternOn: false, amountOn: true, amountExact: '40' })))).toBe(true);
  });
});

describe('bodyOf: form -> API body', () => {
  it('sends the set fields and omits the unused optional ones', () => {
    expect(bodyOf(newForm({ name: ' Home Depot ', priority: '7' }))).toEqual({
      name: 'Home Depot',
      category: 'supplies',
      priority: 7,
      isActive: true,
      namePattern: 'home depot',
    });
  });

  it('sends amounts, description and property when they are on', () => {
    expect(
      bodyOf(
        newForm({
          patternOn: false,
          amountOn: true,
          amountMin: '10',
          amountMax: '99.99',
          amountExact: '',
          description: ' Paint ',
          propertyOn: true,
          propertyId: 'p1',
          isActive: false,
        }),
      ),
    ).toEqual({
      name: 'Home Depot',
      category: 'supplies',
      priority: 0,
      isActive: false,
      description: 'Paint',
      amountMin: 10,
      amountMax: 99.99,
      propertyId: 'p1',
    });
  });

  it('sends category "" when the category update is off', () => {
    expect(bodyOf(newForm({ categoryOn: false })).category).toBe('');
  });

  it('a blank priority is 0', () => {
    expect(bodyOf(newForm({ priority: ' ' })).priority).toBe(0);
  });

  it('a property chosen while the property update is off is not sent', () => {
    expect(bodyOf(newForm({ propertyOn: false, propertyId: 'p1' }))).not.toHaveProperty('propertyId');
  });
});
