import {
  closeOrganization,
  deleteOrganizationPage,
  getPurge,
  type PurgeState,
  savePurgeProgress,
} from '../../data/people/orgPurge.js';
import { logger } from '../../lib/logger.js';
import { deleteObjectsPage } from '../../lib/s3.js';
import { organizationUploadPrefixes } from '../../lib/uploadKinds.js';

/**
 * The organization purge (account deletion of its only member; docs/people.md "Organization purge"). Phases:
 * close the organization (its item goes first, and only while it has no member, so nobody can
 * join it mid-purge), then its table items a page at a time (with the Activity partitions and invitation links
 * they lead to), then its S3 objects (every upload kind's <prefix>/<o>/ and <prefix>/pending/<o>/: receipts and
 * maintenance photos, older photos being under receipts/<o>/ too). Progress is saved after every
 * page; a run stops before `deadline` and the next run (Lambda's async retry, or an operator re-invoking it)
 * continues from the state saved. Running it again after DONE changes nothing.
 */
export async function runPurge(orgId: string, deadline = Number.POSITIVE_INFINITY): Promise<PurgeState> {
  const state = await getPurge(orgId);
  if (!state) throw new Error(`No purge was requested for organization ${orgId}`);
  if (state.status === 'DONE' || state.status === 'CANCELLED') return state;
  const timeLeft = () => Date.now() < deadline;

  if (state.status === 'PENDING') {
    const closing = await closeOrganization(orgId);
    if (!closing.closed) {
      await savePurgeProgress(orgId, { status: 'CANCELLED', run: true, note: 'Someone joined the organization.' });
      logger.warn('organization purge cancelled: it has members', { orgId });
      return (await getPurge(orgId))!;
    }
    await savePurgeProgress(orgId, { status: 'TABLE', run: true, items: closing.deleted });
  } else await savePurgeProgress(orgId, { status: state.status, run: true });

  let phase = state.status === 'OBJECTS' ? 'OBJECTS' : 'TABLE';
  while (phase === 'TABLE' && timeLeft()) {
    const page = await deleteOrganizationPage(orgId);
    if (!page.more) phase = 'OBJECTS';
    await savePurgeProgress(orgId, { status: phase === 'TABLE' ? 'TABLE' : 'OBJECTS', items: page.deleted });
  }
  const prefixes = organizationUploadPrefixes(orgId);
  for (const prefix of prefixes) {
    let more = phase === 'OBJECTS';
    while (more && timeLeft()) {
      const page = await deleteObjectsPage(prefix);
      more = page.more;
      await savePurgeProgress(orgId, { status: 'OBJECTS', objects: page.deleted });
    }
    if (more) return (await getPurge(orgId))!;
  }
  if (phase === 'OBJECTS' && timeLeft()) await savePurgeProgress(orgId, { status: 'DONE' });
  const final = (await getPurge(orgId))!;
  logger.info('organization purge run', {
    orgId,
    status: final.status,
    items: final.deletedItems,
    objects: final.deletedObjects,
  });
  return final;
}
