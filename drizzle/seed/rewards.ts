// Rewards progress from the same events the app counts; a few completed milestones claimed, and some of those
// rewards used.
import type { Connection } from 'mysql2/promise';
import { MILESTONE_CATALOG } from '../../server/services/rewards/index';
import { createWriter } from './bulk-writer';
import type { Client } from './clients';
import { DAY_MS, seededId, toSql, type Random } from './random';

export async function seedRewards(input: {
  connection: Connection;
  random: Random;
  /** With their tallies complete: run after the applications and loans seeds. */
  clients: Client[];
}): Promise<{ progressRows: number; rewards: number }> {
  const { connection, random, clients } = input;
  const progressOut = createWriter(connection, 'milestone_progress', [
    'id',
    'user_id',
    'milestone_id',
    'current_progress',
    'is_completed',
    'completed_at',
    'reward_claimed',
    'claimed_at',
  ]);
  const rewardsOut = createWriter(connection, 'rewards', [
    'id',
    'user_id',
    'milestone_progress_id',
    'reward_type',
    'reward_value',
    'is_used',
    'earned_at',
    'expires_at',
    'used_at',
  ]);
  for (const client of clients) {
    const counts: Record<string, number> = {
      account_created: 1,
      application_submitted: client.applications,
      funding_accepted: client.funded,
      payment_on_time: client.onTimePayments,
      loan_paid_off: client.paidOff,
    };
    for (const milestone of MILESTONE_CATALOG) {
      const progress = Math.min(counts[milestone.eventType] ?? 0, milestone.targetValue);
      if (progress === 0) continue;
      const isCompleted = progress >= milestone.targetValue;
      const completedAt = isCompleted ? new Date(client.createdAt.getTime() + random.int(0, 30) * DAY_MS) : null;
      const claimed = isCompleted && random.chance(0.4);
      const progressId = seededId();
      await progressOut.add([
        progressId,
        client.id,
        milestone.id,
        progress,
        isCompleted ? 1 : 0,
        completedAt ? toSql(completedAt) : null,
        claimed ? 1 : 0,
        claimed && completedAt ? toSql(completedAt) : null,
      ]);
      if (claimed && completedAt) {
        const used = random.chance(0.3);
        await rewardsOut.add([
          seededId(),
          client.id,
          progressId,
          milestone.rewardType,
          milestone.rewardValue,
          used ? 1 : 0,
          toSql(completedAt),
          toSql(new Date(completedAt.getTime() + 90 * DAY_MS)),
          used ? toSql(new Date(completedAt.getTime() + 5 * DAY_MS)) : null,
        ]);
      }
    }
  }
  await progressOut.flush();
  await rewardsOut.flush();
  return { progressRows: progressOut.total, rewards: rewardsOut.total };
}
