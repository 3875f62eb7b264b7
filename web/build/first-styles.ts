import type { Plugin } from 'vite';

/** The marker of the stylesheets index.html fetches without waiting for them; web/src/app/firstStyles.ts applies them. */
const FIRST_STYLE_ATTRIBUTE = 'data-first-style';

const STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;

/**
 * The build's stylesheets become `<link rel="preload" as="style">`: fetched at once and at the highest priority, but
 * no longer holding the first paint, which is index.html's own header bar (styled inline) instead of a white screen
 * while about 45 KB of CSS arrive over a phone's network. The app adds the stylesheets themselves before its first
 * render and waits for them, so no component ever draws unstyled (web/src/app/firstStyles.ts).
 */
export function firstStyles(): Plugin {
  return {
    name: 'rent:first-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        let count = 0;
        const out = html.replace(STYLESHEET, (_link, crossorigin: string | undefined, href: string) => {
          count += 1;
          return `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" ${FIRST_STYLE_ATTRIBUTE}>`;
        });
        if (count === 0) this.error?.('index.html links no stylesheet: nothing for the app to apply');
        return out;
      },
    },
  };
}
