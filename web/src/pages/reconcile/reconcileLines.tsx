import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import type { Reconciliation } from '../../api/reconciliation';
import { EmptyState } from '../../components/EmptyState';
import { formatMoney } from '../../lib/money';
import type { useReconcilePage } from './use-reconcile-page';

/** What the lines' table (a desktop) and list (a phone) both show: the month's lines of the books, 50 at a time. */
export interface ReconcileLinesProps {
  page: ReturnType<typeof useReconcilePage>;
  r: Reconciliation;
}

export type Line = Reconciliation['lines'][number];

/** How many lines are shown at once. */
const LINES_PER_PAGE = 50;

/** The lines of the page shown, and the pages' control when there is more than one. */
export function linesShown({ page, r }: ReconcileLinesProps) {
  const pages = Math.max(1, Math.ceil(r.lines.length / LINES_PER_PAGE));
  const current = Math.min(page.linePage, pages);
  return {
    shown: r.lines.slice((current - 1) * LINES_PER_PAGE, current * LINES_PER_PAGE),
    pagination:
      pages > 1 ? (
        <Pagination
          currentPageIndex={current}
          pagesCount={pages}
          onChange={({ detail }) => page.setLinePage(detail.currentPageIndex)}
          ariaLabels={{
            nextPageLabel: 'Next page of lines',
            previousPageLabel: 'Previous page of lines',
            pageLabel: (n) => `Page ${n} of the lines`,
          }}
        />
      ) : undefined,
  };
}

export function LinesHeader({ r }: { r: Reconciliation }) {
  return (
    <Header
      variant="h2"
      counter={`(${r.lines.length})`}
      description="Posted lines of this account in the month and a few days around it."
    >
      Lines in the books
    </Header>
  );
}

export const LINES_EMPTY = <EmptyState title="No lines">This account has no posted lines in this month.</EmptyState>;

/** A line can be ticked while the month is open, if it is in the month and not already being ticked. */
export const tickDisabled = ({ page, r }: ReconcileLinesProps, line: Line) =>
  r.status !== 'open' || !line.inPeriod || page.ticking === line.id;

export const clearedLabel = (line: Line) => `Cleared: ${line.name} ${formatMoney(line.amount, 2)}`;

/** Why a line is or is not matched to the statement. */
export const matchText = (line: Line) => line.reason ?? (line.inPeriod ? 'Not on the statement' : 'Outside the month');
