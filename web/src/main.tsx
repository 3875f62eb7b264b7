import '@cloudscape-design/global-styles/index.css';
import './styles/app.css';
import './styles/text-fit.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/queryClient';
import { App } from './app/App';
import { applyFirstStyles } from './app/firstStyles';
import { toastQueryErrors } from './app/queryErrorToasts';
import { preloadPage } from './app/routes';
import { startAuth } from './auth/session';
import { initTheme } from './theme/theme';

initTheme();
// In a task of their own: the stylesheets index.html preloaded are parsed as their links go in (Cloudscape's is
// 557 KB), which in the task that evaluates the first scripts made one long task of the two. After the theme, whose
// media query read would otherwise build their rule sets in this task too.
const stylesApplied = new Promise<void>((resolve) => setTimeout(() => void applyFirstStyles().then(resolve), 0));
// Unhandled errors go to the client log (docs/people.md "Client log"); its module loads on the first one. Not the
// notice the browser raises as an error event when a ResizeObserver callback changes layout (Cloudscape's components
// measure themselves): the observers run again in the next frame, and nothing failed.
const RESIZE_OBSERVER_NOTICE = /^ResizeObserver loop/;
window.addEventListener('error', (event) => {
  if (RESIZE_OBSERVER_NOTICE.test(event.message)) return;
  void import('./app/clientLog').then((log) => log.reportUnhandled(event.message || 'Unhandled error'));
});
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
  void import('./app/clientLog').then((log) => log.reportUnhandled(`Unhandled rejection: ${reason}`));
});
toastQueryErrors(queryClient);
// A returning visitor's session is known at once (its stored token); otherwise /config.json and the auth library
// load in parallel with the page's code while index.html's static header shows.
const sessionRead = startAuth();
// In a task of its own: adding a <link> per chunk and stylesheet of the page is, after evaluating the first scripts,
// the largest single cost of a phone's start; in the same task the two were one long task.
setTimeout(() => preloadPage(window.location.pathname), 0);

/**
 * The app's first render waits for its stylesheets (index.html's header bar is painted without them), and for the
 * session at most this long: rendered before it, the shell draws once while it is read and again when it is known.
 * The page's code need not be there: the shell's first render (its largest, AppLayout mounting and measuring) then
 * happens while the page's code downloads, and the page renders into it when its code arrives. After the wait the
 * app renders with what is there ("Checking your session").
 */
const FIRST_RENDER_WAIT_MS = 1500;
const root = createRoot(document.getElementById('root')!);
void Promise.all([
  stylesApplied,
  Promise.race([sessionRead, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]),
]).then(() =>
  // A transition, so React renders the first tree in slices and a phone's main thread stays responsive.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
