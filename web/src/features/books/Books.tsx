import { desktopPartOr } from '../../app/pageLoader';
import { BookList } from './BookList';
import { bookTable } from './parts';

/**
 * The books (cash flow by month, profit and loss by property): a table on a desktop, a list on a phone. Apart from
 * parts.ts, which routes.tsx imports: the list's code is not for every page's first load.
 */
export const Books = desktopPartOr(bookTable, BookList);
