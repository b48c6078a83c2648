import { and, asc, desc, eq } from 'drizzle-orm';
import { milestoneProgress, milestones, rewards } from '../../../drizzle/schema/index';
import {
  POINTS_PER_MILESTONE,
  REWARD_VALIDITY_DAYS,
  rewardLevel,
  type MilestoneProgressDto,
  type RewardDto,
  type RewardsDashboardDto,
  type RewardState,
} from '../../../src/shared/schemas/client';
import type { Db } from '../../db';
import { addDays, asUtcDate } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';

export const MILESTONE_NOT_FOUND = 'Milestone not found';
export const MILESTONE_NOT_COMPLETED = 'This milestone is not completed yet';
export const REWARD_ALREADY_CLAIMED = 'This reward has already been claimed';
export const REWARD_NOT_FOUND = 'Reward not found';
export const REWARD_ALREADY_USED = 'This reward has already been used';
export const REWARD_EXPIRED = 'This reward has expired';

export function rewardStateOf(reward: { isUsed: boolean; expiresAt: Date }, now = new Date()): RewardState {
  if (reward.isUsed) return 'used';
  return reward.expiresAt.getTime() <= now.getTime() ? 'expired' : 'available';
}

const rewardColumns = {
  id: rewards.id,
  milestoneName: milestones.name,
  rewardType: rewards.rewardType,
  rewardValue: rewards.rewardValue,
  isUsed: rewards.isUsed,
  earnedAt: rewards.earnedAt,
  expiresAt: rewards.expiresAt,
  usedAt: rewards.usedAt,
};

type RewardRow = {
  id: string;
  milestoneName: string;
  rewardType: RewardDto['rewardType'];
  rewardValue: number;
  isUsed: boolean;
  earnedAt: Date | string;
  expiresAt: Date | string;
  usedAt: Date | string | null;
};

function toRewardDto(row: RewardRow, now: Date): RewardDto {
  const expiresAt = asUtcDate(row.expiresAt);
  return {
    id: row.id,
    milestoneName: row.milestoneName,
    rewardType: row.rewardType,
    rewardValue: row.rewardValue,
    isUsed: row.isUsed,
    earnedAt: asUtcDate(row.earnedAt),
    expiresAt,
    usedAt: row.usedAt === null ? null : asUtcDate(row.usedAt),
    state: rewardStateOf({ isUsed: row.isUsed, expiresAt }, now),
  };
}

/** GET /api/client/rewards/dashboard: the whole catalog with this client's progress, and their rewards. */
export async function getRewardsDashboard(db: Db, userId: string): Promise<RewardsDashboardDto> {
  const [catalog, earned] = await Promise.all([
    db
      .select({
        milestoneId: milestones.id,
        name: milestones.name,
        description: milestones.description,
        category: milestones.category,
        rewardType: milestones.rewardType,
        rewardValue: milestones.rewardValue,
        targetValue: milestones.targetValue,
        progressId: milestoneProgress.id,
        currentProgress: milestoneProgress.currentProgress,
        isCompleted: milestoneProgress.isCompleted,
        rewardClaimed: milestoneProgress.rewardClaimed,
        completedAt: milestoneProgress.completedAt,
      })
      .from(milestones)
      .leftJoin(
        milestoneProgress,
        and(eq(milestoneProgress.milestoneId, milestones.id), eq(milestoneProgress.userId, userId)),
      )
      .orderBy(asc(milestones.sortOrder), asc(milestones.id)),
    db
      .select(rewardColumns)
      .from(rewards)
      .innerJoin(milestoneProgress, eq(milestoneProgress.id, rewards.milestoneProgressId))
      .innerJoin(milestones, eq(milestones.id, milestoneProgress.milestoneId))
      .where(eq(rewards.userId, userId))
      .orderBy(desc(rewards.earnedAt), desc(rewards.id))
      .limit(200),
  ]);
  const now = new Date();
  const milestoneItems: MilestoneProgressDto[] = catalog.map((row) => ({
    id: row.progressId,
    milestoneId: row.milestoneId,
    milestone: {
      name: row.name,
      description: row.description,
      category: row.category,
      rewardType: row.rewardType,
      rewardValue: row.rewardValue,
    },
    currentProgress: row.currentProgress ?? 0,
    targetValue: row.targetValue,
    isCompleted: row.isCompleted ?? false,
    rewardClaimed: row.rewardClaimed ?? false,
    completedAt: row.completedAt ? asUtcDate(row.completedAt) : null,
  }));
  const rewardItems = earned.map((row) => toRewardDto(row, now));
  const completed = milestoneItems.filter((item) => item.isCompleted).length;
  const total = milestoneItems.length;
  return {
    stats: {
      totalPointsEarned: completed * POINTS_PER_MILESTONE,
      completedMilestones: completed,
      totalMilestones: total,
      completionPercentage: total === 0 ? 0 : Math.round((completed / total) * 100),
      availableRewards: rewardItems.filter((reward) => reward.state === 'available').length,
      readyToClaim: milestoneItems.filter((item) => item.isCompleted && !item.rewardClaimed).length,
      level: rewardLevel(completed),
    },
    milestoneProgress: milestoneItems,
    rewards: rewardItems,
  };
}

