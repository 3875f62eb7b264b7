import { PhoneList } from '../../components/PhoneList';
import { formatMoney } from '../../lib/money';
import {
  clearedLabel,
  LINES_EMPTY,
  LinesHeader,
  linesShown,
  matchText,
  type ReconcileLinesProps,
  tickDisabled,
} from './reconcileLines';

/**
 * The month's lines on a phone: each a row with its tick, its description over its date and match, the amount at the
 * end. The table's five columns do not fit 390 px.
 */
export function ReconcileLinesList(props: ReconcileLinesProps) {
  const { shown, pagination } = linesShown(props);
  return (
    <PhoneList
      testId="reconcile-lines"
      label="Lines in the books"
      header={<LinesHeader r={props.r} />}
      pagination={pagination}
      empty={LINES_EMPTY}
      rows={shown.map((line) => (
        <li key={line.id} className="rt-list-item" data-testid="reconcile-line">
          <input
            type="checkbox"
            checked={line.cleared}
            disabled={tickDisabled(props, line)}
            onChange={(event) => void props.page.tick(line.id, event.target.checked)}
            aria-label={clearedLabel(line)}
          />
          <div className="rt-list-item-main">
            <span className="rt-list-title">{line.name}</span>
            <span className="rt-list-meta">
              {line.date} · {matchText(line)}
            </span>
          </div>
          <div className="rt-list-end">{formatMoney(line.amount, 2)}</div>
        </li>
      ))}
    />
  );
}
