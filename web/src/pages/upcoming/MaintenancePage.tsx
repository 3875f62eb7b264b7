import { isTenant } from '@rent/shared/core/roles';
import { useOrganization } from '../../api/organization';
import { RouterButton } from '../../components/RouterButton';
import { UpcomingPage } from './UpcomingPage';

export default function MaintenancePage() {
  const { role } = useOrganization();
  const tenant = isTenant(role);
  return (
    <UpcomingPage
      testId="maintenance-empty"
      title="Maintenance"
      description={
        tenant
          ? 'Report a problem at your home and follow it until it is fixed.'
          : 'Requests from tenants and your own repair jobs, from new to resolved.'
      }
      emptyTitle="No maintenance requests"
      emptyText={
        tenant
          ? 'Requests you report will be listed here with their status, from new to resolved.'
          : 'Maintenance requests for your properties will be listed here with their status, from new to resolved.'
      }
      action={tenant ? undefined : <RouterButton href="/properties">Go to Properties</RouterButton>}
      willShow={[
        'Each request with its property, issue type and status',
        'When the reporter prefers to be contacted',
        'Progress from New to Pending, In progress and Resolved',
      ]}
    />
  );
}
