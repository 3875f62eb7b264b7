/**
 * Prints the gzip size of what the first page load fetches: the entry script, its modulepreloads
 * and the stylesheets linked from dist/index.html. Run after `vite build`: `npm run size -w web`.
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
const css = collect(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);

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

const jsGz = report('First-load JS', js);
const cssGz = report('First-load CSS', css);
// The first-load budgets (docs/performance.md "Budgets"; tests/bench/lighthouse.ts SIZE_BUDGETS, which also holds
// /transactions to them).
const budget = { js: 170 * 1024, css: 50 * 1024 };
console.log(
  `Budgets: JS ${(jsGz / 1024).toFixed(1)}/${budget.js / 1024} KB ${jsGz <= budget.js ? 'OK' : 'OVER'}, ` +
    `CSS ${(cssGz / 1024).toFixed(1)}/${budget.css / 1024} KB ${cssGz <= budget.css ? 'OK' : 'OVER'}`,
);
