import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS } from './demo-users.js';
import { JavaMissingError } from './dynamodb.js';
import { repoRoot, webDist } from './paths.js';
import { startLocalStack } from './stack.js';

/** `npm start`: the whole product offline, with demo data, on one https://localhost URL. */
async function main() {
  if (webIsStale()) {
    console.log('Building the web app (first start or sources changed)…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const stack = await startLocalStack({
    port: Number(process.env.PORT ?? 8443),
    persist: true,
    log: (line) => console.log(line),
  });
  console.log(`\nRent.Today is running at ${stack.url}\n`);
  console.log(
    'Your browser will warn about the self-signed certificate (made for localhost in .data/); accept it once.',
  );
  console.log(
    `Demo people on the sign-in page: ${DEMO_USERS.map((u) => `${u.name} (${u.role})`).join(', ')}; or any email.`,
  );
  console.log('Data is kept in .data/ across restarts. Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function webIsStale(): boolean {
  const built = join(webDist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return newestMtime(join(repoRoot, 'web/src')) > builtAt || newestMtime(join(repoRoot, 'shared/src')) > builtAt;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

main().catch((error) => {
  console.error(error instanceof JavaMissingError ? error.message : error);
  process.exit(1);
});
