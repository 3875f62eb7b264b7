import { writesAuditEntry } from './audit.js';
import { propertiesReferenced } from './items.js';
import type { LedgerChange, LedgerWrite } from './plan.js';
import { capitalLedgersOf, cellId, cellPropertiesOf, monthOf } from './rollupDeltas.js';

/**
 * How the write plan (plan.ts) splits a batch of ledger changes into DynamoDB transactions of at most `capacity`
 * items, so a chunk comes out full rather than over the limit and halved. Greedy packing by a safe estimate: each
 * change (with its audit entry and extras), each cell it touches once (`perCell` items: the rollup cell, and the
 * snapshot for snapshot writers), each capital ledger item and each property it moves once. The plan's writeChunk
 * halves a chunk whose exact operations still exceed the limit.
 */
export function packChunks(
  changes: LedgerChange[],
  capacity: number,
  perCell: number,
  write: LedgerWrite,
): LedgerChange[][] {
  const chunks: LedgerChange[][] = [];
  let chunk: LedgerChange[] = [];
  let others = new Set<string>();
  let extras = 0;
  for (const change of changes) {
    const [before, after] = change;
    const entries = after ? (writesAuditEntry(!before, write.actor.via) ? 1 : 0) : 1;
    const costs = after?.maintenanceRequestId && after.maintenanceRequestId !== before?.maintenanceRequestId ? 1 : 0;
    const own = 1 + entries + costs + (write.extraOps ? write.extraOps(change).length : 0);
    const touched: string[] = [];
    for (const t of [before, after]) {
      if (!t) continue;
      for (const propertyId of cellPropertiesOf(t)) touched.push(`C${cellId(monthOf(t.date), propertyId)}`);
      // The capital ledger item of the year moves with the cell: left out, a chunk of capital spending came out
      // one item over, and writeChunk halved it (twice the TransactWriteItems for a rule apply).
      for (const capital of capitalLedgersOf(t)) touched.push(`Y${capital}`);
    }
    const was = propertiesReferenced(before);
    const is = propertiesReferenced(after);
    for (const propertyId of was) if (!is.has(propertyId)) touched.push(`P${propertyId}`);
    for (const propertyId of is) if (!was.has(propertyId)) touched.push(`P${propertyId}`);
    const added = new Set(touched.filter((key) => !others.has(key)));
    const weight = (keys: Iterable<string>) => [...keys].reduce((n, key) => n + (key.startsWith('C') ? perCell : 1), 0);
    if (chunk.length > 0 && extras + own + weight(others) + weight(added) > capacity) {
      chunks.push(chunk);
      chunk = [];
      others = new Set();
      extras = 0;
    }
    chunk.push(change);
    extras += own;
    for (const key of touched) others.add(key);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
