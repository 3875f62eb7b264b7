import { PageLoading } from '../../app/PageLoading';
import { LoadedPage, pageLoader } from '../../app/pageLoader';
import { useSession } from '../../auth/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import LandingPage from './LandingPage';

const dashboard = pageLoader(() => import('../dashboard/DashboardPage'));

/** "/": the dashboard for a signed-in user (it counts as Dashboard in the sidebar), the welcome page otherwise. */
export default function HomePage() {
  const session = useSession();
  useDocumentTitle(null);
  if (session.status === 'loading') return <PageLoading text="Checking your session" />;
  if (session.status === 'authenticated') return <LoadedPage loader={dashboard} />;
  return <LandingPage />;
}
