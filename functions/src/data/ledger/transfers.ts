import type { TransferLine } from '@rent/shared';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { queryAll } from '../query.js';

/** What transfer pairing reads of a line (shared/src/core/transfers.ts), with its name for the label. */
export interface TransferFacts extends TransferLine {
  name: string;
}

const FIELDS = [
  'type',
  'id',
  'name',
  'date',
  'amount',
  'bankAccountId',
  'category',
  'categorizationSource',
  'isIgnored',
  'pending',
  'removedByBank',
  'parts',
  'transferPairId',
  'transferRefusedIds',
  'reconciliationId',
  'leaseId',
];

/** DynamoDB's IN takes at most 100 operands: more amounts than that are filtered here instead. */
const IN_LIMIT = 100;

/**
 * The organization's lines dated from..to inclusive whose amount is one of `amounts` (either sign): ONE Query of the
 * ledger index (GSI1 `ORG#o#TXN`, GSI1SK BETWEEN from# AND to#~) with the amounts as a filter, so the cost follows the
 * dates around the arrivals, never the whole ledger (docs/ledger.md "Transfers").
 */
export async function transferLinesDated(
  orgId: string,
  from: string,
  to: string,
  amounts: ReadonlySet<number>,
): Promise<TransferFacts[]> {
  const signed = [...new Set([...amounts].flatMap((amount) => [amount, -amount]))];
  const filtered = signed.length <= IN_LIMIT;
  const values: Record<string, unknown> = {
    ':pk': keys.transactionsByDate(orgId).GSI1PK,
    ':from': `${from}#`,
    ':to': `${to}#~`,
  };
  if (filtered) for (const [i, amount] of signed.entries()) values[`:a${i}`] = amount;
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    ...(filtered && { FilterExpression: `#p4 IN (${signed.map((_, i) => `:a${i}`).join(', ')})` }),
    ProjectionExpression: FIELDS.map((_, i) => `#p${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(FIELDS.map((field, i) => [`#p${i}`, field])),
    ExpressionAttributeValues: values,
  });
  const wanted = new Set(signed);
  return items
    .filter((item) => item.type === 'Transaction' && wanted.has(item.amount as number))
    .map((item) => ({
      id: item.id as string,
      name: item.name as string,
      date: item.date as string,
      amount: item.amount as number,
      bankAccountId: (item.bankAccountId as string | null | undefined) ?? null,
      category: (item.category as string | null | undefined) ?? null,
      categorizationSource: (item.categorizationSource as string | null | undefined) ?? null,
      isIgnored: item.isIgnored === true,
      pending: item.pending === true,
      removedByBank: item.removedByBank === true,
      parts: (item.parts as unknown[] | null | undefined) ?? null,
      transferPairId: (item.transferPairId as string | null | undefined) ?? null,
      transferRefusedIds: (item.transferRefusedIds as string[] | null | undefined) ?? null,
      reconciliationId: (item.reconciliationId as string | null | undefined) ?? null,
      leaseId: (item.leaseId as string | null | undefined) ?? null,
    }));
}
