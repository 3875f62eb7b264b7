import { describe, expect, it } from 'vitest';
import { exportFileName, periodPart, propertyPart, slugify } from '../../web/src/lib/exportName';

describe('export file names follow their filters', () => {
  it('slugifies safely: ASCII words, accents dropped, no path or reserved characters, cut at a word', () => {
    expect(slugify('48 Oak Avenue, Springfield, IL 62702')).toBe('48-oak-avenue-springfield-il-62702');
    expect(slugify('Rue de l’Église #3 / Ünit ../..\\x:*?"<>|')).toBe('rue-de-l-eglise-3-unit-x');
    expect(slugify('  ---  ')).toBe('');
    const long = slugify('1200 Very Long Boulevard Name That Goes On Springfield Illinois');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe('1200-very-long-boulevard-name-that-goes');
  });

  it('names a period compactly: a month, a year, a range, one end, or the day of an unbounded export', () => {
    expect(periodPart('2026-03-01', '2026-03-31', '2026-11-28')).toBe('2026-03');
    expect(periodPart('2028-02-01', '2028-02-29', '2026-11-28')).toBe('2028-02');
    expect(periodPart('2026-02-01', '2026-02-28', '2026-11-28')).toBe('2026-02');
    expect(periodPart('2026-02-01', '2026-02-27', '2026-11-28')).toBe('2026-02-01-to-2026-02-27');
    expect(periodPart('2026-01-01', '2026-12-31', '2026-11-28')).toBe('2026');
    expect(periodPart('2025-01', '2025-12', '2026-11-28')).toBe('2025');
    expect(periodPart('2025-03', '2025-03', '2026-11-28')).toBe('2025-03');
    expect(periodPart('2025-12', '2026-11', '2026-11-28')).toBe('2025-12-to-2026-11');
    expect(periodPart('2026-03-05', '2026-03-05', '2026-11-28')).toBe('2026-03-05');
    expect(periodPart('2026-03-05', undefined, '2026-11-28')).toBe('from-2026-03-05');
    expect(periodPart(undefined, '2026-03-05', '2026-11-28')).toBe('through-2026-03-05');
    expect(periodPart(undefined, undefined, '2026-11-28')).toBe('as-of-2026-11-28');
  });

  it('names the property by its address, "no-property", or nothing for all of them', () => {
    const addressOf = (id: string) => (id === 'p1' ? '12 Elm Street, Unit 2' : undefined);
    expect(propertyPart('p1', addressOf)).toBe('12-elm-street-unit-2');
    expect(propertyPart('none', addressOf)).toBe('no-property');
    expect(propertyPart(null, addressOf)).toBe('no-property');
    expect(propertyPart(undefined, addressOf)).toBe('');
    expect(propertyPart('p-unknown', addressOf)).toBe('property');
  });

  it('joins the report and its non-empty parts', () => {
    const name = exportFileName(
      'transactions',
      [propertyPart('p1', () => '12 Elm Street'), periodPart('2026-03-01', '2026-03-31', '2026-11-28')],
      'csv',
    );
    expect(name).toBe('transactions-12-elm-street-2026-03.csv');
    expect(exportFileName('profit-and-loss', ['', '2025'], 'pdf')).toBe('profit-and-loss-2025.pdf');
    expect(exportFileName('x', ['a/b\\c'], 'csv')).toBe('x-a-b-c.csv');
  });
});
