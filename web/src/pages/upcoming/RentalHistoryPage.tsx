import { isTenant } from '@rent/shared/core/roles';
import { useOrganization } from '../../api/organization';
import { RouterButton } from '../../components/RouterButton';
import { UpcomingPage } from './UpcomingPage';

export default function RentalHistoryPage() {
  const { role } = useOrganization();
  const tenant = isTenant(role);
  return (
    <UpcomingPage
      testId="rental-history-empty"
      title="Rental History"
      description={
        tenant ? 'Your lease and the rent you have paid.' : 'Rental history is the tenant view of leases and payments.'
      }
      emptyTitle="No rental history yet"
      emptyText={
        tenant
          ? 'Your lease dates and rent payments will appear here once your landlord records them. You can report a maintenance issue at any time.'
          : 'This page is meant for tenants. Your tenants will see their lease and payments here.'
      }
      action={
        tenant ? (
          <RouterButton href="/maintenance">Go to Maintenance</RouterButton>
        ) : (
          <RouterButton href="/properties">Go to Properties</RouterButton>
        )
      }
      willShow={[
        'Your lease start and end dates',
        'Rent payments recorded against your home',
        'Receipts for what you paid',
      ]}
    />
  );
}
