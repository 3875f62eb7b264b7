/**
 * Applies the stylesheets index.html fetched without blocking its first paint (web/build/first-styles.ts): each
 * becomes a stylesheet link in the preload's place (so the cascade keeps the build's order, ahead of every page's
 * own CSS), served from the preload. Resolves when all have loaded or failed, so the first render is never unstyled.
 * In development Vite injects the CSS from the modules, and there is nothing to apply.
 */
export function applyFirstStyles(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-first-style]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.crossOrigin = preload.crossOrigin;
          sheet.href = preload.href;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
