import * as z from 'zod';
import {
  CLIENT_LOG_MAX_BYTES,
  CLIENT_LOG_MESSAGE_MAX,
  CLIENT_LOG_PATH_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  DELETE_CONFIRMATION_PHRASE,
  DELETION_DETAILS_MAX,
  DELETION_REASON_VALUES,
} from '../core/account.js';
import { NOTIFICATION_KINDS } from '../core/notifications.js';
import { isSingleLine, Timestamp } from './common.js';

const trimmed = (max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `${what} must be at most ${max} characters` });
const oneLine = { error: (what: string) => `${what} must be one line, without line breaks or control characters` };
// The public forms show these at the field itself, so they speak to the person, not about the API's field.
const Email = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Enter your email address' })
  .max(254, { error: 'That email address is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** What the confirmation says beforehand: where the person is the blocking last admin, what gets purged. */
export const AccountDeletionPreview = z.object({
  /** Organizations where they are the last ADMIN and others remain: deletion is refused until that changes. */
  blockedBy: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Organizations they are the only member of: deleted with all their data. */
  deletesOrganizations: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Organizations they leave (the others keep their data). */
  leavesOrganizations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreview>;

export const DeleteAccountInput = z.strictObject({
  reason: z.enum(DELETION_REASON_VALUES, { error: 'Choose one of the listed reasons' }),
  details: z
    .string()
    .trim()
    .max(DELETION_DETAILS_MAX, { error: `The details must be at most ${DELETION_DETAILS_MAX} characters` })
    .optional(),
  confirmation: z.literal(DELETE_CONFIRMATION_PHRASE, {
    error: `Type the word ${DELETE_CONFIRMATION_PHRASE} to confirm`,
  }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

export const DeleteAccountResult = z.object({
  deletedAt: Timestamp,
  /** Organizations whose purge was started (they had no other member). */
  purgedOrganizations: z.array(z.string()),
});

/** A contact submission (clientIp and userAgent come from the request, never the body). */
export const ContactInput = z.strictObject({
  name: trimmed(CONTACT_NAME_MAX, 'Your name').refine(isSingleLine, { error: oneLine.error('Your name') }),
  email: Email,
  message: trimmed(CONTACT_MESSAGE_MAX, 'A message'),
});
export type ContactInput = z.infer<typeof ContactInput>;

/** A subscriber: email and (optional) name. */
export const SubscribeInput = z.strictObject({
  email: Email,
  name: z
    .string()
    .trim()
    .max(CONTACT_NAME_MAX, { error: `Your name must be at most ${CONTACT_NAME_MAX} characters` })
    .refine(isSingleLine, { error: oneLine.error('Your name') })
    .optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

export const PublicFormResult = z.object({ ok: z.literal(true), message: z.string() });

/** A link's token: 32 random bytes, base64url. */
export const LinkTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'That link is not valid' }),
});
export const SubscriptionLink = z.object({ maskedEmail: z.string(), status: z.enum(['PENDING', 'CONFIRMED']) });

/** A signed unsubscribe link: <person>.<kind>.<signature>, base64url parts. */
export const UnsubscribeParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}\.[A-Z_]{1,40}\.[A-Za-z0-9_-]{43}$/, {
    error: 'That unsubscribe link is not valid',
  }),
});
export const UnsubscribeLink = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  maskedEmail: z.string(),
  enabled: z.boolean(),
});

/** The client log (docs/people.md "Client log"): level, code, message (and where it happened). */
export const ClientLogInput = z.strictObject({
  level: z.enum(['error', 'warn', 'info'], { error: 'level must be error, warn or info' }),
  code: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, { error: 'code must be an UPPER_SNAKE_CASE code' }),
  message: z
    .string()
    .max(CLIENT_LOG_MESSAGE_MAX, { error: `message must be at most ${CLIENT_LOG_MESSAGE_MAX} characters` }),
  path: z.string().max(CLIENT_LOG_PATH_MAX).optional(),
});
export const CLIENT_LOG_BODY_BYTES = CLIENT_LOG_MAX_BYTES;
