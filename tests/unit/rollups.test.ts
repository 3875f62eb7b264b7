import { marshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capitalCellsOfLedger,
  capitalPart,
  cellUpdates,
  computeRollups,
  isCounter,
  parseRollupAttributes,
  parseRollupItem,
  RollupDeltas,
  type RollupFacts,
  rollupItem,
  rollupItems,
  rollupUpdate,
} from '../../functions/src/data/ledger/rollupDeltas.js';
import { sumCells, summarizeCell } from '../../functions/src/data/ledger/rollupSums.js';

const rent: RollupFacts = {
  date: '2026-02-01',
  amount: 155_000,
  category: 'rental_income',
  propertyId: 'p1',
  isIgnored: false,
};
const repair: RollupFacts = {
  date: '2026-02-14',
  amount: -38_550,
  category: 'repairs',
  propertyId: 'p1',
  isIgnored: false,
};

describe('rollup deltas', () => {
  it('counts a new transaction in its month and property, by category and direction', () => {
    expect(new RollupDeltas().change(null, rent).result()).toEqual([
      { month: '2026-02', propertyId: 'p1', counters: { 'c#rental_income#in': 155_000, 'c#rental_income#nin': 1 } },
    ]);
    expect(new RollupDeltas().change(null, { ...repair, propertyId: null, category: null }).result()).toEqual([
      {
        month: '2026-02',
        propertyId: null,
        counters: { 'c#uncategorized#out': -38_550, 'c#uncategorized#nout': 1, 'x#noreceipt': 1 },
      },
    ]);
  });

  it('counts money out of more than $75, not ignored, without a receipt, in x#noreceipt', () => {
    const needs = (facts: Partial<RollupFacts>) =>
      new RollupDeltas().change(null, { ...repair, ...facts }).result()[0]?.counters['x#noreceipt'] ?? 0;
    expect(needs({})).toBe(1);
    expect(needs({ amount: -7_501 })).toBe(1);
    expect(needs({ amount: -7_500 })).toBe(0); // "over $75"
    expect(needs({ amount: 7_600 })).toBe(0);
    expect(needs({ hasReceipt: true })).toBe(0);
    expect(needs({ isIgnored: true })).toBe(0);
    expect(needs({ pending: true })).toBe(0);
    // A receipt attached: only the counter moves; the money stays.
    expect(new RollupDeltas().change(repair, { ...repair, hasReceipt: true }).result()).toEqual([
      { month: '2026-02', propertyId: 'p1', counters: { 'x#noreceipt': -1 } },
    ]);
    // It is read back from the item, and no report sums it as money.
    const cell = parseRollupItem(rollupItem('o', computeRollups([repair])[0]!));
    expect(cell.counters['x#noreceipt']).toBe(1);
    expect(summarizeCell(cell).byCategory).toEqual({ repairs: { in: 0, out: -38_550, count: 1 } });
    expect(sumCells([cell])).toEqual({ in: 0, out: -38_550, count: 1 });
  });

  it('keeps ignored transactions only under ignored#, so no other counter includes them', () => {
    expect(new RollupDeltas().change(rent, { ...rent, isIgnored: true }).result()).toEqual([
      {
        month: '2026-02',
        propertyId: 'p1',
        counters: {
          'c#rental_income#in': -155_000,
          'c#rental_income#nin': -1,
          'ignored#in': 155_000,
          'ignored#nin': 1,
        },
      },
    ]);
  });

  it('moves a transaction between cells when its date or property changes: two cells, each once', () => {
    const moved = new RollupDeltas().change(rent, { ...rent, date: '2026-03-01', propertyId: null }).result();
    expect(moved).toEqual([
      { month: '2026-02', propertyId: 'p1', counters: { 'c#rental_income#in': -155_000, 'c#rental_income#nin': -1 } },
      { month: '2026-03', propertyId: null, counters: { 'c#rental_income#in': 155_000, 'c#rental_income#nin': 1 } },
    ]);
  });

  it('writes nothing for a change the rollups do not see (name, notes, same values)', () => {
    expect(new RollupDeltas().change(rent, { ...rent }).result()).toEqual([]);
  });

  it('merges many transactions of one cell into one update, and counts zero as money in', () => {
    const deltas = new RollupDeltas()
      .change(null, rent)
      .change(null, repair)
      .change(null, { ...rent, amount: 0 });
    expect(deltas.result()).toEqual([
      {
        month: '2026-02',
        propertyId: 'p1',
        counters: {
          'c#rental_income#in': 155_000,
          'c#rental_income#nin': 2,
          'c#repairs#out': -38_550,
          'c#repairs#nout': 1,
          'x#noreceipt': 1,
        },
      },
    ]);
  });

  it('adds up, over any changes, to the recomputation of the final state', () => {
    const facts = fc.record({
      date: fc.constantFrom('2026-01-05', '2026-01-31', '2026-02-01', '2026-03-15'),
      amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      category: fc.constantFrom(null, 'rental_income', 'repairs', 'transfer'),
      propertyId: fc.constantFrom(null, 'p1', 'p2'),
      isIgnored: fc.boolean(),
      hasReceipt: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(facts, facts, fc.boolean())), (histories) => {
        const deltas = new RollupDeltas();
        const final: RollupFacts[] = [];
        for (const [first, second, deleted] of histories) {
          deltas.change(null, first).change(first, second);
          if (deleted) deltas.change(second, null);
          else final.push(second);
        }
        const byCell = (cells: ReturnType<typeof computeRollups>) =>
          Object.fromEntries(cells.map((c) => [`${c.month}|${c.propertyId}`, c.counters]));
        expect(byCell(deltas.result())).toEqual(byCell(computeRollups(final)));
      }),
    );
  });
});

