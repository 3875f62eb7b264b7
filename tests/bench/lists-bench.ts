import { type AttributeValue, QueryCommand, type QueryInput } from '@aws-sdk/client-dynamodb';
import { decodeJwt } from 'jose';
import { localClient } from '../../infra/local/dynamodb.js';
import { LOCAL, type LocalStack } from '../../infra/local/stack.js';
import type { BareCall } from './load.js';
import { benchBankAccount } from './reconciliation-bench.js';
import { client } from './rules-bench.js';

/** A list route as the web asks for it, beside the DynamoDB reads it makes, bare, in the same order. */
export interface ListRead {
  /** Whose request: the demo landlord's, or the owner of the organization the list was made in. */
  token: string;
  path: string;
  bare: BareCall[];
  /** Fewer requests for a route that reads hundreds of items. */
  load?: { total: number; concurrency: number; warmup: number };
}

const TABLE = LOCAL.tableName;

/** A prefix Query as the repositories send it (functions/src/data/query.ts `keyPrefix`). */
const prefix = (pk: string, sk: string, extra: Partial<QueryInput> = {}): { Query: QueryInput } => ({
  Query: {
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :prefix AND :prefixEnd',
    ExpressionAttributeValues: { ':pk': { S: pk }, ':prefix': { S: sk }, ':prefixEnd': { S: `${sk}\u{10FFFF}` } },
    ...extra,
  },
});

/** One consistent BatchGetItem of these people's profiles. */
const profiles = (userIds: string[]): BareCall => ({
  BatchGetItem: {
    RequestItems: {
      [TABLE]: {
        ConsistentRead: true,
        Keys: [...new Set(userIds)].map((id) => ({ PK: { S: `USER#${id}` }, SK: { S: 'PROFILE' } })),
      },
    },
  },
});

/**
 * The demo organization's other lists (docs/performance.md "The API: what a request pays before its own reads"):
 * the bank's connections and accounts, imports, invitations, tax packages, rule batches, the members' and the
 * caller's logs, a transaction's review requests, the security deposits report and the review of rent to link to
 * leases. Each bare sequence is what the route's repositories send, read from the table as the route finds it.
 */
export async function demoListReads(stack: LocalStack, token: string): Promise<ListRead[]> {
  const org = 'ORG#demo-org';
  const dynamo = localClient(stack.dynamoEndpoint);
  /** Every item the Query finds, page after page, as a Query without a Limit reads in the route. */
  const items = async ({ Query }: { Query: QueryInput }) => {
    const found: Record<string, AttributeValue>[] = [];
    let next: QueryInput['ExclusiveStartKey'];
    do {
      const page = await dynamo.send(new QueryCommand({ ...Query, ExclusiveStartKey: next }));
      found.push(...(page.Items ?? []));
      next = page.LastEvaluatedKey;
    } while (next);
    return found;
  };
  const newest = { ScanIndexForward: false, Limit: 20 };
  const bank = [prefix(org, 'BANKITEM#'), prefix(org, 'BANKACCT#')];
  const leases = prefix(org, 'TENANCY#');
  const properties = prefix(org, 'PROP#');
  const month = new Date().toISOString().slice(0, 7);
  const transactionId = (await dynamo.send(new QueryCommand(prefix(org, 'TXN#', { Limit: 1 }).Query))).Items![0]!.id!
    .S!;

  const reads: Omit<ListRead, 'token'>[] = [
    { path: '/api/bank-connections', bare: [{ Parallel: bank }] },
    { path: '/api/bank-accounts', bare: [{ Parallel: bank }] },
    {
      path: '/api/imports',
      bare: [
        {
          Query: {
            TableName: TABLE,
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': { S: `${org}#IMPORTS` } },
            ...newest,
          },
        },
      ],
    },
    { path: '/api/invitations', bare: [prefix(org, 'INVITE#', { ConsistentRead: true })] },
    {
      path: `/api/tax-packages?year=${Number(month.slice(0, 4)) - 1}`,
      bare: [prefix(org, `TAXPKG#${Number(month.slice(0, 4)) - 1}#`, { ScanIndexForward: false, Limit: 5 })],
    },
    { path: '/api/categorization-rules/batches', bare: [prefix(org, 'RULEBATCH#', newest)] },
    { path: '/api/members/activity', bare: [prefix(org, 'MEMBERLOG#', newest)] },
    { path: '/api/security-log', bare: [prefix(`USER#${decodeJwt(token).sub}`, 'LOG#', newest)] },
    {
      // The transaction (a 404 for another organization's) beside its review requests.
      path: `/api/reviews?transactionId=${transactionId}`,
      bare: [
        {
          Parallel: [
            {
              GetItem: {
                TableName: TABLE,
                Key: { PK: { S: org }, SK: { S: `TXN#${transactionId}` } },
                ConsistentRead: true,
                ProjectionExpression: '#type',
                ExpressionAttributeNames: { '#type': 'type' },
              },
            },
            prefix(`${org}#TXACT#${transactionId}`, 'REV#', { ConsistentRead: true }),
          ],
        },
      ],
    },
    {
      // Properties, leases and every rollup to this month at once, then the tenants' names.
      path: '/api/reports/security-deposits',
      bare: [
        {
          Parallel: [
            properties,
            leases,
            {
              Query: {
                TableName: TABLE,
                KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
                ExpressionAttributeValues: {
                  ':pk': { S: org },
                  ':from': { S: 'ROLLUP#' },
                  ':to': { S: `ROLLUP#${month}#~` },
                },
              },
            },
          ],
        },
        profiles((await items(leases)).map((lease) => lease.userId!.S!)),
      ],
    },
    {
      path: '/api/rent-links',
      bare: await rentLinkReads(org, items),
      load: { total: 600, concurrency: 20, warmup: 60 },
    },
  ];
  return reads.map((read) => ({ ...read, token }));
}

