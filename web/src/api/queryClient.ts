import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/toast/store';
import { ApiError } from './client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** When the query fails, show this error toast once per failure (SPEC §8). */
      errorToast?: { title: string; description: string; duration?: number };
    };
  }
}

/** Client errors will not get better by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      const spec = query.meta?.errorToast;
      if (!spec) return;
      if (error instanceof ApiError && error.status === 401) return; // the sign-in redirect says enough
      toast({
        id: `query-error-${query.queryHash}`,
        type: 'error',
        title: spec.title,
        description: spec.description,
        duration: spec.duration ?? 5000,
        dismissible: true,
      });
    },
  }),
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