describe('the capital ledger', () => {
  const roof: RollupFacts = { ...rent, amount: -900_000, category: 'roof_replacement' };

  it("a cell's capital part holds only its capital spending, net per category", () => {
    const fence = { ...roof, amount: -20_000, category: 'fencing_landscaping' };
    const [cell] = computeRollups([rent, roof, { ...roof, amount: 50_000 }, fence, { ...fence, amount: 20_000 }]);
    expect(capitalPart(cell!)).toEqual({
      month: '2026-02',
      propertyId: 'p1',
      counters: { roof_replacement: -850_000 },
    });
    expect(capitalPart(computeRollups([rent])[0]!)).toBeNull();
  });

  it("a write ADDs to the year's ledger item beside the cells, once for all its months, and only for capital", () => {
    const march = { ...roof, date: '2026-03-04' };
    const updates = cellUpdates('table', 'o1', new RollupDeltas().change(roof, march), new Map());
    expect(updates.map((u) => u.Key.SK)).toEqual([
      'ROLLUP#2026-02#PROP#p1',
      'ROLLUP#2026-03#PROP#p1',
      'CAPEX#2026#PROP#p1',
    ]);
    const ledger = updates[2]!;
    const named = Object.fromEntries(
      Object.entries(ledger.ExpressionAttributeNames).map(([k, v]) => [
        v,
        ledger.ExpressionAttributeValues[`:${k.slice(1)}`],
      ]),
    );
    expect(named).toMatchObject({
      '02#roof_replacement': 900_000,
      '03#roof_replacement': -900_000,
    });
    expect(Object.keys(named).filter((name) => /^\d\d#/.test(name))).toHaveLength(2);
    const renamed = new RollupDeltas().change(rent, { ...rent, amount: rent.amount + 1 });
    expect(cellUpdates('table', 'o1', renamed, new Map()).map((u) => u.Key.SK)).toEqual(['ROLLUP#2026-02#PROP#p1']);
  });

  it('whole cells are stored with their ledger items, which read back as the capital parts', () => {
    const cells = computeRollups([rent, roof, { ...roof, date: '2026-05-01', amount: -1_000 }]);
    const items = rollupItems('o1', cells);
    expect(items.map((i) => [i.SK, i.type])).toEqual([
      ['ROLLUP#2026-02#PROP#p1', 'Rollup'],
      ['ROLLUP#2026-05#PROP#p1', 'Rollup'],
      ['CAPEX#2026#PROP#p1', 'CapitalLedger'],
    ]);
    expect(capitalCellsOfLedger(marshall(items[2]!), '2026-12')).toEqual(cells.map((c) => capitalPart(c)));
    expect(capitalCellsOfLedger(marshall(items[2]!), '2026-04')).toEqual([capitalPart(cells[0]!)]);
  });
});

describe('rollup items', () => {
  const cell = computeRollups([rent, repair, { ...rent, amount: 7_500, category: 'late_fees', isIgnored: true }])[0]!;

  it('ADDs counters with placeholders (names contain #) and upserts the cell', () => {
    const update = rollupUpdate('table', 'o1', cell);
    expect(update.Key).toEqual({ PK: 'ORG#o1', SK: 'ROLLUP#2026-02#PROP#p1' });
    expect(update.UpdateExpression).toMatch(
      /^SET #type = :type, #month = :month, #propertyId = :propertyId, organizationId = :org ADD #c0 :c0/,
    );
    const names = Object.values(update.ExpressionAttributeNames);
    for (const counter of Object.keys(cell.counters)) expect(names).toContain(counter);
    expect(update).not.toHaveProperty('ConditionExpression');
  });

  it('round-trips through an item, dropping zero counters', () => {
    const item = rollupItem('o1', cell);
    expect(item).toMatchObject({ PK: 'ORG#o1', SK: 'ROLLUP#2026-02#PROP#p1', type: 'Rollup', month: '2026-02' });
    expect(parseRollupItem({ ...item, 'c#repairs#in': 0, version: 3 })).toEqual(cell);
  });

  it('sums a selection, never ignored money', () => {
    expect(sumCells([cell])).toEqual({ in: 155_000, out: -38_550, count: 2 });
    expect(sumCells([cell], { direction: 'out' })).toEqual({ in: 0, out: -38_550, count: 1 });
    expect(sumCells([cell], { categories: new Set(['late_fees']) })).toEqual({ in: 0, out: 0, count: 0 });
    expect(sumCells([cell], { propertyId: null })).toEqual({ in: 0, out: 0, count: 0 });
    expect(sumCells([cell], { propertyId: 'p1', categories: new Set(['repairs']) })).toEqual({
      in: 0,
      out: -38_550,
      count: 1,
    });
  });

  it('summarizes a cell for reports: operating, transfers and ignored apart', () => {
    const [withTransfer] = computeRollups([
      rent,
      { ...repair, category: 'owner_distributions' },
      { ...rent, isIgnored: true },
    ]);
    const summary = summarizeCell(withTransfer!);
    expect(summary.operating).toEqual({ in: 155_000, out: 0, count: 1 });
    expect(summary.transfers).toEqual({ in: 0, out: -38_550, count: 1 });
    expect(summary.ignored).toEqual({ in: 155_000, out: 0, count: 1 });
    expect(summary.byCategory).toEqual({
      rental_income: { in: 155_000, out: 0, count: 1 },
      owner_distributions: { in: 0, out: -38_550, count: 1 },
    });
  });
});

describe('counter attributes', () => {
  it.each(['c#repairs#in', 'c#rental_income#out', 'c#x#nin', 'ignored#nout', 'ignored#in'])(
    '%s is a counter',
    (name) => {
      expect(isCounter(name)).toBe(true);
    },
  );
  it.each(['c##in', 'c#repairs#total', 'ignored#x#in', 'ignoredx#in', 'month', 'propertyId', 'x#repairs#in', 'c#in'])(
    '%s is not a counter',
    (name) => {
      expect(isCounter(name)).toBe(false);
    },
  );

  it('a parsed item keeps only non-zero counters', () => {
    const item = {
      PK: 'ORG#o',
      SK: 'ROLLUP#2026-02#p1',
      month: '2026-02',
      propertyId: 'p1',
      'c#repairs#out': -5,
      'c#rent#in': 0,
      version: 3,
    };
    expect(parseRollupItem(item)).toEqual({ month: '2026-02', propertyId: 'p1', counters: { 'c#repairs#out': -5 } });
  });

  it('a cell read as attribute values equals the same cell unmarshalled, lease and receipt counters included', () => {
    const facts = [
      rent,
      { ...rent, amount: -12_000, category: 'repairs', hasReceipt: false },
      { ...rent, amount: 90_000, leaseId: 'lease-1' },
      { ...rent, amount: -3_000, category: 'transfer', isIgnored: true },
    ];
    const [cell] = computeRollups(facts);
    const item = { ...rollupItem('o', cell!), 'm#t1': 'row', version: 3, 'c#utilities#in': 0 };
    expect(parseRollupAttributes(marshall(item))).toEqual(parseRollupItem(item));
    expect(parseRollupAttributes(marshall({ ...item, propertyId: null })).propertyId).toBeNull();
  });
});
