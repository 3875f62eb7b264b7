import { createHash, randomBytes } from 'node:crypto';
import {
  CONTACT_PER_HOUR,
  type ContactInput,
  maskEmail,
  PUBLIC_FORM_MESSAGES,
  SUBSCRIBE_LINK_DAYS,
  SUBSCRIBE_PER_HOUR,
  type SubscribeInput,
} from '@rent/shared';
import * as forms from '../../data/people/publicForms.js';
import { Busy, NotFound } from '../../domain-errors.js';
import { config } from '../../lib/config.js';
import { type Mail, sendEmail, siteUrl } from '../../lib/email.js';
import { logger } from '../../lib/logger.js';
import { escapeHtml, TAGLINE } from './invitationEmail.js';

/**
 * The public forms (docs/people.md "Public routes"): the contact form on /help and the
 * product-news signup on the landing page. No caller: each request is counted per client address first (429
 * beyond the hourly limit). A subscriber is one item per email (signing up again is idempotent and says the
 * same thing whatever the state, so the form reveals nobody) and counts only once confirmed by the link.
 */
export interface Client {
  ip: string;
  userAgent: string | null;
}

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function contact(input: ContactInput, client: Client) {
  await forms.countPublicRequest('CONTACT', client.ip, CONTACT_PER_HOUR);
  const userAgent = client.userAgent?.slice(0, 300) ?? null;
  const id = await forms.saveContactSubmission({ ...input, clientIp: client.ip, userAgent });
  try {
    await sendEmail(contactMail(input, id, config().SUPPORT_EMAIL));
  } catch (error) {
    // Kept in the table either way; support can read it there.
    logger.warn('contact email not sent', { id, error: (error as Error)?.name ?? 'Error' });
    throw new Busy('Your message was saved, but we could not forward it just now. Please try again later.');
  }
  return { ok: true as const, message: PUBLIC_FORM_MESSAGES.contactSent };
}

/** The contact form's message to support; the subject names who wrote (Reply-To answers them). */
export function contactMail(input: ContactInput, id: string, to: string): Mail {
  const e = escapeHtml;
  return {
    template: 'CONTACT_MESSAGE',
    to,
    replyTo: input.email,
    subject: `Contact form: ${input.name}`,
    text: [`From: ${input.name} <${input.email}>`, `Message id: ${id}`, '', input.message].join('\n'),
    html: `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif">
<p>From: ${e(input.name)} &lt;${e(input.email)}&gt;<br>Message id: ${e(id)}</p>
<pre style="white-space:pre-wrap;font-family:inherit">${e(input.message)}</pre></body></html>`,
  };
}

export async function subscribe(input: SubscribeInput, client: Client) {
  await forms.countPublicRequest('SUBSCRIBE', client.ip, SUBSCRIBE_PER_HOUR);
  const current = await forms.getSubscriber(input.email);
  const answer = { ok: true as const, message: PUBLIC_FORM_MESSAGES.subscribeSent };
  if (current?.status === 'CONFIRMED') return answer;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SUBSCRIBE_LINK_DAYS * 86_400_000);
  await forms.putPendingSubscriber(
    { email: input.email, name: input.name || current?.name || null },
    hash(token),
    expiresAt,
    current?.tokenHash ?? null,
  );
  const link = `${siteUrl()}/subscribe/${token}`;
  try {
    await sendEmail(confirmationMail(input.email, link));
  } catch (error) {
    logger.warn('subscription email not sent', { error: (error as Error)?.name ?? 'Error' });
    throw new Busy('We could not send the confirmation email just now. Please try again later.');
  }
  return answer;
}

/** What the link's page shows; a GET changes nothing (mail scanners open links). */
export async function lookupSubscription(token: string) {
  const email = await forms.findSubscriberLink(hash(token));
  if (!email) throw new NotFound('Subscription', { message: PUBLIC_FORM_MESSAGES.subscriptionLinkInvalid });
  return { maskedEmail: maskEmail(email), status: 'PENDING' as const };
}

export async function confirmSubscription(token: string, clientIp: string) {
  await forms.countPublicRequest('SUBSCRIBE', clientIp, SUBSCRIBE_PER_HOUR);
  const tokenHash = hash(token);
  const email = await forms.findSubscriberLink(tokenHash);
  if (!email || !(await forms.confirmSubscriber(email, tokenHash))) {
    if (email) await forms.dropSubscriberLink(tokenHash);
    throw new NotFound('Subscription', { message: PUBLIC_FORM_MESSAGES.subscriptionLinkInvalid });
  }
  return { ok: true as const, message: PUBLIC_FORM_MESSAGES.subscriptionConfirmed };
}

export function confirmationMail(to: string, link: string): Mail {
  const text = [
    'Please confirm that you want Rent.Today product news at this address.',
    '',
    `Confirm: ${link}`,
    '',
    `The link works for ${SUBSCRIBE_LINK_DAYS} days. If you did not sign up, ignore this email: nothing is sent without the confirmation.`,
    `Rent.Today - ${TAGLINE}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0f141a">
<h1 style="font-size:20px">Confirm your subscription</h1>
<p>Please confirm that you want Rent.Today product news at this address.</p>
<p><a href="${e(link)}" style="display:inline-block;padding:10px 16px;background:#006ce0;color:#fff;border-radius:16px;text-decoration:none">Confirm subscription</a></p>
<p>Or open this link: <a href="${e(link)}">${e(link)}</a></p>
<p style="color:#656871">If you did not sign up, ignore this email: nothing is sent without the confirmation.</p>
<p style="color:#656871">Rent.Today - ${e(TAGLINE)}</p></body></html>`;
  return {
    template: 'NEWS_CONFIRMATION',
    to,
    subject: 'Confirm your Rent.Today product news subscription',
    text,
    html,
  };
}
