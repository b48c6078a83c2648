import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { trpc } from '@/lib/trpc';

/**
 * Refetches the back office's cached answers after a change. (`useUtils()` is unusable here: the router named
 * `client` shadows its built-in method, so invalidation goes through the QueryClient with tRPC's key prefix.)
 */
export function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.admin) }), [queryClient]);
}
