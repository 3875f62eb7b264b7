/**
 * Account deletion and the public forms (docs/people.md "Account deletion", "Public routes"). Zod-free:
 * the web's pages read the same choices, limits and words the server checks.
 */

/** Why a person deletes their account (the choice; free text may add to it). */
export const DELETION_REASONS = [
  { value: 'NOT_USING', label: 'I no longer use Rent.Today' },
  { value: 'MISSING_FEATURE', label: 'It is missing something I need' },
  { value: 'TOO_HARD', label: 'It is too hard to use' },
  { value: 'PRIVACY', label: 'Privacy concerns' },
  { value: 'OTHER_ACCOUNT', label: 'I have another account' },
  { value: 'OTHER', label: 'Something else' },
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number]['value'];
export const DELETION_REASON_VALUES = DELETION_REASONS.map((r) => r.value) as [DeletionReason, ...DeletionReason[]];

/** What the person types to confirm (case-sensitive, exactly). */
export const DELETE_CONFIRMATION_PHRASE = 'DELETE';
export const DELETION_DETAILS_MAX = 1000;

export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_NAME_MAX = 120;
/** Public forms per client address per hour (a DynamoDB counter; API Gateway throttles the routes too). */
export const CONTACT_PER_HOUR = 5;
export const SUBSCRIBE_PER_HOUR = 10;
export const CLIENT_LOG_PER_HOUR = 60;
export const CLIENT_LOG_MAX_BYTES = 4096;
/** A client-log report's message and path (the page it came from) are at most this long. */
export const CLIENT_LOG_MESSAGE_MAX = 1000;
export const CLIENT_LOG_PATH_MAX = 200;
/** A subscription's confirmation link works this long. */
export const SUBSCRIBE_LINK_DAYS = 7;

export const PUBLIC_FORM_MESSAGES = {
  rateLimited: 'Too many requests from your network. Please try again in an hour.',
  contactSent: 'Thanks! Your message was sent. We will answer by email.',
  subscribeSent: 'Almost done: check your inbox and confirm your subscription with the link we sent.',
  subscriptionConfirmed: 'You are subscribed to Rent.Today product news.',
  subscriptionLinkInvalid: 'This confirmation link is not valid or has already been used.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
} as const;

/** The client log's codes the web sends; others are accepted if they look like codes. */
export const CLIENT_SESSION_ERROR = 'CLIENT_SESSION_ERROR';
export const CLIENT_UNHANDLED_ERROR = 'CLIENT_UNHANDLED_ERROR';
