import { I18nProvider } from '@cloudscape-design/components/i18n';
import enMessages from '@cloudscape-design/components/i18n/messages/all.en';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { OrganizationContext, useOrganizationQuery } from '../api/organization';
import { queryClient } from '../api/queryClient';
import { AppRoutes } from './routes';

export function App() {
  return (
    <I18nProvider locale="en" messages={[enMessages]}>
      <QueryClientProvider client={queryClient}>
        <OrganizationProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </OrganizationProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** The organization query, run once for everything below (useOrganization reads it). */
function OrganizationProvider({ children }: { children: ReactNode }) {
  return <OrganizationContext.Provider value={useOrganizationQuery()}>{children}</OrganizationContext.Provider>;
}
