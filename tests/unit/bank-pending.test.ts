import { describe, expect, it } from 'vitest';
import { MatchRows } from '../../functions/src/data/ledger/matchRows.js';
import { computeRollups, RollupDeltas, rollupFacts } from '../../functions/src/data/ledger/rollupDeltas.js';
import { sumCells } from '../../functions/src/data/ledger/rollupSums.js';

const base = {
  id: 't1',
  version: 1,
  date: '2026-03-04',
  amount: -2000,
  name: 'Cafe',
  category: 'repairs',
  isIgnored: false,
  categorizationSource: 'rule',
  propertyId: 'p1',
};

describe('pending bank transactions count nowhere until posted', () => {
  it('rollups: arriving pending adds nothing; posting adds it exactly once', () => {
    const pending = { ...base, pending: true };
    expect(new RollupDeltas().change(null, pending).result()).toEqual([]);
    const posted = { ...base, pending: false, version: 2 };
    const delta = new RollupDeltas().change(pending, posted).result();
    expect(sumCells(delta)).toEqual({ in: 0, out: -2000, count: 1 });
    // A pending one that changes amount or category still moves nothing.
    expect(new RollupDeltas().change(pending, { ...pending, amount: -2500, category: 'supplies' }).result()).toEqual(
      [],
    );
    // Deleting a pending one takes nothing away.
    expect(new RollupDeltas().change(pending, null).result()).toEqual([]);
    expect(computeRollups([pending, { ...posted, id: 't2' }].map(rollupFacts)).length).toBe(1);
    expect(sumCells(computeRollups([pending, { ...posted, id: 't2' }].map(rollupFacts)))).toEqual({
      in: 0,
      out: -2000,
      count: 1,
    });
  });

  it('match index: no row while pending, a row once posted, a tombstone if it goes back', () => {
    const pending = { ...base, pending: true };
    expect(new MatchRows().change(null, pending).result().size).toBe(0);
    const posted = { ...base, pending: false, version: 2 };
    const rows = [...new MatchRows().change(pending, posted).result().values()];
    expect(rows).toHaveLength(1);
    expect(Object.values(rows[0]!.rows)[0]).toBe(JSON.stringify([2, '04', -2000, 'r', 'repairs', 'Cafe']));
    const back = [
      ...new MatchRows()
        .change(posted, { ...posted, pending: true, version: 3 })
        .result()
        .values(),
    ];
    expect(Object.values(back[0]!.rows)[0]).toBe(JSON.stringify([3]));
  });
});
