import { QueryClient } from '@tanstack/react-query';

// data-fetching defaults: no refetch interval, no refetch on focus, never stale, no retries.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
