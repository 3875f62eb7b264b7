import Checkbox from '@cloudscape-design/components/checkbox';
import Table from '@cloudscape-design/components/table';
import { formatMoney } from '../../lib/money';
import {
  clearedLabel,
  LINES_EMPTY,
  type Line,
  LinesHeader,
  linesShown,
  matchText,
  type ReconcileLinesProps,
  tickDisabled,
} from './reconcileLines';

/**
 * The month's lines on a desktop, a column each for the tick, date, description, amount and match. Its own chunk: a
 * phone lists them (ReconcilePage) and never loads Cloudscape's table.
 */
export function ReconcileLinesTable(props: ReconcileLinesProps) {
  const { shown, pagination } = linesShown(props);
  return (
    <Table<Line>
      data-testid="reconcile-lines"
      header={<LinesHeader r={props.r} />}
      items={shown}
      pagination={pagination}
      trackBy="id"
      variant="container"
      wrapLines
      empty={LINES_EMPTY}
      columnDefinitions={[
        {
          id: 'cleared',
          header: 'Cleared',
          cell: (line) => (
            <Checkbox
              checked={line.cleared}
              disabled={tickDisabled(props, line)}
              onChange={({ detail }) => void props.page.tick(line.id, detail.checked)}
              ariaLabel={clearedLabel(line)}
            />
          ),
        },
        { id: 'date', header: 'Date', cell: (line) => line.date },
        { id: 'name', header: 'Description', cell: (line) => line.name, isRowHeader: true },
        { id: 'amount', header: 'Amount', cell: (line) => formatMoney(line.amount, 2) },
        { id: 'match', header: 'Match', cell: matchText },
      ]}
    />
  );
}
