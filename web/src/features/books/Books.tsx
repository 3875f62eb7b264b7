import { PartLoading } from '../../app/PageLoading';
import { partOr } from '../../app/pageLoader';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { BookList } from './BookList';
import type { BookTableProps } from './bookAmount';
import { bookTable } from './parts';

/** The table once its code is there (on a desktop it came with the page, so at once). */
const BookTable = partOr(bookTable, PartLoading);

/** The books (cash flow by month, profit and loss by property): a table on a desktop, a list on a phone. */
export function Books(props: BookTableProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return desktop ? <BookTable {...props} /> : <BookList {...props} />;
}
