import { Conflict } from '../../domain-errors.js';
import { getInstitution, updateInstitution } from './banks.js';
import type { SyncResultRecord } from './items.js';

/**
 * A link's sync rounds (docs/banking.md "Sync now"): the cursor a sync reached with the time of the last successful
 * sync, and how the recent rounds ended (`lastSync`, `recentSyncs`), which answer a "Sync now" request.
 */

/**
 * Saves the cursor after a sync's writes, and the time of that last successful sync. With `expected`, only if the
 * stored cursor is still the one the sync started from (null: none yet); a concurrent sync that moved it: 409.
 */
export async function saveSyncCursor(
  orgId: string,
  institutionId: string,
  cursor: string,
  expected?: string | null,
): Promise<void> {
  const values: Record<string, unknown> = { ':cursor': cursor, ':now': new Date().toISOString(), ':one': 1 };
  let condition = 'attribute_exists(PK)';
  if (expected === null) {
    condition += ' AND (attribute_not_exists(#cursor) OR #cursor = :none)';
    values[':none'] = null;
  } else if (expected !== undefined) {
    condition += ' AND #cursor = :expected';
    values[':expected'] = expected;
  }
  await updateInstitution(orgId, institutionId, {
    UpdateExpression: 'SET #cursor = :cursor, lastSyncedAt = :now, updatedAt = :now ADD version :one',
    ConditionExpression: condition,
    ExpressionAttributeNames: { '#cursor': 'cursor' },
    ExpressionAttributeValues: values,
  });
}

/** How many sync ends a link keeps (newest first): a request is answered by the first that began after it. */
const RECENT_SYNCS_KEPT = 5;
const RECORD_ATTEMPTS = 3;

/**
 * Records a sync round (docs/banking.md "Sync now") as `lastSync` and first of `recentSyncs`, so a request's answer
 * outlives a later round. Read, then write on the version read (re-read on a race). A deleted link: 404.
 */
export async function recordSyncResult(orgId: string, institutionId: string, result: SyncResultRecord): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const current = await getInstitution(orgId, institutionId);
    const recent = [result, ...(current.recentSyncs ?? [])].slice(0, RECENT_SYNCS_KEPT);
    try {
      await updateInstitution(orgId, institutionId, {
        UpdateExpression: 'SET #lastSync = :result, #recent = :recent ADD version :one',
        ConditionExpression: 'attribute_exists(PK) AND version = :version',
        ExpressionAttributeNames: { '#lastSync': 'lastSync', '#recent': 'recentSyncs' },
        ExpressionAttributeValues: { ':result': result, ':recent': recent, ':one': 1, ':version': current.version },
      });
      return;
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= RECORD_ATTEMPTS) throw error;
    }
  }
}
