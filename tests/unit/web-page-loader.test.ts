import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pageLoader } from '../../web/src/app/pageLoader';

const SomePage: ComponentType = () => null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pageLoader (web/src/app/pageLoader.tsx): a page loaded once, early or on first render', () => {
  it('downloads once however often it is preloaded and subscribed, and tells subscribers when the code is there', async () => {
    const load = vi.fn(async () => ({ default: SomePage }));
    const loader = pageLoader(load);
    expect(loader.snapshot()).toEqual({});
    loader.preload();
    loader.preload();
    const listener = vi.fn();
    const unsubscribe = loader.subscribe(listener);
    expect(load).toHaveBeenCalledTimes(1);
    const before = loader.snapshot();
    expect(loader.snapshot()).toBe(before);
    await settle();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loader.snapshot()).toEqual({ component: SomePage });
    expect(loader.snapshot()).toBe(loader.snapshot());
    unsubscribe();
    loader.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed download as the error the page throws (no unhandled rejection, no second try)', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const load = vi.fn(() => Promise.reject(failure));
    const loader = pageLoader(load);
    const listener = vi.fn();
    loader.subscribe(listener);
    await settle();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loader.snapshot()).toEqual({ error: failure });
    loader.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload settles when the code is there, and also when its download failed (the first render waits on it)', async () => {
    const loaded = pageLoader(async () => ({ default: SomePage }));
    await expect(loaded.preload()).resolves.toBeUndefined();
    expect(loaded.snapshot()).toEqual({ component: SomePage });
    expect(loaded.preload()).toBe(loaded.preload());

    const failure = new Error('Failed to fetch dynamically imported module');
    const failed = pageLoader<object>(() => Promise.reject(failure));
    await expect(failed.preload()).resolves.toBeUndefined();
    expect(failed.snapshot()).toEqual({ error: failure });
  });
});
