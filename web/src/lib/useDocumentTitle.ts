import { useEffect } from 'react';

export const DEFAULT_TITLE = 'Rent.Today - Simplify Your Lease, Amplify Your Peace.';

/** "Properties - Rent.Today"; without a page name the default title (docs/product.md "Routes"). */
export function useDocumentTitle(page?: string | null) {
  useEffect(() => {
    document.title = page ? `${page} - Rent.Today` : DEFAULT_TITLE;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [page]);
}
