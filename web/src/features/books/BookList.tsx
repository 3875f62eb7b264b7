import FormField from '@cloudscape-design/components/form-field';
import Icon from '@cloudscape-design/components/icon';
import Select from '@cloudscape-design/components/select';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { BookRow } from '@rent/shared/reports/bookRows';
import { useState } from 'react';
import { BookAmount, type BookColumn, type BookTableProps, TOTAL_COLUMN } from './bookAmount';

/**
 * The books on a phone (profit and loss, cash flow by month): the table's rows as a list, one column at a time (the
 * total first, then any property or month chosen above the list), each section opening into its categories, and
 * every linked amount opening the ledger as the table's do. A column per property or month does not fit 390 px, and
 * Cloudscape's table (its code and a 217 KB stylesheet) would be the largest part of a phone's load of the page.
 */
export function BookList({ rows, columns, linkFor, loading, label, columnName, testId, decimals = 0 }: BookTableProps) {
  const [chosen, setChosen] = useState(TOTAL_COLUMN.key);
  const [open, setOpen] = useState<readonly string[]>([]);
  const choices = [TOTAL_COLUMN, ...columns];
  // A new period may not have the column chosen in the last one: the total then.
  const column = choices.find((c) => c.key === chosen) ?? TOTAL_COLUMN;
  const controlId = `${testId}-column`;
  const toggle = (id: string) => setOpen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <div data-testid={testId}>
      <div className="rt-book-column">
        <FormField label={columnName} controlId={controlId}>
          <Select
            controlId={controlId}
            data-testid={controlId}
            selectedOption={{ value: column.key, label: column.label }}
            options={choices.map((c) => ({ value: c.key, label: c.label }))}
            onChange={({ detail }) => setChosen(detail.selectedOption.value ?? TOTAL_COLUMN.key)}
          />
        </FormField>
      </div>
      {loading ? (
        <div className="rt-list-status">
          <StatusIndicator type="loading">Loading</StatusIndicator>
        </div>
      ) : (
        <ul className="rt-list-list" aria-label={`${label}, ${column.label}`}>
          {rows.map((row) => (
            <BookItem
              key={row.id}
              row={row}
              column={column}
              open={open.includes(row.id)}
              onToggle={() => toggle(row.id)}
              cell={{ linkFor, testId, decimals }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

type CellProps = Pick<BookTableProps, 'linkFor' | 'testId'> & { decimals: number };

function BookItem({
  row,
  column,
  open,
  onToggle,
  cell,
}: {
  row: BookRow;
  column: BookColumn;
  open: boolean;
  onToggle: () => void;
  cell: CellProps;
}) {
  return (
    <li className="rt-list-item rt-list-item-plain rt-list-item-flush" data-testid={`${cell.testId}-line`}>
      {row.children.length > 0 ? (
        <button type="button" className="rt-book-toggle" aria-expanded={open} onClick={onToggle}>
          <Icon name={open ? 'caret-down-filled' : 'caret-right-filled'} />
          {row.label}
        </button>
      ) : (
        <span className="rt-list-title">{row.label}</span>
      )}
      <div className="rt-list-end">
        <BookAmount row={row} column={column} {...cell} />
      </div>
      {open ? (
        <ul className="rt-book-categories" aria-label={row.label}>
          {row.children.map((child) => (
            <li key={child.id}>
              <span>{child.label}</span>
              <div className="rt-list-end">
                <BookAmount row={child} column={column} {...cell} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
