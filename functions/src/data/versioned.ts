import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainError } from '../domain-errors.js';
import { type UpdateInput, type UpdateSpec, versionedUpdate } from '../lib/versionedUpdate.js';
import { db, tableName } from './client.js';
import { isConditionFailure } from './conditions.js';

type Key = Record<string, unknown>;

/** Sends a conditional update of the item at `Key`: the item as written, or null when a condition failed. */
export async function sendUpdate(Key: Key, update: UpdateInput): Promise<Record<string, unknown> | null> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({ TableName: tableName(), Key, ...update, ReturnValues: 'ALL_NEW' }),
    );
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Sends a versioned update (lib/versionedUpdate.ts) of the item at `Key`: the fields of `spec` and version =
 * expected + 1 if the item is still at `expected` (and spec's own conditions hold). Returns the item as written;
 * a failed condition becomes `conflict()`, the caller's domain error (a 409 in its own words).
 */
export async function updateVersioned(
  Key: Key,
  expected: number,
  spec: UpdateSpec,
  conflict: () => DomainError,
): Promise<Record<string, unknown>> {
  const item = await sendUpdate(Key, versionedUpdate(expected, spec));
  if (!item) throw conflict();
  return item;
}
