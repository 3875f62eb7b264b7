import { isTenant, MAINTENANCE_STATUS_LABELS } from '@rent/shared';
import type { MaintenanceRecord } from '../../data/maintenance/requests.js';
import { listMembers } from '../../data/people/members.js';
import { logger } from '../../lib/logger.js';
import type { Caller } from '../../runtime/identity.js';
import { notify } from '../people/notifications.js';

/**
 * The maintenance emails besides the status change (requests.ts `notifyStatus`), all under the recipient's
 * "Maintenance updates" preference (docs/people.md "Notification emails"):
 * a new request to the organization's staff; a staff comment to the reporter; the reporter's comment to the
 * assignee. Sent after the write; never to the person who acted; a failed send never fails the request.
 */
const link = (request: MaintenanceRecord) => `/maintenance?request=${encodeURIComponent(request.id)}`;
const who = (caller: Caller) => caller.name || caller.email;

export async function noticeNewRequest(caller: Caller, request: MaintenanceRecord): Promise<void> {
  try {
    const staff = (await listMembers(caller.orgId)).filter((m) => !isTenant(m.role));
    await Promise.all(
      staff.map((member) =>
        notify('MAINTENANCE_UPDATED', member.userId, caller.userId, () => ({
          subject: `New maintenance request: "${request.title}"`,
          heading: 'A maintenance request was reported',
          lines: [`${who(caller)} reported "${request.title}" (${MAINTENANCE_STATUS_LABELS[request.status]}).`],
          path: link(request),
          linkLabel: 'Open the request',
        })),
      ),
    );
  } catch (error) {
    logger.warn('maintenance notice not sent', { error: (error as Error)?.name ?? 'Error' });
  }
}

export async function noticeComment(caller: Caller, request: MaintenanceRecord): Promise<void> {
  const recipient = isTenant(caller.role) ? request.assignedToId : request.reportedById;
  if (!recipient) return;
  await notify('MAINTENANCE_UPDATED', recipient, caller.userId, () => ({
    subject: `New comment on "${request.title}"`,
    heading: 'A maintenance request has a new comment',
    lines: [`${who(caller)} commented on "${request.title}".`],
    path: link(request),
    linkLabel: 'Read the comment',
  }));
}
