import type { Page } from 'playwright-core';
import { networkQuiet, revealBelowTheFold, settled } from './browser.js';

/**
 * The checks of docs/product.md "Words and columns" as they run in the page: every visible word on one line, and
 * every table column's content shown whole. Each finding names what it found and where, so a failure reads as a
 * list of the texts people would see broken or cut.
 */
export interface FitProblem {
  kind: 'broken word' | 'clipped cell' | 'column out of reach';
  text: string;
  where: string;
}

/**
 * A word may break only when it is longer than the whole line it sits on (an email address or a link on a phone,
 * where the other choice is running off the screen). Words of a language are never that long; such tokens are.
 */
const LONG_TOKEN = 20;

/** Runs in the page (self-contained: page.evaluate sends its source). */
function findProblems(longToken: number): FitProblem[] {
  const problems: FitProblem[] = [];
  const where = (node: Node | null): string => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    if (!element) return '?';
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    const column = element.closest('td, th');
    const header = column?.closest('table')?.querySelectorAll('thead th')[(column as HTMLTableCellElement).cellIndex];
    const columnName = column && header ? ` column "${(header.textContent ?? '').trim().slice(0, 30)}"` : '';
    return `${element.tagName.toLowerCase()}${testId ? ` in [${testId}]` : ''}${columnName}`;
  };
  const hiddenFromSight = (element: Element) =>
    !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
    // Screen-reader-only text is laid out in a 1px box (or far off screen) on purpose: nobody sees it wrap.
    element.closest('.rt-sr-only, [class*="awsui_root_xttbq"], [class*="screenreader"], svg') !== null;
  const blockOf = (element: Element): Element => {
    let current: Element | null = element;
    while (current && getComputedStyle(current).display.startsWith('inline')) current = current.parentElement;
    return current ?? element;
  };
  const contentWidth = (element: Element) => {
    const style = getComputedStyle(element);
    return element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  };

  // 1. Words: a word whose range spans line boxes at different heights broke inside itself.
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node as Text).data;
    const parent = node.parentElement;
    if (!parent || !/\S\S/.test(text) || hiddenFromSight(parent)) continue;
    if (parent.closest('script, style, noscript, textarea, input, select, option')) continue;
    // Pieces between spaces; a hyphen, a dash or a slash ends a piece, since a line may end after one.
    for (const match of text.matchAll(
      /[^\s\-\u2010\u2013\u2014/]*[-\u2010\u2013\u2014/]|[^\s\-\u2010\u2013\u2014/]+/g,
    )) {
      const word = match[0];
      if (word.length < 2) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length < 2) continue;
      const first = rects[0]!;
      if (rects.every((rect) => Math.abs(rect.top - first.top) < first.height / 2)) continue;
      const width = rects.reduce((sum, rect) => sum + rect.width, 0);
      if (word.length >= longToken && width > contentWidth(blockOf(parent))) continue;
      problems.push({ kind: 'broken word', text: word, where: where(parent) });
    }
  }

  // 2. Table cells: content wider than its cell or wrapper where that cuts it off (overflow hidden, an ellipsis).
  for (const table of document.querySelectorAll('table')) {
    if (hiddenFromSight(table)) continue;
    for (const element of table.querySelectorAll('th, td, th *, td *')) {
      if (!(element instanceof HTMLElement) || hiddenFromSight(element)) continue;
      const style = getComputedStyle(element);
      const cuts = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (!cuts || element.scrollWidth <= element.clientWidth + 1) continue;
      if (element.querySelector('input, textarea, [role="combobox"]')) continue;
      problems.push({
        kind: 'clipped cell',
        text: (element.textContent ?? '').trim().slice(0, 60),
        where: where(element),
      });
    }
    // 3. Every header must be reachable: inside the page, or inside a box that scrolls sideways to it.
    for (const header of table.querySelectorAll('thead th')) {
      if (hiddenFromSight(header)) continue;
      const rect = header.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= document.documentElement.clientWidth + 1) continue;
      let scroller: Element | null = header.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
        scroller = scroller.parentElement;
      }
      if (scroller && scroller !== document.documentElement && scroller.scrollWidth > scroller.clientWidth) continue;
      problems.push({ kind: 'column out of reach', text: (header.textContent ?? '').trim(), where: where(header) });
    }
  }
  // One finding per text and place: a long table repeats the same badge on every row.
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.kind}|${problem.text}|${problem.where}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Waits until the page has its content and has stopped moving, then returns what reads wrong. */
export async function textFitProblems(page: Page): Promise<FitProblem[]> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await networkQuiet(page);
  // A phone renders what is below the fold only near the screen: every part of the page is looked at, once what
  // those parts render has settled too (a table just mounted sizes its columns a frame or two later).
  await revealBelowTheFold(page);
  await networkQuiet(page);
  // Cloudscape's loading indicators: a table or a section still fetching.
  await page.waitForFunction(() => document.querySelector('[class*="awsui_status-loading"]') === null);
  await settled(page);
  return page.evaluate(findProblems, LONG_TOKEN);
}
