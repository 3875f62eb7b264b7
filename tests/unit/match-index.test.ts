import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeRow,
  decodeSnapshot,
  encodeRow,
  encodeSnapshot,
  encodeTombstone,
  entriesOf,
  liveTransactions,
  type MatchEntry,
  type MatchFacts,
  MatchRows,
  mergeEntries,
  pendingRowsOf,
} from '../../functions/src/data/ledger/matchRows.js';
import { cellId, cellUpdates, RollupDeltas, rollupUpdate } from '../../functions/src/data/ledger/rollupDeltas.js';

const base: MatchFacts = {
  id: 't1',
  version: 1,
  date: '2026-02-10',
  amount: -12_345,
  name: 'THE HOME DEPOT #42 | "quoted" \t tab',
  category: null,
  isIgnored: false,
  categorizationSource: null,
  propertyId: 'p1',
};

const rowsOf = (rows: MatchRows) => Object.fromEntries([...rows.result()].map(([id, cell]) => [id, cell.rows]));

describe('match rows', () => {
  it('round-trip every fact the rule engine reads, and tombstones', () => {
    const live = { ...base, category: 'repairs', isIgnored: true, categorizationSource: 'rule', version: 7 };
    expect(decodeRow('t1', '2026-02', 'p1', encodeRow(live))).toEqual({
      id: 't1',
      version: 7,
      live: {
        id: 't1',
        version: 7,
        date: '2026-02-10',
        amountCents: -12_345,
        name: base.name,
        category: 'repairs',
        isIgnored: true,
        categorizationSource: 'rule',
        propertyId: 'p1',
      },
    });
    expect(decodeRow('t1', '2026-02', null, encodeTombstone(9))).toEqual({ id: 't1', version: 9, live: null });
    for (const source of [null, 'manual', 'rule', 'bank']) {
      const decoded = decodeRow('t1', '2026-02', 'p1', encodeRow({ ...base, categorizationSource: source }));
      expect(decoded.live?.categorizationSource).toBe(source);
    }
  });

  it('are written for a create, a change of what the engine reads, a move and a delete; not for a notes edit', () => {
    const v2 = { ...base, version: 2 };
    expect(rowsOf(new MatchRows().change(null, base))).toEqual({ '2026-02|p1': { 'm#t1': encodeRow(base) } });
    expect(rowsOf(new MatchRows().change(base, v2))).toEqual({});
    const categorized = { ...v2, category: 'repairs' };
    expect(rowsOf(new MatchRows().change(base, categorized))).toEqual({
      '2026-02|p1': { 'm#t1': encodeRow(categorized) },
    });
    const moved = { ...v2, date: '2026-03-01', propertyId: null };
    expect(rowsOf(new MatchRows().change(base, moved))).toEqual({
      '2026-02|p1': { 'm#t1': encodeTombstone(2) },
      '2026-03|': { 'm#t1': encodeRow(moved) },
    });
    expect(rowsOf(new MatchRows().change(v2, null))).toEqual({ '2026-02|p1': { 'm#t1': encodeTombstone(3) } });
  });

  it('go onto the rollup cell with its counters, counted in mp; a cell with rows only still gets an Update', () => {
    const rows = new MatchRows().change(null, base).change(null, { ...base, id: 't2', date: '2026-04-01' });
    const deltas = new RollupDeltas().change(null, base);
    const updates = cellUpdates('table', 'o1', deltas, rows.result());
    expect(updates.map((u) => u.Key.SK)).toEqual(['ROLLUP#2026-02#PROP#p1', 'ROLLUP#2026-04#PROP#p1']);
    expect(updates[0]!.UpdateExpression).toMatch(/SET .*#r0 = :r0.* ADD (#c\d :c\d, )+#mp :mp$/);
    expect(updates[0]!.ExpressionAttributeNames['#r0']).toBe('m#t1');
    expect(updates[0]!.ExpressionAttributeValues[':mp']).toBe(1);
    expect(updates[1]!.UpdateExpression).toMatch(/ADD #mp :mp$/);
    expect(updates[1]!.UpdateExpression).not.toMatch(/#c0/);
    // Without rows the Update is exactly the rollups' own.
    expect(rollupUpdate('table', 'o1', deltas.result()[0]!)).toEqual(
      rollupUpdate('table', 'o1', deltas.result()[0]!, {}),
    );
  });

  it('are read back from a rollup cell item', () => {
    const item = { PK: 'ORG#o1', SK: 'ROLLUP#2026-02#PROP#p1', 'c#repairs#out': -5, mp: 1, 'm#t1': encodeRow(base) };
    expect(pendingRowsOf(item)).toEqual([{ attribute: 'm#t1', id: 't1', value: encodeRow(base) }]);
  });
});

describe('snapshots and merging', () => {
  const entry = (id: string, version: number, live = true): MatchEntry =>
    decodeRow(id, '2026-02', 'p1', live ? encodeRow({ ...base, id, version }) : encodeTombstone(version));

  it('round-trip live rows and tombstones through a compressed snapshot', () => {
    const entries = [entry('a', 3), entry('b', 5, false), entry('c', 1)];
    const snap = encodeSnapshot(entries);
    expect(snap.byteLength).toBeLessThan(JSON.stringify(entries).length);
    expect(decodeSnapshot(snap, '2026-02', 'p1')).toEqual(entries);
  });

  it('keep the highest version; on a tie the newer source wins', () => {
    const cell = new Map<string, MatchEntry>();
    mergeEntries(cell, [entry('a', 3)], false);
    mergeEntries(cell, [entry('a', 2)], true);
    expect(cell.get('a')?.version).toBe(3);
    mergeEntries(cell, [entry('a', 3, false)], false);
    expect(cell.get('a')?.live).not.toBeNull();
    mergeEntries(cell, [entry('a', 3, false)], true);
    expect(cell.get('a')?.live).toBeNull();
  });

  it('resolve moves and deletions across cells', () => {
    const moved = decodeRow(
      'a',
      '2026-03',
      null,
      encodeRow({ ...base, id: 'a', version: 4, date: '2026-03-02', propertyId: null }),
    );
    const live = liveTransactions([
      [entry('a', 4, false), entry('b', 2), entry('c', 6, false)],
      [moved, entry('c', 5)],
    ]);
    expect(live.map((t) => [t.id, t.version, t.date]).sort()).toEqual([
      ['a', 4, '2026-03-02'],
      ['b', 2, '2026-02-10'],
    ]);
  });

  it('a stale read (a build from an old view) never hides a newer write, in any order', () => {
    // Transactions move between two cells and get deleted; every write leaves its rows. Then the rows,
    // compactions (folding some rows into a snapshot) and builds (from views taken at random earlier
    // moments) are merged in a random order: the result is always the final state of the ledger.
    const write = fc.record({
      id: fc.constantFrom('a', 'b', 'c'),
      kind: fc.constantFrom('create-or-change', 'move', 'delete'),
      category: fc.constantFrom(null, 'repairs', 'supplies'),
    });
    fc.assert(
      fc.property(
        fc.array(write, { minLength: 1, maxLength: 25 }),
        fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
        (writes, choices) => {
          const ledger = new Map<string, MatchFacts>();
          const rowsByCell = new Map<string, MatchEntry[]>();
          const views: Map<string, MatchFacts>[] = [new Map()];
          // Transaction ids are never reused (UUIDs; bank transactions are never deleted): a re-creation is a new id.
          const generation = new Map<string, number>();
          for (const w of writes) {
            const id = `${w.id}${generation.get(w.id) ?? 0}`;
            const before = ledger.get(id) ?? null;
            let after: MatchFacts | null;
            if (w.kind === 'delete') {
              after = null;
              if (before) generation.set(w.id, (generation.get(w.id) ?? 0) + 1);
            } else if (!before) after = { ...base, id, version: 1, category: w.category };
            else if (w.kind === 'move')
              after = {
                ...before,
                version: before.version + 1,
                date: before.date === '2026-02-10' ? '2026-03-10' : '2026-02-10',
              };
            else after = { ...before, version: before.version + 1, category: w.category };
            if (!before && !after) continue;
            for (const [id, cell] of new MatchRows().change(before, after).result()) {
              const list = rowsByCell.get(id) ?? [];
              for (const [attribute, value] of Object.entries(cell.rows)) {
                list.push(decodeRow(attribute.slice(2), cell.month, cell.propertyId, value));
              }
              rowsByCell.set(id, list);
            }
            if (after) ledger.set(id, after);
            else ledger.delete(id);
            views.push(new Map(ledger));
          }
          // A build from a random earlier view, merged into a snapshot like buildIndex does (never newer).
          const view = views[choices[0]! % views.length]!;
          const snapshots = new Map<string, Map<string, MatchEntry>>();
          for (const [id, cell] of entriesOf(view.values())) {
            const snap = new Map<string, MatchEntry>();
            mergeEntries(snap, cell.entries, false);
            snapshots.set(id, snap);
          }
          // Fold a random prefix of each cell's rows into its snapshot (a compaction); the rest stay pending.
          const cells: Map<string, MatchEntry>[] = [];
          let choice = 1;
          for (const id of new Set([...rowsByCell.keys(), ...snapshots.keys()])) {
            const rows = rowsByCell.get(id) ?? [];
            const folded = choices[choice++ % choices.length]! % (rows.length + 1);
            const snap = snapshots.get(id) ?? new Map<string, MatchEntry>();
            mergeEntries(snap, rows.slice(0, folded), true);
            const merged = new Map(snap);
            mergeEntries(merged, rows.slice(folded), true);
            cells.push(merged);
          }
          // A write that changes nothing the index keeps writes no row, so the index's version may trail.
          const live = liveTransactions(cells.map((cell) => cell.values()));
          expect(live.map((t) => [t.id, t.date, t.category] as const).sort()).toEqual(
            [...ledger.values()].map((t) => [t.id, t.date, t.category] as const).sort(),
          );
          for (const t of live) expect(t.version).toBeLessThanOrEqual(ledger.get(t.id)!.version);
        },
      ),
      { numRuns: 300, seed: 20_261_122 },
    );
  });

  it('group a build by cell', () => {
    const cells = entriesOf([base, { ...base, id: 't2', propertyId: null }, { ...base, id: 't3' }]);
    expect([...cells.keys()].sort()).toEqual([cellId('2026-02', null), cellId('2026-02', 'p1')].sort());
    expect(cells.get(cellId('2026-02', 'p1'))!.entries.map((e) => e.id)).toEqual(['t1', 't3']);
  });
});
