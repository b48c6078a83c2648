import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { getErrorMessage, getErrorStatus } from '@/lib/errors';
import { trpc } from '@/lib/trpc';

// Dashboard data is fresh for 30 s; our own mutations invalidate what they change right away.
const DASHBOARD_STALE_MS = 30_000;

export function useClientApplications() {
  return trpc.client.applications.useQuery(undefined, { staleTime: DASHBOARD_STALE_MS });
}

export function useClientLoans() {
  return trpc.client.loans.useQuery(undefined, { staleTime: DASHBOARD_STALE_MS });
}

export function useClientProfile() {
  return trpc.client.me.useQuery(undefined, { staleTime: DASHBOARD_STALE_MS });
}

export function useRewardsDashboard() {
  return trpc.rewards.dashboard.useQuery(undefined, { staleTime: DASHBOARD_STALE_MS });
}

export function useLoanSchedule(loanId: string, enabled: boolean) {
  return trpc.client.loanSchedule.useQuery({ id: loanId }, { enabled, staleTime: DASHBOARD_STALE_MS });
}

/**
 * A session that ended while the page was open (expiry, logout in another tab): re-asking the shell who is
 * signed in lets the route table take over with the spec's 'Unauthorized' toast and redirect.
 */
export function useSignedOutGuard(...errors: unknown[]) {
  const queryClient = useQueryClient();
  const isUnauthorized = errors.some((error) => error !== null && getErrorStatus(error) === 401);
  useEffect(() => {
    if (isUnauthorized) void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.auth.current) });
  }, [isUnauthorized, queryClient]);
}

/**
 * Everything the client area shows, refetched after a change. (The router named `client` shadows
 * `useUtils().client`, so this goes through the QueryClient.)
 */
export function useInvalidateClientArea() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.client) }),
      queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.rewards) }),
    ]);
}

export function useAcceptFunding() {
  const invalidate = useInvalidateClientArea();
  return trpc.client.acceptFunding.useMutation({ onSettled: () => invalidate() });
}

export function useRequestRefinance() {
  const invalidate = useInvalidateClientArea();
  return trpc.client.requestRefinance.useMutation({ onSuccess: () => invalidate() });
}

export function useClaimMilestone() {
  const invalidate = useInvalidateClientArea();
  return trpc.rewards.claim.useMutation({ onSettled: () => invalidate() });
}

export function useRedeemReward() {
  const invalidate = useInvalidateClientArea();
  return trpc.rewards.redeem.useMutation({ onSettled: () => invalidate() });
}

/** POST /api/client/logout (as trpc.auth.logout), the spec's 'Logged Out' toast, a clean cache, then home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation();
  return {
    isPending: logout.isPending,
    logOut: async () => {
      try {
        await logout.mutateAsync();
      } catch (error) {
        toaster.create({ type: 'error', title: 'Logout failed', description: getErrorMessage(error) });
        return;
      }
      toaster.create({ type: 'success', title: 'Logged Out', description: 'You have been logged out successfully.' });
      void navigate(paths.home);
      // Nothing of this account may stay in memory for the next person at this browser.
      queryClient.clear();
    },
  };
}
