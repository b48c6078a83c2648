// A loan's progress as the client area charts it (docs/product.md 5): paid against remaining, the next payments and
// the balance over time, all from the schedule and the recorded payments (the same arithmetic as schedule.ts).
import type { LoanProgressDto } from '../../../src/shared/schemas/client';
import type { DbOrTx } from '../../db';
import { asUtcDate, todayIso } from '../../lib/dates';
import { findOwnLoan } from './loan-details';
import { describeInstallments, type PaymentRecord, type ScheduleItem } from './schedule';

/** How many upcoming payments the progress shows. */
export const NEXT_PAYMENTS_SHOWN = 4;

const dollars = (cents: number) => cents / 100;

/**
 * The balance at funding, after each due date and today: as scheduled (what is left if every payment came on its
 * day) and as paid (what is left after the payments dated on or before that day; only for days up to today).
 */
export function loanProgressOf(opts: {
  loanId: string;
  fundedOn: string;
  schedule: ScheduleItem[];
  payments: PaymentRecord[];
  today: string;
}): LoanProgressDto {
  const { fundedOn, today } = opts;
  const schedule = [...opts.schedule].sort((a, b) => a.seq - b.seq);
  const purchasedCents = schedule.reduce((total, item) => total + item.amountCents, 0);
  const paidBy = (day: string) =>
    opts.payments.filter((payment) => payment.paidOn <= day).reduce((total, payment) => total + payment.amountCents, 0);
  const scheduledBy = (day: string) =>
    schedule.filter((item) => item.dueDate <= day).reduce((total, item) => total + item.amountCents, 0);
  const days = new Set([fundedOn, ...schedule.map((item) => item.dueDate)]);
  if (today > fundedOn) days.add(today);
  const balanceHistory = [...days].sort().map((date) => ({
    date,
    scheduledBalance: dollars(Math.max(0, purchasedCents - scheduledBy(date))),
    actualBalance: date <= today ? dollars(Math.max(0, purchasedCents - paidBy(date))) : null,
    isToday: date === today,
  }));
  const paidCents = Math.min(purchasedCents, paidBy('9999-12-31'));
  const nextPayments = describeInstallments({ schedule, payments: opts.payments, today })
    .filter((item) => item.state !== 'paid')
    .slice(0, NEXT_PAYMENTS_SHOWN)
    .map((item) => ({
      seq: item.seq,
      dueDate: item.dueDate,
      amount: dollars(item.amountCents - item.paidCents),
      isLate: item.state === 'late',
    }));
  return {
    loanId: opts.loanId,
    totalRepayment: dollars(purchasedCents),
    paid: dollars(paidCents),
    remaining: dollars(purchasedCents - paidCents),
    paidPercent: purchasedCents > 0 ? Math.round((paidCents / purchasedCents) * 1000) / 10 : 0,
    nextPayments,
    balanceHistory,
  };
}

/** One of the client's own loans charted; another client's id answers 404 like an unknown one. */
export async function getClientLoanProgress(db: DbOrTx, userId: string, loanId: string): Promise<LoanProgressDto> {
  const { row, schedule, payments } = await findOwnLoan(db, userId, loanId);
  const fundedOn = asUtcDate(row.fundedAt).toISOString().slice(0, 10);
  return loanProgressOf({ loanId: row.id, fundedOn, schedule, payments, today: todayIso() });
}
