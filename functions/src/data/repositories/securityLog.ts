import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';

/** Security events are kept for a year, then DynamoDB's TTL removes them. */
const RETENTION_SECONDS = 365 * 24 * 3600;

export async function recordSecurityEvent(entry: {
  userId: string;
  action: string;
  details?: string;
  success: boolean;
}) {
  const now = new Date();
  const id = randomUUID();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.securityLog(entry.userId, now.toISOString(), id),
        type: 'SecurityLog',
        id,
        userId: entry.userId,
        action: entry.action,
        details: entry.details ?? null,
        success: entry.success,
        createdAt: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}
