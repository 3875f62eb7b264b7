import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type BundleResult, bundleFunctions } from '../../infra/lib/bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real Lambda bundles of this checkout, built once for the infra files (read them, never write). */
    functionBundles: {
      outdir: string;
      bundles: BundleResult['bundles'];
      /** esbuild's metafile of that build, as JSON (output paths relative to the repository). */
      metafilePath: string;
    };
  }
}

/**
 * Builds every route's and job's bundle once per run, for every infra file: the stacks synthesize from them and the
 * bundle test reads their metafile. One esbuild call of every function is about 16 s of both cores on this machine;
 * each file building its own was most of the infra files' time.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'rent-bundles-'));
  const outdir = join(dir, 'functions');
  const { bundles, metafile } = await bundleFunctions({ outdir, log: false, metafile: true });
  const metafilePath = join(dir, 'metafile.json');
  writeFileSync(metafilePath, JSON.stringify(metafile));
  project.provide('functionBundles', { outdir, bundles, metafilePath });
  return () => rmSync(dir, { recursive: true, force: true });
}
