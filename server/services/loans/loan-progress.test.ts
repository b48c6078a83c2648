import { describe, expect, it } from 'vitest';
import { loanProgressOf } from './loan-progress';
import { buildWeeklySchedule } from './schedule';

// Four weekly payments of $1,000 from Mar 2; funded Feb 23.
const schedule = buildWeeklySchedule({ firstPaymentDate: '2026-03-02', termWeeks: 4, purchasedAmountCents: 400_000 });
const base = { loanId: 'loan-1', fundedOn: '2026-02-23', schedule };

describe('loan progress', () => {
  it('charts the balance as scheduled and as paid up to today, and today itself', () => {
    const progress = loanProgressOf({
      ...base,
      payments: [{ amountCents: 100_000, paidOn: '2026-03-02' }],
      today: '2026-03-11',
    });
    expect(progress.balanceHistory).toEqual([
      { date: '2026-02-23', scheduledBalance: 4000, actualBalance: 4000, isToday: false },
      { date: '2026-03-02', scheduledBalance: 3000, actualBalance: 3000, isToday: false },
      { date: '2026-03-09', scheduledBalance: 2000, actualBalance: 3000, isToday: false },
      { date: '2026-03-11', scheduledBalance: 2000, actualBalance: 3000, isToday: true },
      { date: '2026-03-16', scheduledBalance: 1000, actualBalance: null, isToday: false },
      { date: '2026-03-23', scheduledBalance: 0, actualBalance: null, isToday: false },
    ]);
    expect(progress).toMatchObject({ totalRepayment: 4000, paid: 1000, remaining: 3000, paidPercent: 25 });
  });

  it('lists the next unpaid payments, a late one first with what is still owed of it', () => {
    const progress = loanProgressOf({
      ...base,
      payments: [
        { amountCents: 100_000, paidOn: '2026-03-02' },
        { amountCents: 40_000, paidOn: '2026-03-09' },
      ],
      today: '2026-03-11',
    });
    expect(progress.nextPayments).toEqual([
      { seq: 2, dueDate: '2026-03-09', amount: 600, isLate: true },
      { seq: 3, dueDate: '2026-03-16', amount: 1000, isLate: false },
      { seq: 4, dueDate: '2026-03-23', amount: 1000, isLate: false },
    ]);
    expect(progress.paidPercent).toBe(35);
  });

  it('ends at zero with no next payment once paid off', () => {
    const progress = loanProgressOf({
      ...base,
      payments: [{ amountCents: 400_000, paidOn: '2026-03-01' }],
      today: '2026-03-05',
    });
    expect(progress).toMatchObject({ paid: 4000, remaining: 0, paidPercent: 100, nextPayments: [] });
    expect(progress.balanceHistory.find((point) => point.isToday)?.actualBalance).toBe(0);
  });

  it('has no today point on the funding day itself', () => {
    const progress = loanProgressOf({ ...base, payments: [], today: '2026-02-23' });
    expect(progress.balanceHistory[0]).toEqual({
      date: '2026-02-23',
      scheduledBalance: 4000,
      actualBalance: 4000,
      isToday: true,
    });
    expect(progress.balanceHistory).toHaveLength(5);
  });
});
