import { formatCurrency, humanizeRole, type Role } from '@rent/shared';
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
  /** A tenant's invitation: the home and the lease terms it starts on acceptance. */
  lease?: LeaseTerms | null;
}): Mail {
  const role = humanizeRole(input.role);
  const expires = new Date(input.expiresAt).toUTCString().replace(/:\d\d GMT$/, ' UTC');
  const subject = `${input.inviterName} invited you to ${input.organizationName} on Rent.Today`;
  const terms = input.lease ? leaseLines(input.lease) : [];
  const text = [
    `${input.inviterName} invited you to join ${input.organizationName} on Rent.Today as ${role}.`,
    ...(terms.length ? ['', ...terms] : []),
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
${terms.length ? `<ul>${terms.map((line) => `<li>${e(line)}</li>`).join('')}</ul>\n` : ''}<p><a href="${e(input.link)}" style="display:inline-block;padding:10px 16px;background:#006ce0;color:#fff;border-radius:16px;text-decoration:none">Accept the invitation</a></p>
<p>Or open this link: <a href="${e(input.link)}">${e(input.link)}</a></p>
<p>The link works until ${e(expires)}. Sign in with Google using ${e(input.to)} to accept it. If you did not expect this invitation, you can ignore this email.</p>
<p style="color:#656871">Rent.Today - ${e(TAGLINE)}</p>
</body></html>`;
  return { template: 'INVITATION', to: input.to, subject, text, html };
}

interface LeaseTerms {
  address: string;
  unitLabel: string | null;
  leaseStart: string | null;
  leaseEnd: string | null;
  /** Cents. */
  monthlyRent: number;
  securityDeposit: number;
}

const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** What the invitee agrees to, in their words: the home, the dates and the money ("$1,850.00"). */
function leaseLines(lease: LeaseTerms): string[] {
  const home = lease.unitLabel ? `${lease.address}, unit ${lease.unitLabel}` : lease.address;
  const start = lease.leaseStart ? longDate(lease.leaseStart) : 'the day you accept';
  const end = lease.leaseEnd ? `until ${longDate(lease.leaseEnd)}` : 'month-to-month';
  return [
    `Home: ${home}`,
    `Lease: from ${start}, ${end}`,
    `Monthly rent: ${formatCurrency(lease.monthlyRent, 2)}`,
    `Security deposit: ${formatCurrency(lease.securityDeposit, 2)}`,
  ];
}
