import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every reference to the docs resolves. The one form is
 *
 *     docs/<page>.md "<Exact heading text>"
 *
 * (docs/README.md "Referring to the docs"): the page must exist, and a heading quoted right after it must be a `#`,
 * `##` or `###` heading of that page, character for character. A reference may wrap onto the next comment line.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where references are looked for: folders (their .ts, .tsx and .md files) and single files. */
const SCANNED = ['functions', 'web/src', 'shared/src', 'infra', 'tests', 'docs', 'README.md', 'web/README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-compressed', 'cdk.out', '.data']);
const SCANNED_EXTENSIONS = ['.ts', '.tsx', '.md'];

interface DocsReference {
  file: string;
  line: number;
  page: string;
  heading: string | null;
  /** The reference puts a comma between page and heading: not the one form. */
  comma: boolean;
}

/** The `#`, `##` and `###` headings of a markdown page, outside fenced code. */
function headingsOf(markdown: string): Set<string> {
  const headings = new Set<string>();
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) headings.add(m[1]!);
  }
  return headings;
}

const PAGE = /(?<![\w./-])docs\/([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\.md)/g;
/** A quoted heading right after the page, possibly on the next comment line, possibly inside a TS string (\"). */
const QUOTED = /^(,?)[ \t]*(?:\r?\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*)?\\?"([^"\\]{1,200})\\?"/;

/** The docs references in one file's text. */
function referencesIn(text: string, file: string): DocsReference[] {
  const found: DocsReference[] = [];
  for (const m of text.matchAll(PAGE)) {
    const end = m.index + m[0].length;
    const quoted = QUOTED.exec(text.slice(end, end + 260));
    // A wrapped heading: join its lines, dropping the comment marks at their starts.
    const heading = quoted ? quoted[2]!.replace(/\s*\r?\n\s*(?:\*(?!\/)|\/\/|#)?\s*/g, ' ').trim() : null;
    found.push({
      file,
      line: text.slice(0, m.index).split('\n').length,
      page: `docs/${m[1]}`,
      heading,
      comma: quoted?.[1] === ',',
    });
  }
  return found;
}

/** What is wrong with a reference, or null. `pages` maps a page path to its headings (absent = no such page). */
function problemOf(ref: DocsReference, pages: (page: string) => Set<string> | undefined): string | null {
  const headings = pages(ref.page);
  const where = `${ref.file}:${ref.line}`;
  if (!headings) return `${where}: ${ref.page} does not exist`;
  if (ref.comma) return `${where}: write ${ref.page} "${ref.heading}" (no comma between page and heading)`;
  if (ref.heading !== null && !headings.has(ref.heading)) {
    return `${where}: ${ref.page} has no heading "${ref.heading}"`;
  }
  return null;
}

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(join(path, entry.name));
    return SCANNED_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) ? [join(path, entry.name)] : [];
  });
}

const pageCache = new Map<string, Set<string> | undefined>();
function pageHeadings(page: string): Set<string> | undefined {
  if (!pageCache.has(page)) {
    const full = join(ROOT, page);
    pageCache.set(page, existsSync(full) ? headingsOf(readFileSync(full, 'utf8')) : undefined);
  }
  return pageCache.get(page);
}

const referencesUnder = (path: string) =>
  filesUnder(path).flatMap((file) =>
    referencesIn(readFileSync(join(ROOT, file), 'utf8'), relative(ROOT, join(ROOT, file))),
  );

describe('references to the docs', () => {
  it.each(SCANNED)('in %s name existing pages and headings', (path) => {
    const problems = referencesUnder(path)
      .map((ref) => problemOf(ref, pageHeadings))
      .filter((p): p is string => p !== null);
    expect(problems, `Dangling docs references:\n${problems.join('\n')}`).toEqual([]);
  });

  it('are found: the code refers to the docs at all', () => {
    expect(referencesUnder('shared/src').length).toBeGreaterThan(10);
    expect(referencesUnder('infra').length).toBeGreaterThan(5);
  });
});

describe('the reference checker', () => {
  const page = (name: string) => `docs/${name}.md`;
  const pages = (p: string) =>
    p === page('ledger') ? headingsOf('# The ledger\n\n## Receipts\n\n### Presigning\n') : undefined;
  const check = (text: string) =>
    referencesIn(text, 'x.ts')
      .map((ref) => problemOf(ref, pages))
      .filter((p) => p !== null);

  it('accepts an existing page, with or without one of its headings, also wrapped onto the next comment line', () => {
    expect(check(`// see ${page('ledger')}`)).toEqual([]);
    expect(check(`/** ${page('ledger')} "Receipts" */`)).toEqual([]);
    expect(check(`'(${page('ledger')} \\"Presigning\\")'`)).toEqual([]);
    expect(check(` * the rule (${page('ledger')}\n * "Receipts"): ...`)).toEqual([]);
    expect(check(`# ${page('ledger')} "The ledger"`)).toEqual([]);
  });

  it('fails a missing page, a missing heading, a heading that is only a prefix, and the comma form', () => {
    expect(check(`// ${page('decisions')} "Receipts"`)).toEqual([`x.ts:1: ${page('decisions')} does not exist`]);
    expect(check(`// ${page('ledger')} "Bulk updates"`)).toEqual([
      `x.ts:1: ${page('ledger')} has no heading "Bulk updates"`,
    ]);
    expect(check(`// ${page('ledger')} "Receipt"`)).toHaveLength(1);
    expect(check(`// ${page('ledger')}, "Receipts"`)).toHaveLength(1);
  });

  it('reads headings outside fenced code only, without trailing hashes', () => {
    expect([...headingsOf('# A\n```\n## Not one\n```\n## B ##\n#### Too deep\n')]).toEqual(['A', 'B']);
  });

  it('does not take a path that merely ends in docs/ for a reference', () => {
    expect(referencesIn(`web/docs/x.md and ${page('ledger')}`, 'x.ts')).toHaveLength(1);
  });
});
