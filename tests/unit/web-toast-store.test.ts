import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('../../web/src/components/toast/store');
const load = async (): Promise<Store> => {
  vi.resetModules();
  return import('../../web/src/components/toast/store');
};

describe('toast countdowns', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wait for the lazily loaded toast area: a toast raised before it is on screen is not lost', async () => {
    const store = await load();
    store.toast.success('Saved');
    vi.advanceTimersByTime(60_000);
    expect(store.getToasts().map((t) => t.title)).toEqual(['Saved']);
    store.toastAreaShown();
    vi.advanceTimersByTime(store.TOAST_DURATIONS.success - 1);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
  });

  it('pause while the area is hovered and resume with what was left (at least a second)', async () => {
    const store = await load();
    store.toastAreaShown();
    store.toast.error('Failed');
    vi.advanceTimersByTime(4_500);
    store.pauseToasts();
    vi.advanceTimersByTime(60_000);
    expect(store.getToasts()).toHaveLength(1);
    store.resumeToasts();
    vi.advanceTimersByTime(999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
  });

  it('show a delayed toast only after its delay', async () => {
    const store = await load();
    store.toastAreaShown();
    store.toast.success('Later', { delay: 100 });
    expect(store.getToasts()).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(store.getToasts().map((t) => t.title)).toEqual(['Later']);
  });
});
