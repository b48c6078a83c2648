// Loan arithmetic in one place (docs/product.md 5): the weekly schedule made at acceptance, and the balance,
// next payment and days past due derived from that schedule and the recorded payments. Pure functions;
// calendar dates are 'YYYY-MM-DD' strings in UTC so no time zone ever shifts them.
import type { LoanStatus } from '../../../src/shared/constants';
import { DAY_MS } from '../../lib/dates';

export type ScheduleItem = { seq: number; dueDate: string; amountCents: number };
export type PaymentRecord = { amountCents: number; paidOn: string };

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Equal weekly payments; the last one absorbs the rounding so the schedule sums to the purchased amount exactly.
 * `installmentCents` fixes the regular payment (e.g. whole dollars); without it, purchased / term.
 */
export function buildWeeklySchedule(opts: {
  firstPaymentDate: string;
  termWeeks: number;
  purchasedAmountCents: number;
  installmentCents?: number;
}): ScheduleItem[] {
  const { firstPaymentDate, termWeeks, purchasedAmountCents } = opts;
  if (!Number.isInteger(termWeeks) || termWeeks < 1) throw new Error('termWeeks must be a positive integer');
  const weekly = opts.installmentCents ?? Math.round(purchasedAmountCents / termWeeks);
  if (
    opts.installmentCents !== undefined &&
    (!Number.isInteger(weekly) || weekly < 1 || weekly * (termWeeks - 1) >= purchasedAmountCents)
  ) {
    throw new Error('installmentCents must be a positive integer that leaves something for the last payment');
  }
  return Array.from({ length: termWeeks }, (_, index) => ({
    seq: index + 1,
    dueDate: addDays(firstPaymentDate, index * 7),
    amountCents: index === termWeeks - 1 ? purchasedAmountCents - weekly * (termWeeks - 1) : weekly,
  }));
}

export type LoanState = {
  totalPaidCents: number;
  balanceCents: number;
  nextPaymentDate: string | null;
  nextPaymentCents: number | null;
  paymentsRemaining: number;
  daysPastDue: number;
  status: LoanStatus;
};

/** What a loan's state depends on: the schedule's total and its first installment the payments do not cover. */
export type ScheduleSummary = {
  purchasedCents: number;
  totalPaidCents: number;
  /** Installments not fully covered by the payments so far. */
  paymentsRemaining: number;
  /** The first such installment: its due date and what is still owed of it. */
  firstUnpaid: { dueDate: string; unpaidCents: number } | null;
};

/**
 * Payments fill installments in order. An installment is late once its due date has passed and the
 * payments so far do not cover it; days past due count from the oldest such installment.
 */
export function deriveLoanState(opts: {
  schedule: ScheduleItem[];
  payments: PaymentRecord[];
  today: string;
  storedStatus?: LoanStatus;
}): LoanState {
  return loanStateOf(summarizeSchedule(opts.schedule, opts.payments), opts.today, opts.storedStatus);
}

export function summarizeSchedule(scheduleItems: ScheduleItem[], payments: PaymentRecord[]): ScheduleSummary {
  const schedule = [...scheduleItems].sort((a, b) => a.seq - b.seq);
  const totalPaidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  let cumulative = 0;
  let firstUnpaid: ScheduleSummary['firstUnpaid'] = null;
  let paymentsRemaining = 0;
  for (const item of schedule) {
    cumulative += item.amountCents;
    if (cumulative > totalPaidCents) {
      paymentsRemaining += 1;
      firstUnpaid ??= { dueDate: item.dueDate, unpaidCents: Math.min(cumulative - totalPaidCents, item.amountCents) };
    }
  }
  return { purchasedCents: cumulative, totalPaidCents, paymentsRemaining, firstUnpaid };
}

/** The state shown for a loan, from its schedule summary (computed here or by SQL for whole pages). */
export function loanStateOf(summary: ScheduleSummary, today: string, storedStatus?: LoanStatus): LoanState {
  const { firstUnpaid } = summary;
  const balance = Math.max(0, summary.purchasedCents - summary.totalPaidCents);
  const daysPastDue = firstUnpaid && firstUnpaid.dueDate < today ? daysBetween(firstUnpaid.dueDate, today) : 0;
  let status: LoanStatus = daysPastDue > 0 ? 'past_due' : 'current';
  if (balance === 0) status = 'paid_off';
  else if (storedStatus === 'defaulted') status = 'defaulted';
  return {
    totalPaidCents: summary.totalPaidCents,
    balanceCents: balance,
    nextPaymentDate: firstUnpaid?.dueDate ?? null,
    nextPaymentCents: firstUnpaid?.unpaidCents ?? null,
    paymentsRemaining: summary.paymentsRemaining,
    daysPastDue,
    status,
  };
}

export type InstallmentProgress = {
  seq: number;
  dueDate: string;
  amountCents: number;
  paidCents: number;
  /** paid: covered; partial: partly covered, not yet due; late: due date passed and not covered; due: due today. */
  state: 'paid' | 'partial' | 'late' | 'due' | 'upcoming';
};

/** Each installment with what the payments so far cover of it (payments fill installments in order). */
export function describeInstallments(opts: {
  schedule: ScheduleItem[];
  payments: PaymentRecord[];
  today: string;
}): InstallmentProgress[] {
  let available = opts.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return [...opts.schedule]
    .sort((a, b) => a.seq - b.seq)
    .map((item) => {
      const paidCents = Math.min(item.amountCents, Math.max(0, available));
      available -= paidCents;
      let state: InstallmentProgress['state'];
      if (paidCents >= item.amountCents) state = 'paid';
      else if (item.dueDate < opts.today) state = 'late';
      else if (item.dueDate === opts.today) state = 'due';
      else state = paidCents > 0 ? 'partial' : 'upcoming';
      return { seq: item.seq, dueDate: item.dueDate, amountCents: item.amountCents, paidCents, state };
    });
}

/**
 * Whether one payment was made on time, for rewards (docs/product.md 5): it completes the installment that was next
 * before it, on or before that installment's due date. `earlier` are the loan's other payments. A payment that
 * only tops up part of an installment, or arrives after the due date, does not count; a prepayment that covers
 * several installments counts once.
 */
export function isOnTimePayment(opts: {
  schedule: ScheduleItem[];
  earlier: PaymentRecord[];
  payment: PaymentRecord;
}): boolean {
  const paidBefore = opts.earlier.reduce((sum, payment) => sum + payment.amountCents, 0);
  let cumulative = 0;
  for (const item of [...opts.schedule].sort((a, b) => a.seq - b.seq)) {
    cumulative += item.amountCents;
    if (cumulative > paidBefore) {
      return opts.payment.paidOn <= item.dueDate && paidBefore + opts.payment.amountCents >= cumulative;
    }
  }
  return false; // already paid off: nothing was due
}
