import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';

/** The reports' items in functions/src/data/keys.ts, pinned string by string. */
describe('report key shapes', () => {
  it('Schedule E choices: ORG#o / SCHEDE#yyyy#PROP#p; a year is one prefix that no other year or item shares', () => {
    expect(keys.scheduleEChoices('o1', '2025', 'p1')).toEqual({ PK: 'ORG#o1', SK: 'SCHEDE#2025#PROP#p1' });
    const year = keys.scheduleEChoicesOfYear('o1', '2025');
    expect(year).toEqual({ PK: 'ORG#o1', SKPrefix: 'SCHEDE#2025#PROP#' });
    expect(keys.scheduleEChoices('o1', '2025', 'p_-Z9').SK.startsWith(year.SKPrefix)).toBe(true);
    expect(keys.scheduleEChoices('o1', '2026', 'p1').SK.startsWith(year.SKPrefix)).toBe(false);
    // Nothing else of the organization's partition begins with SCHEDE#.
    for (const other of [
      keys.capitalLedger('o1', '2025', 'p1').SK,
      keys.rollup('o1', '2025-01', 'p1').SK,
      keys.taxPackage('o1', '2025-x').SK,
      keys.property('o1', 'p1').SK,
    ]) {
      expect(other.startsWith('SCHEDE#')).toBe(false);
    }
  });

  it("Depreciation choices: ORG#o / DEPRCHOICE#PROP#p; the organization's are one prefix no other item shares", () => {
    expect(keys.depreciationChoices('o1', 'p1')).toEqual({ PK: 'ORG#o1', SK: 'DEPRCHOICE#PROP#p1' });
    const all = keys.depreciationChoicesPrefix('o1');
    expect(all).toEqual({ PK: 'ORG#o1', SKPrefix: 'DEPRCHOICE#PROP#' });
    expect(keys.depreciationChoices('o1', 'p_-Z9').SK.startsWith(all.SKPrefix)).toBe(true);
    for (const other of [
      keys.capitalLedger('o1', '2025', 'p1').SK,
      keys.scheduleEChoices('o1', '2025', 'p1').SK,
      keys.property('o1', 'p1').SK,
    ]) {
      expect(other.startsWith('DEPRCHOICE#')).toBe(false);
    }
  });
});
