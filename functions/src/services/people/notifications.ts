import {
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationPreferences,
  OPTIONAL_NOTIFICATION_KINDS,
} from '@rent/shared';
import { getNotificationProfile, setNotificationsOff } from '../../data/people/users.js';
import { NotFound } from '../../domain-errors.js';
import { type Mail, sendEmail, siteUrl } from '../../lib/email.js';
import { logger } from '../../lib/logger.js';
import type { Caller } from '../../runtime/identity.js';
import { escapeHtml, TAGLINE } from './invitationEmail.js';
import { unsubscribeToken } from './unsubscribe.js';

/**
 * Notification emails and each person's choice of them (docs/people.md "Notification emails"). A notification goes out
 * after the change it reports was written; it never goes to the person who made the change, nor to one who turned its
 * kind off; a failed send is logged and does not fail the change.
 */

export async function getPreferences(caller: Caller): Promise<NotificationPreferences> {
  const profile = await getNotificationProfile(caller.userId);
  if (!profile) throw new NotFound('Profile');
  return { preferences: notificationPreferences(profile.notificationsOff) };
}

export async function updatePreferences(
  caller: Caller,
  input: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const profile = await getNotificationProfile(caller.userId);
  if (!profile) throw new NotFound('Profile');
  const current = notificationPreferences(profile.notificationsOff);
  const next = { ...current, ...input.preferences };
  const off = OPTIONAL_NOTIFICATION_KINDS.filter((kind) => next[kind] === false);
  return { preferences: notificationPreferences(await setNotificationsOff(caller.userId, off)) };
}

/** What one notification says: a subject, a few plain sentences, and the item it is about. */
export interface Notice {
  subject: string;
  heading: string;
  lines: string[];
  /** The item's path on the site, e.g. /transactions?transaction=<id>. */
  path: string;
  linkLabel: string;
}

/** Plain text and HTML, the product's name and tagline, the item's link and the preferences link. */
export function noticeMail(
  to: string,
  notice: Notice,
  site: string,
  unsubscribeLinkToken?: string,
): Omit<Mail, 'template'> {
  const link = `${site}${notice.path}`;
  const settings = `${site}/settings/notifications`;
  // The page (confirm by POST, no sign-in) and the RFC 8058 one-click target (the API's POST of the same token).
  const unsubscribePage = unsubscribeLinkToken && `${site}/unsubscribe/${unsubscribeLinkToken}`;
  const oneClick = unsubscribeLinkToken && `${site}/api/unsubscribe/${unsubscribeLinkToken}`;
  const text = [
    notice.heading,
    '',
    ...notice.lines,
    '',
    `${notice.linkLabel}: ${link}`,
    '',
    `You get this email because of your notification settings. Change them: ${settings}`,
    ...(unsubscribePage ? [`Stop these emails: ${unsubscribePage}`] : []),
    `Rent.Today - ${TAGLINE}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0f141a">
<h1 style="font-size:20px">${e(notice.heading)}</h1>
${notice.lines.map((line) => `<p>${e(line)}</p>`).join('\n')}
<p><a href="${e(link)}" style="display:inline-block;padding:10px 16px;background:#006ce0;color:#fff;border-radius:16px;text-decoration:none">${e(notice.linkLabel)}</a></p>
<p>Or open this link: <a href="${e(link)}">${e(link)}</a></p>
<p style="color:#656871">You get this email because of your <a href="${e(settings)}">notification settings</a>.${
    unsubscribePage ? ` <a href="${e(unsubscribePage)}">Stop these emails</a>.` : ''
  }</p>
<p style="color:#656871">Rent.Today - ${e(TAGLINE)}</p>
</body></html>`;
  const headers = oneClick
    ? [
        { name: 'List-Unsubscribe', value: `<${oneClick}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]
    : undefined;
  return { to, subject: notice.subject, text, html, ...(headers && { headers }) };
}

/**
 * Sends one notification of `kind` to `recipientId` about a change `actorId` made, unless they are the same
 * person or the recipient turned the kind off. Never throws: the change it reports is already saved, so a
 * failure is logged (kind and error name only: no address, no body) and the caller's action still succeeds.
 */
export async function notify(
  kind: NotificationKind,
  recipientId: string,
  actorId: string,
  notice: (recipient: { name: string | null }) => Notice | Promise<Notice>,
): Promise<boolean> {
  if (recipientId === actorId) return false;
  try {
    const profile = await getNotificationProfile(recipientId);
    if (!profile?.email || !notificationPreferences(profile.notificationsOff)[kind]) return false;
    const mail = noticeMail(profile.email, await notice(profile), siteUrl(), unsubscribeToken(recipientId, kind));
    await sendEmail({ template: kind, ...mail });
    return true;
  } catch (error) {
    logger.warn('notification email not sent', { kind, error: (error as Error)?.name ?? 'Error' });
    return false;
  }
}
