import type { RestRoute } from './types';

// Rows of the /api route table for this area.
export const rewardsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/client/rewards/dashboard',
    call: async ({ caller }) => ({ data: await caller.rewards.dashboard() }),
  },
  {
    method: 'POST',
    path: '/api/client/rewards/milestones/:id/claim',
    call: async ({ caller, params }) => ({ success: true, data: await caller.rewards.claim({ id: params.id ?? '' }) }),
  },
  {
    method: 'POST',
    path: '/api/client/rewards/:id/use',
    call: async ({ caller, params }) => ({ success: true, data: await caller.rewards.redeem({ id: params.id ?? '' }) }),
  },
];
