import { describe, expect, it } from 'vitest';
import { withoutLinkTokens } from '../../functions/src/lib/linkTokens.js';
import { LINK_PAGES } from '../../web/src/app/rum.js';

/** The client log keeps no secret of a mailed link (docs/people.md "Client log"). */
describe('withoutLinkTokens', () => {
  const token = 'Vq3x_9-kLmN0pQrStUvWxYz0123456789abcdefGHIJ';

  it('replaces the secret of each page and API path a mailed link uses', () => {
    for (const [path, logged] of [
      [`/invite/${token}`, '/invite/…'],
      [`/subscribe/${token}`, '/subscribe/…'],
      [`/unsubscribe/u1.REVIEW_REQUESTED.${token}`, '/unsubscribe/…'],
      [`/api/invitations/by-token/${token}`, '/api/invitations/by-token/…'],
      [`/api/subscribers/confirm/${token}`, '/api/subscribers/confirm/…'],
      [`/api/unsubscribe/${token}/`, '/api/unsubscribe/…/'],
    ]) {
      expect(withoutLinkTokens(path!)).toBe(logged);
    }
  });

  it('finds them inside a message, each time they occur, and leaves other paths alone', () => {
    expect(
      withoutLinkTokens(`Failed to fetch "https://rent.today/api/invitations/by-token/${token}" from /invite/${token}`),
    ).toBe('Failed to fetch "https://rent.today/api/invitations/by-token/…" from /invite/…');
    expect(withoutLinkTokens('/transactions/t-1/receipts')).toBe('/transactions/t-1/receipts');
    expect(withoutLinkTokens('/invite')).toBe('/invite');
  });
});

describe('the pages RUM records nothing on', () => {
  it('are the pages of mailed links, on any origin', () => {
    for (const page of ['invite', 'subscribe', 'unsubscribe']) {
      expect(LINK_PAGES.test(`https://rent.today/${page}/${'x'.repeat(43)}`), page).toBe(true);
      expect(LINK_PAGES.test(`https://localhost:8443/${page}/abc?x=1`), page).toBe(true);
    }
    for (const other of ['/transactions', '/org-settings/invitations', '/settings/notifications', '/']) {
      expect(LINK_PAGES.test(`https://rent.today${other}`), other).toBe(false);
    }
  });
});
