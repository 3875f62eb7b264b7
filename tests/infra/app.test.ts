import { afterAll } from 'vitest';
import { cleanUpTheRentApp } from './fixture.js';
import './app/stacks.js';
import './app/account.js';
import './app/nag.js';

/**
 * The real app's stacks, its account-level parts and cdk-nag's report: three suites of one file, reading one synth
 * (tests/infra/fixture.ts `theRentApp`). In files of their own, each paid a synth of the whole app.
 */
afterAll(cleanUpTheRentApp);
