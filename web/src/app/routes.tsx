import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { hasStoredSession } from '../auth/session';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

type Page = LazyExoticComponent<ComponentType> & { preload: () => void };

/** A page that loads on first render, or earlier through `preload` (one download either way). */
function page(load: () => Promise<{ default: ComponentType }>): Page {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load();
    return loading;
  };
  // A failed preload is no error of its own: the page's render gets the same promise and shows the failure.
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}

const pages = {
  home: page(() => import('../pages/home/HomePage')),
  dashboard: page(() => import('../pages/dashboard/DashboardPage')),
  properties: page(() => import('../pages/properties/PropertiesPage')),
  transactions: page(() => import('../pages/transactions/TransactionsPage')),
  rules: page(() => import('../pages/rules/RulesPage')),
  cashFlow: page(() => import('../pages/cash-flow/CashFlowPage')),
  reports: page(() => import('../pages/reports/ReportsPage')),
  maintenance: page(() => import('../pages/maintenance/MaintenancePage')),
  rentalHistory: page(() => import('../pages/rental-history/RentalHistoryPage')),
  orgSettings: page(() => import('../pages/org-settings/OrgSettingsPage')),
  account: page(() => import('../pages/settings/AccountPage')),
  preferences: page(() => import('../pages/settings/PreferencesPage')),
  notifications: page(() => import('../pages/settings/NotificationsPage')),
  security: page(() => import('../pages/settings/SecurityPage')),
  help: page(() => import('../pages/info/HelpPage')),
  terms: page(() => import('../pages/info/TermsPage')),
  privacy: page(() => import('../pages/info/PrivacyPage')),
  signin: page(() => import('../pages/signin/SignInPage')),
  invite: page(() => import('../pages/invite/InvitePage')),
  subscribe: page(() => import('../pages/links/SubscribePage')),
  unsubscribe: page(() => import('../pages/links/UnsubscribePage')),
  notFound: page(() => import('../pages/NotFoundPage')),
};

/** Protected pages (SPEC §4): no session -> /signin?callbackUrl=...&error=SessionRequired. */
const PROTECTED: [path: string, page: Page][] = [
  ['dashboard', pages.dashboard],
  ['properties', pages.properties],
  ['transactions', pages.transactions],
  ['transactions/rules', pages.rules],
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

const PUBLIC: [path: string, page: Page][] = [
  ['help', pages.help],
  ['terms-of-service', pages.terms],
  ['privacy-policy', pages.privacy],
  ['signin', pages.signin],
  ['invite/:token', pages.invite],
  ['subscribe/:token', pages.subscribe],
  ['unsubscribe/:token', pages.unsubscribe],
  ['*', pages.notFound],
];

/**
 * Starts downloading the page of `pathname` (and its styles) while the shell renders, instead of after: on a slow
 * network the page's chunk is what the first meaningful paint waits for. A protected page only when a session is
 * stored (otherwise the visit goes to sign-in); "/" is the dashboard for a returning visitor.
 */
export function preloadPage(pathname: string) {
  const signedIn = hasStoredSession();
  if (pathname === '/') {
    pages.home.preload();
    if (signedIn) pages.dashboard.preload();
    return;
  }
  const protectedPage = PROTECTED.find(([path]) => matchPath(`/${path}`, pathname));
  if (protectedPage) {
    if (signedIn) protectedPage[1].preload();
    return;
  }
  PUBLIC.find(([path]) => matchPath(`/${path}`, pathname))?.[1].preload();
}

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
