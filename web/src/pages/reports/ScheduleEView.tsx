import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { fairRentalDaysText, lineOneBText, lineTwoRows } from '@rent/shared/reports/scheduleETable';
import type { ScheduleEChoicesBody, ScheduleEReport, ScheduleEWorksheet } from '../../api/reports';
import { ScheduleEChoicesModal } from './ScheduleEChoicesModal';

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
  // Line 1b and line 2 in the same words as the CSV and the PDF (shared/src/reports/scheduleETable.ts).
  const rows: LineRow[] = [
    { id: '1b', line: '1b', label: 'Type of property', amount: null, note: lineOneBText(sheet), item: false },
    { id: '2', line: '2', label: 'Fair rental days', amount: null, note: fairRentalDaysText(sheet), item: false },
    ...lineTwoRows(sheet).map((row, i) => ({
      id: `2:${i}`,
      // The line column is each row's header: never empty (axe), and line 2 is where these boxes are.
      line: '2',
      label: row.label,
      amount: null,
      note: row.text,
      item: true,
    })),
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

export interface ScheduleEChoicesControl {
  open: boolean;
  busy: boolean;
  error: string | null;
  edit: () => void;
  cancel: () => void;
  save: (body: ScheduleEChoicesBody) => void;
}

interface ScheduleEViewProps {
  sheet: ScheduleEWorksheet;
  notice: string;
  year: string;
  summary: ScheduleEReport['summary'] | null;
  choices: ScheduleEChoicesControl;
}

/**
 * One property's Schedule E Part I worksheet: line 1b, line 2 and QJV (editable for the year), the lines, the
 * mortgage to split, what needs a human, what is left out; then lines 23a–26 across the properties.
 */
export function ScheduleEView({ sheet, notice, year, summary, choices }: ScheduleEViewProps) {
  return (
    <SpaceBetween size="m">
      <Alert type="info" data-testid="schedule-e-notice">
        {notice}
      </Alert>
      {sheet.choices ? (
        <Button
          onClick={choices.edit}
          data-testid="schedule-e-edit-choices"
          ariaLabel={`Edit line 1b, line 2 and QJV for ${sheet.address}`}
        >
          Edit line 1b, line 2 and QJV
        </Button>
      ) : null}
      <ScheduleEChoicesModal
        sheet={sheet}
        year={year}
        visible={choices.open}
        busy={choices.busy}
        error={choices.error}
        onCancel={choices.cancel}
        onSave={choices.save}
      />
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
