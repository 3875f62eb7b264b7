import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * When the query fails, show this error toast once per failure. The app's toast area
       * subscribes to the query cache for it (app/queryErrorToasts.ts): api/ knows no component.
       */
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
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
