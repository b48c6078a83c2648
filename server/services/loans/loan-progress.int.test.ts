// client.loanProgress: a client's own loan charted from its schedule and payments; anyone else's answers 404.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { insertLoan } from '../../test/factories/admin';
import { callerFor, insertUser } from '../../test/harness';
import { addDays } from './schedule';

describe('client.loanProgress', () => {
  it('charts the client own loan from its schedule and payments and agrees with the loan card', async () => {
    const client = await insertUser({ role: 'client' });
    const today = new Date().toISOString().slice(0, 10);
    // $10,000 at 1.3 over 10 weeks: $1,300 a week; the first payment was due two weeks ago and only it was paid.
    const loan = await insertLoan({
      userId: client.id,
      principalCents: 1_000_000,
      factorRateMilli: 1300,
      termWeeks: 10,
      firstPaymentDate: addDays(today, -14),
      payments: [{ amountCents: 130_000, paidOn: addDays(today, -14) }],
    });
    const caller = await callerFor(client);
    const progress = await caller.client.loanProgress({ id: loan.id });
    expect(progress).toMatchObject({
      loanId: loan.id,
      totalRepayment: 13_000,
      paid: 1_300,
      remaining: 11_700,
      paidPercent: 10,
    });
    expect(progress.nextPayments[0]).toEqual({ seq: 2, dueDate: addDays(today, -7), amount: 1_300, isLate: true });
    expect(progress.nextPayments).toHaveLength(4);
    const todayPoint = progress.balanceHistory.find((point) => point.isToday);
    expect(todayPoint).toEqual({
      date: today,
      scheduledBalance: 13_000 - 3 * 1_300,
      actualBalance: 11_700,
      isToday: true,
    });
    expect(
      progress.balanceHistory.filter((point) => point.date > today).every((point) => point.actualBalance === null),
    ).toBe(true);
    expect(progress.balanceHistory.at(-1)).toMatchObject({ scheduledBalance: 0 });

    const [card] = (await caller.client.loans()).filter((item) => item.id === loan.id);
    expect(card?.balance).toBe(progress.remaining);
    expect(card?.totalPaid).toBe(progress.paid);
  });

  it("answers 404 for another client's loan", async () => {
    const owner = await insertUser({ role: 'client' });
    const other = await insertUser({ role: 'client' });
    const loan = await insertLoan({ userId: owner.id });
    const refused = await (
      await callerFor(other)
    ).client
      .loanProgress({ id: loan.id })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('NOT_FOUND');
  });
});
