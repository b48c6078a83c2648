import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trpc } from '@/lib/trpc';

export type AuthState = ReturnType<typeof useAuth>;

/** Auth state of the spec: loading, authenticated, or not authenticated (no user returned). */
export function useAuth() {
  const query = trpc.auth.current.useQuery(undefined, { staleTime: 30_000 });
  const user = query.data ?? null;
  const isLoading = query.isPending;
  // The same object until the answer changes, so that useDeferredValue (navbar.tsx, routes.tsx) sees no change on a
  // render for another reason.
  return useMemo(
    () => ({
      user,
      isLoading,
      isAuthenticated: Boolean(user),
      isStaff: user?.role === 'admin' || user?.role === 'super_admin',
    }),
    [user, isLoading],
  );
}

/**
 * After login, logout or registration: refetch everything cached. (The router named `client` shadows
 * `useUtils().client`, so invalidation goes through the QueryClient.)
 */
export function useRefreshAuth() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
