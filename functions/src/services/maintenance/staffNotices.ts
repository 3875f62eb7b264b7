import { isTenant, MAINTENANCE_STATUS_LABELS } from '@rent/shared';
import type { MaintenanceRecord } from '../../data/maintenance/requests.js';
import { listMembers } from '../../data/people/members.js';
import { logger } from '../../lib/logger.js';
import type { Caller } from '../../runtime/identity.js';
import { notify } from '../people/notifications.js';

/**
 * The maintenance emails to staff about one request (docs/people.md "Notification emails"), under each recipient's
 * "Maintenance updates" switch: an assignment mails the person assigned, a tenant's reopening mails the
 * organization's staff. Sent after the write, never to the person who acted; a failed send never fails the request.
 */
const link = (request: MaintenanceRecord) => `/maintenance?request=${encodeURIComponent(request.id)}`;
const who = (caller: Caller) => caller.name || caller.email;

/** The staff member a request was just assigned to learns it is theirs (assigning oneself mails nobody). */
export async function noticeAssigned(caller: Caller, request: MaintenanceRecord): Promise<void> {
  if (!request.assignedToId) return;
  await notify('MAINTENANCE_UPDATED', request.assignedToId, caller.userId, () => ({
    subject: `Maintenance request assigned to you: "${request.title}"`,
    heading: 'A maintenance request was assigned to you',
    lines: [`${who(caller)} assigned "${request.title}" to you. It is ${MAINTENANCE_STATUS_LABELS[request.status]}.`],
    path: link(request),
    linkLabel: 'Open the request',
  }));
}

/** A tenant reopened a resolved request: the repair did not hold, so staff hear of it as of a new request. */
export async function noticeReopened(caller: Caller, request: MaintenanceRecord): Promise<void> {
  try {
    const staff = (await listMembers(caller.orgId)).filter((m) => !isTenant(m.role));
    await Promise.all(
      staff.map((member) =>
        notify('MAINTENANCE_UPDATED', member.userId, caller.userId, () => ({
          subject: `Maintenance request reopened: "${request.title}"`,
          heading: 'A resolved maintenance request was reopened',
          lines: [`${who(caller)} reopened "${request.title}". It is New again.`],
          path: link(request),
          linkLabel: 'Open the request',
        })),
      ),
    );
  } catch (error) {
    logger.warn('maintenance notice not sent', { error: (error as Error)?.name ?? 'Error' });
  }
}
