import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { leaseHeldBy } from '../lib/lease.js';
import { UPLOAD_CONFIRM_CLAIM as CONFIRM_CLAIM } from '../lib/uploadKinds.js';
import { buildUpdate, type Condition, type UpdateInput } from '../lib/versionedUpdate.js';
import { db, tableName } from './client.js';
import { isConditionFailure } from './conditions.js';
import { releaseLock, takeLock } from './locks.js';

/**
 * The record side of a verified upload (lib/verifiedUpload.ts), for any upload item (a receipt, a maintenance
 * photo): the claim a confirm takes on a PENDING record, and the conditions of the writes made under it. The
 * repositories bind these to their keys.
 *
 * The claim is lib/uploadKinds.ts's UPLOAD_CONFIRM_CLAIM, a lease of lib/lease.ts.
 */

const pending: Condition = {
  expression: '#uploadStatus = :uploadPending',
  names: { '#uploadStatus': 'status' },
  values: { ':uploadPending': 'PENDING' },
};

type Key = Record<string, unknown>;

/** When the confirm checking an upload item lets go of it (epoch ms): its record's `confirmUntil`. */
export const confirmUntilOf = (item: Record<string, unknown>): number | null => {
  const until = item[CONFIRM_CLAIM.until];
  return typeof until === 'number' ? until : null;
};

/** Claims a PENDING upload for `holder`: the item, or null when it is not pending or another confirm holds it. */
export async function claimPendingUpload(Key: Key, holder: string, now: number) {
  return takeLock(CONFIRM_CLAIM, Key, holder, now, { when: [pending] });
}

/** Lets go of the claim; the item stays PENDING. */
export async function releaseUploadClaim(Key: Key, holder: string): Promise<void> {
  await releaseLock(CONFIRM_CLAIM, Key, holder, { when: [pending] });
}

/**
 * The update that makes a claimed upload READY (`set`: status, time, listing keys...): only while it is still
 * pending under this claim; the claim and the pending item's TTL go with it.
 */
export function readyUpdate(holder: string, set: Record<string, unknown>): UpdateInput {
  return buildUpdate({
    set,
    remove: ['ttl', CONFIRM_CLAIM.holder!, CONFIRM_CLAIM.until],
    conditions: [pending, leaseHeldBy(CONFIRM_CLAIM, holder)],
  });
}

/** Deletes an upload whose bytes failed the checks, if it is still pending under this claim. */
export async function discardClaimedUpload(Key: Key, holder: string): Promise<void> {
  const held = leaseHeldBy(CONFIRM_CLAIM, holder);
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key,
        ConditionExpression: `(${pending.expression}) AND (${held.expression})`,
        ExpressionAttributeNames: { ...pending.names, ...held.names },
        ExpressionAttributeValues: { ...pending.values, ...held.values },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
