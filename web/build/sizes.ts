/**
 * Prints the gzip size of what the first page load fetches: the entry script, its modulepreloads
 * and the stylesheets dist/index.html preloads. Run after `vite build`: `npm run size -w web`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

function collect(pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1]!).filter((href) => href.startsWith('/'));
}

const js = [
  ...collect(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...collect(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
];
// The stylesheets are preloaded and applied by the app before its first render (build/first-styles.ts).
const css = collect(/<link[^>]+rel="preload" as="style"[^>]+href="([^"]+)"/g);

function report(label: string, files: string[]) {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    const size = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gz += size;
    console.log(
      `  ${file.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(size / 1024).toFixed(1).padStart(7)} KB`,
    );
  }
  console.log(
    `${label}: ${files.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip\n`,
  );
  return gz;
}

report('First-load JS', js);
report('First-load CSS', css);
// No size budget: the 170 KB (JS) and 50 KB (CSS) ones were withdrawn, since React with the router and Cloudscape's
// core alone are 218 KB gzip (docs/performance.md "Budgets"). What is held to a budget is Lighthouse's mobile score
// of every signed-in page; these figures show what a change adds.
