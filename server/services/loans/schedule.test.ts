import { describe, expect, it } from 'vitest';
import { addDays, buildWeeklySchedule, deriveLoanState, describeInstallments, isOnTimePayment } from './schedule';

describe('weekly schedule', () => {
  it('sums to the purchased amount exactly, the last payment absorbing the rounding', () => {
    const schedule = buildWeeklySchedule({
      firstPaymentDate: '2026-01-05',
      termWeeks: 3,
      purchasedAmountCents: 100_000,
    });
    expect(schedule.map((item) => item.amountCents)).toEqual([33_333, 33_333, 33_334]);
    expect(schedule.map((item) => item.dueDate)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
  });

  it('crosses month and year ends without shifting dates', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2028-02-26', 7)).toBe('2028-03-04'); // leap year
  });
});

describe('derived loan state', () => {
  const schedule = buildWeeklySchedule({ firstPaymentDate: '2026-03-02', termWeeks: 4, purchasedAmountCents: 400_000 });

  it('is current with the first payment next before anything is due', () => {
    expect(deriveLoanState({ schedule, payments: [], today: '2026-02-27' })).toMatchObject({
      balanceCents: 400_000,
      nextPaymentDate: '2026-03-02',
      paymentsRemaining: 4,
      daysPastDue: 0,
      status: 'current',
    });
  });

  it('counts days past due from the oldest uncovered installment', () => {
    const state = deriveLoanState({
      schedule,
      payments: [{ amountCents: 100_000, paidOn: '2026-03-02' }],
      today: '2026-03-12',
    });
    expect(state).toMatchObject({
      balanceCents: 300_000,
      nextPaymentDate: '2026-03-09',
      daysPastDue: 3,
      status: 'past_due',
      paymentsRemaining: 3,
    });
  });

  it('a partial payment leaves the rest of that installment next', () => {
    const state = deriveLoanState({
      schedule,
      payments: [{ amountCents: 60_000, paidOn: '2026-03-02' }],
      today: '2026-03-02',
    });
    expect(state).toMatchObject({
      nextPaymentDate: '2026-03-02',
      nextPaymentCents: 40_000,
      daysPastDue: 0,
      status: 'current',
    });
  });

  it('is paid off once payments cover the purchased amount', () => {
    const state = deriveLoanState({
      schedule,
      payments: [{ amountCents: 400_000, paidOn: '2026-03-20' }],
      today: '2026-06-01',
    });
    expect(state).toMatchObject({
      balanceCents: 0,
      nextPaymentDate: null,
      paymentsRemaining: 0,
      daysPastDue: 0,
      status: 'paid_off',
    });
  });
});

describe('fixed installments', () => {
  it('uses the given installment and puts the remainder on the last payment', () => {
    const schedule = buildWeeklySchedule({
      firstPaymentDate: '2026-01-05',
      termWeeks: 3,
      purchasedAmountCents: 100_050,
      installmentCents: 33_300,
    });
    expect(schedule.map((item) => item.amountCents)).toEqual([33_300, 33_300, 33_450]);
  });

  it('refuses an installment that leaves nothing for the last payment', () => {
    expect(() =>
      buildWeeklySchedule({
        firstPaymentDate: '2026-01-05',
        termWeeks: 3,
        purchasedAmountCents: 100_000,
        installmentCents: 50_000,
      }),
    ).toThrow();
  });
});

describe('installments as the client sees them', () => {
  const schedule = buildWeeklySchedule({ firstPaymentDate: '2026-03-02', termWeeks: 4, purchasedAmountCents: 400_000 });

  it('marks paid, late, due and upcoming installments', () => {
    const items = describeInstallments({
      schedule,
      payments: [{ amountCents: 100_000, paidOn: '2026-03-02' }],
      today: '2026-03-16',
    });
    expect(items.map((item) => item.state)).toEqual(['paid', 'late', 'due', 'upcoming']);
    expect(items.map((item) => item.paidCents)).toEqual([100_000, 0, 0, 0]);
  });

  it('shows a partial payment against the next installment', () => {
    const items = describeInstallments({
      schedule,
      payments: [{ amountCents: 150_000, paidOn: '2026-03-01' }],
      today: '2026-03-01',
    });
    expect(items.map((item) => [item.state, item.paidCents])).toEqual([
      ['paid', 100_000],
      ['partial', 50_000],
      ['upcoming', 0],
      ['upcoming', 0],
    ]);
  });
});

describe('on-time payments', () => {
  const schedule = buildWeeklySchedule({ firstPaymentDate: '2026-03-02', termWeeks: 4, purchasedAmountCents: 400_000 });

  it('counts a payment that completes the next installment by its due date', () => {
    expect(isOnTimePayment({ schedule, earlier: [], payment: { amountCents: 100_000, paidOn: '2026-03-02' } })).toBe(
      true,
    );
    expect(
      isOnTimePayment({
        schedule,
        earlier: [{ amountCents: 60_000, paidOn: '2026-02-27' }],
        payment: { amountCents: 40_000, paidOn: '2026-03-01' },
      }),
    ).toBe(true);
  });

  it('does not count a late, partial or surplus payment', () => {
    expect(isOnTimePayment({ schedule, earlier: [], payment: { amountCents: 100_000, paidOn: '2026-03-03' } })).toBe(
      false,
    );
    expect(isOnTimePayment({ schedule, earlier: [], payment: { amountCents: 99_999, paidOn: '2026-03-01' } })).toBe(
      false,
    );
    expect(
      isOnTimePayment({
        schedule,
        earlier: [{ amountCents: 400_000, paidOn: '2026-03-01' }],
        payment: { amountCents: 1_000, paidOn: '2026-03-02' },
      }),
    ).toBe(false);
  });
});
