import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import {
  ISSUE_TYPE_LABELS,
  ISSUE_TYPES,
  type IssueType,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  type MaintenanceStatus,
} from '@rent/shared/core/maintenance';
import { useState } from 'react';
import { partOr } from '../../app/pageLoader';
import { CursorPagination } from '../../components/CursorPagination';
import { EmptyState } from '../../components/EmptyState';
import { PropertyPicker } from '../../components/PropertyPicker';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { MaintenanceList } from './MaintenanceList';
import { maintenanceTable } from './parts';
import { StatusCounts } from './StatusCounts';
import { TenantRequests } from './TenantRequests';
import { useMaintenancePage } from './use-maintenance-page';

const ANY = { value: '', label: 'Any' };
const statusOptions = [ANY, ...MAINTENANCE_STATUSES.map((s) => ({ value: s, label: MAINTENANCE_STATUS_LABELS[s] }))];
const issueOptions = [ANY, ...ISSUE_TYPES.map((t) => ({ value: t, label: ISSUE_TYPE_LABELS[t] }))];

/** The table on a desktop (it comes with the page there); the list until then, and on a phone, which never loads it. */
const DesktopRows = partOr(maintenanceTable, MaintenanceList);

export default function MaintenancePage() {
  useDocumentTitle('Maintenance');
  const page = useMaintenancePage();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const Rows = desktop ? DesktopRows : MaintenanceList;
  const { query, pages, filters, setFilter } = page;
  const [text, setText] = useState(filters.q);
  const loading = query.isPending && query.fetchStatus !== 'idle';

  const reportButton = (
    <Button variant="primary" onClick={page.openNew} data-testid="maintenance-report">
      {page.tenant ? 'Report an issue' : 'Add request'}
    </Button>
  );

  const content = page.tenant ? (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description="Report a problem at your home and follow it until it is fixed."
        actions={reportButton}
      >
        Maintenance
      </Header>
      <TenantRequests
        requests={page.requests}
        loading={loading || page.roleLoading}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        onOpen={page.openRequest}
        onReport={page.openNew}
      />
      {pages.pagesCount > 1 || !pages.ended ? <CursorPagination pages={pages} label="Request pages" /> : null}
    </SpaceBetween>
  ) : (
    <Rows
      requests={page.requests}
      loading={loading || page.roleLoading}
      onOpen={page.openRequest}
      assigneeName={page.assigneeName}
      empty={
        <EmptyState
          title={
            query.isError
              ? 'Maintenance requests could not be loaded'
              : page.filtered
                ? 'No matches'
                : 'No maintenance requests'
          }
          action={
            query.isError ? (
              <Button onClick={() => void query.refetch()}>Retry</Button>
            ) : page.filtered ? (
              <Button
                onClick={() => {
                  page.clearFilters();
                  setText('');
                }}
              >
                Clear filters
              </Button>
            ) : undefined
          }
        >
          {query.isError
            ? 'Please try again.'
            : page.filtered
              ? 'No request matches these filters.'
              : 'Requests your tenants report, and the ones you add, are listed here from new to resolved.'}
        </EmptyState>
      }
      header={
        <Header
          variant={desktop ? 'awsui-h1-sticky' : 'h1'}
          description="Requests from tenants and your own repair jobs, from new to resolved."
          actions={page.roleLoading ? undefined : reportButton}
        >
          Maintenance
        </Header>
      }
      filter={
        <SpaceBetween size="m">
          <StatusCounts counts={query.data?.counts} onPick={(status) => setFilter('status', status)} />
          <div className="rt-table-filters">
            <div className="rt-table-filter-text">
              <TextFilter
                filteringText={text}
                onChange={({ detail }) => setText(detail.filteringText)}
                onDelayedChange={({ detail }) => setFilter('q', detail.filteringText.trim())}
                filteringPlaceholder="Search title or description"
                filteringAriaLabel="Search maintenance requests by title or description"
                data-testid="maintenance-search"
              />
            </div>
            <div className="rt-maintenance-filter">
              <FormField label="Status" controlId="filter-status">
                <Select
                  controlId="filter-status"
                  selectedOption={statusOptions.find((o) => o.value === filters.status)!}
                  options={statusOptions}
                  onChange={({ detail }) =>
                    setFilter('status', (detail.selectedOption.value ?? '') as MaintenanceStatus)
                  }
                  data-testid="maintenance-filter-status"
                />
              </FormField>
            </div>
            <div className="rt-maintenance-filter">
              <FormField label="Issue type" controlId="filter-issue">
                <Select
                  controlId="filter-issue"
                  selectedOption={issueOptions.find((o) => o.value === filters.issueType)!}
                  options={issueOptions}
                  onChange={({ detail }) => setFilter('issueType', (detail.selectedOption.value ?? '') as IssueType)}
                />
              </FormField>
            </div>
            <div className="rt-maintenance-filter">
              <FormField label="Assigned to" controlId="filter-assignee">
                <Select
                  controlId="filter-assignee"
                  selectedOption={
                    [
                      ANY,
                      { value: 'none', label: 'Nobody' },
                      ...page.assignees.map((a) => ({ value: a.userId, label: a.label })),
                    ].find((o) => o.value === filters.assignedToId) ?? ANY
                  }
                  options={[
                    ANY,
                    { value: 'none', label: 'Nobody' },
                    ...page.assignees.map((a) => ({ value: a.userId, label: a.label })),
                  ]}
                  onChange={({ detail }) => setFilter('assignedToId', detail.selectedOption.value ?? '')}
                />
              </FormField>
            </div>
            <div className="rt-table-filter-picker">
              <FormField label="Property" controlId="filter-property">
                <PropertyPicker
                  controlId="filter-property"
                  value={filters.propertyId}
                  onChange={(id) => setFilter('propertyId', id)}
                />
              </FormField>
            </div>
          </div>
        </SpaceBetween>
      }
      pagination={<CursorPagination pages={pages} disabled={query.isFetching && !query.data} label="Request pages" />}
    />
  );

  return content;
}
