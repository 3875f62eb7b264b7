import { PartLoading } from '../../app/PageLoading';
import { partLoader, partOr } from '../../app/pageLoader';
import type { BookTableProps } from './BookTable';

export const bookTable = partLoader<BookTableProps>(() => import('./BookTable').then((m) => m.BookTable));

/**
 * The books' table (cash flow by month, profit and loss) once its code is there. Cloudscape's table is 30 KB gzip:
 * a phone loads it when the table is first shown (after the page's first render, or for the cash flow once it is
 * scrolled towards), into the space the page keeps for it (rt-reserve-table); a desktop loads it with the page
 * (routes.tsx), so its first render has it.
 */
export const BookTable = partOr(bookTable, PartLoading);
export const BOOKS_DESKTOP_PARTS = [bookTable];
