import { SESv2Client, type SESv2ClientConfig, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { NOTIFICATION_KINDS } from '@rent/shared';
import { config } from './config.js';

/**
 * Amazon SES v2 SendEmail, created on first use (only routes flagged `sendsEmail` have the IAM grant and
 * MAIL_FROM). Offline, SES_ENDPOINT is the local SES emulator on loopback (aws-ses-v2-local), which speaks
 * the same API, so this is the very code that runs in AWS.
 */
let client: SESv2Client | undefined;

function ses(): SESv2Client {
  if (client) return client;
  const { AWS_REGION, SES_ENDPOINT } = config();
  const options: SESv2ClientConfig = { region: AWS_REGION };
  if (SES_ENDPOINT) options.endpoint = SES_ENDPOINT;
  client = new SESv2Client(options);
  return client;
}

/**
 * Every email the product sends, one entry per template: each notification kind (docs/people.md "Notification
 * emails"; INVITATION is the invitation mail), the product-news confirmation and the contact form's message to
 * support. A mail names its template, so a new template is a new entry here, and tests/integration/email-links.test.ts
 * sends every entry and follows every link in it.
 */
export const EMAIL_TEMPLATES = [...NOTIFICATION_KINDS, 'NEWS_CONFIRMATION', 'CONTACT_MESSAGE'] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface Mail {
  template: EmailTemplate;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notifications, Reply-To on contact mail). */
  headers?: { name: string; value: string }[];
  replyTo?: string;
}

/** Sends one mail with plain-text and HTML bodies; resolves to SES's message id. */
export async function sendEmail(mail: Mail): Promise<string | undefined> {
  const { MAIL_FROM, SES_CONFIGURATION_SET } = config();
  const answer = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      ...(SES_CONFIGURATION_SET && { ConfigurationSetName: SES_CONFIGURATION_SET }),
      ...(mail.replyTo && { ReplyToAddresses: [mail.replyTo] }),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          ...(mail.headers?.length && { Headers: mail.headers.map((h) => ({ Name: h.name, Value: h.value })) }),
        },
      },
    }),
  );
  return answer.MessageId;
}

/** The origin links in mails point at (https://<site>); offline the local origin. */
export function siteUrl(): string {
  const { SITE_URL } = config();
  if (!SITE_URL) throw new Error('SITE_URL is not set for this function');
  return SITE_URL.replace(/\/+$/, '');
}
