import { afterAll, vi } from 'vitest';

/**
 * Run before every unit, integration and browser file. Those files share their worker with the files before them (the
 * projects set `isolate: false`: a fresh process per file spent about a third of the unit and integration run importing
 * the AWS SDK and the schemas again), so each file still starts as if alone: the environment it found is restored after
 * it, and the project's own modules are evaluated afresh for the next file. Handlers read their configuration from the
 * environment at import, as in Lambda, and a module's state (a remembered caller, a client made for an endpoint) must
 * not reach another file. What stays loaded is what is published under node_modules.
 */
const env = process.env;
const environment = { ...env };

afterAll(() => {
  // A file that put another object in place of process.env left vitest's vi.stubEnv deleting from the real one,
  // unseen: a later file's "unset" variable stayed set. Put back, and the file fails with the way to do it instead.
  const replaced = process.env !== env;
  process.env = env;
  for (const key of Object.keys(env)) if (!(key in environment)) delete env[key];
  Object.assign(env, environment);
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
  if (replaced) throw new Error('A test replaced process.env: change variables with vi.stubEnv instead.');
});
