import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { toast } from '../components/toast/store';

/**
 * docs/product.md "Error messages": a query whose `meta.errorToast` is set shows that toast once per failure (after its
 * retries). The app wires this at start, so the api/ layer names no component. Returns the unsubscribe.
 */
export function toastQueryErrors(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const spec = event.query.meta?.errorToast;
    const { error } = event.action;
    if (!spec || isCancelledError(error)) return;
    if (error instanceof ApiError && error.status === 401) return; // the sign-in redirect says enough
    toast.error(spec.title, {
      id: `query-error-${event.query.queryHash}`,
      description: spec.description,
      duration: spec.duration,
    });
  });
}
