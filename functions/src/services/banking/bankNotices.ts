import { STAFF } from '@rent/shared';
import { getInstitution } from '../../data/banking/banks.js';
import { listMembers } from '../../data/people/members.js';
import { type Notice, notify } from '../people/notifications.js';

/**
 * What staff hear about a bank link that needs them (docs/banking.md): from a Plaid webhook and from a sync that met
 * the bank's sign-in error. A module of its own so the sync job does not bring the webhook's verifier (jose).
 */

/** What the bank-connection email says; the subject names the bank. */
export function bankConnectionText(
  bank: string,
  status: 'needs_reconnect' | 'pending_disconnect',
  disconnectAt: string | null,
): Notice {
  const lines =
    status === 'needs_reconnect'
      ? [
          `${bank} needs you to sign in to the bank again. New transactions from it will not arrive until you reconnect.`,
          'Open Bank connections and choose Reconnect.',
        ]
      : [
          `${bank} will disconnect${disconnectAt ? ` on ${disconnectAt.slice(0, 10)}` : ' soon'} unless you reconnect it.`,
          'Open Bank connections and choose Reconnect to keep transactions arriving.',
        ];
  return {
    subject: `${bank}: the bank connection needs attention`,
    heading: 'A bank connection needs attention',
    lines,
    path: '/org-settings#bank-connections',
    linkLabel: 'Open Bank connections',
  };
}

/** Emails the organization's staff who keep "Bank connections" on about a link that needs them. */
export async function tellStaff(
  orgId: string,
  institutionId: string,
  status: 'needs_reconnect' | 'pending_disconnect',
  disconnectAt: string | null,
) {
  const institution = await getInstitution(orgId, institutionId);
  const notice = bankConnectionText(institution.institutionName || 'A bank', status, disconnectAt);
  const staff = (await listMembers(orgId)).filter((member) => STAFF.includes(member.role));
  await Promise.all(
    staff.map((member) =>
      // No person made this change: the actor is Plaid, so nobody is skipped as "the one who did it".
      notify('BANK_CONNECTION', member.userId, 'plaid', () => notice),
    ),
  );
}
