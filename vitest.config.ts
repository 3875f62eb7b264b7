import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { routeManifestPlugin } from './web/build/route-manifest';

/**
 * The whole run is on UTC, as Lambda is, whatever the machine's zone: this process (its global setups run the local
 * stack and its handlers), the workers and the Chromium they launch inherit it. A test that reads "today" in local time
 * (a browser page, a date a test builds with getDate) then agrees with the server and with tests/support/one-day.ts.
 */
process.env.TZ = 'UTC';

/**
 * Files run side by side in unit, integration and infra: vitest's default (a core less than the machine has), but at
 * least two, since an integration test spends much of its time waiting on DynamoDB Local and the gateway, which run
 * outside its worker. On 2 cores that is 2 workers, not 1 (docs/offline-stack.md "The test stack").
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

/**
 * A worker runs file after file without a fresh process for each: re-importing the AWS SDK and every schema per file
 * was about a third of the unit and integration time. Each file still starts as if alone
 * (tests/support/fresh-modules.ts: the environment restored and the project's modules evaluated afresh after it).
 */
const sharedWorkers = { isolate: false, setupFiles: ['tests/support/fresh-modules.ts'] };

/**
 * Integration and browser files read today's date from the real clock on both sides of the API: each starts only where
 * the UTC day will not end before it does (tests/support/one-day.ts).
 */
const realClockWorkers = { ...sharedWorkers, setupFiles: [...sharedWorkers.setupFiles, 'tests/support/one-day.ts'] };

/**
 * Four projects, all run by `npm test` (tests/support/run-all.ts):
 *  unit        pure logic and handlers with aws-sdk-client-mock for failures emulators cannot produce
 *  integration the real handlers through the local gateway, DynamoDB Local (in-memory) and s3rver
 *  infra       CDK Template assertions and cdk-nag
 *  e2e         Debian's Chromium through the real sign-in page
 */
export default defineConfig({
  // Web modules under unit test import the client, which reads the route manifest the build makes.
  plugins: [routeManifestPlugin()],
  test: {
    // Lambda runs Node 24; the SDK's notice about developing on Node 20 is noise in test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      // Property-based tests are CPU-bound: a busy machine must not turn them into timeouts (flaky CI).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          maxWorkers,
          ...sharedWorkers,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack.ts'],
          // The heaviest tests (thousands of writes to DynamoDB Local) take 15-20 s on a quick day and up to 30 s on
          // a slow one, with the browser run beside them: 30 s timed one out. A hang still ends in 90 s.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers,
          ...realClockWorkers,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          globalSetup: ['tests/support/function-bundles.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          maxWorkers,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for a condition as long as Playwright's own waits (tests/e2e/browser.ts),
          // not vitest's default 1 s, which a loaded machine misses on a page's first render.
          expect: { poll: { timeout: 20_000 } },
          // Two files at once: one file's browser, gateway and DynamoDB Local leave about half the machine idle,
          // waiting on each other (docs/offline-stack.md "What runs side by side").
          maxWorkers: 2,
          ...realClockWorkers,
        },
      },
    ],
  },
});