/**
 * Claims a completed milestone into a reward, once (docs/product.md 9). The progress row lock serialises
 * concurrent claims; the unique key on rewards.milestone_progress_id backs it up. The reward expires in 90 days.
 */
export async function claimMilestone(
  db: Db,
  io: { ip: string },
  userId: string,
  progressId: string,
): Promise<RewardDto> {
  return db.transaction(async (tx) => {
    const [progress] = await tx
      .select({
        id: milestoneProgress.id,
        isCompleted: milestoneProgress.isCompleted,
        rewardClaimed: milestoneProgress.rewardClaimed,
        milestoneId: milestoneProgress.milestoneId,
      })
      .from(milestoneProgress)
      .where(and(eq(milestoneProgress.id, progressId), eq(milestoneProgress.userId, userId)))
      .limit(1)
      .for('update');
    if (!progress) throw new AppError('NOT_FOUND', MILESTONE_NOT_FOUND);
    if (!progress.isCompleted) throw new AppError('CONFLICT', MILESTONE_NOT_COMPLETED);
    if (progress.rewardClaimed) throw new AppError('CONFLICT', REWARD_ALREADY_CLAIMED);
    const [milestone] = await tx
      .select({ name: milestones.name, rewardType: milestones.rewardType, rewardValue: milestones.rewardValue })
      .from(milestones)
      .where(eq(milestones.id, progress.milestoneId))
      .limit(1);
    if (!milestone) throw new AppError('NOT_FOUND', MILESTONE_NOT_FOUND);
    const now = new Date();
    const reward = {
      id: newId(),
      userId,
      milestoneProgressId: progress.id,
      rewardType: milestone.rewardType,
      rewardValue: milestone.rewardValue,
      isUsed: false,
      earnedAt: now,
      expiresAt: addDays(now, REWARD_VALIDITY_DAYS),
      usedAt: null,
    };
    await tx
      .update(milestoneProgress)
      .set({ rewardClaimed: true, claimedAt: now })
      .where(eq(milestoneProgress.id, progress.id));
    await tx.insert(rewards).values(reward);
    await recordAudit(tx, {
      actorId: userId,
      actorRole: 'client',
      action: 'reward.claim',
      targetType: 'milestone_progress',
      targetId: progress.id,
      ip: io.ip,
      detail: { milestoneId: progress.milestoneId, rewardId: reward.id },
    });
    return toRewardDto({ ...reward, milestoneName: milestone.name }, now);
  });
}

/** Uses an available reward, once, and only before it expires (expired rewards have no Use button). */
export async function redeemReward(db: Db, io: { ip: string }, userId: string, rewardId: string): Promise<RewardDto> {
  return db.transaction(async (tx) => {
    // Lock the reward row alone: FOR UPDATE over a join would also lock the shared catalog row.
    const [locked] = await tx
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.id, rewardId), eq(rewards.userId, userId)))
      .limit(1)
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', REWARD_NOT_FOUND);
    const [row] = await tx
      .select(rewardColumns)
      .from(rewards)
      .innerJoin(milestoneProgress, eq(milestoneProgress.id, rewards.milestoneProgressId))
      .innerJoin(milestones, eq(milestones.id, milestoneProgress.milestoneId))
      .where(eq(rewards.id, locked.id))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', REWARD_NOT_FOUND);
    const now = new Date();
    const state = rewardStateOf({ isUsed: row.isUsed, expiresAt: asUtcDate(row.expiresAt) }, now);
    if (state === 'used') throw new AppError('CONFLICT', REWARD_ALREADY_USED);
    if (state === 'expired') throw new AppError('CONFLICT', REWARD_EXPIRED);
    await tx.update(rewards).set({ isUsed: true, usedAt: now }).where(eq(rewards.id, row.id));
    await recordAudit(tx, {
      actorId: userId,
      actorRole: 'client',
      action: 'reward.use',
      targetType: 'reward',
      targetId: row.id,
      ip: io.ip,
      detail: { rewardType: row.rewardType, rewardValue: row.rewardValue },
    });
    return toRewardDto({ ...row, isUsed: true, usedAt: now }, now);
  });
}
