import { SECURITY_ACTION_LABELS, SECURITY_ACTIONS, securityActionLabel } from '@rent/shared/core/security';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sumKnownCents } from '../../web/src/lib/money';
import { readShowCents, writeShowCents } from '../../web/src/lib/showCents';

describe('security event labels (one table for the log, membership activity and exports)', () => {
  it('gives every recorded action words, never its code', () => {
    for (const action of SECURITY_ACTIONS) {
      expect(securityActionLabel(action)).toBe(SECURITY_ACTION_LABELS[action]);
      expect(securityActionLabel(action)).not.toMatch(/_|^[A-Z ]+$/);
    }
    expect(securityActionLabel('INVITATION_ACCEPTED')).toBe('Invitation accepted');
  });

  it('reads an action this build does not know as words too', () => {
    expect(securityActionLabel('PASSKEY_ADDED')).toBe('Passkey added');
    expect(securityActionLabel('')).toBe('Security event');
  });
});

describe('sums of values that may be unknown', () => {
  it('is null when nothing is known (shown as "—", not "$0"), and counts what is known', () => {
    expect(sumKnownCents([null, undefined])).toEqual({ cents: null, known: 0 });
    expect(sumKnownCents([])).toEqual({ cents: null, known: 0 });
    expect(sumKnownCents([0, null])).toEqual({ cents: 0, known: 1 });
    expect(sumKnownCents([250000.1, null, 0.2])).toEqual({ cents: 25000030, known: 2 });
  });
});

describe('"Show cents", remembered per person', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is off by default and for nobody signed in; each person keeps their own choice in localStorage', () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
    expect(readShowCents('u-1')).toBe(false);
    expect(readShowCents(null)).toBe(false);
    writeShowCents('u-1', true);
    expect(stored.get('rent.show-cents.u-1')).toBe('true');
    expect(readShowCents('u-1')).toBe(true);
    expect(readShowCents('u-2')).toBe(false);
    writeShowCents('u-1', false);
    expect(readShowCents('u-1')).toBe(false);
  });

  it('lasts for the visit when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    writeShowCents('u-3', true);
    expect(readShowCents('u-3')).toBe(true);
  });
});
