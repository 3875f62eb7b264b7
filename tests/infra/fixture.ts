import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { inject } from 'vitest';
import { defineRentApp, type RentStacks } from '../../infra/lib/app.js';
import { REPO_ROOT } from '../../infra/lib/bundle.js';
import { addNagChecks } from '../../infra/lib/nag.js';

export const TEST_CONTEXT = {
  siteUrl: 'https://rent.example.com',
  googleClientId: '1234567890-test.apps.googleusercontent.com',
} as const;

export interface Synthesized {
  app: App;
  stacks: RentStacks;
  assembly: CloudAssembly;
  /** The bundles the app was synthesized from (one folder per route, jobs/<job id> per job), shared: read only. */
  functionsDir: string;
  /** Removes the temporary web build and cloud assembly. */
  cleanup: () => void;
}

/**
 * The real app as `cdk synth` sees it: the real bundles (built once per run for every infra file,
 * tests/support/function-bundles.ts), a two-file stand-in for web/dist in a temporary folder, cdk.json's context
 * (feature flags included) and cdk-nag's checks. Nothing is written into the repository.
 */
async function synthRentApp(): Promise<Synthesized> {
  const dir = mkdtempSync(join(tmpdir(), 'rent-infra-'));
  const functionsDir = inject('functionBundles').outdir;

  const webDistDir = join(dir, 'web');
  mkdirSync(join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(
    join(webDistDir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(webDistDir, 'assets', 'index-abc123.js'), 'console.log("rent")');

  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({
    outdir: join(dir, 'cdk.out'),
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...TEST_CONTEXT },
  });
  const stacks = defineRentApp(app, { functionsDir, webDistDir });
  addNagChecks(app);
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    return { app, stacks, assembly: app.synth(), functionsDir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

let rentApp: Promise<Synthesized> | undefined;

/**
 * The real app synthesized once for the suites of tests/infra/app.test.ts: a synth is most of what each of them
 * costs. cdk-nag's checks add findings to the validation report and change no template, so the stacks and account
 * suites read the synth the nag suite checks; a finding nobody acknowledged makes the synth throw, and every suite
 * then fails with the report in view.
 */
export const theRentApp = (): Promise<Synthesized> => (rentApp ??= synthRentApp());

/** Removes the shared synth's temporary folder, if it was made. */
export const cleanUpTheRentApp = () =>
  rentApp?.then(
    (synth) => synth.cleanup(),
    () => undefined,
  );

/** Every stack of the app (the route stacks are a list). */
export const allStacks = ({ stacks }: Synthesized): Stack[] => [
  stacks.data,
  stacks.auth,
  stacks.api,
  ...stacks.routes,
  stacks.web,
];

/**
 * The Api stack, its route stacks and its stage stack as one template (their logical ids are distinct), so assertions about
 * "the API" see every route, function and policy wherever CloudFormation's resource limit put them.
 */
export function apiTemplate(synth: Synthesized): Template {
  const template = apiTemplates.get(synth) ?? mergedApiTemplate(synth);
  apiTemplates.set(synth, template);
  return template;
}

/** Merged once per synth: the suites that share a synth share its API template. */
const apiTemplates = new WeakMap<Synthesized, Template>();

function mergedApiTemplate({ stacks }: Synthesized): Template {
  const parts = [stacks.api, ...stacks.routes, stacks.stage].map((stack) => Template.fromStack(stack).toJSON());
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [section, entries] of Object.entries(part)) {
      if (typeof entries !== 'object' || entries === null) continue;
      merged[section] = { ...merged[section], ...(entries as Record<string, unknown>) };
    }
  }
  return Template.fromJSON(merged);
}
