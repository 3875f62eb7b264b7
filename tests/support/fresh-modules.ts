import { afterAll, vi } from 'vitest';

/**
 * Run before every unit and integration file. Those files share their worker with the files before them (the
 * projects set `isolate: false`: a fresh process per file spent most of the run re-importing the AWS SDK), so each
 * file still starts as if alone: the environment it found is restored after it, and the project's own modules are
 * evaluated afresh for the next file. Handlers read their configuration from the environment at import, as in Lambda,
 * and a module's state (a remembered caller, a client made for an endpoint) must not carry over from one file to the
 * next. What stays loaded is what is published under node_modules, which keeps no state of a test's.
 */
const environment = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});
