import type { Plugin } from 'vite';

/** Vite's preload helper: the virtual module every dynamic import of the build goes through. */
const PRELOAD_HELPER_ID = /^\0vite\/preload-helper\.js$/;

/** The one line of the helper that adds a dependency's link to the document. */
const APPEND_LINK = 'document.head.appendChild(link);';

/**
 * How many script preloads one task adds. A link costs 0.4–1.5 ms of main thread on this 2-core machine; Lighthouse's
 * phone runs at a quarter of its speed, where a task over 50 ms blocks: four stay well under it.
 */
export const SCRIPT_PRELOADS_PER_TASK = 4;

/**
 * What the helper's append becomes: stylesheets at once (the import waits for them), script preloads a few per task,
 * each batch in a task of its own (a MessageChannel message: unlike a timer, neither clamped when chained nor slowed in
 * a background tab). The import itself does not wait for script preloads, and a module it reaches first is fetched
 * once whatever preload comes later.
 */
export const PACED_APPEND = `
const rtPacedLinks = [];
const rtPacer = typeof MessageChannel === 'function' ? new MessageChannel() : null;
if (rtPacer) rtPacer.port1.onmessage = () => {
  for (const link of rtPacedLinks.splice(0, ${SCRIPT_PRELOADS_PER_TASK})) document.head.appendChild(link);
  if (rtPacedLinks.length > 0) rtPacer.port2.postMessage(0);
};
function rtAppendPaced(link) {
  if (link.rel === 'stylesheet' || !rtPacer) return void document.head.appendChild(link);
  rtPacedLinks.push(link);
  if (rtPacedLinks.length === 1) rtPacer.port2.postMessage(0);
}
`;

/** The helper's code with its appends paced, or null when the helper no longer has the line this expects. */
export function paceHelper(code: string): string | null {
  if (code.split(APPEND_LINK).length !== 2) return null;
  return PACED_APPEND + code.replace(APPEND_LINK, 'rtAppendPaced(link);');
}

/**
 * Vite's preload helper adds a `<link rel=modulepreload>` for every chunk a dynamic import needs, all in the task that
 * asks for the import: opening /transactions on a phone adds 31 in one go, a task of 80 ms in a Lighthouse trace of
 * this machine, over 300 ms at a phone's speed, all of it blocking. Spread over tasks of a few links each, the same
 * links block nothing (docs/performance.md "The first render").
 */
export function pacedPreload(): Plugin {
  return {
    name: 'rent:paced-preload',
    apply: 'build',
    transform: {
      filter: { id: PRELOAD_HELPER_ID },
      handler(code) {
        const paced = paceHelper(code);
        if (paced === null) {
          this.warn(
            `Vite's preload helper has changed: its links are added all at once (${APPEND_LINK} not found once)`,
          );
          return null;
        }
        return { code: paced, map: null };
      },
    },
  };
}
