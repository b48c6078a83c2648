import type { RestRoute } from './types';

// Rows of the /api route table for this area (issue 6; signed-in spec §7). Ids in paths go through the
// procedures' own schemas; another client's id answers 404.
export const clientRoutes: RestRoute[] = [
  // Spec: "data: list of applications" (the list itself).
  { method: 'GET', path: '/api/my-applications', call: ({ caller }) => caller.client.applications() },
  {
    method: 'GET',
    path: '/api/client/applications',
    call: async ({ caller }) => ({ data: await caller.client.applications() }),
  },
  {
    method: 'POST',
    path: '/api/client/applications/:id/accept',
    call: async ({ caller, params }) => {
      const { loan, ...answer } = await caller.client.acceptFunding({ id: params.id ?? '' });
      return { ...answer, data: { loan } };
    },
  },
  { method: 'GET', path: '/api/client/loans', call: async ({ caller }) => ({ data: await caller.client.loans() }) },
  {
    method: 'GET',
    path: '/api/client/loans/:id/schedule',
    call: async ({ caller, params }) => ({ data: await caller.client.loanSchedule({ id: params.id ?? '' }) }),
  },
  {
    method: 'POST',
    path: '/api/client/refinance-requests',
    body: true,
    status: 201,
    call: ({ caller, body }) => caller.client.requestRefinance(body as never),
  },
];
