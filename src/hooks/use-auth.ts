import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useMemo } from 'react';
import superjson from 'superjson';
import { authStateOf, type AuthAnswer } from '@/lib/current-user';
import { trpc } from '@/lib/trpc';

export type AuthState = ReturnType<typeof useAuth>;

/** Auth state of the spec: loading, authenticated, or not authenticated (no user returned). */
export function useAuth() {
  const query = trpc.auth.current.useQuery(undefined, { staleTime: 30_000 });
  const user = query.data ?? null;
  const isLoading = query.isPending;
  // The same object until the answer changes, so that useDeferredValue (navbar.tsx, routes.tsx) sees no change on a
  // render for another reason.
  return useMemo(() => authStateOf(user, isLoading), [user, isLoading]);
}

/**
 * Puts an auth answer the page already has (src/lib/current-user.ts: asked before the app started) in the cache
 * useAuth reads, so the app starts signed in instead of asking the server again.
 */
export function seedAuth(queryClient: QueryClient, sent: NonNullable<AuthAnswer['sent']>) {
  queryClient.setQueryData(getQueryKey(trpc.auth.current, undefined, 'query'), superjson.deserialize(sent));
}

/**
 * After login, logout or registration: refetch everything cached. (The router named `client` shadows
 * `useUtils().client`, so invalidation goes through the QueryClient.)
 */
export function useRefreshAuth() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
