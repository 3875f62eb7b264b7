import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLoadedPart } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { leaseCard } from './parts';
import { useRentalHistoryPage } from './use-rental-history';

/**
 * Rental History (docs/product.md "Rental history", tenants): their leases and, per month, the rent due, received and
 * its status. Staff who open it get a pointer to where leases are managed.
 */
export default function RentalHistoryPage() {
  useDocumentTitle('Rental History');
  const page = useRentalHistoryPage();
  const LeaseCard = useLoadedPart(leaseCard, page.tenant);
  const loading = (
    <div className="rt-rental-loading" aria-busy="true">
      <Box color="text-status-inactive">Loading your rental history...</Box>
    </div>
  );
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            page.tenant || page.roleLoading
              ? 'Your leases and the rent for each month.'
              : 'What your tenants see of their leases and rent.'
          }
        >
          Rental History
        </Header>
      }
    >
      {page.roleLoading || page.loading ? (
        loading
      ) : !page.tenant ? (
        <Container data-testid="rental-history-staff">
          <EmptyState
            title="Leases are managed on each property"
            action={
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <RouterButton href="/reports?tab=rent-roll">Open the rent roll</RouterButton>
                <RouterButton href="/properties">Go to Properties</RouterButton>
              </SpaceBetween>
            }
          >
            Tenants see their leases and rent here. The rent roll in Reports shows every lease's rent due and received.
            To add, end or delete a lease, open Properties, select the property and choose Tenants and leases.
          </EmptyState>
        </Container>
      ) : page.failed ? (
        <Container>
          <EmptyState
            title="Your rental history could not be loaded"
            action={<Button onClick={page.retry}>Retry</Button>}
          >
            Please try again.
          </EmptyState>
        </Container>
      ) : page.leases.length === 0 ? (
        <Container data-testid="rental-history-empty">
          <EmptyState title="No lease yet" action={<RouterButton href="/maintenance">Go to Maintenance</RouterButton>}>
            Your lease and rent will appear here once your landlord adds your lease.
          </EmptyState>
        </Container>
      ) : LeaseCard ? (
        <SpaceBetween size="l">
          {page.leases.map((lease) => (
            <LeaseCard key={lease.id} lease={lease} />
          ))}
        </SpaceBetween>
      ) : (
        loading
      )}
    </ContentLayout>
  );
}
