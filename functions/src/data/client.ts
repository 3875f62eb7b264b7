import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  QueryCommand as ItemQueryCommand,
} from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, type marshallOptions, unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../lib/config.js';

/** Created once per container. Only repositories import this module. */
const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
const connection = {
  region: AWS_REGION,
  ...(DYNAMODB_ENDPOINT && {
    endpoint: DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
};

/**
 * The low-level client, which keeps each command's resolved middleware stack (`cacheMiddleware`): the reads below
 * and the few hot reads that keep DynamoDB's attribute values (data/query.ts). Its own stack is never changed after
 * this module runs, the option's one condition.
 */
export const dynamo = new DynamoDBClient({ ...connection, cacheMiddleware: true });

const MARSHALL: marshallOptions = Object.freeze({ removeUndefinedValues: true });
type Item = Record<string, unknown>;
type Attributes = Parameters<typeof unmarshall>[0];
const toItem = (attributes: Attributes): Item => unmarshall(attributes);
const toAttributes = (item: Item) => marshall(item, MARSHALL);

/**
 * The document client every repository uses. Its reads (GetItem, Query, BatchGetItem: what every request makes,
 * identity's first) go through `dynamo`, converted here exactly as the document client converts them; every other
 * command goes through the SDK's document client as it is. Why: the document client resolves its whole middleware
 * stack again on each call and refuses to keep it, and that was about a tenth of the server's CPU on a list request
 * (docs/performance.md "The API: what a request pays before its own reads").
 */
export class DocumentClient extends DynamoDBDocumentClient {
  constructor() {
    // Its own copy of the options: the document client writes its defaults into the object it is given.
    super(new DynamoDBClient(connection), { marshallOptions: { ...MARSHALL } });
  }

  // biome-ignore lint/suspicious/noExplicitAny: the SDK's overloads of send, passed through unchanged
  override send(command: any, ...rest: any[]): any {
    if (rest.length === 0) {
      if (command instanceof GetCommand) return getItem(command.input);
      if (command instanceof QueryCommand) return query(command.input);
      if (command instanceof BatchGetCommand) return batchGet(command.input);
    }
    return super.send(command, ...rest);
  }
}

async function getItem(input: GetCommand['input']) {
  const { Item, ...output } = await dynamo.send(
    new GetItemCommand({ ...input, Key: input.Key && toAttributes(input.Key) }),
  );
  return { ...output, Item: Item && toItem(Item) };
}

async function query(input: QueryCommand['input']) {
  const { ExpressionAttributeValues: values, ExclusiveStartKey: start } = input;
  const { Items, LastEvaluatedKey, ...output } = await dynamo.send(
    new ItemQueryCommand({
      ...(input as Omit<QueryCommand['input'], 'ExpressionAttributeValues' | 'ExclusiveStartKey'>),
      ExpressionAttributeValues: values && toAttributes(values),
      ExclusiveStartKey: start && toAttributes(start),
    }),
  );
  return { ...output, Items: Items?.map(toItem), LastEvaluatedKey: LastEvaluatedKey && toItem(LastEvaluatedKey) };
}

async function batchGet(input: BatchGetCommand['input']) {
  const { Responses, UnprocessedKeys, ...output } = await dynamo.send(
    new BatchGetItemCommand({
      ...input,
      RequestItems: mapValues(input.RequestItems ?? {}, (request) => ({
        ...request,
        Keys: request.Keys?.map(toAttributes),
      })),
    }),
  );
  return {
    ...output,
    Responses: Responses && mapValues(Responses, (items) => items.map(toItem)),
    UnprocessedKeys:
      UnprocessedKeys && mapValues(UnprocessedKeys, (request) => ({ ...request, Keys: request.Keys?.map(toItem) })),
  };
}

const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));

export const db = new DocumentClient();
// The SDK's logger middleware copies every response to redact it for its logger, even the no-op one we leave in
// place (we log ourselves, never through the SDK): on a 24-month rollup read that copy was a fifth of the CPU.
db.middlewareStack.remove('loggerMiddleware');
dynamo.middlewareStack.remove('loggerMiddleware');

export const tableName = () => config().TABLE_NAME;
