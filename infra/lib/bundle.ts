/**
 * Builds every Lambda (each HTTP handler and each operator job) with ONE esbuild call (docs/deploy.md "The API in
 * several stacks"). NodejsFunction would start one esbuild per function (about 0.4 s each) and hides the output; one
 * call with many entry points shares the parse of the AWS SDK and middy between handlers and takes about a second for
 * all of them.
 *
 * Output: dist/functions/<route id>/index.mjs and dist/functions/jobs/<job id>/index.mjs (+ .map).
 * One folder per function is what keeps the CDK asset hashes distinct: Code.fromAsset hashes the
 * folder, so two functions built into one shared folder would get the same hash and a change to one
 * would redeploy (or miss) the other.
 *
 * Run as a script: `npm run build:functions` (tsx infra/lib/bundle.ts).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RouteDef, routeList } from '@rent/shared';
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FUNCTIONS_SRC = join(REPO_ROOT, 'functions', 'src', 'http');
export const JOBS_SRC = join(REPO_ROOT, 'functions', 'src', 'jobs');
export const FUNCTIONS_DIST = join(REPO_ROOT, 'dist', 'functions');

/**
 * Operator jobs deployed as Lambdas (functions/src/jobs/<id>.ts, each exporting `handler`). Listed
 * here rather than discovered: each one needs its own grants in infra/lib/jobs.ts anyway.
 */
export const JOB_IDS = ['rebuildRollups', 'buildTaxPackage', 'purgeOrganization', 'postCharges'] as const;
export type JobId = (typeof JOB_IDS)[number];
/** The Sync stack's functions (infra/lib/sync-stack.ts): the SQS consumer and the schedule's fan-out. */
export const SYNC_JOB_IDS = ['syncBank', 'scheduleBankSyncs'] as const;

/** Subfolder of the output holding the jobs; no route may be called this. */
const JOBS_FOLDER = 'jobs';

/** The folder Code.fromAsset() deploys for one route: its own folder, so its own asset hash. */
export const bundleDir = (routeId: string, outdir = FUNCTIONS_DIST): string => join(outdir, routeId);

/** The folder Code.fromAsset() deploys for one job (dist/functions/jobs/<job id>). */
export const jobBundleDir = (jobId: string, outdir = FUNCTIONS_DIST): string => join(outdir, JOBS_FOLDER, jobId);

/** Lambda handler string for every bundle: index.mjs exporting `handler`. */
export const BUNDLE_HANDLER = 'index.handler';

/**
 * Packages that do not say that loading them has no side effects, though they have none (classes, enums, constants):
 * esbuild keeps such a package in every bundle that reaches a module importing it, used or not: lib-storage's
 * multipart upload (with S3's command schemas, about 100 KiB) was in the tax package routes that only list.
 * Marked here, a package is in a bundle only when the handler's code uses it.
 */
const WITHOUT_SIDE_EFFECTS = ['@aws-sdk/lib-storage'];

export const packagesWithoutSideEffects: Plugin = {
  name: 'packages-without-side-effects',
  setup(pluginBuild) {
    const names = WITHOUT_SIDE_EFFECTS.map((name) => name.replace(/[/.]/g, '\\$&')).join('|');
    pluginBuild.onResolve({ filter: new RegExp(`^(${names})$`) }, async (args) => {
      if (args.pluginData === packagesWithoutSideEffects) return undefined;
      const resolved = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: packagesWithoutSideEffects,
      });
      return resolved.errors.length ? undefined : { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * How every Lambda is built (the entry points and output folder aside): tests/infra/lambda-credentials.test.ts builds
 * a probe with exactly these.
 */
export const LAMBDA_BUILD_OPTIONS = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Each function folder must be self-contained: shared chunks would live outside it.
  splitting: false,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // Prefer the ESM builds of the SDK and middy so tree-shaking can drop unused commands.
  mainFields: ['module', 'main'],
  // The AWS SDK v3 is bundled on purpose (no `external`): cold start and behaviour must not
  // depend on whichever SDK version the Lambda runtime happens to ship.
  minify: true,
  treeShaking: true,
  // External maps without sources: small to ship, and NODE_OPTIONS=--enable-source-maps turns
  // minified stack traces back into functions/src lines in CloudWatch.
  sourcemap: 'external',
  sourcesContent: false,
  legalComments: 'none',
  // A Lambda's credentials are in its environment: the SDK's default chain (profiles, SSO, web identity, metadata
  // services, with the clients they call) gives way to the environment's reader (functions/src/runtime/lambda-credentials.ts).
  alias: {
    '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'functions', 'src', 'runtime', 'lambda-credentials.ts'),
  },
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __rentCreateRequire } from 'node:module'; const require = __rentCreateRequire(import.meta.url);",
  },
  plugins: [packagesWithoutSideEffects],
  logLevel: 'warning',
} satisfies BuildOptions;

