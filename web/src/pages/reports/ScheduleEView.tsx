import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { fairRentalDaysNote } from '@rent/shared/core/occupancy';
import type { ScheduleEWorksheet } from '../../api/reports';

const money = (value: number) => formatCurrency(toCents(value) ?? 0, 2);

interface LineRow {
  id: string;
  line: string;
  label: string;
  amount: number | null;
  note: string;
  item: boolean;
}

function lineRows(sheet: ScheduleEWorksheet): LineRow[] {
  const rows: LineRow[] = [
    {
      id: '1b',
      line: '1b',
      label: 'Type of property',
      amount: null,
      note: sheet.propertyType ? `${sheet.propertyType.code} – ${sheet.propertyType.label}` : 'Not set on the property',
      item: false,
    },
    {
      id: '2',
      line: '2',
      label: 'Fair rental days',
      amount: null,
      note: fairRentalDaysNote(sheet.fairRentalDays),
      item: false,
    },
  ];
  for (const line of sheet.lines) {
    rows.push({
      id: line.line,
      line: line.line,
      label: line.label,
      amount: line.amount,
      note: line.flag ?? '',
      item: false,
    });
    for (const item of line.items) {
      if (line.items.length < 2 && line.line !== '19') continue;
      rows.push({
        id: `${line.line}:${item.category}`,
        line: '',
        label: item.label,
        amount: item.amount,
        note: '',
        item: true,
      });
    }
  }
  return rows;
}

/** One property's Schedule E Part I worksheet: the lines, the mortgage to split, what needs a human, what is left out. */
export function ScheduleEView({ sheet, notice }: { sheet: ScheduleEWorksheet; notice: string }) {
  return (
    <SpaceBetween size="m">
      <Alert type="info" data-testid="schedule-e-notice">
        {notice}
      </Alert>
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
      {sheet.mortgage ? (
        <Alert type="warning" header="Mortgage payments to split" data-testid="schedule-e-mortgage">
          {money(sheet.mortgage.amount)} paid as "Mortgage". {sheet.mortgage.flag}
        </Alert>
      ) : null}
      {sheet.needsReview.length > 0 ? (
        <Table
          data-testid="schedule-e-review"
          variant="embedded"
          header={<Box variant="h3">Needs your tax preparer</Box>}
          trackBy="category"
          wrapLines
          items={sheet.needsReview}
          columnDefinitions={[
            { id: 'label', header: 'Category', cell: (r) => r.label, isRowHeader: true },
            { id: 'amount', header: 'Amount', cell: (r) => money(r.amount) },
            { id: 'reason', header: 'Why', cell: (r) => r.reason },
          ]}
        />
      ) : null}
      {sheet.excluded.length > 0 ? (
        <Table
          data-testid="schedule-e-excluded"
          variant="embedded"
          header={<Box variant="h3">Not on Schedule E</Box>}
          trackBy="category"
          wrapLines
          items={sheet.excluded}
          columnDefinitions={[
            { id: 'label', header: 'Category', cell: (r) => r.label, isRowHeader: true },
            { id: 'amount', header: 'Amount', cell: (r) => money(r.amount) },
            { id: 'reason', header: 'Why', cell: (r) => r.reason },
          ]}
        />
      ) : null}
    </SpaceBetween>
  );
}
