import { claimMilestoneSchema, redeemRewardSchema } from '../../src/shared/schemas/client';
import { claimMilestone, getRewardsDashboard, redeemReward } from '../services/rewards/index';
import { protectedProcedure, router } from '../trpc/init';

// Rewards dashboard: progress, claiming a completed milestone once, using a reward once.
export const rewardsRouter = router({
  dashboard: protectedProcedure.query(({ ctx }) => getRewardsDashboard(ctx.db, ctx.user.id)),
  claim: protectedProcedure
    .input(claimMilestoneSchema)
    .mutation(({ ctx, input }) => claimMilestone(ctx.db, { ip: ctx.meta.ip }, ctx.user.id, input.id)),
  redeem: protectedProcedure
    .input(redeemRewardSchema)
    .mutation(({ ctx, input }) => redeemReward(ctx.db, { ip: ctx.meta.ip }, ctx.user.id, input.id)),
});
