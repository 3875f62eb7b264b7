import { matchPath, Route, Routes } from 'react-router';
import { hasStoredSession } from '../auth/session';
import { BOOKS_DESKTOP_PARTS } from '../features/books/parts';
import { dashboardPage } from '../pages/dashboard/dashboardPage';
import { MAINTENANCE_DESKTOP_PARTS } from '../pages/maintenance/parts';
import { ORG_SETTINGS_DESKTOP_PARTS } from '../pages/org-settings/parts';
import { PROPERTIES_DESKTOP_PARTS } from '../pages/properties/parts';
import { RECONCILE_DESKTOP_PARTS } from '../pages/reconcile/parts';
import { RULES_DESKTOP_PARTS } from '../pages/rules/parts';
import { SECURITY_DESKTOP_PARTS } from '../pages/settings/parts';
import { LEDGER_DESKTOP_PARTS } from '../pages/transactions/parts';
import { LoadedPage, type PageLoader, pageLoader, withDesktopParts } from './pageLoader';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

const pages = {
  home: pageLoader(() => import('../pages/home/HomePage')),
  dashboard: dashboardPage,
  properties: pageLoader(() =>
    withDesktopParts(import('../pages/properties/PropertiesPage'), PROPERTIES_DESKTOP_PARTS),
  ),
  transactions: pageLoader(() =>
    withDesktopParts(import('../pages/transactions/TransactionsPage'), LEDGER_DESKTOP_PARTS),
  ),
  rules: pageLoader(() => withDesktopParts(import('../pages/rules/RulesPage'), RULES_DESKTOP_PARTS)),
  reconcile: pageLoader(() => withDesktopParts(import('../pages/reconcile/ReconcilePage'), RECONCILE_DESKTOP_PARTS)),
  cashFlow: pageLoader(() => withDesktopParts(import('../pages/cash-flow/CashFlowPage'), BOOKS_DESKTOP_PARTS)),
  reports: pageLoader(() => withDesktopParts(import('../pages/reports/ReportsPage'), BOOKS_DESKTOP_PARTS)),
  maintenance: pageLoader(() =>
    withDesktopParts(import('../pages/maintenance/MaintenancePage'), MAINTENANCE_DESKTOP_PARTS),
  ),
  rentalHistory: pageLoader(() => import('../pages/rental-history/RentalHistoryPage')),
  orgSettings: pageLoader(() =>
    withDesktopParts(import('../pages/org-settings/OrgSettingsPage'), ORG_SETTINGS_DESKTOP_PARTS),
  ),
  account: pageLoader(() => import('../pages/settings/AccountPage')),
  preferences: pageLoader(() => import('../pages/settings/PreferencesPage')),
  notifications: pageLoader(() => import('../pages/settings/NotificationsPage')),
  security: pageLoader(() => withDesktopParts(import('../pages/settings/SecurityPage'), SECURITY_DESKTOP_PARTS)),
  help: pageLoader(() => import('../pages/info/HelpPage')),
  terms: pageLoader(() => import('../pages/info/TermsPage')),
  privacy: pageLoader(() => import('../pages/info/PrivacyPage')),
  signin: pageLoader(() => import('../pages/signin/SignInPage')),
  invite: pageLoader(() => import('../pages/invite/InvitePage')),
  subscribe: pageLoader(() => import('../pages/links/SubscribePage')),
  unsubscribe: pageLoader(() => import('../pages/links/UnsubscribePage')),
  notFound: pageLoader(() => import('../pages/NotFoundPage')),
};

/**
 * Protected pages (docs/product.md "Sessions and sign-in"): no session ->
 * /signin?callbackUrl=...&error=SessionRequired.
 */
const PROTECTED: [path: string, page: PageLoader][] = [
  ['dashboard', pages.dashboard],
  ['properties', pages.properties],
  ['transactions', pages.transactions],
  ['transactions/rules', pages.rules],
  ['transactions/reconcile', pages.reconcile],
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

const PUBLIC: [path: string, page: PageLoader][] = [
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
 * Whether a path is one of the app's pages (not the "There is nothing at this address" page): "/", a protected or a
 * public route. Links the product puts in emails must be (tests/integration/email-links.test.ts).
 */
export function isAppRoute(pathname: string): boolean {
  if (pathname === '/') return true;
  return [...PROTECTED, ...PUBLIC].some(([path]) => path !== '*' && matchPath(`/${path}`, pathname) !== null);
}

/**
 * Starts downloading the page of `pathname` (and its styles) while the shell renders, instead of after: on a slow
 * network the page's chunk is what the first meaningful paint waits for. A protected page only when a session is
 * stored (otherwise the visit goes to sign-in); "/" is the dashboard for a returning visitor. Settles when the code
 * is there (or failed to load).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const signedIn = hasStoredSession();
  if (pathname === '/') {
    return Promise.all([pages.home.preload(), signedIn ? pages.dashboard.preload() : null]);
  }
  const protectedPage = PROTECTED.find(([path]) => matchPath(`/${path}`, pathname));
  if (protectedPage) return signedIn ? protectedPage[1].preload() : Promise.resolve();
  return PUBLIC.find(([path]) => matchPath(`/${path}`, pathname))?.[1].preload() ?? Promise.resolve();
}

/** Every route of docs/product.md "Routes". Pages load on demand inside the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<LoadedPage loader={pages.home} />} />
        {PROTECTED.map(([path, loader]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireSession>
                <LoadedPage loader={loader} />
              </RequireSession>
            }
          />
        ))}
        {PUBLIC.map(([path, loader]) => (
          <Route key={path} path={path} element={<LoadedPage loader={loader} />} />
        ))}
      </Route>
    </Routes>
  );
}
