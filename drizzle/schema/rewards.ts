import { boolean, datetime, index, int, mysqlEnum, mysqlTable, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { now } from './columns';
import { MILESTONE_CATEGORIES, REWARD_TYPES } from '../../src/shared/constants';
import { users } from './users';

export const milestones = mysqlTable('milestones', {
  id: varchar('id', { length: 60 }).primaryKey(), // stable slug, seeded by migration
  name: varchar('name', { length: 120 }).notNull(),
  description: varchar('description', { length: 300 }).notNull(),
  category: mysqlEnum('category', MILESTONE_CATEGORIES).notNull(),
  rewardType: mysqlEnum('reward_type', REWARD_TYPES).notNull(),
  rewardValue: int('reward_value').notNull(), // dollars for cash_credit, percent for discount, 0 otherwise
  targetValue: int('target_value').notNull(),
  // The event that moves progress (application_submitted, account_created, funding_accepted, ...).
  eventType: varchar('event_type', { length: 40 }).notNull(),
  sortOrder: int('sort_order').notNull().default(0),
});

export const milestoneProgress = mysqlTable(
  'milestone_progress',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    milestoneId: varchar('milestone_id', { length: 60 })
      .notNull()
      .references(() => milestones.id),
    currentProgress: int('current_progress').notNull().default(0),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: datetime('completed_at'),
    rewardClaimed: boolean('reward_claimed').notNull().default(false),
    claimedAt: datetime('claimed_at'),
  },
  (t) => [uniqueIndex('milestone_progress_user_milestone_uq').on(t.userId, t.milestoneId)],
);

export const rewards = mysqlTable(
  'rewards',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A milestone can be claimed into a reward once: the unique key enforces it.
    milestoneProgressId: varchar('milestone_progress_id', { length: 36 })
      .notNull()
      .references(() => milestoneProgress.id),
    rewardType: mysqlEnum('reward_type', REWARD_TYPES).notNull(),
    rewardValue: int('reward_value').notNull(),
    isUsed: boolean('is_used').notNull().default(false),
    earnedAt: datetime('earned_at').notNull().$defaultFn(now),
    expiresAt: datetime('expires_at').notNull(),
    usedAt: datetime('used_at'),
  },
  (t) => [uniqueIndex('rewards_progress_uq').on(t.milestoneProgressId), index('rewards_user_idx').on(t.userId)],
);
