import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetSessionEnded, leaveSessionEnded, sessionEnded } from '../../web/src/lib/notices';

/** This tab's sessionStorage, as the browser has it. */
function stubSessionStorage() {
  const items = new Map<string, string>();
  const store = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.defineProperty(globalThis, 'sessionStorage', { value: store, configurable: true });
}

describe('why the session ended, for the sign-in page', () => {
  beforeEach(stubSessionStorage);
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('is read by every render until the page is on screen, then forgotten', () => {
    leaveSessionEnded('You signed out of all devices, which ended this session. Please sign in again.');
    // A render React discards (a transition interrupted by the session's update) reads it, and so does the next.
    expect(sessionEnded()).toContain('You signed out of all devices');
    expect(sessionEnded()).toContain('You signed out of all devices');
    forgetSessionEnded();
    expect(sessionEnded()).toBeNull();
  });

  it('is nothing when no 401 left a message', () => {
    expect(sessionEnded()).toBeNull();
  });
});
