import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

type Lazy = LazyExoticComponent<ComponentType>;

const pages = {
  home: lazy(() => import('../pages/home/HomePage')),
  dashboard: lazy(() => import('../pages/dashboard/DashboardPage')),
  properties: lazy(() => import('../pages/properties/PropertiesPage')),
  transactions: lazy(() => import('../pages/transactions/TransactionsPage')),
  cashFlow: lazy(() => import('../pages/cash-flow/CashFlowPage')),
  reports: lazy(() => import('../pages/reports/ReportsPage')),
  maintenance: lazy(() => import('../pages/maintenance/MaintenancePage')),
  rentalHistory: lazy(() => import('../pages/rental-history/RentalHistoryPage')),
  orgSettings: lazy(() => import('../pages/org-settings/OrgSettingsPage')),
  account: lazy(() => import('../pages/settings/AccountPage')),
  preferences: lazy(() => import('../pages/settings/PreferencesPage')),
  notifications: lazy(() => import('../pages/settings/NotificationsPage')),
  security: lazy(() => import('../pages/settings/SecurityPage')),
  help: lazy(() => import('../pages/info/HelpPage')),
  terms: lazy(() => import('../pages/info/TermsPage')),
  privacy: lazy(() => import('../pages/info/PrivacyPage')),
  signin: lazy(() => import('../pages/signin/SignInPage')),
  invite: lazy(() => import('../pages/invite/InvitePage')),
  notFound: lazy(() => import('../pages/NotFoundPage')),
} satisfies Record<string, Lazy>;

/** Protected pages (SPEC §4): no session -> /signin?callbackUrl=...&error=SessionRequired. */
const PROTECTED: [path: string, page: Lazy][] = [
  ['dashboard', pages.dashboard],
  ['properties', pages.properties],
  ['transactions', pages.transactions],
  ['transactions/rules', lazy(() => import('../pages/rules/RulesPage'))],
  ['cash-flow', pages.cashFlow],
  ['reports', pages.reports],
  ['maintenance', pages.maintenance],
  ['org-settings', pages.orgSettings],
  ['rental-history', pages.rentalHistory],
  ['settings/account', pages.account],
  ['settings/preferences', pages.preferences],
  ['settings/notifications', pages.notifications],
  ['settings/security', pages.security],
];

const PUBLIC: [path: string, page: Lazy][] = [
  ['help', pages.help],
  ['terms-of-service', pages.terms],
  ['privacy-policy', pages.privacy],
  ['signin', pages.signin],
  ['invite/:token', pages.invite],
  ['subscribe/:token', lazy(() => import('../pages/links/SubscribePage'))],
  ['unsubscribe/:token', lazy(() => import('../pages/links/UnsubscribePage'))],
  ['*', pages.notFound],
];

/** Every route of SPEC §2, plus /signin. Pages load lazily inside the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<pages.home />} />
        {PROTECTED.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireSession>
                <Page />
              </RequireSession>
            }
          />
        ))}
        {PUBLIC.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
