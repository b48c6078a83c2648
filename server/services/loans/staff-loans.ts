import { desc, eq, inArray, sql } from 'drizzle-orm';
import { applications, loanPayments, loanSchedule, loans, users } from '../../../drizzle/schema/index';
import type { RecordPaymentInput } from '../../../src/shared/schemas/admin';
import type { DbOrTx } from '../../db';
import { isoFromDb, todayIso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { recordLoanPaymentEffects } from './payment-effects';
import { listLoanLowerPaymentRequests } from './loan-details';
import {
  deriveLoanState,
  describeInstallments,
  type LoanState,
  type PaymentRecord,
  type ScheduleItem,
} from './schedule';
import { type Actor, type ServiceDeps } from '../../deps';
import { announceDataChanged } from '../../lib/changes';
import { centsToDollars, formatUsdCents } from '../../../src/shared/format';

const WEEKS_PER_MONTH = 52 / 12;

/** Installments of the given loans, read as plain rows (no ORM mapping per row). */
async function readSchedules(db: DbOrTx, loanIds: string[]) {
  const schedules = new Map<string, ScheduleItem[]>();
  if (loanIds.length === 0) return schedules;
  const ids = sql.join(
    loanIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [rows] = (await db.execute(
    sql`SELECT s.loan_id, s.seq, s.due_date, s.amount_cents FROM ${loanSchedule} AS s WHERE s.loan_id IN (${ids}) ORDER BY s.loan_id, s.seq`,
  )) as unknown as [{ loan_id: string; seq: number; due_date: string; amount_cents: number | string }[]];
  for (const row of rows) {
    let list = schedules.get(row.loan_id);
    if (!list) {
      list = [];
      schedules.set(row.loan_id, list);
    }
    list.push({ seq: row.seq, dueDate: row.due_date, amountCents: Number(row.amount_cents) });
  }
  return schedules;
}

/**
 * A loan's schedule is written once, in the transaction that creates the loan, and never changed
 * (clients/applications.ts), so a process may keep it: a page of 50 loans would otherwise read ~2,000 schedule rows
 * on every request. Bounded, least recently used first out; keyed by the loan's random id.
 */
const SCHEDULE_CACHE_LOANS = 5_000;
const scheduleCache = new Map<string, ScheduleItem[]>();

export async function schedulesOf(db: DbOrTx, loanIds: string[]) {
  const schedules = new Map<string, ScheduleItem[]>();
  const missing: string[] = [];
  for (const id of loanIds) {
    const cached = scheduleCache.get(id);
    if (!cached) {
      missing.push(id);
      continue;
    }
    scheduleCache.delete(id);
    scheduleCache.set(id, cached);
    schedules.set(id, cached);
  }
  for (const [id, schedule] of await readSchedules(db, missing)) {
    schedules.set(id, schedule);
    scheduleCache.set(id, schedule);
    if (scheduleCache.size > SCHEDULE_CACHE_LOANS) scheduleCache.delete(scheduleCache.keys().next().value!);
  }
  return schedules;
}

export async function schedulesAndPayments(db: DbOrTx, loanIds: string[]) {
  const payments = new Map<string, PaymentRecord[]>();
  const [schedules, paidRows] = await Promise.all([
    schedulesOf(db, loanIds),
    // Balances depend on the total paid only (payments fill installments in order): one sum per loan,
    // read from the covering index.
    loanIds.length
      ? db
          .select({ loanId: loanPayments.loanId, paidCents: sql<string>`SUM(${loanPayments.amountCents})` })
          .from(loanPayments, { forceIndex: 'loan_payments_loan_amount_idx' })
          .where(inArray(loanPayments.loanId, loanIds))
          .groupBy(loanPayments.loanId)
      : Promise.resolve([]),
  ]);
  for (const row of paidRows) payments.set(row.loanId, [{ amountCents: Number(row.paidCents), paidOn: '' }]);
  return { schedules, payments };
}

export const loanColumns = {
  id: loans.id,
  applicationId: loans.applicationId,
  userId: loans.userId,
  businessName: applications.businessName,
  ownerName: applications.ownerName,
  principalCents: loans.principalCents,
  purchasedAmountCents: loans.purchasedAmountCents,
  weeklyPaymentCents: loans.weeklyPaymentCents,
  factorRateMilli: loans.factorRateMilli,
  termWeeks: loans.termWeeks,
  aprBps: loans.aprBps,
  storedStatus: loans.status,
  fundedAt: loans.fundedAt,
  firstPaymentDate: loans.firstPaymentDate,
  createdAt: loans.createdAt,
};
export function selectLoans(db: DbOrTx) {
  return db.select(loanColumns).from(loans).innerJoin(applications, eq(applications.id, loans.applicationId));
}
type SelectedLoanRow = Awaited<ReturnType<typeof selectLoans>>[number];
/** A loan as drizzle maps it (Dates) or as the list reads it raw (DATETIME text). */
export type LoanRow = Omit<SelectedLoanRow, 'fundedAt' | 'createdAt'> & {
  fundedAt: Date | string;
  createdAt: Date | string;
};

/** The spec's loan entity (principalAmount, currentBalance, monthlyPayment, nextPaymentDate, status, daysPastDue). */
export function toLoanDto(row: LoanRow, state: LoanState) {
  return {
    id: row.id,
    applicationId: row.applicationId,
    businessName: row.businessName,
    ownerName: row.ownerName,
    principalAmount: row.principalCents / 100,
    purchasedAmount: row.purchasedAmountCents / 100,
    currentBalance: state.balanceCents / 100,
    totalPaid: state.totalPaidCents / 100,
    weeklyPayment: row.weeklyPaymentCents / 100,
    // Payments are weekly (docs/product.md 5); the spec's Monthly Payment column shows the monthly equivalent.
    monthlyPayment: Math.round(row.weeklyPaymentCents * WEEKS_PER_MONTH) / 100,
    factorRate: row.factorRateMilli / 1000,
    termWeeks: row.termWeeks,
    estimatedApr: row.aprBps / 100,
    nextPaymentDate: state.nextPaymentDate,
    nextPaymentAmount: state.nextPaymentCents === null ? null : state.nextPaymentCents / 100,
    paymentsRemaining: state.paymentsRemaining,
    status: state.status,
    daysPastDue: state.daysPastDue,
    // ISO 8601 UTC text (isoFromDb).
    fundedAt: isoFromDb(row.fundedAt),
    createdAt: isoFromDb(row.createdAt),
  };
}
export type LoanDto = ReturnType<typeof toLoanDto>;

async function loadLoan(db: DbOrTx, loanId: string, lock: boolean) {
  // Lock the loan row alone (not the joined application) before reading it.
  if (lock) await db.select({ id: loans.id }).from(loans).where(eq(loans.id, loanId)).for('update');
  const [row] = await selectLoans(db).where(eq(loans.id, loanId));
  if (!row) throw new AppError('NOT_FOUND', 'Loan not found');
  return row;
}

/** Payments dialog: the loan, its schedule, and every recorded payment with who recorded it. */
export async function getLoanPayments(deps: Pick<ServiceDeps, 'db'>, loanId: string) {
  const row = await loadLoan(deps.db, loanId, false);
  const [{ schedules, payments }, recorded, lowerPaymentRequests] = await Promise.all([
    schedulesAndPayments(deps.db, [loanId]),
    deps.db
      .select({
        id: loanPayments.id,
        amountCents: loanPayments.amountCents,
        paidOn: loanPayments.paidOn,
        note: loanPayments.note,
        createdAt: loanPayments.createdAt,
        recordedByFirst: users.firstName,
        recordedByLast: users.lastName,
      })
      .from(loanPayments)
      .leftJoin(users, eq(users.id, loanPayments.recordedBy))
      .where(eq(loanPayments.loanId, loanId))
      .orderBy(desc(loanPayments.paidOn), desc(loanPayments.createdAt)),
    // Requests for a lower weekly payment, so staff see them next to the payments.
    listLoanLowerPaymentRequests(deps.db, loanId),
  ]);
  const schedule = schedules.get(loanId) ?? [];
  const today = todayIso();
  const state = deriveLoanState({
    schedule,
    payments: payments.get(loanId) ?? [],
    today,
    storedStatus: row.storedStatus,
  });
  return {
    loan: toLoanDto(row, state),
    schedule: describeInstallments({ schedule, payments: payments.get(loanId) ?? [], today }).map((item) => ({
      seq: item.seq,
      dueDate: item.dueDate,
      amount: item.amountCents / 100,
      paid: item.paidCents / 100,
      status: item.state,
    })),
    payments: recorded.map((payment) => ({
      id: payment.id,
      amount: payment.amountCents / 100,
      paidOn: payment.paidOn,
      note: payment.note,
      createdAt: payment.createdAt,
      recordedBy: payment.recordedByFirst ? `${payment.recordedByFirst} ${payment.recordedByLast ?? ''}`.trim() : null,
    })),
    lowerPaymentRequests,
  };
}

/**
 * Records a payment received (docs/product.md 5: staff can record a payment, audit-logged). The loan row is locked,
 * so two staff members recording at once cannot both take the last dollar of the balance.
 */
export async function recordLoanPayment(deps: Pick<ServiceDeps, 'db'>, actor: Actor, input: RecordPaymentInput) {
  const today = todayIso();
  const result = await auditedTransaction(deps.db, async (tx) => {
    const row = await loadLoan(tx, input.loanId, true);
    if (row.storedStatus === 'paid_off') throw new AppError('CONFLICT', 'This loan is already paid off');
    if (input.paidOn > today) {
      throw new AppError('BAD_REQUEST', 'The payment date cannot be in the future', {
        fieldErrors: { paidOn: ['The payment date cannot be in the future'] },
      });
    }
    const fundedOn = row.fundedAt.toISOString().slice(0, 10);
    if (input.paidOn < fundedOn) {
      throw new AppError('BAD_REQUEST', 'The payment date cannot be before the loan was funded', {
        fieldErrors: { paidOn: ['The payment date cannot be before the loan was funded'] },
      });
    }
    const { schedules, payments } = await schedulesAndPayments(tx, [row.id]);
    const schedule = schedules.get(row.id) ?? [];
    const previous = payments.get(row.id) ?? [];
    const before = deriveLoanState({ schedule, payments: previous, today, storedStatus: row.storedStatus });
    if (input.amountCents > before.balanceCents) {
      const message = `The amount exceeds the remaining balance of ${formatUsdCents(centsToDollars(before.balanceCents))}`;
      throw new AppError('BAD_REQUEST', message, { fieldErrors: { amountCents: [message] } });
    }
    const paymentId = newId();
    await tx.insert(loanPayments).values({
      id: paymentId,
      loanId: row.id,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      note: input.note ?? null,
      recordedBy: actor.id,
    });
    // The client area's effects of a payment: reward progress (on time, payoff) and the paid-off status.
    const effects = await recordLoanPaymentEffects(tx, row.id, {
      id: paymentId,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
    });
    const after = effects.state;
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'loan.payment',
      targetType: 'loan',
      targetId: row.id,
      ip: actor.ip,
      detail: {
        paymentId,
        amountCents: input.amountCents,
        paidOn: input.paidOn,
        before: { balanceCents: before.balanceCents, status: before.status, daysPastDue: before.daysPastDue },
        after: { balanceCents: after.balanceCents, status: after.status, daysPastDue: after.daysPastDue },
        onTime: effects.onTime,
      },
    });
    return {
      paymentId,
      loanId: row.id,
      balance: after.balanceCents / 100,
      status: after.status,
      paidOff: effects.paidOff,
    };
  });
  if (result.paidOff) announceDataChanged(deps.db);
  return { paymentId: result.paymentId, loanId: result.loanId, balance: result.balance, status: result.status };
}
