import { applicationIdSchema, createRefinanceRequestSchema, loanIdSchema } from '../../src/shared/schemas/client';
import { acceptFunding, listClientApplications } from '../services/clients/applications';
import { getClientLoanSchedule, listClientLoans } from '../services/clients/loans';
import { createRefinanceRequest, listRefinanceRequests } from '../services/clients/refinance';
import { protectedProcedure, router } from '../trpc/init';

// Client area (issue 6). Every query is scoped to ctx.user.id in SQL; another client's id answers 404.
export const clientRouter = router({
  /** Client profile (signed-in spec §3). */
  me: protectedProcedure.query(({ ctx }) => ({
    firstName: ctx.user.firstName,
    lastName: ctx.user.lastName,
    email: ctx.user.email,
    businessName: ctx.user.businessName,
    createdAt: ctx.user.createdAt,
  })),
  applications: protectedProcedure.query(({ ctx }) => listClientApplications(ctx.db, ctx.user.id)),
  acceptFunding: protectedProcedure
    .input(applicationIdSchema)
    .mutation(({ ctx, input }) => acceptFunding(ctx, { ip: ctx.meta.ip }, ctx.user, input.id)),
  loans: protectedProcedure.query(({ ctx }) => listClientLoans(ctx.db, ctx.user.id)),
  loanSchedule: protectedProcedure
    .input(loanIdSchema)
    .query(({ ctx, input }) => getClientLoanSchedule(ctx.db, ctx.user.id, input.id)),
  refinanceRequests: protectedProcedure.query(({ ctx }) => listRefinanceRequests(ctx.db, ctx.user.id)),
  requestRefinance: protectedProcedure
    .input(createRefinanceRequestSchema)
    .mutation(({ ctx, input }) => createRefinanceRequest(ctx.db, { ip: ctx.meta.ip }, ctx.user.id, input)),
});
