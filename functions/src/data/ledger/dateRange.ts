import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { queryAll } from '../query.js';
import type { BankSaid } from './items.js';

/** What duplicate detection compares: a transaction's identity, date, amount, name, bank ids, where it came from. */
export interface LedgerFacts {
  id: string;
  date: string;
  name: string;
  amount: number;
  externalId: string | null;
  bankAccountId: string | null;
  source: string;
  importFileName: string | null;
  /** The bank link that brought it (a line the bank sync brought), and whether it counts yet. */
  institutionId: string | null;
  pending: boolean;
  removedByBank: boolean;
  /** A bank line's date, amount and name as the bank sent them, when a person changed one (data/ledger/items.ts). */
  bankSaid: BankSaid | null;
}

const FIELDS = [
  'type',
  'id',
  'date',
  'name',
  'amount',
  'externalId',
  'bankAccountId',
  'source',
  'importFileName',
  'institutionId',
  'pending',
  'removedByBank',
  'bankSaid',
];

/**
 * The organization's transactions dated from..to inclusive (YYYY-MM-DD): ONE Query of the ledger index
 * (GSI1 ORG#o#TXN, GSI1SK BETWEEN from# AND to#~), paged by DynamoDB's 1 MB, with only the fields a
 * comparison needs. The cost follows the period, never the whole ledger.
 */
export async function transactionsDated(orgId: string, from: string, to: string): Promise<LedgerFacts[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    ProjectionExpression: FIELDS.map((_, i) => `#p${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(FIELDS.map((field, i) => [`#p${i}`, field])),
    ExpressionAttributeValues: { ':pk': keys.transactionsByDate(orgId).GSI1PK, ':from': `${from}#`, ':to': `${to}#~` },
  });
  return items
    .filter((item) => item.type === 'Transaction')
    .map((item) => ({
      id: item.id as string,
      date: item.date as string,
      name: item.name as string,
      amount: item.amount as number,
      externalId: (item.externalId as string | null | undefined) ?? null,
      bankAccountId: (item.bankAccountId as string | null | undefined) ?? null,
      source: (item.source as string | undefined) ?? 'user_created',
      importFileName: (item.importFileName as string | null | undefined) ?? null,
      institutionId: (item.institutionId as string | null | undefined) ?? null,
      pending: item.pending === true,
      removedByBank: item.removedByBank === true,
      bankSaid: (item.bankSaid as BankSaid | null | undefined) ?? null,
    }));
}
