import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PUBLIC_FORM_MESSAGES } from '@rent/shared';
import { TooMany } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure, isTransactionConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';

/**
 * The public forms' data (docs/people.md "Public routes"): per-address counters,
 * contact-form messages, product-news subscribers and their single-use confirmation links.
 */

const hourOf = (now: Date) => now.toISOString().slice(0, 13);

/**
 * Counts one request of `scope` from this client address in the current UTC hour; beyond `limit` it is
 * refused (a conditional ADD: the limit holds under concurrency). The counter expires after two hours.
 */
export async function countPublicRequest(scope: string, clientIp: string, limit: number, now = new Date()) {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.publicRateCounter(scope, clientIp || 'unknown', hourOf(now)),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': limit, ':ttl': Math.floor(now.getTime() / 1000) + 7200 },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new TooMany(PUBLIC_FORM_MESSAGES.rateLimited);
    throw error;
  }
}

/** A contact submission (docs/people.md "Public routes"), kept for support (a month of them is one Query). */
export async function saveContactSubmission(input: {
  name: string;
  email: string;
  message: string;
  clientIp: string;
  userAgent: string | null;
}): Promise<string> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.contactSubmission(now.slice(0, 7), now, id),
        type: 'ContactSubmission',
        id,
        ...input,
        createdAt: now,
      },
    }),
  );
  return id;
}

export interface SubscriberRecord {
  email: string;
  name: string | null;
  status: 'PENDING' | 'CONFIRMED';
  tokenHash: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

export async function getSubscriber(email: string): Promise<SubscriberRecord | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.subscriber(email), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    email: Item.email,
    name: Item.name ?? null,
    status: Item.status,
    tokenHash: Item.tokenHash ?? null,
    createdAt: Item.createdAt,
    confirmedAt: Item.confirmedAt ?? null,
  };
}

/**
 * A pending subscriber with a new confirmation link (the previous link, if any, stops working). One item per
 * email: signing up again is idempotent. Never called for a confirmed subscriber.
 */
export async function putPendingSubscriber(
  input: { email: string; name: string | null },
  tokenHash: string,
  expiresAt: Date,
  previousTokenHash: string | null,
): Promise<void> {
  const now = new Date().toISOString();
  const ttl = Math.floor(expiresAt.getTime() / 1000);
  await db
    .send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.subscriber(input.email),
                type: 'Subscriber',
                email: input.email,
                name: input.name,
                status: 'PENDING',
                tokenHash,
                createdAt: now,
                updatedAt: now,
              },
              ConditionExpression: 'attribute_not_exists(PK) OR #status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':pending': 'PENDING' },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.subscriberToken(tokenHash),
                type: 'SubscriberLink',
                email: input.email,
                expiresAt: expiresAt.toISOString(),
                ttl,
              },
            },
          },
          ...(previousTokenHash
            ? [{ Delete: { TableName: tableName(), Key: keys.subscriberToken(previousTokenHash) } }]
            : []),
        ],
      }),
    )
    .catch((error: unknown) => {
      // Confirmed meanwhile (another tab): nothing to do, they are subscribed.
      if (!isTransactionConditionFailure(error)) throw error;
    });
}

/** The email a live confirmation link is for, or null (unknown, used, replaced or expired). */
export async function findSubscriberLink(tokenHash: string, now = new Date()): Promise<string | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.subscriberToken(tokenHash), ConsistentRead: true }),
  );
  if (!Item || Date.parse(Item.expiresAt) <= now.getTime()) return null;
  return String(Item.email);
}

/**
 * Confirms: the subscriber becomes CONFIRMED (and enters the sparse GSI1 of confirmed subscribers, who count)
 * and the link is deleted, in one transaction conditioned on the link still being the subscriber's: single use.
 * False when the link is no longer valid.
 */
export async function confirmSubscriber(email: string, tokenHash: string): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.subscriber(email),
              UpdateExpression:
                'SET #status = :confirmed, confirmedAt = :now, updatedAt = :now, GSI1PK = :gpk, GSI1SK = :gsk REMOVE tokenHash',
              ConditionExpression: 'tokenHash = :hash AND #status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':confirmed': 'CONFIRMED',
                ':pending': 'PENDING',
                ':now': now,
                ':hash': tokenHash,
                ':gpk': keys.confirmedSubscriber(now, email).GSI1PK,
                ':gsk': keys.confirmedSubscriber(now, email).GSI1SK,
              },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.subscriberToken(tokenHash),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isTransactionConditionFailure(error)) return false;
    throw error;
  }
}

/** Removes a dead link item (expired, or its subscriber already confirmed). */
export async function dropSubscriberLink(tokenHash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.subscriberToken(tokenHash) }));
}
