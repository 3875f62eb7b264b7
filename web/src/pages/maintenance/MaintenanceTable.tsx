import Table from '@cloudscape-design/components/table';
import { maintenanceColumns } from './columns';
import type { RequestRowsProps } from './MaintenanceList';

/**
 * The staff's requests on a desktop: the table with its seven columns. A module of its own so a phone, which shows
 * the list, never downloads the table (parts.ts).
 */
export default function MaintenanceTable(props: RequestRowsProps) {
  return (
    <Table
      data-testid="maintenance-table"
      variant="full-page"
      items={props.requests}
      trackBy="id"
      columnDefinitions={maintenanceColumns(props.onOpen, props.assigneeName)}
      loading={props.loading}
      loadingText="Loading maintenance requests"
      enableKeyboardNavigation
      stickyHeader
      wrapLines
      empty={props.empty}
      header={props.header}
      filter={props.filter}
      pagination={props.pagination}
    />
  );
}
