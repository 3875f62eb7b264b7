import Table from '@cloudscape-design/components/table';
import { maintenanceColumns } from './columns';
import type { RequestRowsProps } from './MaintenanceList';

/**
 * The staff's requests on a desktop: the table with its seven columns. A module of its own so a phone, which shows
 * the list, never downloads the table (parts.ts).
 */
export default function MaintenanceTable({
  requests,
  loading,
  empty,
  header,
  filter,
  pagination,
  onOpen,
  assigneeName,
}: RequestRowsProps) {
  return (
    <Table
      data-testid="maintenance-table"
      variant="full-page"
      items={requests}
      trackBy="id"
      columnDefinitions={maintenanceColumns(onOpen, assigneeName)}
      loading={loading}
      loadingText="Loading maintenance requests"
      enableKeyboardNavigation
      stickyHeader
      wrapLines
      empty={empty}
      header={header}
      filter={filter}
      pagination={pagination}
    />
  );
}
