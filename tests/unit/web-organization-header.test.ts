import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './web-fixtures';

// The session: a signed-in person with a token (Amplify is not loaded in unit tests).
vi.mock('../../web/src/auth/session', () => ({
  getIdToken: async () => 'id-token',
  getSessionState: () => ({ status: 'authenticated', data: { userId: 'user-1' } }),
}));

const { callRoute, setOrganizationLostHandler } = await import('../../web/src/api/client');
const {
  chooseOrganization,
  chosenOrganization,
  forgetLastOrganization,
  forgetOrganization,
  lastOrganization,
  rememberOrganization,
} = await import('../../web/src/api/organizationChoice');
const { profileMenuItems, SWITCH_ORG_REASON, switchTarget } = await import('../../web/src/app/profileMenu');

let sent: Headers[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOrganizationLostHandler(null);
});

describe('the web client sends the chosen organization', () => {
  it('sends X-Organization-Id with each request once an organization is chosen, and none before', async () => {
    answer(200, { organizations: [] });
    await callRoute('getOrganization');
    expect(sent[0]!.has('x-organization-id')).toBe(false);
    chooseOrganization('user-1', 'org-b');
    await callRoute('getOrganization');
    await callRoute('listMembershipEvents', { query: { limit: 5 } });
    expect(sent.slice(1).map((h) => h.get('x-organization-id'))).toEqual(['org-b', 'org-b']);
    expect(sent[1]!.get('authorization')).toBe('Bearer id-token');
  });

  it("sends the person's own calendar day as X-Local-Date with every request", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 11 PM on the 5th where the browser is (the clock's local time), whatever UTC's day is.
      vi.setSystemTime(new Date(2026, 10, 5, 23, 0));
      answer(200, { organizations: [] });
      await callRoute('getOrganization');
      expect(sent[0]!.get('x-local-date')).toBe('2026-11-05');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the choice per person: another person’s choice is not sent', async () => {
    chooseOrganization('someone-else', 'org-x');
    answer(200, { organizations: [] });
    await callRoute('getOrganization');
    expect(sent[0]!.has('x-organization-id')).toBe(false);
  });

  it('on 403 NOT_A_MEMBER forgets the choice and tells the app; other 403s change nothing', async () => {
    const lost = vi.fn();
    setOrganizationLostHandler(lost);
    chooseOrganization('user-1', 'org-gone');
    answer(403, { code: 'FORBIDDEN', error: 'Your role does not allow this.' });
    await expect(callRoute('getOrganization')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(chosenOrganization('user-1')).toBe('org-gone');
    expect(lost).not.toHaveBeenCalled();

    answer(403, { code: 'NOT_A_MEMBER', error: 'You are not a member of that organization.' });
    await expect(callRoute('getOrganization')).rejects.toMatchObject({ status: 403, code: 'NOT_A_MEMBER' });
    expect(chosenOrganization('user-1')).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith(null);
  });

  it('names the lost organization as last fetched, once however many requests in flight answer NOT_A_MEMBER', async () => {
    const lost = vi.fn();
    setOrganizationLostHandler(lost);
    chooseOrganization('user-1', 'org-gone');
    const gone = { id: 'org-gone', name: 'Gone Rentals' };
    rememberOrganization('user-1', gone);
    answer(403, { code: 'NOT_A_MEMBER', error: 'You are not a member of that organization.' });
    await Promise.allSettled([callRoute('getOrganization'), callRoute('getOrganization')]);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith('Gone Rentals');
  });
});

describe('the organization as last fetched (the first render of a returning visitor)', () => {
  const org = { id: 'org-a', name: 'Acme Rentals', userOrgRole: 'LANDLORD' };

  it('is given back for the chosen organization of the same person only', () => {
    chooseOrganization('user-1', 'org-a');
    rememberOrganization('user-1', org);
    expect(lastOrganization('user-1')).toEqual(org);
    expect(lastOrganization('user-2')).toBeUndefined();
    expect(lastOrganization(null)).toBeUndefined();
  });

  it('is not given back once another organization is chosen, or the choice is forgotten (a removal)', () => {
    chooseOrganization('user-1', 'org-a');
    rememberOrganization('user-1', org);
    chooseOrganization('user-1', 'org-b');
    expect(lastOrganization('user-1')).toBeUndefined();
    chooseOrganization('user-1', 'org-a');
    forgetOrganization('user-1');
    expect(lastOrganization('user-1')).toBeUndefined();
  });

  it('is gone after sign-out, and unreadable storage gives nothing rather than an error', () => {
    chooseOrganization('user-1', 'org-a');
    rememberOrganization('user-1', org);
    forgetLastOrganization('user-1');
    expect(lastOrganization('user-1')).toBeUndefined();
    localStorage.setItem('rent.organization.last.user-1', '{not json');
    expect(lastOrganization('user-1')).toBeUndefined();
  });
});

describe('the profile menu’s Switch Organization', () => {
  const a = { id: 'org-a', name: 'Alpha', role: 'ADMIN' as const, current: true };
  const b = { id: 'org-b', name: 'Beta', role: 'TENANT' as const, current: false };
  const switchItem = (items: ReturnType<typeof profileMenuItems>) =>
    items.find((i) => 'id' in i && i.id === 'profile-switch-org') as Record<string, any>;

  it('is disabled with the SPEC tooltip with one organization (or none loaded)', () => {
    for (const orgs of [[], [a]]) {
      expect(switchItem(profileMenuItems(orgs))).toMatchObject({ disabled: true, disabledReason: SWITCH_ORG_REASON });
    }
    expect(SWITCH_ORG_REASON).toBe('You belong to one organization. Create another to switch between them.');
  });

  it('lists two or more, the current one checked; only another one is a switch target', () => {
    const item = switchItem(profileMenuItems([a, b]));
    expect(item.disabled).toBeUndefined();
    expect(item.items).toEqual([
      expect.objectContaining({ itemType: 'checkbox', checked: true, text: 'Alpha' }),
      expect.objectContaining({ itemType: 'checkbox', checked: false, text: 'Beta', secondaryText: 'Tenant' }),
    ]);
    expect(switchTarget(item.items[1].id, [a, b])).toBe('org-b');
    expect(switchTarget(item.items[0].id, [a, b])).toBeNull();
    expect(switchTarget('profile-logout', [a, b])).toBeNull();
  });
});
