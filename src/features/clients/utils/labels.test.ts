import { describe, expect, it } from 'vitest';
import { rewardLevel } from '@shared/schemas/client';
import { applicationStatusBadge, describeReward, loanStatusBadge } from './labels';

describe('client view labels', () => {
  it('labels statuses as the spec does', () => {
    expect(applicationStatusBadge('approved')).toEqual({ label: 'Pre-Approved', colorPalette: 'green' });
    expect(applicationStatusBadge('declined').label).toBe('Needs Review');
    expect(applicationStatusBadge('review').label).toBe('Pending Review');
    expect(applicationStatusBadge('pending').label).toBe('Pending Review');
    expect(applicationStatusBadge('funded').label).toBe('Funded');
    expect(loanStatusBadge('past_due', 3).label).toBe('3 days past due');
    expect(loanStatusBadge('past_due', 1).label).toBe('1 day past due');
    expect(loanStatusBadge('current', 0).label).toBe('Current');
  });

  it('describes rewards in words', () => {
    expect(describeReward('cash_credit', 100)).toBe('$100 cash credit');
    expect(describeReward('discount', 5)).toBe('5% discount');
  });

  it('levels up every 3 completed milestones', () => {
    expect([0, 2, 3, 5, 6, 9].map(rewardLevel)).toEqual([1, 1, 2, 2, 3, 4]);
  });
});
