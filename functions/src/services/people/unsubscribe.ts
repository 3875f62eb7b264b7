import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  maskEmail,
  NOTIFICATION_KINDS,
  NOTIFICATIONS,
  type NotificationKind,
  notificationPreferences,
  OPTIONAL_NOTIFICATION_KINDS,
  PUBLIC_FORM_MESSAGES,
} from '@rent/shared';
import { getNotificationProfile, setNotificationsOff } from '../../data/people/users.js';
import { NotFound } from '../../domain-errors.js';
import { cursorSecret } from '../../lib/config.js';

/**
 * Unsubscribe links in notification emails (docs/people.md "Unsubscribe links"):
 * `<base64url(userId)>.<KIND>.<HMAC-SHA256>` signed with a key derived from CURSOR_SECRET (Secrets Manager in
 * AWS, a fixed development key offline) for this purpose only. No sign-in: the link is the proof. The page's
 * GET changes nothing; its POST (also the RFC 8058 one-click POST of List-Unsubscribe-Post) turns that kind off.
 */
const key = () => createHmac('sha256', cursorSecret()).update('rent-today/unsubscribe-links/v1').digest();
const sign = (payload: string) => createHmac('sha256', key()).update(payload).digest('base64url');

export function unsubscribeToken(userId: string, kind: NotificationKind): string {
  const payload = `${Buffer.from(userId, 'utf8').toString('base64url')}.${kind}`;
  return `${payload}.${sign(payload)}`;
}

function verify(token: string): { userId: string; kind: NotificationKind } {
  const invalid = () => new NotFound('Unsubscribe link', { message: PUBLIC_FORM_MESSAGES.unsubscribeLinkInvalid });
  const [user, kind, signature] = token.split('.');
  if (!user || !kind || !signature) throw invalid();
  const expected = Buffer.from(sign(`${user}.${kind}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) throw invalid();
  return { userId: Buffer.from(user, 'base64url').toString('utf8'), kind: kind as NotificationKind };
}

async function view(token: string) {
  const { userId, kind } = verify(token);
  const profile = await getNotificationProfile(userId);
  if (!profile) throw new NotFound('Unsubscribe link', { message: PUBLIC_FORM_MESSAGES.unsubscribeLinkInvalid });
  return { userId, kind, profile };
}

const info = (kind: NotificationKind) => NOTIFICATIONS.find((n) => n.kind === kind)!;

export async function lookup(token: string) {
  const { kind, profile } = await view(token);
  return {
    kind,
    label: info(kind).label,
    maskedEmail: maskEmail(profile.email),
    enabled: notificationPreferences(profile.notificationsOff)[kind],
  };
}

export async function unsubscribe(token: string) {
  const { userId, kind, profile } = await view(token);
  let off = profile.notificationsOff;
  if ((OPTIONAL_NOTIFICATION_KINDS as readonly string[]).includes(kind) && !off.includes(kind)) {
    off = await setNotificationsOff(userId, [...off, kind]);
  }
  return {
    kind,
    label: info(kind).label,
    maskedEmail: maskEmail(profile.email),
    enabled: notificationPreferences(off)[kind],
  };
}
