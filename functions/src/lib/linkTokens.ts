/**
 * The links mailed to people carry a secret in their path: an invitation (`/invite/…`, `/api/invitations/by-token/…`),
 * a subscription to confirm (`/subscribe/…`, `/api/subscribers/confirm/…`), an unsubscribe link (`/unsubscribe/…`,
 * `/api/unsubscribe/…`). This matches the segment after each of those path parts.
 */
const LINK_TOKEN = /\/(invite|subscribe|unsubscribe|by-token|confirm)\/[^/?#\s"'<>]+/g;

/** `text` with every mailed link's secret replaced by `…`: what may be logged of a path or a message. */
export const withoutLinkTokens = (text: string) => text.replace(LINK_TOKEN, '/$1/…');
