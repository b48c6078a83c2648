import { eq, sql } from 'drizzle-orm';
import { milestoneProgress, milestones } from '../../../drizzle/schema/index';
import type { DbOrTx } from '../../db';
import { newId } from '../../lib/ids';

// Events that move milestone progress (docs/product.md 9).
export const REWARD_EVENTS = [
  'application_submitted',
  'account_created',
  'funding_accepted',
  'payment_on_time',
  'loan_paid_off',
] as const;
export type RewardEvent = (typeof REWARD_EVENTS)[number];

/**
 * Adds `amount` to every milestone driven by `event` for this user and completes those that reach
 * their target. One upsert per milestone; safe to call inside the transaction of the event itself.
 */
export async function recordRewardEvent(db: DbOrTx, userId: string, event: RewardEvent, amount = 1): Promise<void> {
  const driven = await db
    .select({ id: milestones.id, targetValue: milestones.targetValue })
    .from(milestones)
    .where(eq(milestones.eventType, event));
  const now = new Date();
  for (const milestone of driven) {
    await db
      .insert(milestoneProgress)
      .values({
        id: newId(),
        userId,
        milestoneId: milestone.id,
        currentProgress: Math.min(amount, milestone.targetValue),
        isCompleted: amount >= milestone.targetValue,
        completedAt: amount >= milestone.targetValue ? now : null,
      })
      .onDuplicateKeyUpdate({
        // drizzle writes SET in column order and MySQL applies it left to right, so each line sees the
        // new values of the lines above it: progress, then completion, then its time.
        set: {
          currentProgress: sql`LEAST(${milestoneProgress.currentProgress} + ${amount}, ${milestone.targetValue})`,
          isCompleted: sql`${milestoneProgress.currentProgress} >= ${milestone.targetValue}`,
          completedAt: sql`IF(${milestoneProgress.completedAt} IS NULL AND ${milestoneProgress.isCompleted} = 1, ${now}, ${milestoneProgress.completedAt})`,
        },
      });
  }
}