export interface BundleOptions {
  /** Where the per-function folders go (default dist/functions). Tests use a temporary folder. */
  outdir?: string;
  /** Which routes (default: the whole route table). */
  routes?: readonly RouteDef[];
  /** Which jobs (default: all of JOB_IDS and SYNC_JOB_IDS). */
  jobs?: readonly string[];
  /** Print one line per bundle with its size (default true). */
  log?: boolean;
  /** Also return esbuild's metafile (which source files went into which bundle), for tests/infra/lambda-bundles.test.ts. */
  metafile?: boolean;
}

export interface BundleResult {
  outdir: string;
  /** One per function; a job's id is `jobs/<job id>`. */
  bundles: { id: string; dir: string; bytes: number }[];
  /** Only when asked for (BundleOptions.metafile); output paths are relative to the working directory. */
  metafile?: Metafile;
}

export async function bundleFunctions(options: BundleOptions = {}): Promise<BundleResult> {
  const outdir = options.outdir ?? FUNCTIONS_DIST;
  const routes = options.routes ?? routeList;
  const jobs = options.jobs ?? [...JOB_IDS, ...SYNC_JOB_IDS];
  if (routes.some((route) => route.id === JOBS_FOLDER)) {
    throw new Error(`A route may not be called "${JOBS_FOLDER}": that folder holds the job bundles`);
  }
  const entry = (kind: string, id: string, file: string, out: string) => {
    if (!existsSync(file)) throw new Error(`${kind} ${id} has no handler file ${relative(REPO_ROOT, file)}`);
    return { in: file, out: `${out}/index` };
  };
  const functions = [
    ...routes.map((route) => ({ id: route.id, dir: bundleDir(route.id, outdir) })),
    ...jobs.map((job) => ({ id: `${JOBS_FOLDER}/${job}`, dir: jobBundleDir(job, outdir) })),
  ];
  // Routes and jobs in the same call: they share the parse of the SDK and the data layer.
  const entryPoints = [
    ...routes.map((route) => entry('Route', route.id, join(FUNCTIONS_SRC, `${route.id}.ts`), route.id)),
    ...jobs.map((job) => entry('Job', job, join(JOBS_SRC, `${job}.ts`), `${JOBS_FOLDER}/${job}`)),
  ];

  // A removed route or job must not leave a stale bundle behind that a later synth could pick up.
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    ...LAMBDA_BUILD_OPTIONS,
    entryPoints,
    outdir,
    metafile: options.metafile ?? false,
  });
  const ms = Math.round(performance.now() - started);

  const bundles = functions.map(({ id, dir }) => ({ id, dir, bytes: statSync(join(dir, 'index.mjs')).size }));
  if (options.log ?? true) {
    const width = Math.max(...bundles.map((b) => b.id.length));
    for (const b of bundles) console.log(`  ${b.id.padEnd(width)}  ${(b.bytes / 1024).toFixed(1).padStart(7)} KiB`);
    console.log(`Bundled ${bundles.length} functions into ${relative(REPO_ROOT, outdir) || '.'} in ${ms} ms`);
  }
  return { outdir, bundles, ...(result.metafile && { metafile: result.metafile }) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  bundleFunctions().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
