import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationClaims, loanPayments, loans, rewards, users } from '../../../drizzle/schema/index';
import { REWARD_VALIDITY_DAYS } from '../../../src/shared/schemas/client';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { insertApplication } from '../../test/factories';
import {
  insertApprovedApplication,
  insertLoan,
  insertMilestoneProgress,
  insertReward,
  acceptInputFor,
} from '../../test/factories/clients';
import { callerFor, getTestDeps, insertUser, uniqueEmail, type TestUser } from '../../test/harness';
import { recordLoanPaymentEffects } from '../loans/index';
import { MILESTONE_NOT_COMPLETED, REWARD_ALREADY_CLAIMED, REWARD_ALREADY_USED, REWARD_EXPIRED } from './rewards';

async function progressOf(user: TestUser, milestoneId: string) {
  const dashboard = await (await callerFor(user)).rewards.dashboard();
  const item = dashboard.milestoneProgress.find((entry) => entry.milestoneId === milestoneId);
  return item && { currentProgress: item.currentProgress, isCompleted: item.isCompleted };
}

/** Records a payment the way the back office does: the payment row, then its effects, in one transaction. */
async function recordPayment(loanId: string, amountCents: number, paidOn: string) {
  const { db } = await getTestDeps();
  return db.transaction(async (tx) => {
    const payment = { id: newId(), amountCents, paidOn };
    await tx.insert(loanPayments).values({ ...payment, loanId });
    return recordLoanPaymentEffects(tx, loanId, payment);
  });
}

describe('milestone progress moves on each event', () => {
  it('account created and application submitted, when the new account claims its application', async () => {
    const email = uniqueEmail('rewards');
    const application = await insertApplication({ email });
    const token = randomToken(25);
    const { db } = await getTestDeps();
    await db.insert(applicationClaims).values({
      tokenHash: sha256Hex(token),
      applicationId: application.id,
      kind: 'link',
      email,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await (
      await callerFor(null)
    ).auth.register({
      firstName: 'Rae',
      lastName: 'Wards',
      email,
      password: 'Blue-Harbor-77',
      businessName: 'Rae Co',
    });
    const [row] = await db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.email, email));
    const user: TestUser = {
      id: row!.id,
      email,
      firstName: 'Rae',
      lastName: 'Wards',
      businessName: 'Rae Co',
      role: 'client',
      isActive: true,
      totpEnabled: false,
      createdAt: row!.createdAt,
      password: 'Blue-Harbor-77',
    };
    await (await callerFor(user)).application.claim({ token });
    expect(await progressOf(user, 'account-created')).toEqual({ currentProgress: 1, isCompleted: true });
    expect(await progressOf(user, 'first-application')).toEqual({ currentProgress: 1, isCompleted: true });
    expect(await progressOf(user, 'repeat-applicant')).toEqual({ currentProgress: 1, isCompleted: false });
  });

  it('funding accepted', async () => {
    const client = await insertUser();
    const caller = await callerFor(client);
    expect(await progressOf(client, 'first-funding')).toEqual({ currentProgress: 0, isCompleted: false });
    const first = await insertApprovedApplication({ userId: client.id });
    await caller.client.acceptFunding(await acceptInputFor(caller, first.id));
    expect(await progressOf(client, 'first-funding')).toEqual({ currentProgress: 1, isCompleted: true });
    expect(await progressOf(client, 'second-funding')).toEqual({ currentProgress: 1, isCompleted: false });
    const second = await insertApprovedApplication({ userId: client.id });
    await caller.client.acceptFunding(await acceptInputFor(caller, second.id));
    expect(await progressOf(client, 'second-funding')).toEqual({ currentProgress: 2, isCompleted: true });
  });

  it('payments on time count, late and partial ones do not, and the payoff counts once', async () => {
    const client = await insertUser();
    const loan = await insertLoan({ userId: client.id, termWeeks: 4, firstPaymentDate: '2026-03-02' });
    const [w1, w2, w3, w4] = loan.schedule;

    expect(await recordPayment(loan.id, w1!.amountCents, '2026-03-02')).toMatchObject({ onTime: true, paidOff: false });
    expect(await progressOf(client, 'on-time-4')).toEqual({ currentProgress: 1, isCompleted: false });

    expect(await recordPayment(loan.id, w2!.amountCents, '2026-03-10')).toMatchObject({ onTime: false }); // a day late
    expect(await recordPayment(loan.id, 100, '2026-03-15')).toMatchObject({ onTime: false }); // partial
    expect(await recordPayment(loan.id, w3!.amountCents - 100, '2026-03-16')).toMatchObject({ onTime: true }); // completes it
    expect(await progressOf(client, 'on-time-4')).toEqual({ currentProgress: 2, isCompleted: false });
    expect(await progressOf(client, 'first-payoff')).toEqual({ currentProgress: 0, isCompleted: false });

    const last = await recordPayment(loan.id, w4!.amountCents, '2026-03-23');
    expect(last).toMatchObject({ onTime: true, paidOff: true, state: { balanceCents: 0, status: 'paid_off' } });
    expect(await progressOf(client, 'first-payoff')).toEqual({ currentProgress: 1, isCompleted: true });
    const { db } = await getTestDeps();
    const [stored] = await db.select({ status: loans.status }).from(loans).where(eq(loans.id, loan.id));
    expect(stored?.status).toBe('paid_off');
    expect((await (await callerFor(client)).client.loans())[0]).toMatchObject({
      balance: 0,
      status: 'paid_off',
      nextPaymentDate: null,
    });

    // An overpayment after payoff neither counts as on time nor pays the loan off again.
    expect(await recordPayment(loan.id, 5_000, '2026-03-24')).toMatchObject({ onTime: false, paidOff: false });
    expect(await progressOf(client, 'first-payoff')).toEqual({ currentProgress: 1, isCompleted: true });
    expect(await progressOf(client, 'on-time-4')).toEqual({ currentProgress: 3, isCompleted: false });
  });
});

