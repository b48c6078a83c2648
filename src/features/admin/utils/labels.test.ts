import { describe, expect, it } from 'vitest';
import { loanStatusLabel } from './labels';

describe('admin labels', () => {
  it('labels loan status as the spec does', () => {
    expect(loanStatusLabel('past_due', 12)).toBe('12 days past due');
    expect(loanStatusLabel('past_due', 1)).toBe('1 day past due');
    expect(loanStatusLabel('current', 0)).toBe('Current');
    expect(loanStatusLabel('paid_off', 0)).toBe('paid_off');
  });
});
