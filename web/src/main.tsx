import '@cloudscape-design/global-styles/index.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/queryClient';
import { App } from './app/App';
import { reportUnhandledErrors } from './app/clientLog';
import { toastQueryErrors } from './app/queryErrorToasts';
import { startAuth } from './auth/session';
import { initTheme } from './theme/theme';

initTheme();
reportUnhandledErrors();
toastQueryErrors(queryClient);
// /config.json and the auth library load in parallel while the shell paints; the session starts as "loading".
void startAuth();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
