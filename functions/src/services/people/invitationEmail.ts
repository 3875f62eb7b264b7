import { humanizeRole, type Role } from '@rent/shared';
import type { Mail } from '../../lib/email.js';

export const TAGLINE = 'Simplify your lease, amplify your peace.';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The invitation mail: plain text and HTML, the product's name and tagline, the accept link. Invitations
 * are always sent (no preferences link: it is not a notification). The link carries the token; the mail is
 * the only place it is ever written.
 */
export function invitationMail(input: {
  to: string;
  organizationName: string;
  inviterName: string;
  role: Role;
  link: string;
  expiresAt: string;
}): Mail {
  const role = humanizeRole(input.role);
  const expires = new Date(input.expiresAt).toUTCString().replace(/:\d\d GMT$/, ' UTC');
  const subject = `${input.inviterName} invited you to ${input.organizationName} on Rent.Today`;
  const text = [
    `${input.inviterName} invited you to join ${input.organizationName} on Rent.Today as ${role}.`,
    '',
    `Accept the invitation: ${input.link}`,
    '',
    `The link works until ${expires}. Sign in with Google using ${input.to} to accept it.`,
    'If you did not expect this invitation, you can ignore this email.',
    '',
    `Rent.Today - ${TAGLINE}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0f141a">
<h1 style="font-size:20px">You're invited to ${e(input.organizationName)}</h1>
<p>${e(input.inviterName)} invited you to join <strong>${e(input.organizationName)}</strong> on Rent.Today as <strong>${e(role)}</strong>.</p>
<p><a href="${e(input.link)}" style="display:inline-block;padding:10px 16px;background:#006ce0;color:#fff;border-radius:16px;text-decoration:none">Accept the invitation</a></p>
<p>Or open this link: <a href="${e(input.link)}">${e(input.link)}</a></p>
<p>The link works until ${e(expires)}. Sign in with Google using ${e(input.to)} to accept it. If you did not expect this invitation, you can ignore this email.</p>
<p style="color:#656871">Rent.Today - ${e(TAGLINE)}</p>
</body></html>`;
  return { template: 'INVITATION', to: input.to, subject, text, html };
}
