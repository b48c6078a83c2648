import { describe, expect, it } from 'vitest';
import { loanSummary, rewardsPreview, shownOf } from './dashboard';
import type { ClientLoan, MilestoneProgress, Reward } from '../types';

const loan = (overrides: Partial<ClientLoan>): ClientLoan =>
  ({
    id: 'loan',
    balance: 1_000,
    status: 'current',
    nextPaymentDate: '2026-12-10',
    nextPaymentAmount: 100,
    renewalEligible: false,
    ...overrides,
  }) as ClientLoan;

describe('loan summary', () => {
  it('adds the open loans, takes the soonest payment and the eligible ones; paid-off loans are history', () => {
    const summary = loanSummary([
      loan({ id: 'a', balance: 6_500, nextPaymentDate: '2026-12-17', nextPaymentAmount: 1_300, renewalEligible: true }),
      loan({ id: 'b', balance: 2_000, status: 'past_due', nextPaymentDate: '2026-12-03', nextPaymentAmount: 500 }),
      loan({ id: 'c', balance: 0, status: 'paid_off', nextPaymentDate: null, nextPaymentAmount: null }),
    ]);
    expect(summary.open.map((item) => item.id)).toEqual(['a', 'b']);
    expect(summary.balance).toBe(8_500);
    expect(summary.nextPayment).toEqual({ date: '2026-12-03', amount: 500 });
    expect(summary.eligible.map((item) => item.id)).toEqual(['a']);
    expect(loanSummary([loan({ status: 'paid_off', renewalEligible: true })]).eligible).toEqual([]);
  });
});

describe('rewards preview', () => {
  const milestone = (id: string, isCompleted: boolean, rewardClaimed = false) =>
    ({ milestoneId: id, isCompleted, rewardClaimed }) as MilestoneProgress;
  const reward = (id: string, state: Reward['state']) => ({ id, state }) as Reward;

  it('counts each list from the list itself and says how much of it is shown', () => {
    const preview = rewardsPreview(
      {
        milestoneProgress: [
          milestone('a', true),
          milestone('b', true, true),
          ...['c', 'd', 'e', 'f'].map((id) => milestone(id, false)),
        ],
        rewards: [reward('r1', 'available'), reward('r2', 'used'), reward('r3', 'expired')],
      },
      3,
    );
    expect(preview.ready).toMatchObject({ total: 1, items: [{ milestoneId: 'a' }] });
    expect(preview.active.total).toBe(4);
    expect(preview.active.items).toHaveLength(3);
    expect(preview.available).toMatchObject({ total: 1, items: [{ id: 'r1' }] });
    expect(shownOf(preview.active)).toBe('Showing 3 of 4');
    expect(shownOf(preview.ready)).toBeNull();
  });
});
