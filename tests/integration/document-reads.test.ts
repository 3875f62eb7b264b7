import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandOutput,
  PutCommand,
  QueryCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db as sdkDocumentClient, TABLE_NAME } from '../support/db.js';
import '../support/members.js';

// In-process, the repositories' client talks to the same DynamoDB Local (support/members.js points it there).
const { db } = await import('../../functions/src/data/client.js');

/**
 * The repositories' client reads through its own conversion (data/client.ts, docs/performance.md "The API: what a
 * request pays before its own reads"): every GetItem, Query and BatchGetItem must answer exactly what the SDK's
 * document client answers for the same command, whatever the attribute types, and must not go through the
 * document client's own send.
 */
const pk = `DOCREADS#${randomUUID()}`;
const items = [
  {
    PK: pk,
    SK: 'A',
    text: 'Maple Street 12 – Ünit ☂',
    empty: '',
    whole: 123456,
    negative: -42,
    fraction: 1234.56,
    largest: Number.MAX_SAFE_INTEGER,
    yes: true,
    no: false,
    nothing: null,
    list: ['a', 1, false, null, { nested: ['deep', 2] }],
    emptyList: [],
    map: { cents: 150000, label: 'rent', inner: { flag: true } },
    emptyMap: {},
    strings: new Set(['x', 'y']),
    numbers: new Set([1, 2.5, -3]),
    bytes: new Uint8Array([0, 1, 2, 254, 255]),
  },
  { PK: pk, SK: 'B', text: 'second', whole: 2 },
  { PK: pk, SK: 'C', text: 'third', whole: 3 },
];

beforeAll(async () => {
  for (const Item of items) await db.send(new PutCommand({ TableName: TABLE_NAME, Item }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The same command through both clients: the repositories' answer, and whether it used the document client's send. */
type Answer = Partial<GetCommandOutput & QueryCommandOutput & BatchGetCommandOutput>;
async function bothAnswers(command: () => GetCommand | QueryCommand | BatchGetCommand) {
  const expected = (await sdkDocumentClient().send(command() as never)) as Answer;
  const documentSend = vi.spyOn(DynamoDBDocumentClient.prototype, 'send');
  const actual = (await db.send(command() as never)) as Answer;
  const viaDocumentClient = documentSend.mock.calls.length > 0;
  documentSend.mockRestore();
  return { expected, actual, viaDocumentClient };
}

const withoutMetadata = ({ $metadata: _metadata, ...rest }: Answer) => rest;

describe("the repositories' reads", () => {
  it('GetItem: every attribute type reads back as the document client reads it, and a missing item is undefined', async () => {
    for (const key of ['A', 'B', 'missing']) {
      const { expected, actual, viaDocumentClient } = await bothAnswers(
        () => new GetCommand({ TableName: TABLE_NAME, Key: { PK: pk, SK: key }, ConsistentRead: true }),
      );
      expect(withoutMetadata(actual)).toEqual(withoutMetadata(expected));
      expect(viaDocumentClient).toBe(false);
    }
    const { actual } = await bothAnswers(
      () => new GetCommand({ TableName: TABLE_NAME, Key: { PK: pk, SK: 'A' }, ConsistentRead: true }),
    );
    expect(actual.Item).toEqual(items[0]);
    const projected = await bothAnswers(
      () =>
        new GetCommand({
          TableName: TABLE_NAME,
          Key: { PK: pk, SK: 'A' },
          ProjectionExpression: '#t, #m.cents',
          ExpressionAttributeNames: { '#t': 'text', '#m': 'map' },
        }),
    );
    expect(projected.actual.Item).toEqual({ text: items[0]!.text, map: { cents: 150000 } });
    expect(withoutMetadata(projected.actual)).toEqual(withoutMetadata(projected.expected));
  });

  it('Query: pages, their start keys and filters read as the document client reads them', async () => {
    const query = (start?: Record<string, unknown>) =>
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        FilterExpression: 'whole > :min',
        ExpressionAttributeValues: { ':pk': pk, ':from': 'A', ':to': 'C', ':min': 2 },
        Limit: 2,
        ExclusiveStartKey: start,
      });
    const first = await bothAnswers(() => query());
    expect(withoutMetadata(first.actual)).toEqual(withoutMetadata(first.expected));
    expect(first.actual.Items).toEqual([items[0]]); // A and B examined, B filtered out
    expect(first.actual.LastEvaluatedKey).toEqual({ PK: pk, SK: 'B' });
    expect(first.viaDocumentClient).toBe(false);
    const second = await bothAnswers(() => query(first.actual.LastEvaluatedKey));
    expect(withoutMetadata(second.actual)).toEqual(withoutMetadata(second.expected));
    expect(second.actual.Items).toEqual([items[2]]);
    expect(second.actual.LastEvaluatedKey).toBeUndefined();
    const counted = await bothAnswers(
      () =>
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          Select: 'COUNT',
        }),
    );
    expect(withoutMetadata(counted.actual)).toEqual(withoutMetadata(counted.expected));
    expect(counted.actual).toMatchObject({ Count: 3, Items: undefined });
  });

  it('BatchGetItem: found items by table, a missing key left out, as the document client reads them', async () => {
    const batch = () =>
      new BatchGetCommand({
        RequestItems: {
          [TABLE_NAME]: { Keys: ['A', 'C', 'missing'].map((SK) => ({ PK: pk, SK })), ConsistentRead: true },
        },
      });
    const { expected, actual, viaDocumentClient } = await bothAnswers(batch);
    const bySortKey = (found: Record<string, unknown>[] = []) =>
      [...found].sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
    expect(bySortKey(actual.Responses?.[TABLE_NAME])).toEqual([items[0], items[2]]);
    expect(bySortKey(actual.Responses?.[TABLE_NAME])).toEqual(bySortKey(expected.Responses?.[TABLE_NAME]));
    expect(actual.UnprocessedKeys).toEqual(expected.UnprocessedKeys);
    expect(viaDocumentClient).toBe(false);
  });

  it('writes still go through the document client, with its conversion', async () => {
    const documentSend = vi.spyOn(DynamoDBDocumentClient.prototype, 'send');
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { PK: pk, SK: 'D', gone: undefined, kept: 1 } }));
    expect(documentSend).toHaveBeenCalledTimes(1);
    const { Item } = await sdkDocumentClient().send(
      new GetCommand({ TableName: TABLE_NAME, Key: { PK: pk, SK: 'D' } }),
    );
    expect(Item).toEqual({ PK: pk, SK: 'D', kept: 1 });
  });
});
