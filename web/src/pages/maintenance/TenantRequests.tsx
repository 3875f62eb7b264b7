import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ISSUE_TYPE_LABELS } from '@rent/shared/core/maintenance';
import type { MaintenanceRequest } from '../../api/maintenance';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { MaintenanceStatusBadge } from './columns';

/** A tenant's own requests, one card each (phone first): status, home, issue type, when reported. */
export function TenantRequests(props: {
  requests: readonly MaintenanceRequest[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (request: MaintenanceRequest) => void;
  onReport: () => void;
}) {
  const { requests, loading, failed } = props;
  if (loading) {
    // Two cards' worth of space held while loading, so the list does not push the page about.
    return (
      <div className="rt-maintenance-loading" aria-busy="true">
        <Box color="text-status-inactive">Loading your requests...</Box>
      </div>
    );
  }
  if (failed) {
    return (
      <Container>
        <EmptyState title="Your requests could not be loaded" action={<Button onClick={props.onRetry}>Retry</Button>}>
          Please try again.
        </EmptyState>
      </Container>
    );
  }
  if (requests.length === 0) {
    return (
      <Container>
        <EmptyState title="No maintenance requests" action={<Button onClick={props.onReport}>Report an issue</Button>}>
          Something broken at home? Report it here and follow it until it is fixed.
        </EmptyState>
      </Container>
    );
  }
  return (
    <ul className="rt-maintenance-cards" aria-label="Your maintenance requests" data-testid="tenant-requests">
      {requests.map((r) => (
        <li key={r.id} data-testid="tenant-request">
          <Container
            header={
              <Header
                variant="h2"
                actions={
                  <Button onClick={() => props.onOpen(r)} ariaLabel={`Open ${r.title}`}>
                    Open
                  </Button>
                }
              >
                {r.title}
              </Header>
            }
          >
            <SpaceBetween size="xxs">
              <MaintenanceStatusBadge status={r.status} />
              <Box color="text-body-secondary">
                {r.property?.address ?? 'Your home'} · {ISSUE_TYPE_LABELS[r.issueType]}
              </Box>
              <Box color="text-body-secondary" fontSize="body-s">
                Reported {formatDateTime(r.reportedAt)}
              </Box>
            </SpaceBetween>
          </Container>
        </li>
      ))}
    </ul>
  );
}
