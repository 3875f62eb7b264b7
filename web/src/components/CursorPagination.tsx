import Pagination from '@cloudscape-design/components/pagination';
import type { CursorPages } from '../lib/useCursorPages';

/** Pagination over cursor pages (useCursorPages): the pages known so far, open-ended until the last one is read. */
export function CursorPagination({
  pages,
  disabled = false,
  label,
}: {
  pages: CursorPages;
  disabled?: boolean;
  /** What the pages hold, for screen readers: "Transaction pages". */
  label: string;
}) {
  return (
    <Pagination
      currentPageIndex={pages.index + 1}
      pagesCount={pages.pagesCount}
      openEnd={!pages.ended}
      disabled={disabled}
      onChange={({ detail }) => pages.goTo(detail.currentPageIndex - 1)}
      onNextPageClick={({ detail }) => pages.goTo(detail.requestedPageIndex - 1)}
      ariaLabels={{
        nextPageLabel: 'Next page',
        previousPageLabel: 'Previous page',
        pageLabel: (n) => `Page ${n}`,
        paginationLabel: label,
      }}
    />
  );
}
