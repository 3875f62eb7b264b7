import '@cloudscape-design/global-styles/index.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRoutes } from './api/client';
import { queryClient } from './api/queryClient';
import { App } from './app/App';
import { toastQueryErrors } from './app/queryErrorToasts';
import { startAuth } from './auth/session';
import { initTheme } from './theme/theme';

initTheme();
toastQueryErrors(queryClient);
// /config.json and the auth library load in parallel while the shell paints; the session starts as "loading".
void startAuth();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The route table (with its schemas) is needed by the first API call; fetch it while the browser is idle.
const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
idle(() => void loadRoutes());
