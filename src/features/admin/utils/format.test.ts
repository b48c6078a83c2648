import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMoneyExact, loanStatusLabel, shortId } from './format';

describe('admin formatting', () => {
  it('shows money in USD, whole dollars in lists and cents for balances', () => {
    expect(formatMoney(125_000)).toBe('$125,000');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoneyExact(1234.5)).toBe('$1,234.50');
  });

  it('shows ids as their first 8 characters in upper case', () => {
    expect(shortId('3f2a1b9c-0000-4000-8000-000000000000')).toBe('3F2A1B9C');
  });

  it('keeps calendar dates on their day whatever the time zone', () => {
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatDate(null)).toBe('—');
  });

  it('labels loan status as the spec does', () => {
    expect(loanStatusLabel('past_due', 12)).toBe('12 days past due');
    expect(loanStatusLabel('past_due', 1)).toBe('1 day past due');
    expect(loanStatusLabel('current', 0)).toBe('Current');
    expect(loanStatusLabel('paid_off', 0)).toBe('paid_off');
  });
});
