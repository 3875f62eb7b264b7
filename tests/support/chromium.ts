import { existsSync } from 'node:fs';

/** Debian's Chromium (Playwright's own browser download cannot work on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM_PATH);

/**
 * The browser the tests drive: Debian's headless shell when it is installed (`chromium-headless-shell`, the same
 * Chromium build without the desktop browser around it, which Playwright itself uses for headless runs; the browser
 * files spend about a tenth less CPU with it), otherwise the full Chromium. The benches keep the full browser: they
 * measure what a person's browser does (docs/offline-stack.md "The test stack").
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const hasTestChromium = () => existsSync(TEST_CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The tests' browser runs pages with V8's baseline compiler at most (Sparkplug; no Maglev or TurboFan). A test loads
 * each page a few times and asserts what it shows, never how fast, so optimizing its JavaScript is CPU the suite waits
 * on: three heavy browser files spent about a tenth less of the machine's CPU with it (docs/offline-stack.md "The test
 * stack"). The benches keep V8's defaults, since they measure what a person's browser does.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--max-opt=1'];
