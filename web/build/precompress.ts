import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text types worth compressing; images and fonts are compressed formats already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) of every compressible file of the build into a sibling folder
 * (dist/assets/x.js -> dist-compressed/assets/x.js.br), so the local origin
 * (infra/local/static.ts) serves compressed bytes chosen by Accept-Encoding without compressing per request, as
 * CloudFront does from its cache in AWS. Build time, not request time: the highest levels are affordable once.
 * A sibling folder, not dist itself, because the Web stack deploys dist as it is (CloudFront compresses on its own).
 */
export const compressedDirOf = (outDir: string) => `${outDir.replace(/[\\/]+$/, '')}-compressed`;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'rent:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const target = compressedDirOf(outDir);
      rmSync(target, { recursive: true, force: true });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const out = path.join(target, path.relative(outDir, file));
        mkdirSync(path.dirname(out), { recursive: true });
        writeFileSync(
          `${out}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${out}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
