import { describe, expect, it } from 'vitest';

// The module's data layer reads its config at import; the check itself touches nothing.
process.env.TABLE_NAME ??= 'test';
process.env.LOG_LEVEL ??= 'silent';
const { isTokenFresh } = await import('../../functions/src/runtime/token-freshness.js');

describe('isTokenFresh (tokensValidAfter, epoch seconds)', () => {
  const signedOutAt = 1_800_000_000;

  it('accepts any token of a person who never signed out everywhere', () => {
    expect(isTokenFresh(1, undefined)).toBe(true);
    expect(isTokenFresh(null, undefined)).toBe(true);
  });

  it('refuses a token issued before the sign-out', () => {
    expect(isTokenFresh(signedOutAt - 1, signedOutAt)).toBe(false);
    expect(isTokenFresh(signedOutAt - 3600, signedOutAt)).toBe(false);
  });

  it('refuses a token issued in the same second (it may predate the sign-out)', () => {
    expect(isTokenFresh(signedOutAt, signedOutAt)).toBe(false);
  });

  it('accepts a token issued after the sign-out', () => {
    expect(isTokenFresh(signedOutAt + 1, signedOutAt)).toBe(true);
  });

  it('refuses a token without a readable iat once there is a cutoff', () => {
    expect(isTokenFresh(null, signedOutAt)).toBe(false);
  });
});
