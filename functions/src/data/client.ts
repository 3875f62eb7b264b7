import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';

/** Created once per container. Only repositories import this module. */
const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: AWS_REGION,
    ...(DYNAMODB_ENDPOINT && {
      endpoint: DYNAMODB_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
// The SDK's logger middleware copies every response to redact it for its logger, even the no-op one we leave in
// place (we log ourselves, never through the SDK): on a 24-month rollup read that copy was a fifth of the CPU.
db.middlewareStack.remove('loggerMiddleware');

export const tableName = () => config().TABLE_NAME;
