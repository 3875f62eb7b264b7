import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const WEB = new URL('../../web/', import.meta.url);

/**
 * app.css colours, fonts and radii with Cloudscape's design-token custom properties, whose names end in a hash fixed
 * per Cloudscape release. A release that renames one would leave the fallback (the light theme's value) in dark mode
 * too, unseen; this test names the token to update instead.
 */
describe('the design tokens app.css uses', () => {
  it('are all defined by the installed Cloudscape theme', () => {
    const css = readFileSync(new URL('src/styles/app.css', WEB), 'utf8');
    // Every custom property that is not the app's own (--rt-*) is a Cloudscape token.
    const used = [...new Set([...css.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1]!))].filter(
      (name) => !name.startsWith('--rt-'),
    );
    // The package's exports hide its CSS files: find the package, then the theme beside it.
    const components = dirname(
      require.resolve('@cloudscape-design/components/package.json', { paths: [fileURLToPath(WEB)] }),
    );
    const theme = readFileSync(join(components, 'internal/base-theme/styles.scoped.css'), 'utf8');
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !theme.includes(`${name}:`))).toEqual([]);
  });
});
