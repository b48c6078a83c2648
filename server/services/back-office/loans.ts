import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { applications, loanPayments, loanSchedule, loans, users } from '../../../drizzle/schema/index';
import type { ListLoansQuery, RecordPaymentInput } from '../../../src/shared/schemas/admin';
import type { DbOrTx } from '../../db';
import { isoFromDb, todayIso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { recordLoanPaymentEffects } from '../loans/payment-effects';
import { listLoanLowerPaymentRequests } from '../loans/loan-details';
import {
  deriveLoanState,
  describeInstallments,
  type LoanState,
  type PaymentRecord,
  type ScheduleItem,
} from '../loans/schedule';
import { type Actor, type ServiceDeps } from '../../deps';
import { auditedTransaction } from '../../lib/audit';
import { type PagePlan, planPage, toPage } from './cursor';
import { activeLoanCount, invalidateDashboard } from './dashboard';

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

async function schedulesOf(db: DbOrTx, loanIds: string[]) {
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

async function schedulesAndPayments(db: DbOrTx, loanIds: string[]) {
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

function keysetCondition(plan: PagePlan) {
  const cursor = plan.cursor;
  if (!cursor) return undefined;
  if (plan.kind === 'before') {
    return or(
      gt(loans.createdAt, cursor.createdAt),
      and(eq(loans.createdAt, cursor.createdAt), gt(loans.id, cursor.id)),
    );
  }
  return or(lt(loans.createdAt, cursor.createdAt), and(eq(loans.createdAt, cursor.createdAt), lt(loans.id, cursor.id)));
}

const loanColumns = {
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
function selectLoans(db: DbOrTx) {
  return db.select(loanColumns).from(loans).innerJoin(applications, eq(applications.id, loans.applicationId));
}
type SelectedLoanRow = Awaited<ReturnType<typeof selectLoans>>[number];
/** A loan as drizzle maps it (Dates) or as the list reads it raw (DATETIME text). */
type LoanRow = Omit<SelectedLoanRow, 'fundedAt' | 'createdAt'> & { fundedAt: Date | string; createdAt: Date | string };

/** The spec's loan entity (principalAmount, currentBalance, monthlyPayment, nextPaymentDate, status, daysPastDue). */
function toLoanDto(row: LoanRow, state: LoanState) {
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
    // Payments are weekly (PRODUCT.md 5); the spec's Monthly Payment column shows the monthly equivalent.
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

type RawLoanRow = {
  id: string;
  application_id: string;
  user_id: string;
  business_name: string;
  owner_name: string;
  principal_cents: number | string;
  purchased_amount_cents: number | string;
  weekly_payment_cents: number | string;
  factor_rate_milli: number;
  term_weeks: number;
  apr_bps: number;
  status: LoanRow['storedStatus'];
  funded_at: string;
  first_payment_date: string;
  created_at: string;
  paid_cents: number | string;
};

function fromRawLoanRow(row: RawLoanRow): LoanRow & { paidCents: number } {
  return {
    id: row.id,
    applicationId: row.application_id,
    userId: row.user_id,
    businessName: row.business_name,
    ownerName: row.owner_name,
    principalCents: Number(row.principal_cents),
    purchasedAmountCents: Number(row.purchased_amount_cents),
    weeklyPaymentCents: Number(row.weekly_payment_cents),
    factorRateMilli: row.factor_rate_milli,
    termWeeks: row.term_weeks,
    aprBps: row.apr_bps,
    storedStatus: row.status,
    fundedAt: row.funded_at,
    firstPaymentDate: row.first_payment_date,
    createdAt: row.created_at,
    paidCents: Number(row.paid_cents),
  };
}

/** Active loans newest first; balance and days past due are derived from schedule and payments (PRODUCT.md 5). */
export async function listActiveLoans(deps: Pick<ServiceDeps, 'db' | 'log'>, query: ListLoansQuery) {
  const plan = planPage(query);
  const isBackwards = plan.kind === 'before';
  const keys = deps.db
    .select({ id: loans.id, createdAt: loans.createdAt })
    .from(loans, { forceIndex: 'loans_status_idx' })
    .where(and(eq(loans.status, 'current'), keysetCondition(plan)))
    .orderBy(...(isBackwards ? [loans.createdAt, loans.id] : [desc(loans.createdAt), desc(loans.id)]))
    .limit(query.limit + 1)
    .offset(plan.kind === 'after' ? plan.offset : 0);
  // The loans of the page's keys (an index-only read) with their business and total paid (payments fill
  // installments in order, so the total is all the schedule needs; a column the database keeps, migration 0005), as
  // plain rows (no ORM mapping per row); then their schedules, mostly from the cache.
  const order = isBackwards ? sql`ASC` : sql`DESC`;
  const [[rawRows], activeLoans] = await Promise.all([
    deps.db.execute(sql`
      SELECT l.id, l.application_id, l.user_id, a.business_name, a.owner_name, l.principal_cents,
             l.purchased_amount_cents, l.weekly_payment_cents, l.factor_rate_milli, l.term_weeks, l.apr_bps, l.status,
             l.funded_at, l.first_payment_date, l.created_at, l.paid_cents
        FROM (${keys.getSQL()}) AS k
        JOIN ${loans} AS l ON l.id = k.id
        JOIN ${applications} AS a ON a.id = l.application_id
       ORDER BY k.created_at ${order}, k.id ${order}`) as unknown as Promise<[RawLoanRow[]]>,
    activeLoanCount(deps),
  ]);
  const rows = rawRows.map(fromRawLoanRow);
  const page = toPage(rows, plan, query.limit);
  const schedules = await schedulesOf(
    deps.db,
    page.items.map((row) => row.id),
  );
  const today = todayIso();
  const items = page.items.map((row) =>
    toLoanDto(
      row,
      deriveLoanState({
        schedule: schedules.get(row.id) ?? [],
        payments: [{ amountCents: row.paidCents, paidOn: today }],
        today,
        storedStatus: row.storedStatus,
      }),
    ),
  );
  return { total: activeLoans, loans: items, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

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
    // Issue 10: requests for a lower weekly payment, so staff see them next to the payments.
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

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * Records a payment received (PRODUCT.md 5: staff can record a payment, audit-logged). The loan row is locked,
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
      const message = `The amount exceeds the remaining balance of ${money(before.balanceCents)}`;
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
  if (result.paidOff) invalidateDashboard(deps.db);
  return { paymentId: result.paymentId, loanId: result.loanId, balance: result.balance, status: result.status };
}
