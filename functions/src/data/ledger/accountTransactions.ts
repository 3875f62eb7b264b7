import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { queryAll } from '../query.js';
import { type TransactionRecord, toTransactionRecord } from './items.js';

/**
 * Every transaction of one bank account, oldest first: ONE Query of the ledger index (GSI1 `ORG#o#TXN`) filtered
 * on `bankAccountId`, so it reads the organization's whole ledger. It serves an occasional, person-started review
 * ("apply this account's default property to its past transactions", docs/banking.md), never a page or a sync.
 */
export async function listAccountTransactions(orgId: string, bankAccountId: string): Promise<TransactionRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'bankAccountId = :account AND #type = :type',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':pk': keys.transactionsByDate(orgId).GSI1PK,
      ':account': bankAccountId,
      ':type': 'Transaction',
    },
  });
  return items.map(toTransactionRecord);
}
