import { createHash, randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SecurityAction, SecurityEvent } from '@rent/shared';
import * as z from 'zod';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys } from '../keys.js';
import { prefixQuery, queryPage } from '../query.js';
import type { TransactOp } from '../transact.js';

/** Security events are kept for a year, then DynamoDB's TTL removes them. */
const RETENTION_SECONDS = 365 * 24 * 3600;

export type { SecurityAction };

interface Entry {
  userId: string;
  action: SecurityAction;
  details?: string | null;
  success: boolean;
}

function logItem(entry: Entry, at: Date, id: string) {
  return {
    ...keys.securityLog(entry.userId, at.toISOString(), id),
    type: 'SecurityLog',
    id,
    userId: entry.userId,
    action: entry.action,
    details: entry.details?.slice(0, 300) || null,
    success: entry.success,
    createdAt: at.toISOString(),
    ttl: Math.floor(at.getTime() / 1000) + RETENTION_SECONDS,
  };
}

/** `at` defaults to now (sign-out-everywhere passes the instant its cutoff was taken). */
export async function recordSecurityEvent(entry: Entry, at = new Date()) {
  await db.send(new PutCommand({ TableName: tableName(), Item: logItem(entry, at, randomUUID()) }));
}

/** The same entry as a Put that joins another write's TransactWriteItems (account deletion's last step). */
export function securityEventOp(entry: Entry, at = new Date()): TransactOp {
  return { item: { Put: { TableName: tableName(), Item: logItem(entry, at, randomUUID()) } } };
}

/**
 * A sign-in, recorded once per Cognito session however often it is reported: the item's key is made
 * from the session's sign-in time and a digest of its id (the token's `origin_jti`, which refreshes
 * keep), and the Put only succeeds when that key is new. Returns whether this call recorded it.
 */
export async function recordSignInOnce(entry: {
  userId: string;
  sessionId: string;
  signedInAt: Date;
  details?: string | null;
}): Promise<boolean> {
  const digest = createHash('sha256').update(`${entry.userId}\n${entry.sessionId}`).digest('hex').slice(0, 32);
  const item = logItem({ ...entry, action: 'SIGN_IN', success: true }, entry.signedInAt, digest);
  try {
    await db.send(
      new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const LogCursor = z.strictObject({ v: z.literal(1), k: z.strictObject({ PK: z.string(), SK: z.string() }) });

/** The person's own events, newest first (the sort key starts with the ISO time). */
export async function listSecurityEvents(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<{ events: SecurityEvent[]; nextCursor: string | null }> {
  const prefix = keys.securityLogPrefix(userId);
  const belongs = (c: z.infer<typeof LogCursor>) =>
    c.k.PK === prefix.PK && /^LOG#[0-9TZ:.-]{20,30}#[A-Za-z0-9-]{1,64}$/.test(c.k.SK);
  const start = page.cursor ? decodeCursor(page.cursor, LogCursor, belongs).k : undefined;
  const result = await queryPage(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ScanIndexForward: false, Limit: page.limit }),
    start,
  );
  return {
    events: result.items.map(securityEventToApi),
    nextCursor: result.next
      ? encodeCursor({ v: 1, k: { PK: result.next.PK as string, SK: result.next.SK as string } })
      : null,
  };
}

export function securityEventToApi(item: Record<string, unknown>): SecurityEvent {
  return {
    id: String(item.id),
    action: String(item.action),
    details: typeof item.details === 'string' ? item.details : null,
    success: item.success === true,
    createdAt: String(item.createdAt),
  };
}
