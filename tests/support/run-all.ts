import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { buildWebIfStale } from '../../infra/local/web-build.js';
import { hasTestChromium, TEST_CHROMIUM_PATH } from './chromium.js';

/**
 * `npm test`: every test project (unit, integration, infra, e2e). Without a Chromium the browser tests are skipped
 * with a one-line reason, unless REQUIRE_E2E=1 (CI), where a skipped browser suite is a failure.
 *
 * Two vitest runs side by side, each with a local stack of its own: the browser files and the rest, each two at a
 * time. In one run vitest started the browser files (then one at a time) only after every other project had finished,
 * so they ran alone while the machine sat a quarter idle (docs/offline-stack.md "The test stack").
 */
const requireE2e = process.env.REQUIRE_E2E === '1';
const withBrowser = hasTestChromium();
if (!withBrowser) {
  if (requireE2e) {
    console.error(`REQUIRE_E2E=1 but no Chromium at ${TEST_CHROMIUM_PATH}: the browser tests cannot run.`);
    process.exit(1);
  }
  console.log(
    `Skipping browser tests: no Chromium at ${TEST_CHROMIUM_PATH} (apt-get install -y chromium chromium-headless-shell, or set CHROMIUM_PATH).`,
  );
}

interface Run {
  projects: string[];
  report: string;
}
const runs: Run[] = [
  { projects: ['unit', 'integration', 'infra'], report: 'test-results/vitest.json' },
  ...(withBrowser ? [{ projects: ['e2e'], report: 'test-results/vitest-e2e.json' }] : []),
];

/** One vitest run; resolves with its exit code. A filter given to `npm test` goes to both (either may match none). */
function vitest({ projects, report }: Run): Promise<number> {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...(runs.length > 1 ? ['--passWithNoTests'] : []),
    ...process.argv.slice(2),
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The run without the browser starts before the web build, which only the browser run needs: the build keeps about
// one core busy for its 7-8 s (brotli at its highest quality is one thread), and the first run's setup takes the other.
// A failed build is told at once and fails `npm test` when the run already under way has ended.
const [withoutBrowser, browserRun] = runs;
const started = [vitest(withoutBrowser!)];
if (browserRun) {
  try {
    buildWebIfStale();
    started.push(vitest(browserRun));
  } catch (error) {
    console.error((error as Error).message);
    started.push(Promise.resolve(1));
  }
}
const codes = await Promise.all(started);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

if (requireE2e) {
  // Prove the browser tests really ran and passed (not filtered, not skipped).
  const report = runs.at(-1)!.report;
  const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { testResults: [] };
  const e2e = (results.testResults as { name: string; assertionResults: { status: string }[] }[])
    .filter((file) => file.name.includes('/tests/e2e/'))
    .flatMap((file) => file.assertionResults);
  const passed = e2e.filter((t) => t.status === 'passed').length;
  if (passed === 0 || passed !== e2e.length) {
    console.error(`Browser tests did not all run: ${passed} of ${e2e.length} passed.`);
    process.exit(1);
  }
  console.log(`Browser tests: ${passed} passed.`);
}
