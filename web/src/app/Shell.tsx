import Alert from '@cloudscape-design/components/alert';
import AppLayout, { type AppLayoutProps } from '@cloudscape-design/components/app-layout';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, setOrganizationLostHandler, setUnauthorizedHandler } from '../api/client';
import { leaveForHome } from '../api/myOrganizations';
import { useOrganization } from '../api/organization';
import { usePendingInvitation } from '../auth/pendingInvitation';
import { hasStoredSession, onReturnPath, onSignInError, refreshSession, useSession } from '../auth/session';
import { SignInModalProvider } from '../components/signin/SignInModal';
import { toast } from '../components/toast/store';
import { Toaster } from '../components/toast/Toaster';
import { MaintenanceFlyoutHost } from '../features/maintenance-flyout/MaintenanceFlyoutHost';
import { CreateOrganizationModal } from '../features/organizations/CreateOrganizationModal';
import { RuleDialogHost } from '../features/rule-dialog/RuleDialogHost';
import { openRuleDialog } from '../features/rule-dialog/store';
import { registerRuleTipHandler } from '../features/transaction-flyout/store';
import { TransactionFlyoutHost } from '../features/transaction-flyout/TransactionFlyoutHost';
import { leaveNotice, leaveSessionEnded } from '../lib/notices';
import { signInPathFor } from '../lib/returnPath';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { AppNavigation } from './AppNavigation';
import { NoOrganization } from './NoOrganization';
import { NoticeBanner, pendingNotice } from './NoticeBanner';
import { PageLoading } from './PageLoading';
import { RouteErrorBoundary } from './RouteError';
import { routeHandle } from './routeHandle';

// docs/product.md "Details tab": the tip after a category change offers "Create Rule", prefilled from that transaction.
registerRuleTipHandler((t) => openRuleDialog({ merchantName: t.name, category: t.category, propertyId: t.propertyId }));

/** Pages anyone may read, which a person without an organization still reaches. */
const INFO_PAGE = /^\/(help|terms-of-service|privacy-policy)(\/|$)/;

export function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const handle = routeHandle(location.pathname);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [navigationOpen, setNavigationOpen] = useState(desktop);
  const layoutRef = useRef<AppLayoutProps.Ref>(null);

  const signedIn = session.status === 'authenticated';
  // A tab that signs in for an invitation stays on its page until it is accepted (or set aside there).
  const invitation = usePendingInvitation();
  // Not while the session is read: the OAuth return's ?code= must stay in the URL until Amplify has used it.
  const holdForInvitation = !!invitation && session.status !== 'loading' && !location.pathname.startsWith('/invite/');
  // While the session is read, a returning visitor's page is laid out with the navigation already (no shift).
  const [storedSession] = useState(hasStoredSession);
  const showNavigation = (signedIn || (session.status === 'loading' && storedSession)) && !handle.hideLogin;

  useEffect(() => setNavigationOpen(desktop), [desktop]);
  // A phone's navigation is a closed drawer at first: its links mount when it first opens, not in the page's first
  // render (about a seventh of its elements), and stay mounted after.
  const [navigationMounted, setNavigationMounted] = useState(navigationOpen);
  if (navigationOpen && !navigationMounted) setNavigationMounted(true);
  const navigation = navigationMounted ? <AppNavigation /> : <span />;

  // After the OAuth redirect lands on "/", go where the user was heading.
  useEffect(() => onReturnPath((path) => navigate(path, { replace: true })), [navigate]);
  useEffect(() => onSignInError((message) => toast.error('Sign-in failed', { description: message })), []);

  // A 401 from the API: the session is gone; re-read it and ask the user to sign in again.
  const here = `${location.pathname}${location.search}`;
  const hereRef = useRef(here);
  hereRef.current = here;
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      if (window.location.pathname === '/signin') return;
      // The sign-in page says why the session ended when the server said (signed out everywhere, account deleted).
      if (message) leaveSessionEnded(message);
      void refreshSession(true);
      navigate(signInPathFor(hereRef.current), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  // 403 NOT_A_MEMBER: the remembered organization is no longer this person's (the client forgot it); start
  // again in their default organization with nothing cached, and say so there (or on the no-organization page).
  useEffect(() => {
    setOrganizationLostHandler((organization) => {
      leaveNotice({ kind: 'removed', organization });
      leaveForHome();
    });
    return () => setOrganizationLostHandler(null);
  }, []);
  // 403 NO_ORGANIZATION: they belong to none; every page would answer the same, so none is drawn.
  const { error: organizationError } = useOrganization();
  const noOrganization = organizationError instanceof ApiError && organizationError.code === 'NO_ORGANIZATION';
  const removed = pendingNotice();

  // Each navigation starts at the top of the page, with focus moved to the main content for screen readers.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    layoutRef.current?.closeNavigationIfNecessary();
  }, [location.pathname]);

  return (
    <SignInModalProvider>
      <a className="rt-skip-link" href="#main-content">
        Skip to main content
      </a>
      <div id="rt-header" className="rt-header">
        <AppHeader hideLogin={!!handle.hideLogin} />
      </div>
      <AppLayout
        ref={layoutRef}
        headerSelector="#rt-header"
        footerSelector="#rt-footer"
        toolsHide
        // Pages' headers are not high-contrast: without this, each ContentLayout's measured header height is written
        // to a custom property on the layout's root, restyling the whole page inside its commit (docs/performance.md).
        disableContentHeaderOverlap
        navigationHide={!showNavigation}
        navigation={showNavigation ? navigation : undefined}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        contentType={handle.contentType ?? 'default'}
        ariaLabels={{
          navigation: 'Main navigation',
          navigationToggle: 'Open navigation',
          navigationClose: 'Close navigation',
          notifications: 'Notifications',
        }}
        content={
          <div id="main-content" tabIndex={-1} className="rt-main">
            {session.bootError ? (
              <Box padding={{ top: 'l' }}>
                <Alert
                  type="error"
                  header="Rent.Today could not start"
                  action={<Button onClick={() => window.location.reload()}>Reload</Button>}
                  data-testid="boot-error"
                >
                  The app configuration could not be loaded, so signing in is not possible right now. Check your
                  connection and reload the page.
                </Alert>
              </Box>
            ) : null}
            <NoticeBanner hidden={noOrganization} />
            <RouteErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<PageLoading />}>
                {holdForInvitation ? (
                  <Navigate to={`/invite/${invitation}`} replace />
                ) : noOrganization && !handle.hideLogin && !INFO_PAGE.test(location.pathname) ? (
                  <NoOrganization removedFrom={removed?.kind === 'removed' ? removed.organization : undefined} />
                ) : (
                  <Outlet />
                )}
              </Suspense>
            </RouteErrorBoundary>
          </div>
        }
      />
      <AppFooter />
      <TransactionFlyoutHost />
      <MaintenanceFlyoutHost />
      <RuleDialogHost />
      <CreateOrganizationModal />
      <Toaster />
    </SignInModalProvider>
  );
}
