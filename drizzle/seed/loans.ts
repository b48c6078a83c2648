// Loans of funded applications: the weekly schedule, the payments made so far (most on the due date, some
// late, a few stopped) and now and then a refinance request. Each loan adds to its client's reward tallies.
import type { Connection } from 'mysql2/promise';
import { addDays, buildWeeklySchedule, deriveLoanState } from '../../server/services/loans/index';
import { createWriter, type Writer } from './bulk-writer';
import type { Client } from './clients';
import { DAY_MS, seededId, toSql, type Random, type SeedClock } from './random';
import { REFINANCE_REASONS } from './words';

export type LoanWriters = { loans: Writer; schedule: Writer; payments: Writer; refinance: Writer };

export function createLoanWriters(connection: Connection): LoanWriters {
  return {
    loans: createWriter(connection, 'loans', [
      'id',
      'application_id',
      'user_id',
      'principal_cents',
      'purchased_amount_cents',
      'factor_rate_milli',
      'weekly_payment_cents',
      'term_weeks',
      'apr_bps',
      'status',
      'funded_at',
      'first_payment_date',
      'created_at',
    ]),
    schedule: createWriter(connection, 'loan_schedule', ['loan_id', 'seq', 'due_date', 'amount_cents']),
    payments: createWriter(connection, 'loan_payments', [
      'id',
      'loan_id',
      'amount_cents',
      'paid_on',
      'note',
      'created_at',
    ]),
    refinance: createWriter(connection, 'refinance_requests', [
      'id',
      'user_id',
      'loan_id',
      'requested_amount_cents',
      'reason',
      'status',
      'created_at',
    ]),
  };
}

export async function addLoan(
  out: LoanWriters,
  random: Random,
  clock: SeedClock,
  input: { applicationId: string; client: Client; principalCents: number; decidedAt: Date },
): Promise<void> {
  const { int, pick, chance } = random;
  const { now, today } = clock;
  const { applicationId, client, principalCents, decidedAt } = input;
  const loanId = seededId();
  const factorMilli = pick([1250, 1300, 1350, 1400, 1450]);
  const termWeeks = pick([26, 39, 52]);
  const purchased = Math.round((principalCents * factorMilli) / 1000);
  const fundedAt = new Date(decidedAt.getTime() + int(1, 3) * DAY_MS);
  const firstPaymentDate = addDays(fundedAt.toISOString().slice(0, 10), 7);
  const schedule = buildWeeklySchedule({ firstPaymentDate, termWeeks, purchasedAmountCents: purchased });
  // Most borrowers pay on the due date; some pay late, a few stop paying (past due) or defaulted long ago.
  const behaviour = random.next();
  const stopsAfter = behaviour < 0.1 ? int(1, Math.max(1, termWeeks - 2)) : Infinity;
  const payments: { amountCents: number; paidOn: string }[] = [];
  for (const item of schedule) {
    if (item.dueDate > today || item.seq > stopsAfter) break;
    const late = behaviour > 0.85 ? int(1, 4) : 0;
    const paidOn = addDays(item.dueDate, late);
    if (paidOn > today) break;
    payments.push({ amountCents: item.amountCents, paidOn });
    if (late === 0) client.onTimePayments += 1;
  }
  const derived = deriveLoanState({ schedule, payments, today });
  const status =
    derived.balanceCents === 0 ? 'paid_off' : derived.daysPastDue > 120 && chance(0.5) ? 'defaulted' : 'current';
  if (status === 'paid_off') client.paidOff += 1;
  client.funded += 1;
  await out.loans.add([
    loanId,
    applicationId,
    client.id,
    principalCents,
    purchased,
    factorMilli,
    schedule[0]?.amountCents ?? 0,
    termWeeks,
    Math.round((factorMilli - 1000) * (52 / termWeeks) * 10),
    status,
    toSql(fundedAt),
    firstPaymentDate,
    toSql(fundedAt),
  ]);
  for (const item of schedule) await out.schedule.add([loanId, item.seq, item.dueDate, item.amountCents]);
  for (const payment of payments) {
    await out.payments.add([
      seededId(),
      loanId,
      payment.amountCents,
      payment.paidOn,
      'ACH debit',
      `${payment.paidOn} 14:00:00`,
    ]);
  }
  if (status === 'current' && chance(0.12)) {
    await out.refinance.add([
      seededId(),
      client.id,
      loanId,
      chance(0.5) ? Math.round(principalCents * 1.2) : null,
      pick(REFINANCE_REASONS),
      pick(['open', 'open', 'in_review', 'closed'] as const),
      toSql(new Date(now.getTime() - int(0, 60) * DAY_MS)),
    ]);
  }
}
