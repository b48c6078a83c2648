export { MILESTONE_CATALOG, ensureReferenceData } from './catalog';
export { recordRewardEvent } from './events';
export { claimMilestone, getRewardsDashboard, redeemReward } from './rewards';