/**
 * The review of rent to link: the leases beside the properties; then the tenants' names beside each leased
 * property's income since its first lease (ids only); then those transactions, 100 to a consistent BatchGetItem,
 * 8 at once.
 */
async function rentLinkReads(
  org: string,
  items: (call: { Query: QueryInput }) => Promise<Record<string, AttributeValue>[]>,
): Promise<BareCall[]> {
  const leases = prefix(org, 'TENANCY#');
  const leaseItems = await items(leases);
  const firstStart = new Map<string, string>();
  for (const lease of leaseItems) {
    const [propertyId, start] = [lease.propertyId!.S!, lease.leaseStart!.S!];
    if (!firstStart.has(propertyId) || start < firstStart.get(propertyId)!) firstStart.set(propertyId, start);
  }
  const income = [...firstStart].map(([propertyId, start]) => ({
    Query: {
      TableName: TABLE,
      IndexName: 'GSI2',
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :skFrom AND :skTo',
      FilterExpression: '#amount > :zero',
      ExpressionAttributeNames: { '#pk': 'GSI2PK', '#sk': 'GSI2SK', '#amount': 'amount', '#id': 'id' },
      ExpressionAttributeValues: {
        ':pk': { S: `${org}#PROP#${propertyId}` },
        ':skFrom': { S: `TXN#${start.slice(0, 7)}-01` },
        ':skTo': { S: 'TXN#~' },
        ':zero': { N: '0' },
      },
      ScanIndexForward: false,
      ProjectionExpression: '#id',
    },
  }));
  const ids = (await Promise.all(income.map(items))).flat().map((item) => item.id!.S!);
  // Read when called: the repositories read the Lambda's configuration when loaded, which the stack sets.
  const { categorizationProjection: projection } = await import('@rent/functions/data/ledger/read');
  const groups: BareCall[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const Keys = ids.slice(i, i + 100).map((id) => ({ PK: { S: org }, SK: { S: `TXN#${id}` } }));
    groups.push({ BatchGetItem: { RequestItems: { [TABLE]: { Keys, ConsistentRead: true, ...projection } } } });
  }
  const waves: BareCall[] = [];
  for (let i = 0; i < groups.length; i += 8) waves.push({ Parallel: groups.slice(i, i + 8) });
  return [
    { Parallel: [leases, prefix(org, 'PROP#')] },
    { Parallel: [profiles(leaseItems.map((lease) => lease.userId!.S!)), ...income] },
    ...waves,
  ];
}

/**
 * An account's reconciliations: in an organization of its own, a bank account (made as a link would make it) with 12
 * months reconciled through the API (typed balances, no lines), beside the account's GetItem, its statements' Query
 * and their log's at once.
 */
export async function reconciliationListRead(stack: LocalStack): Promise<ListRead> {
  const token = (await stack.tokensFor('bench-reconciliations@example.com')).id_token;
  const api = client(stack, token);
  try {
    const orgId = (await api.get('/api/organization')).body.id as string;
    const { accountId } = await benchBankAccount(orgId);
    for (let m = 1; m <= 12; m++) {
      const month = `/api/bank-accounts/${accountId}/reconciliations/2025-${String(m).padStart(2, '0')}`;
      const saved = await api.put(month, { startBalance: 100, endBalance: 100 });
      const finished = await api.post(`${month}/finish`, undefined);
      if (saved.status !== 200 || finished.status !== 200)
        throw new Error(`${month}: ${saved.status} ${finished.status}`);
    }
    const org = `ORG#${orgId}`;
    return {
      token,
      path: `/api/bank-accounts/${accountId}/reconciliations`,
      bare: [
        {
          Parallel: [
            {
              GetItem: {
                TableName: TABLE,
                Key: { PK: { S: org }, SK: { S: `BANKACCT#${accountId}` } },
                ConsistentRead: true,
              },
            },
            prefix(org, `RECON#${accountId}#`, { ConsistentRead: true }),
            prefix(org, `RECONLOG#${accountId}#`, { ScanIndexForward: false, Limit: 50, ConsistentRead: true }),
          ],
        },
      ],
    };
  } finally {
    await api.close();
  }
}
