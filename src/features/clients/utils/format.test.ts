import { describe, expect, it } from 'vitest';
import { rewardLevel } from '@shared/schemas/client';
import {
  applicationStatusBadge,
  describeReward,
  formatCalendarDate,
  formatUsd,
  formatUsdExact,
  loanStatusBadge,
  shortId,
} from './format';

describe('client view formatting', () => {
  it('shows whole dollars without decimals', () => {
    expect(formatUsd(52_000)).toBe('$52,000');
    expect(formatUsd(1_299.6)).toBe('$1,300');
    expect(formatUsdExact(1_300.25)).toBe('$1,300.25');
    expect(formatUsdExact(1_300)).toBe('$1,300');
  });

  it('shows the first 8 characters of an id in upper case', () => {
    expect(shortId('3f2a9c1e-7b44-4d1a-9b1e-1234567890ab')).toBe('3F2A9C1E');
  });

  it('never shifts a due date by the time zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
  });

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
