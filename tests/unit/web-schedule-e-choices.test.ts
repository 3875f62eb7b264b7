import { describe, expect, it } from 'vitest';
import { choicesBody, draftOf, typeCodeOptions } from '../../web/src/pages/reports/scheduleEChoices';

const saved = { propertyTypeCode: null, fairRentalDays: null, personalUseDays: 0, qjv: false, version: 2 };

describe('Schedule E choices form', () => {
  it('starts from what is saved; empty fields mean "from the books"', () => {
    expect(draftOf(saved)).toEqual({ typeCode: '', fairRentalDays: '', personalUseDays: '0', qjv: false });
    expect(choicesBody(draftOf(saved), 2, '2025')).toEqual({
      body: { version: 2, propertyTypeCode: null, fairRentalDays: null, personalUseDays: 0, qjv: false },
    });
    expect(typeCodeOptions('1 Single Family Residence')[0]).toEqual({
      value: '',
      label: "From the property's type: 1 Single Family Residence",
    });
    expect(typeCodeOptions('')).toHaveLength(9);
  });

  it('turns the typed days into whole numbers of the year, or names the field to fix', () => {
    const draft = { typeCode: '3', fairRentalDays: ' 200 ', personalUseDays: '12', qjv: true };
    expect(choicesBody(draft, 0, '2025')).toEqual({
      body: { version: 0, propertyTypeCode: 3, fairRentalDays: 200, personalUseDays: 12, qjv: true },
    });
    expect(choicesBody({ ...draft, fairRentalDays: '366' }, 0, '2025')).toMatchObject({ field: 'fairRentalDays' });
    expect('body' in choicesBody({ ...draft, fairRentalDays: '366' }, 0, '2024')).toBe(true);
    expect(choicesBody({ ...draft, personalUseDays: '1.5' }, 0, '2025')).toMatchObject({ field: 'personalUseDays' });
    expect(choicesBody({ ...draft, personalUseDays: '-1' }, 0, '2025')).toMatchObject({ field: 'personalUseDays' });
    expect(choicesBody({ ...draft, personalUseDays: '' }, 0, '2025')).toMatchObject({ body: { personalUseDays: 0 } });
  });
});
