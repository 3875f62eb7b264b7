import { marshall } from '@aws-sdk/util-dynamodb';
import { expect } from 'vitest';
import { propertiesReferenced, toTransactionRecord } from '../../functions/src/data/ledger/items.js';
import {
  capitalCellsOfLedger,
  capitalPart,
  cellId,
  computeRollups,
  parseRollupItem,
  type RollupCell,
} from '../../functions/src/data/ledger/rollupDeltas.js';
import type { client } from '../support/api.js';
import { partition } from '../support/db.js';

type Api = ReturnType<typeof client>;

export const orgIdOf = async (api: Api): Promise<string> => (await api.get('/api/organization')).body.id;

const normalize = (cells: RollupCell[], kind: string) =>
  cells
    .filter((cell) => Object.keys(cell.counters).length > 0)
    .map((cell) => [`${kind} ${cellId(cell.month, cell.propertyId)}`, cell.counters] as const);
const sorted = (entries: (readonly [string, Record<string, number>])[]) =>
  Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));

/** An organization's items, read once for the checks below: one consistent snapshot, not one read per check. */
export type OrganizationItems = Record<string, unknown>[];

/** What is stored: every rollup cell and the capital ledger's cells of the organization, zero counters dropped. */
export async function storedRollups(orgId: string, items?: OrganizationItems) {
  items ??= await partition(`ORG#${orgId}`);
  const cells = items.filter((item) => item.type === 'Rollup').map(parseRollupItem);
  const capital = items
    .filter((item) => item.type === 'CapitalLedger')
    .flatMap((item) => capitalCellsOfLedger(marshall(item), '9999-12'));
  return sorted([...normalize(cells, 'cell'), ...normalize(capital, 'capital')]);
}

/** What they must be: recomputed from the organization's transactions. */
export async function recomputedRollups(orgId: string, items?: OrganizationItems) {
  items ??= await partition(`ORG#${orgId}`);
  const cells = computeRollups(items.filter((item) => item.type === 'Transaction').map(toTransactionRecord));
  const capital = cells.flatMap((cell) => capitalPart(cell) ?? []);
  return sorted([...normalize(cells, 'cell'), ...normalize(capital, 'capital')]);
}

/**
 * Money per month, property and category (or "ignored"), summed naively from the raw lines (each transaction, or each
 * part of a split), without the rollup code: what the stored cells' in + out must add up to.
 */
function naiveNets(transactions: Record<string, any>[]) {
  const nets = new Map<string, number>();
  for (const t of transactions) {
    if (t.pending === true) continue;
    for (const line of t.parts ?? [t]) {
      const bucket = t.isIgnored ? 'ignored' : (line.category ?? 'uncategorized');
      const key = `${(t.date as string).slice(0, 7)}|${line.propertyId ?? ''}|${bucket}`;
      nets.set(key, (nets.get(key) ?? 0) + line.amount);
    }
  }
  return sortedNonZero(nets);
}

function storedNets(cells: Record<string, any>[]) {
  const nets = new Map<string, number>();
  for (const cell of cells) {
    for (const [name, value] of Object.entries(cell)) {
      const match = /^(?:c#(.+)|(ignored))#(?:in|out)$/.exec(name);
      if (!match || typeof value !== 'number') continue;
      const key = `${cell.month}|${cell.propertyId ?? ''}|${match[1] ?? match[2]}`;
      nets.set(key, (nets.get(key) ?? 0) + value);
    }
  }
  return sortedNonZero(nets);
}
const sortedNonZero = (nets: Map<string, number>) =>
  Object.fromEntries([...nets].filter(([, net]) => net !== 0).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Rollups equal the recomputation and the naive sums of the raw lines, and each property's transactionCount equals
 * the transactions that name it (a split names its parts' properties).
 */
export async function expectLedgerConsistent(orgId: string, items?: OrganizationItems) {
  items ??= await partition(`ORG#${orgId}`);
  const transactions = items.filter((item) => item.type === 'Transaction');
  expect(await storedRollups(orgId, items)).toEqual(await recomputedRollups(orgId, items));
  expect(storedNets(items.filter((item) => item.type === 'Rollup'))).toEqual(naiveNets(transactions));
  for (const t of transactions.filter((item) => Array.isArray(item.parts))) {
    const parts = t.parts as { amount: number }[];
    expect(
      parts.reduce((sum, part) => sum + part.amount, 0),
      `the parts of ${t.id}`,
    ).toBe(t.amount);
  }
  for (const property of items.filter((item) => item.type === 'Property')) {
    const referencing = transactions.filter((t) =>
      propertiesReferenced(toTransactionRecord(t)).has(property.id as string),
    ).length;
    expect(Number(property.transactionCount ?? 0), `transactionCount of ${property.id}`).toBe(referencing);
  }
}

export const TRANSACTION_FIELDS = [
  'amount',
  'bankAccountId',
  'categorizationConfidence',
  'categorizationSource',
  'categorizedAt',
  'category',
  'createdAt',
  'date',
  'externalId',
  'hasOpenReviewRequests',
  'hasReceipt',
  'hasReviewHistory',
  'id',
  'institutionId',
  'isIgnored',
  'isReviewed',
  'leaseId',
  'maintenanceRequestId',
  'name',
  'notes',
  'organizationId',
  'parts',
  'plaidTransactionId',
  'propertyId',
  'source',
  'splitReviewFrom',
  'transferPairId',
  'transferWith',
  'updatedAt',
  'userId',
  'version',
];
