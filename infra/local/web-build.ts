import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, webDist } from './paths.js';

/**
 * Builds the SPA when web/dist is missing or older than what it is built from: its sources (web/src, shared/src), its
 * build's own code and settings (web/build holds the Vite plugins, Cloudscape's patches among them), its public files
 * and the installed packages' lockfile.
 */
export function buildWebIfStale(log: (line: string) => void = console.log) {
  if (!webIsStale()) return;
  log('Building the web app (first run or sources changed)…');
  // Always the production build: vitest runs with NODE_ENV=test, and Vite would then bundle React's development
  // build (twice the size, many times slower), which the browser tests and the Lighthouse bench would measure.
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The web build failed (see above).');
}

function webIsStale(): boolean {
  const built = join(webDist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return [
    'web/src',
    'web/build',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'shared/src',
    'package-lock.json',
  ].some((path) => newestMtime(join(repoRoot, path)) > builtAt);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
