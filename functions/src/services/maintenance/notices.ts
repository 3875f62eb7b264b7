import { isTenant, MAINTENANCE_STATUS_LABELS } from '@rent/shared';
import type { MaintenanceRecord } from '../../data/maintenance/requests.js';
import { listMembers } from '../../data/people/members.js';
import { logger } from '../../lib/logger.js';
import type { Caller } from '../../runtime/identity.js';
import { type Notice, notify } from '../people/notifications.js';

/**
 * The maintenance emails besides the status change (requests.ts `notifyStatus`), all under the recipient's
 * "Maintenance updates" preference (docs/people.md "Notification emails"):
 * a new request to the organization's staff; a staff comment to the reporter; the reporter's comment to the
 * assignee. Sent after the write; never to the person who acted; a failed send never fails the request.
 */
const link = (request: Pick<MaintenanceRecord, 'id'>) => `/maintenance?request=${encodeURIComponent(request.id)}`;
type Who = Pick<Caller, 'name' | 'email'>;
type About = Pick<MaintenanceRecord, 'id' | 'title' | 'status'>;
const who = (caller: Who) => caller.name || caller.email;

/** What each maintenance email says; every subject names the request by its title. */
export function newRequestText(caller: Who, request: About): Notice {
  return {
    subject: `New maintenance request: "${request.title}"`,
    heading: 'A maintenance request was reported',
    lines: [`${who(caller)} reported "${request.title}" (${MAINTENANCE_STATUS_LABELS[request.status]}).`],
    path: link(request),
    linkLabel: 'Open the request',
  };
}

export function commentText(caller: Who, request: About): Notice {
  return {
    subject: `New comment on "${request.title}"`,
    heading: 'A maintenance request has a new comment',
    lines: [`${who(caller)} commented on "${request.title}".`],
    path: link(request),
    linkLabel: 'Read the comment',
  };
}

export function statusChangedText(caller: Who, request: About): Notice {
  const status = MAINTENANCE_STATUS_LABELS[request.status];
  return {
    subject: `Maintenance request "${request.title}" is now ${status}`,
    heading: 'Your maintenance request was updated',
    lines: [`${who(caller)} set "${request.title}" to ${status}.`],
    path: link(request),
    linkLabel: 'Open the request',
  };
}

export async function noticeNewRequest(caller: Caller, request: MaintenanceRecord): Promise<void> {
  try {
    const staff = (await listMembers(caller.orgId)).filter((m) => !isTenant(m.role));
    await Promise.all(
      staff.map((member) =>
        notify('MAINTENANCE_UPDATED', member.userId, caller.userId, () => newRequestText(caller, request)),
      ),
    );
  } catch (error) {
    logger.warn('maintenance notice not sent', { error: (error as Error)?.name ?? 'Error' });
  }
}

export async function noticeComment(caller: Caller, request: MaintenanceRecord): Promise<void> {
  const recipient = isTenant(caller.role) ? request.assignedToId : request.reportedById;
  if (!recipient) return;
  await notify('MAINTENANCE_UPDATED', recipient, caller.userId, () => commentText(caller, request));
}
