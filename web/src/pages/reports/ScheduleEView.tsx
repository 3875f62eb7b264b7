import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ScheduleEChoicesBody, ScheduleEReport, ScheduleEWorksheet } from '../../api/reports';
import { desktopPartOr } from '../../app/pageLoader';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { scheduleETables } from './parts';
import { lineRows, MortgageAlert, money, type ReasonRow, type ScheduleESheetProps } from './scheduleESheet';

/** The dialog for line 1b, line 2 and QJV, loaded and mounted when first opened (a hidden Modal is no first render's). */
const ScheduleEChoicesModal = lazyWhenShown(() =>
  import('./ScheduleEChoicesModal').then((m) => m.ScheduleEChoicesModal),
);

/** Reasons beside amounts (what needs a preparer, what is left out) as a phone's list. */
function ReasonList({ testId, title, rows }: { testId: string; title: string; rows: ReasonRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section data-testid={testId} aria-label={title}>
      <Box variant="h3">{title}</Box>
      <ul className="rt-list-list" aria-label={title}>
        {rows.map((r) => (
          <li key={r.category} className="rt-list-item rt-list-item-plain rt-list-item-flush">
            <div className="rt-list-item-main">
              <span className="rt-list-title">{r.label}</span>
              <span className="rt-list-meta">{r.reason}</span>
            </div>
            <div className="rt-list-end rt-nowrap">{money(r.amount)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The worksheet on a phone: each line a row (its number and description, its note under it, the amount at the end;
 * a line's categories indented under it), then the mortgage to split, what needs a preparer, what is left out and
 * lines 23a–26. The tables' columns do not fit 390 px.
 */
function ScheduleELists({ sheet, summary }: ScheduleESheetProps) {
  return (
    <SpaceBetween size="m">
      <ul className="rt-list-list" aria-label={`Schedule E lines for ${sheet.address}`} data-testid="schedule-e-lines">
        {lineRows(sheet).map((r) => (
          <li
            key={r.id}
            className={`rt-list-item rt-list-item-plain rt-list-item-flush${r.item ? ' rt-list-item-sub' : ''}`}
          >
            <div className="rt-list-item-main">
              <span className={r.item ? undefined : 'rt-list-title'}>
                {r.line && !r.item ? `${r.line} · ` : ''}
                {r.label}
              </span>
              {r.note ? <span className="rt-list-meta">{r.note}</span> : null}
            </div>
            <div className="rt-list-end rt-nowrap">
              {r.amount === null ? null : <span data-testid={`schedule-e-line-${r.id}`}>{money(r.amount)}</span>}
            </div>
          </li>
        ))}
      </ul>
      <MortgageAlert sheet={sheet} />
      <ReasonList testId="schedule-e-review" title="Needs your tax preparer" rows={sheet.needsReview} />
      <ReasonList testId="schedule-e-excluded" title="Not on Schedule E" rows={sheet.excluded} />
      {summary ? (
        <section data-testid="schedule-e-summary" aria-label="Schedule E summary, lines 23a to 26">
          <Header variant="h3" description={summary.note}>
            All properties: lines 23a–26
          </Header>
          <ul className="rt-list-list" aria-label="Schedule E summary, lines 23a to 26">
            {summary.lines.map((r) => (
              <li key={r.line} className="rt-list-item rt-list-item-plain rt-list-item-flush">
                <span className="rt-list-title">
                  {r.line} · {r.label}
                </span>
                <div className="rt-list-end rt-nowrap">
                  <span data-testid={`schedule-e-summary-${r.line}`}>{money(r.amount)}</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SpaceBetween>
  );
}

/** The worksheet's tables on a desktop, its lists on a phone. */
const ScheduleESheet = desktopPartOr(scheduleETables, ScheduleELists);

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
        shown={choices.open}
        sheet={sheet}
        year={year}
        visible={choices.open}
        busy={choices.busy}
        error={choices.error}
        onCancel={choices.cancel}
        onSave={choices.save}
      />
      <ScheduleESheet sheet={sheet} summary={summary} />
    </SpaceBetween>
  );
}
