import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { MAINTENANCE_STATUS_LABELS, MAINTENANCE_STATUSES, type MaintenanceStatus } from '@rent/shared/core/maintenance';

/** The organization's requests per status; choosing one filters the table by it. Same size loading or loaded. */
export function StatusCounts(props: {
  counts: Record<MaintenanceStatus, number> | null | undefined;
  onPick: (status: MaintenanceStatus) => void;
}) {
  return (
    <ul className="rt-maintenance-counts" aria-label="Requests per status" data-testid="maintenance-counts">
      {MAINTENANCE_STATUSES.map((status) => {
        const count = props.counts?.[status];
        const label = MAINTENANCE_STATUS_LABELS[status];
        return (
          <li key={status}>
            <Button
              variant="inline-link"
              onClick={() => props.onPick(status)}
              ariaLabel={`Show ${label} requests${count === undefined ? '' : ` (${count})`}`}
            >
              {label}
            </Button>
            <Box variant="awsui-value-large" data-testid={`maintenance-count-${status}`}>
              {count ?? '–'}
            </Box>
          </li>
        );
      })}
    </ul>
  );
}
