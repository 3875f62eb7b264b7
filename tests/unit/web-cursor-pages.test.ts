import { describe, expect, it } from 'vitest';
import { afterAnswer, firstPage, openPage } from '../../web/src/lib/useCursorPages';

describe('cursor pages (web/src/lib/useCursorPages.ts): the ledger and maintenance pagers', () => {
  it('starts on the first page, which needs no cursor; the end is not known yet', () => {
    expect(firstPage('k')).toEqual({ key: 'k', cursors: [null], index: 0, ended: false });
  });

  it("learns the next page's cursor from each answer, and that a page was the last from a null cursor", () => {
    const one = afterAnswer(firstPage('k'), { nextCursor: 'c1' });
    expect(one).toMatchObject({ cursors: [null, 'c1'], index: 0, ended: false });
    const two = afterAnswer(openPage(one, 1), { nextCursor: null });
    expect(two).toMatchObject({ cursors: [null, 'c1'], index: 1, ended: true });
  });

  it('keeps the same object when an answer tells nothing new (no state change, no redraw)', () => {
    const one = afterAnswer(firstPage('k'), { nextCursor: 'c1' });
    expect(afterAnswer(one, { nextCursor: 'c1' })).toBe(one);
    const last = afterAnswer(one, { nextCursor: null });
    expect(afterAnswer(last, { nextCursor: null })).toBe(last);
  });

  it('forgets the pages after the one answered: going back and hearing a new cursor opens a new way forward', () => {
    let nav = afterAnswer(firstPage('k'), { nextCursor: 'c1' });
    nav = afterAnswer(openPage(nav, 1), { nextCursor: 'c2' });
    expect(nav.cursors).toEqual([null, 'c1', 'c2']);
    nav = afterAnswer(openPage(nav, 0), { nextCursor: 'c1b' });
    expect(nav).toMatchObject({ cursors: [null, 'c1b'], index: 0, ended: false });
  });

  it('opens only pages whose cursor is known', () => {
    const nav = afterAnswer(firstPage('k'), { nextCursor: 'c1' });
    expect(openPage(nav, 1).index).toBe(1);
    expect(openPage(nav, 2)).toBe(nav);
    expect(openPage(nav, -1)).toBe(nav);
    expect(openPage(nav, 0)).toBe(nav);
  });
});
