import '@cloudscape-design/global-styles/index.css';
import './styles/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/queryClient';
import { App } from './app/App';
import { toastQueryErrors } from './app/queryErrorToasts';
import { preloadPage } from './app/routes';
import { startAuth } from './auth/session';
import { initTheme } from './theme/theme';

initTheme();
// Unhandled errors go to the client log (SPEC §7); its module loads on the first one.
window.addEventListener('error', (event) => {
  void import('./app/clientLog').then((log) =>
    log.sendClientLog('error', 'CLIENT_UNHANDLED_ERROR', event.message || 'Unhandled error'),
  );
});
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
  void import('./app/clientLog').then((log) =>
    log.sendClientLog('error', 'CLIENT_UNHANDLED_ERROR', `Unhandled rejection: ${reason}`),
  );
});
toastQueryErrors(queryClient);
// /config.json and the auth library load in parallel while the shell paints; the session starts as "loading".
void startAuth();
preloadPage(window.location.pathname);
// A transition, so React renders the app's first tree in slices and the phone's main thread stays responsive
// (a default update renders in one blocking task; the commit is one task either way).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
