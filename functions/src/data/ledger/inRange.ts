import type { Cents, SplitPart } from '@rent/shared';
import { Invalid } from '../../domain-errors.js';
import { atMostAtOnce } from '../../lib/atOnce.js';
import { queryPages } from '../query.js';
import { type Expression, filterExpression, queryInput, queryPlans } from './queryPlan.js';

/**
 * What the detail report and the tax package read of a transaction: one line per transaction, or per part of a
 * split (its id is the transaction's; `part` is the part's place, from 1; the receipts are counted on the first line
 * of the transaction only, so its files are listed once).
 */
export interface TransactionLine {
  id: string;
  date: string;
  name: string;
  propertyId: string | null;
  amount: Cents;
  category: string | null;
  receiptCount: number;
  part?: number;
  memo?: string | null;
  /** The transaction's notes and source (user_created or plaid): the tax package's ledger lists them. */
  notes: string | null;
  source: string | null;
}

const VIEW = ['id', 'date', 'name', 'propertyId', 'amount', 'category', 'receiptCount', 'parts', 'notes', 'source'];

/** A transaction item's lines: itself, or the parts of its split that are on `propertyId` (all without one). */
function linesOf(item: Record<string, unknown>, propertyId: string | null | undefined): TransactionLine[] {
  const line: TransactionLine = {
    id: item.id as string,
    date: item.date as string,
    name: item.name as string,
    propertyId: (item.propertyId as string | null | undefined) ?? null,
    amount: item.amount as number,
    category: (item.category as string | null | undefined) ?? null,
    receiptCount: (item.receiptCount as number | undefined) ?? 0,
    notes: (item.notes as string | null | undefined) ?? null,
    source: (item.source as string | undefined) ?? null,
  };
  const parts = item.parts as SplitPart[] | null | undefined;
  if (!parts) return [line];
  const lines: TransactionLine[] = [];
  parts.forEach((part, i) => {
    if (propertyId !== undefined && part.propertyId !== propertyId) return;
    const { leaseId: _, ...shown } = part;
    lines.push({ ...line, ...shown, part: i + 1, receiptCount: lines.length === 0 ? line.receiptCount : 0 });
  });
  return lines;
}

const newestFirst = (a: TransactionLine, b: TransactionLine) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : (a.part ?? 0) - (b.part ?? 0);

/**
 * Every not-ignored transaction dated from..to (YYYY-MM-DD, inclusive), of one property ("null" = no property)
 * or of all: the ledger's date-range Query (GSI1, or GSI2 for a property), projected to VIEW, 1 MB a request.
 * Bounded: more than `limit` transactions answer 400 (narrow the period or pick a property), so a report never
 * reads without end.
 */
export async function transactionsInRange(
  orgId: string,
  range: { from: string; to: string },
  propertyId: string | null | undefined,
  limit: number,
): Promise<TransactionLine[]> {
  const plans = queryPlans(orgId, range, propertyId);
  const expression = filterExpression({}, { totals: true });
  const names = Object.fromEntries(VIEW.map((name, i) => [`#v${i}`, name]));
  const out: TransactionLine[] = [];
  for (const plan of plans) {
    const input = queryInput(plan, expression);
    for await (const page of queryPages({
      ...input,
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: { ...input.ExpressionAttributeNames, ...names },
    })) {
      for (const item of page.items) out.push(...linesOf(item, propertyId));
      if (out.length > limit) {
        throw new Invalid(
          `More than ${limit.toLocaleString('en-US')} transactions in this period: choose a shorter period or one property.`,
        );
      }
    }
  }
  // A property's own partition and the splits across properties each come newest first: one order for both.
  return plans.length > 1 ? out.sort(newestFirst) : out;
}

/**
 * The ids of a property's income (amount > 0, ignored or not) dated from..to (YYYY-MM-DD; no `to` = no end), and of
 * the splits with a part on it whatever their total: what a lease change may re-link. The property's ledger Query
 * (GSI2) beside the splits across properties, ids only.
 */
export async function incomeIdsOfProperty(
  orgId: string,
  propertyId: string,
  range: { from: string; to?: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (const plan of queryPlans(orgId, range, propertyId)) {
    // A split across properties may hold rent on this one whatever its total: its partition is read unfiltered.
    const income: Expression = plan.condition
      ? { conditions: [], names: { '#id': 'id' }, values: {} }
      : { conditions: ['#amount > :zero'], names: { '#amount': 'amount', '#id': 'id' }, values: { ':zero': 0 } };
    const input = queryInput(plan, income);
    for await (const page of queryPages({ ...input, ProjectionExpression: '#id' })) {
      for (const item of page.items) ids.push(item.id as string);
    }
  }
  return ids;
}

/** How many of a report's per-property Queries run at once: a few, well under the SDK's 50 sockets. */
const QUERIES_AT_ONCE = 8;

/**
 * The ids, in no particular order, of the income of several properties (`ranges`: each property from its day on),
 * each property's Query as incomeIdsOfProperty, QUERIES_AT_ONCE of them in flight: the wait of one Query for a few
 * properties, not of one Query after another.
 */
export async function incomeIdsOfProperties(
  orgId: string,
  ranges: readonly { propertyId: string; from: string }[],
): Promise<string[]> {
  const ids = await atMostAtOnce(ranges, QUERIES_AT_ONCE, ({ propertyId, from }) =>
    incomeIdsOfProperty(orgId, propertyId, { from }),
  );
  return ids.flat();
}
