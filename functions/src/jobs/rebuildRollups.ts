import { rebuildRollups } from '../data/ledger/rollups.js';

/**
 * Recomputes one organization's monthly rollups (and property transaction counts) from the transactions
 * themselves: `aws lambda invoke` with {"organizationId": "<id>"}. Offline, and for many organizations at once,
 * the operator runs the same service from the command line: functions/src/jobs/rebuildRollups.cli.ts.
 */
export async function handler(event: { organizationId?: unknown }) {
  if (typeof event?.organizationId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(event.organizationId)) {
    throw new Error('Invoke with {"organizationId": "<id>"}: one organization per call.');
  }
  return rebuildRollups(event.organizationId);
}