describe('claiming a milestone', () => {
  it('turns a completed milestone into an available reward that expires in 90 days, once', async () => {
    const client = await insertUser();
    const progress = await insertMilestoneProgress({
      userId: client.id,
      milestoneId: 'first-funding',
      currentProgress: 1,
      completed: true,
    });
    const caller = await callerFor(client);
    const before = Date.now();
    const reward = await caller.rewards.claim({ id: progress.id });
    expect(reward).toMatchObject({
      rewardType: 'cash_credit',
      rewardValue: 100,
      isUsed: false,
      state: 'available',
      milestoneName: 'Funded',
    });
    const days = (reward.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(REWARD_VALIDITY_DAYS - 0.01);
    expect(days).toBeLessThan(REWARD_VALIDITY_DAYS + 0.01);

    await expect(caller.rewards.claim({ id: progress.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: REWARD_ALREADY_CLAIMED,
    });
    const dashboard = await caller.rewards.dashboard();
    expect(dashboard.milestoneProgress.find((item) => item.id === progress.id)).toMatchObject({
      isCompleted: true,
      rewardClaimed: true,
    });
    expect(dashboard.rewards.map((item) => item.id)).toEqual([reward.id]);
    expect(dashboard.stats).toMatchObject({
      completedMilestones: 1,
      availableRewards: 1,
      level: 1,
      totalPointsEarned: 100,
    });
  });

  it('makes one reward out of 10 concurrent claims', async () => {
    const client = await insertUser();
    const progress = await insertMilestoneProgress({
      userId: client.id,
      milestoneId: 'on-time-4',
      currentProgress: 4,
      completed: true,
    });
    const callers = await Promise.all(Array.from({ length: 10 }, () => callerFor(client)));
    const results = await Promise.allSettled(callers.map((caller) => caller.rewards.claim({ id: progress.id })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const { db } = await getTestDeps();
    expect(await db.select().from(rewards).where(eq(rewards.milestoneProgressId, progress.id))).toHaveLength(1);
  });

  it('refuses a milestone that is not completed yet', async () => {
    const client = await insertUser();
    const progress = await insertMilestoneProgress({
      userId: client.id,
      milestoneId: 'on-time-12',
      currentProgress: 3,
      completed: false,
    });
    await expect((await callerFor(client)).rewards.claim({ id: progress.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: MILESTONE_NOT_COMPLETED,
    });
  });
});

describe('using a reward', () => {
  it('works once', async () => {
    const client = await insertUser();
    const reward = await insertReward({ userId: client.id });
    const caller = await callerFor(client);
    expect(await caller.rewards.redeem({ id: reward.id })).toMatchObject({
      id: reward.id,
      isUsed: true,
      state: 'used',
    });
    await expect(caller.rewards.redeem({ id: reward.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: REWARD_ALREADY_USED,
    });
    const dashboard = await caller.rewards.dashboard();
    expect(dashboard.rewards[0]).toMatchObject({ state: 'used', isUsed: true });
    expect(dashboard.rewards[0]?.usedAt).toBeInstanceOf(Date);
    expect(dashboard.stats.availableRewards).toBe(0);
  });

  it('works once out of 10 concurrent uses', async () => {
    const client = await insertUser();
    const reward = await insertReward({ userId: client.id });
    const callers = await Promise.all(Array.from({ length: 10 }, () => callerFor(client)));
    const results = await Promise.allSettled(callers.map((caller) => caller.rewards.redeem({ id: reward.id })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses an expired reward and leaves it unused', async () => {
    const client = await insertUser();
    const reward = await insertReward({ userId: client.id, expiresAt: new Date(Date.now() - 60_000) });
    const caller = await callerFor(client);
    await expect(caller.rewards.redeem({ id: reward.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: REWARD_EXPIRED,
    });
    const { db } = await getTestDeps();
    const [row] = await db
      .select({ isUsed: rewards.isUsed })
      .from(rewards)
      .where(and(eq(rewards.id, reward.id)));
    expect(row?.isUsed).toBe(false);
    const dashboard = await caller.rewards.dashboard();
    expect(dashboard.rewards[0]).toMatchObject({ state: 'expired' });
    expect(dashboard.stats.availableRewards).toBe(0);
  });
});

describe('rewards dashboard', () => {
  it('lists the whole catalog with the spec’s fields and levels up every 3 completed milestones', async () => {
    const client = await insertUser();
    for (const milestoneId of ['first-application', 'account-created', 'first-funding']) {
      await insertMilestoneProgress({ userId: client.id, milestoneId, currentProgress: 1, completed: true });
    }
    const { stats, milestoneProgress } = await (await callerFor(client)).rewards.dashboard();
    expect(stats).toMatchObject({
      completedMilestones: 3,
      totalMilestones: milestoneProgress.length,
      level: 2,
      totalPointsEarned: 300,
    });
    expect(stats.completionPercentage).toBe(Math.round((3 / milestoneProgress.length) * 100));
    expect(new Set(milestoneProgress.map((item) => item.milestone.category))).toEqual(
      new Set(['payment', 'engagement', 'business_growth', 'loan_completion']),
    );
    expect(milestoneProgress[0]).toEqual({
      id: expect.any(String),
      milestoneId: 'first-application',
      milestone: {
        name: 'First Application',
        description: expect.any(String),
        category: 'engagement',
        rewardType: 'badge',
        rewardValue: 0,
      },
      currentProgress: 1,
      targetValue: 1,
      isCompleted: true,
      rewardClaimed: false,
      completedAt: expect.any(Date),
    });
  });
});

describe('rewards dashboard counts', () => {
  it('agree with the milestones and rewards listed: ready to claim, then available once claimed', async () => {
    const client = await insertUser();
    for (const milestoneId of ['first-application', 'account-created', 'first-funding']) {
      await insertMilestoneProgress({ userId: client.id, milestoneId, currentProgress: 1, completed: true });
    }
    const caller = await callerFor(client);
    const before = await caller.rewards.dashboard();
    expect(before.stats).toMatchObject({ completedMilestones: 3, readyToClaim: 3, availableRewards: 0 });

    const ready = before.milestoneProgress.find((item) => item.milestoneId === 'first-funding')!;
    await caller.rewards.claim({ id: ready.id! });
    const after = await caller.rewards.dashboard();
    expect(after.stats).toMatchObject({ completedMilestones: 3, readyToClaim: 2, availableRewards: 1 });
    expect(after.stats.readyToClaim).toBe(
      after.milestoneProgress.filter((item) => item.isCompleted && !item.rewardClaimed).length,
    );
    expect(after.stats.availableRewards).toBe(after.rewards.filter((reward) => reward.state === 'available').length);
  });
});

describe('refinance requests', () => {
  it('creates a request on the client’s own loan, once while it is open', async () => {
    const client = await insertUser();
    const loan = await insertLoan({ userId: client.id });
    const caller = await callerFor(client);
    const answer = await caller.client.requestRefinance({
      loanId: loan.id,
      requestedAmount: 30_000,
      reason: 'Lower the weekly payment',
    });
    expect(answer).toMatchObject({
      success: true,
      request: { loanId: loan.id, requestedAmount: 30_000, status: 'open' },
    });
    await expect(
      caller.client.requestRefinance({ loanId: loan.id, reason: 'Asking again, same loan' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await caller.client.refinanceRequests()).toEqual([
      expect.objectContaining({ id: answer.request.id, reason: 'Lower the weekly payment' }),
    ]);
  });

  it('validates the form with the shared schema', async () => {
    const caller = await callerFor(await insertUser());
    await expect(caller.client.requestRefinance({ reason: 'short' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.client.requestRefinance({ reason: 'A valid reason here', requestedAmount: 10.5 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
