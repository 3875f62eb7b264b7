import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { buildWebIfStale } from '../../infra/local/web-build.js';
import { CHROMIUM_PATH, hasChromium } from './chromium.js';

/**
 * `npm test`: every test project in one vitest run (unit, integration, infra, e2e). Without a
 * Chromium the browser tests are skipped with a one-line reason, unless REQUIRE_E2E=1 (CI),
 * where a skipped browser suite is a failure.
 */
const requireE2e = process.env.REQUIRE_E2E === '1';
const projects = ['unit', 'integration', 'infra'];
if (hasChromium()) {
  projects.push('e2e');
  buildWebIfStale();
} else if (requireE2e) {
  console.error(`REQUIRE_E2E=1 but no Chromium at ${CHROMIUM_PATH}: the browser tests cannot run.`);
  process.exit(1);
} else {
  console.log(
    `Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
}

const report = 'test-results/vitest.json';
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
if (run.status !== 0) process.exit(run.status ?? 1);

if (requireE2e) {
  // Prove the browser tests really ran and passed (not filtered, not skipped).
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
