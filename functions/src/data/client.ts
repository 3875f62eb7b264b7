import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';

/** Created once per container. Only repositories import this module. */
const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
/** The low-level client, for the few hot reads that keep DynamoDB's attribute values (data/query.ts). */
export const dynamo = new DynamoDBClient({
  region: AWS_REGION,
  ...(DYNAMODB_ENDPOINT && {
    endpoint: DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
});
/** The document client over it (the same middleware stack): what every repository uses. */
export const db = DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } });
// The SDK's logger middleware copies every response to redact it for its logger, even the no-op one we leave in
// place (we log ourselves, never through the SDK): on a 24-month rollup read that copy was a fifth of the CPU.
db.middlewareStack.remove('loggerMiddleware');

export const tableName = () => config().TABLE_NAME;
