import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatch, CLOUDSCAPE_PATCHES } from '../../web/build/cloudscape-patches';

// The packages' exports hide internal modules from resolution; the files are read from their folder.
const cloudscape = dirname(
  dirname(createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json')),
);
const sourceOf = (file: string) => readFileSync(join(cloudscape, file), 'utf8');

describe('Cloudscape patches (web/build/cloudscape-patches.ts)', () => {
  it('each still finds its text in the installed Cloudscape', () => {
    for (const patch of CLOUDSCAPE_PATCHES) expect(applyPatch(patch, sourceOf(patch.file)), patch.file).not.toBeNull();
  });

  /** checkSafeUrl from the module's code (its one import, a warning helper, stubbed). */
  async function checkSafeUrlOf(code: string): Promise<(component: string, url?: string) => void> {
    const standalone = code.replace(/^import .*$/m, 'const warnOnce = () => {};');
    return (await import(`data:text/javascript,${encodeURIComponent(standalone)}`)).checkSafeUrl;
  }

  it('the safe-URL check returns early for relative URLs and still blocks every javascript: URL it blocked', async () => {
    const patch = CLOUDSCAPE_PATCHES.find((p) => p.file === 'components/internal/utils/check-safe-url.js')!;
    const original = await checkSafeUrlOf(sourceOf(patch.file));
    const patched = await checkSafeUrlOf(applyPatch(patch, sourceOf(patch.file))!);
    const urls = [
      '/properties',
      'properties?x=1',
      '#main',
      'https://example.com/a',
      'mailto:a@example.com',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' \u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript:void(0)',
      '',
    ];
    const outcome = (check: typeof original, url: string) => {
      try {
        check('Link', url);
        return 'allowed';
      } catch {
        return 'blocked';
      }
    };
    for (const url of urls) expect(outcome(patched, url), JSON.stringify(url)).toBe(outcome(original, url));
    expect(outcome(patched, 'java\tscript:alert(1)')).toBe('blocked');
    expect(outcome(patched, '/properties')).toBe('allowed');
  });

  it('reads the direction from the nearest dir attribute, not from computed styles', async () => {
    const patch = CLOUDSCAPE_PATCHES.find((p) => p.file === 'component-toolkit/mjs/internal/direction/index.js')!;
    const code = applyPatch(patch, sourceOf(patch.file))!;
    const { getIsRtl } = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    const within = (dir: string | null) => ({
      closest: (selector: string) => (selector === '[dir]' && dir !== null ? { getAttribute: () => dir } : null),
    });
    expect(getIsRtl(within('rtl'))).toBe(true);
    expect(getIsRtl(within('ltr'))).toBe(false);
    expect(getIsRtl(within(null))).toBe(false);
    expect(getIsRtl(null)).toBe(false);
  });
});
