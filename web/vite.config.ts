import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { cloudscapePatches } from './build/cloudscape-patches';
import { firstStyles } from './build/first-styles';
import { pacedPreload } from './build/paced-preload';
import { precompress } from './build/precompress';
import { routeManifestPlugin } from './build/route-manifest';

/**
 * Cloudscape's global-styles/index.css carries the eight Open Sans faces as base64 data URLs
 * (about 180 KB of CSS that blocks first paint). This plugin writes each face to a real .woff2
 * file and rewrites the @font-face to point at it, so the browser downloads only the faces the
 * page uses, in parallel, and caches them. Vite then fingerprints the files like any asset.
 * It also adds `font-display: swap` so text renders at once in the fallback font.
 */
const FONT_ALIAS = '@cloudscape-fonts';
const CSS_ID = /@cloudscape-design[\\/]global-styles[\\/]index\.css(\?.*)?$/;
const FACE = /@font-face\s*\{([^}]*)\}/g;
const DATA_URL = /url\(\s*['"]?data:font\/woff2;base64,([A-Za-z0-9+/=]+)['"]?\s*\)(\s*format\([^)]*\))?/;

function cloudscapeFonts(fontDir: string): Plugin {
  return {
    name: 'rent:cloudscape-fonts',
    enforce: 'pre',
    config: () => ({ resolve: { alias: { [FONT_ALIAS]: fontDir } } }),
    transform(code, id) {
      if (!CSS_ID.test(id)) return null;
      mkdirSync(fontDir, { recursive: true });
      let count = 0;
      const out = code.replace(FACE, (face: string, body: string) => {
        const data = DATA_URL.exec(body);
        if (!data) return face;
        const weight = /font-weight:\s*(\d+)/.exec(body)?.[1] ?? '400';
        const style = /font-style:\s*(\w+)/.exec(body)?.[1] ?? 'normal';
        const bytes = Buffer.from(data[1]!, 'base64');
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
        const file = `open-sans-${weight}-${style}-${hash}.woff2`;
        writeFileSync(path.join(fontDir, file), bytes);
        count += 1;
        const src = `url('${FONT_ALIAS}/${file}') format('woff2')`;
        const rewritten = body.replace(DATA_URL, src);
        const display = /font-display/.test(rewritten) ? '' : '\n  font-display: swap;';
        return `@font-face {${rewritten.trimEnd()}${display}\n}`;
      });
      if (count === 0) this.warn('no base64 font faces found in Cloudscape global styles; nothing rewritten');
      return { code: out, map: null };
    },
  };
}

/** The faces the first screen draws with (body text and headings); preloaded so text does not swap late. */
const PRELOAD_FACES = [/^open-sans-400-normal-/, /^open-sans-700-normal-/];

function preloadFonts(): Plugin {
  return {
    name: 'rent:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((file) =>
          PRELOAD_FACES.some((face) => face.test(path.basename(file))),
        );
        if (files.length !== PRELOAD_FACES.length)
          this.warn?.(`expected ${PRELOAD_FACES.length} fonts to preload, found ${files.length}`);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Vendor code every page needs and that changes rarely, in its own long-cached chunks. Only modules
 * of the first load are grouped; lazy code (Amplify, zod with the route table, pages) splits by itself.
 */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  {
    name: 'cloudscape',
    test: /[\\/]node_modules[\\/](@cloudscape-design|@formatjs|intl-messageformat|react-transition-group|clsx|tslib|@babel[\\/]runtime)[\\/]/,
    priority: 10,
  },
];

/**
 * React Router's package exports name only its development build, whose warnings (a check of every route match, a
 * console.error per caught error) would then ship to every visitor; its production build, in the same package, differs
 * only in turning them off. The build takes that one; `vite dev` keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return {
    name: 'rent:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [{ find: /^react-router$/, replacement: path.join(packageDir, 'dist/production/index.mjs') }],
      },
    }),
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    reactRouterProduction(),
    cloudscapeFonts(path.join(root, 'node_modules', '.cloudscape-fonts')),
    cloudscapePatches(),
    routeManifestPlugin(),
    preloadFonts(),
    firstStyles(),
    pacedPreload(),
    precompress(),
  ],
  resolve: {
    alias: [
      // Cloudscape's English messages ship pre-parsed (ASTs in i18n/messages/all.en), so the ICU message parser that
      // intl-messageformat imports is never called: its no-parser entry (which throws if a string ever came) drops
      // the parser, about 7 KB gzip, from the first load.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
      },
    ],
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Cloudscape components are large; the first-load budget is checked by `npm run bench`, not here.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Schema construction in shared (z.object(...), z.enum(...)) has no side effects: modules that only need
      // a plain helper from shared (humanizeRole, labels) then do not drag zod into the first load.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            ...VENDOR_GROUPS.map((g) => ({ ...g, tags: ['$initial' as const] })),
            // The Cloudscape parts nearly every page uses (content layout, header, container, space between, form
            // field, with what they need beyond the shell) in one chunk: they were some ten chunks under 2 KB each,
            // and a page's preload adds a <link> per chunk and per stylesheet, which a phone pays for at start.
            {
              name: 'cloudscape-common',
              test: /[\\/]@cloudscape-design[\\/]components[\\/](container|header|content-layout|space-between|form-field)[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
