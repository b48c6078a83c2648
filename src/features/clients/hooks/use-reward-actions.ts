import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { describeReward } from '../utils/labels';
import { useClaimMilestone, useRedeemReward } from './use-client-area';
import type { MilestoneProgress, Reward } from '../types';

/**
 * Claim and Use, with the toasts the user sees; the ids in flight let each card show its own spinner. The shell
 * shows one toast at a time, so an action's answer replaces the previous action's toast instead of queueing.
 */
export function useRewardActions() {
  const claim = useClaimMilestone();
  const redeem = useRedeemReward();

  async function claimMilestone(item: MilestoneProgress) {
    if (!item.id) return;
    try {
      const reward = await claim.mutateAsync({ id: item.id });
      toaster.dismiss();
      toaster.create({
        type: 'success',
        title: 'Reward Claimed',
        description: `${describeReward(reward.rewardType, reward.rewardValue)} added to My Rewards.`,
      });
    } catch (error) {
      toaster.dismiss();
      toaster.create({ type: 'error', title: getErrorMessage(error, 'Failed to claim reward') });
    }
  }

  async function redeemReward(reward: Reward) {
    try {
      const used = await redeem.mutateAsync({ id: reward.id });
      toaster.dismiss();
      toaster.create({
        type: 'success',
        title: 'Reward Used',
        description: `Your ${describeReward(used.rewardType, used.rewardValue)} has been applied. Our team will confirm it with you.`,
      });
    } catch (error) {
      toaster.dismiss();
      toaster.create({ type: 'error', title: getErrorMessage(error, 'Failed to use reward') });
    }
  }

  return {
    claimMilestone,
    redeemReward,
    claimingId: claim.isPending ? (claim.variables?.id ?? null) : null,
    usingId: redeem.isPending ? (redeem.variables?.id ?? null) : null,
  };
}
