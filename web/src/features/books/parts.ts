import { partLoader } from '../../app/pageLoader';
import type { BookTableProps } from './bookAmount';

/**
 * The books' table (cash flow by month, profit and loss): Cloudscape's table is 30 KB gzip, which a desktop loads with
 * the page (routes.tsx) and a phone never (it shows BookList). routes.tsx imports this file, so it holds the loader
 * only: what it imports is in every page's first load.
 */
export const bookTable = partLoader<BookTableProps>(() => import('./BookTable').then((m) => m.BookTable));
export const BOOKS_DESKTOP_PARTS = [bookTable];
