import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './web-fixtures';

/**
 * A request leaves in a task of its own (web/src/api/client.ts, docs/performance.md "The first render"): a page's
 * queries are started from its commit, a long task on a phone, and what a request costs before the network (the
 * token, its headers, fetch itself) no longer lengthens it.
 */
vi.mock('../../web/src/auth/session', () => ({
  getIdToken: async () => 'id-token',
  getSessionState: () => ({ status: 'authenticated', data: { userId: 'user-1' } }),
}));

const { callRoute } = await import('../../web/src/api/client');

afterEach(() => vi.unstubAllGlobals());

/** Every microtask the current task would run before it ends (a generous number of promise turns). */
async function drainMicrotasks() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

describe('a request from the web client', () => {
  it('is not sent in the task that asked for it, but in one after it', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const fetch = vi.fn(async () => Response.json({ organizations: [] }));
    vi.stubGlobal('fetch', fetch);

    const answered = callRoute('getOrganization');
    await drainMicrotasks();
    expect(fetch).not.toHaveBeenCalled();

    // Node runs a message's task and a timer's in no fixed order: wait for the task that sends it.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await expect(answered).resolves.toEqual({ organizations: [] });
  });

  it('several asked for at once leave in the order asked', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        sent.push(url);
        return Response.json({});
      }),
    );
    const calls = [callRoute('getOrganization'), callRoute('listMembershipEvents', { query: { limit: 5 } })];
    await Promise.all(calls);
    expect(sent).toEqual(['/api/organization', '/api/members/activity?limit=5']);
  });
});
