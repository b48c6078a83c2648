import { sql } from 'drizzle-orm';
import { milestones } from '../../../drizzle/schema/index';
import type { MilestoneCategory, RewardType } from '../../../src/shared/constants';
import type { Db } from '../../db';
import type { RewardEvent } from './events';

type MilestoneSeed = {
  id: string;
  name: string;
  description: string;
  category: MilestoneCategory;
  rewardType: RewardType;
  rewardValue: number;
  targetValue: number;
  eventType: RewardEvent;
};

// The milestone catalog (docs/product.md 9): every category and reward type, each moved by a real event.
export const MILESTONE_CATALOG: MilestoneSeed[] = [
  {
    id: 'first-application',
    name: 'First Application',
    description: 'Submit your first funding application.',
    category: 'engagement',
    rewardType: 'badge',
    rewardValue: 0,
    targetValue: 1,
    eventType: 'application_submitted',
  },
  {
    id: 'account-created',
    name: 'Welcome Aboard',
    description: 'Create your client account.',
    category: 'engagement',
    rewardType: 'feature_unlock',
    rewardValue: 0,
    targetValue: 1,
    eventType: 'account_created',
  },
  {
    id: 'repeat-applicant',
    name: 'Growing Together',
    description: 'Submit three applications as your business grows.',
    category: 'business_growth',
    rewardType: 'discount',
    rewardValue: 5,
    targetValue: 3,
    eventType: 'application_submitted',
  },
  {
    id: 'first-funding',
    name: 'Funded',
    description: 'Accept your first funding offer.',
    category: 'business_growth',
    rewardType: 'cash_credit',
    rewardValue: 100,
    targetValue: 1,
    eventType: 'funding_accepted',
  },
  {
    id: 'second-funding',
    name: 'Renewal',
    description: 'Accept a second funding offer.',
    category: 'business_growth',
    rewardType: 'discount',
    rewardValue: 10,
    targetValue: 2,
    eventType: 'funding_accepted',
  },
  {
    id: 'on-time-4',
    name: 'On Track',
    description: 'Make 4 weekly payments on time.',
    category: 'payment',
    rewardType: 'badge',
    rewardValue: 0,
    targetValue: 4,
    eventType: 'payment_on_time',
  },
  {
    id: 'on-time-12',
    name: 'Reliable Payer',
    description: 'Make 12 weekly payments on time.',
    category: 'payment',
    rewardType: 'cash_credit',
    rewardValue: 50,
    targetValue: 12,
    eventType: 'payment_on_time',
  },
  {
    id: 'on-time-26',
    name: 'Half-Year Streak',
    description: 'Make 26 weekly payments on time.',
    category: 'payment',
    rewardType: 'discount',
    rewardValue: 15,
    targetValue: 26,
    eventType: 'payment_on_time',
  },
  {
    id: 'first-payoff',
    name: 'Paid in Full',
    description: 'Pay off a loan completely.',
    category: 'loan_completion',
    rewardType: 'cash_credit',
    rewardValue: 250,
    targetValue: 1,
    eventType: 'loan_paid_off',
  },
  {
    id: 'second-payoff',
    name: 'Trusted Partner',
    description: 'Pay off two loans.',
    category: 'loan_completion',
    rewardType: 'feature_unlock',
    rewardValue: 0,
    targetValue: 2,
    eventType: 'loan_paid_off',
  },
];

/** Upserts the catalog at boot, so every instance and every test database has it. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(milestones)
    .values(MILESTONE_CATALOG.map((milestone, index) => ({ ...milestone, sortOrder: index })))
    .onDuplicateKeyUpdate({
      set: {
        name: sql`VALUES(${milestones.name})`,
        description: sql`VALUES(${milestones.description})`,
        category: sql`VALUES(${milestones.category})`,
        rewardType: sql`VALUES(${milestones.rewardType})`,
        rewardValue: sql`VALUES(${milestones.rewardValue})`,
        targetValue: sql`VALUES(${milestones.targetValue})`,
        eventType: sql`VALUES(${milestones.eventType})`,
        sortOrder: sql`VALUES(${milestones.sortOrder})`,
      },
    });
}
