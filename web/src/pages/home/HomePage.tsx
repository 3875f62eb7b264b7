import { PageLoading } from '../../app/PageLoading';
import { LoadedPage } from '../../app/pageLoader';
import { useSession } from '../../auth/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { dashboardPage } from '../dashboard/dashboardPage';
import LandingPage from './LandingPage';

/** "/": the dashboard for a signed-in user (it counts as Dashboard in the sidebar), the welcome page otherwise. */
export default function HomePage() {
  const session = useSession();
  useDocumentTitle(null);
  if (session.status === 'loading') return <PageLoading text="Checking your session" />;
  if (session.status === 'authenticated') return <LoadedPage loader={dashboardPage} />;
  return <LandingPage />;
}
