import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACED_APPEND, paceHelper, SCRIPT_PRELOADS_PER_TASK } from '../../web/build/paced-preload';

/** Vite's preload function as the installed Vite writes it into the helper (its source, from Vite's own bundle). */
function installedPreloadFunction(): string {
  const chunks = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'dist', 'node', 'chunks');
  for (const file of readdirSync(chunks)) {
    const code = readFileSync(join(chunks, file), 'utf8');
    const start = code.indexOf('function preload(baseModule, deps, importerUrl) {');
    if (start >= 0) return code.slice(start, code.indexOf('function getPreloadCode', start));
  }
  throw new Error("Vite's preload function was not found in its bundle");
}

interface FakeLink {
  rel: string;
  href: string;
}

/**
 * The paced append over a document whose head records what was appended, and a browser whose tasks the test runs:
 * each message posted is one task, run by `runTask`.
 */
function pacedAppendOver(head: FakeLink[]) {
  const document = { head: { appendChild: (link: FakeLink) => head.push(link) } };
  const tasks: (() => void)[] = [];
  class MessageChannel {
    port1: { onmessage?: () => void } = {};
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
  }
  const append: (link: FakeLink) => void = new Function(
    'document',
    'MessageChannel',
    `${PACED_APPEND}\nreturn rtAppendPaced;`,
  )(document, MessageChannel);
  return { append, pendingTasks: () => tasks.length, runTask: () => tasks.shift()?.() };
}

describe("Vite's preload helper, paced (web/build/paced-preload.ts)", () => {
  it("still finds the append it replaces in the installed Vite's helper", () => {
    const paced = paceHelper(installedPreloadFunction());
    expect(paced).not.toBeNull();
    const helper = paced!.slice(PACED_APPEND.length);
    expect(helper).toContain('rtAppendPaced(link);');
    expect(helper).not.toContain('document.head.appendChild(link);');
  });

  it('leaves a helper it does not recognise alone', () => {
    expect(paceHelper('export const preload = () => {};')).toBeNull();
  });

  it('appends stylesheets at once and script preloads a few per task, in order, until all are in', () => {
    const head: FakeLink[] = [];
    const { append, pendingTasks, runTask } = pacedAppendOver(head);
    const scripts = Array.from({ length: 3 * SCRIPT_PRELOADS_PER_TASK + 1 }, (_, i) => ({
      rel: 'modulepreload',
      href: `/assets/chunk-${i}.js`,
    }));
    for (const link of scripts.slice(0, 5)) append(link);
    append({ rel: 'stylesheet', href: '/assets/page.css' });
    for (const link of scripts.slice(5)) append(link);
    expect(head.map((link) => link.href)).toEqual(['/assets/page.css']);

    const perTask: number[] = [];
    while (pendingTasks() > 0) {
      const before = head.length;
      runTask();
      perTask.push(head.length - before);
    }
    const slice = SCRIPT_PRELOADS_PER_TASK;
    expect(perTask).toEqual([slice, slice, slice, 1]);
    expect(head.slice(1)).toEqual(scripts);

    // A later import starts the pacing again.
    append({ rel: 'modulepreload', href: '/assets/later.js' });
    expect(pendingTasks()).toBe(1);
    runTask();
    expect(head.at(-1)?.href).toBe('/assets/later.js');
  });
});
