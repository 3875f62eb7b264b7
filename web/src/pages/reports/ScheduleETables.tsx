import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { lineRows, MortgageAlert, money, type ReasonRow, type ScheduleESheetProps } from './scheduleESheet';

/**
 * The worksheet's lines, what needs a preparer, what is left out and lines 23a–26, as tables: a desktop's. Its own
 * chunk: a phone shows them as lists (ScheduleEView) and never loads Cloudscape's table.
 */
export function ScheduleETables({ sheet, summary }: ScheduleESheetProps) {
  return (
    <SpaceBetween size="m">
      <Table
        data-testid="schedule-e-lines"
        variant="embedded"
        trackBy="id"
        items={lineRows(sheet)}
        ariaLabels={{ tableLabel: `Schedule E lines for ${sheet.address}` }}
        wrapLines
        columnDefinitions={[
          { id: 'line', header: 'Line', cell: (r) => r.line, isRowHeader: true, width: 64 },
          {
            id: 'label',
            header: 'Description',
            cell: (r) => (
              <Box padding={{ left: r.item ? 'l' : 'n' }}>
                {r.label}
                {r.note ? (
                  <Box variant="small" color="text-body-secondary" display="block">
                    {r.note}
                  </Box>
                ) : null}
              </Box>
            ),
          },
          {
            id: 'amount',
            header: 'Amount',
            cell: (r) =>
              r.amount === null ? '' : <span data-testid={`schedule-e-line-${r.id}`}>{money(r.amount)}</span>,
          },
        ]}
      />
      <MortgageAlert sheet={sheet} />
      <ReasonTable testId="schedule-e-review" title="Needs your tax preparer" rows={sheet.needsReview} />
      <ReasonTable testId="schedule-e-excluded" title="Not on Schedule E" rows={sheet.excluded} />
      {summary ? (
        <Table
          data-testid="schedule-e-summary"
          variant="embedded"
          header={
            <Header variant="h3" description={summary.note}>
              All properties: lines 23a–26
            </Header>
          }
          trackBy="line"
          wrapLines
          items={summary.lines}
          ariaLabels={{ tableLabel: 'Schedule E summary, lines 23a to 26' }}
          columnDefinitions={[
            { id: 'line', header: 'Line', cell: (r) => r.line, isRowHeader: true, width: 64 },
            { id: 'label', header: 'Description', cell: (r) => r.label },
            {
              id: 'amount',
              header: 'Amount',
              cell: (r) => <span data-testid={`schedule-e-summary-${r.line}`}>{money(r.amount)}</span>,
            },
          ]}
        />
      ) : null}
    </SpaceBetween>
  );
}

/** Amounts and why (what needs a preparer, what is left out) as a desktop's table. */
function ReasonTable({ testId, title, rows }: { testId: string; title: string; rows: ReasonRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Table
      data-testid={testId}
      variant="embedded"
      header={<Box variant="h3">{title}</Box>}
      trackBy="category"
      wrapLines
      items={rows}
      columnDefinitions={[
        { id: 'label', header: 'Category', cell: (r) => r.label, isRowHeader: true },
        { id: 'amount', header: 'Amount', cell: (r) => money(r.amount) },
        { id: 'reason', header: 'Why', cell: (r) => r.reason },
      ]}
    />
  );
}
