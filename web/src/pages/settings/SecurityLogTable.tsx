import Table from '@cloudscape-design/components/table';
import type { SecurityEvent } from '../../api/security';
import { formatDateTime } from '../../lib/dates';
import { type SecurityLogProps, SecurityResult } from './SecurityPage';
import { securityActionText } from './use-security-page';

/**
 * The security log on a desktop (a part: a phone shows SecurityPage's list and never downloads Cloudscape's table): a
 * row per event, when, what, its details and its result.
 */
export function SecurityLogTable({ log, header, empty, footer }: SecurityLogProps) {
  return (
    <Table<SecurityEvent>
      data-testid="security-log-table"
      header={header}
      items={log.events}
      loading={log.loading}
      loadingText="Loading the security log"
      trackBy="id"
      variant="container"
      wrapLines
      empty={empty}
      columnDefinitions={[
        { id: 'when', header: 'When', minWidth: 160, cell: (e) => formatDateTime(e.createdAt) },
        { id: 'what', header: 'What', minWidth: 140, cell: (e) => securityActionText(e) },
        { id: 'details', header: 'Details', minWidth: 200, cell: (e) => e.details ?? '—' },
        { id: 'result', header: 'Result', minWidth: 110, cell: (e) => <SecurityResult event={e} /> },
      ]}
      footer={footer}
    />
  );
}
