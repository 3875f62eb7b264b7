import type { TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';

/**
 * Columns whose cells are remembered per row object. Cloudscape's table draws every row again whenever it
 * re-renders (its own measurements after mount, the page's state); React skips an element that is the same object
 * as last time, so a remembered cell costs nothing then. A changed row is a new object (a new query answer) and
 * draws afresh; build the columns again (useMemo on what the cells read) when anything else they show changes.
 */
export function withRememberedCells<T extends object>(
  columns: readonly TableProps.ColumnDefinition<T>[],
): TableProps.ColumnDefinition<T>[] {
  return columns.map((column) => {
    const cells = new WeakMap<T, ReactNode>();
    const cell = column.cell;
    return {
      ...column,
      cell: (item: T) => {
        if (!cells.has(item)) cells.set(item, cell(item));
        return cells.get(item);
      },
    };
  });
}
