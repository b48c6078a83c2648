import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { applications, loanPayments, loanSchedule, loans } from '../../../drizzle/schema/index';
import type { ClientLoanDto, LoanScheduleDto } from '../../../src/shared/schemas/client';
import type { DbOrTx } from '../../db';
import { asUtcDate, todayIso } from '../../lib/dates';
import { AppError } from '../../trpc/errors';
import { deriveLoanState, describeInstallments, type PaymentRecord, type ScheduleItem } from '../loans/schedule';

export const LOAN_NOT_FOUND = 'Loan not found';

const loanColumns = {
  id: loans.id,
  applicationId: loans.applicationId,
  businessName: applications.businessName,
  principalCents: loans.principalCents,
  purchasedAmountCents: loans.purchasedAmountCents,
  factorRateMilli: loans.factorRateMilli,
  weeklyPaymentCents: loans.weeklyPaymentCents,
  termWeeks: loans.termWeeks,
  aprBps: loans.aprBps,
  status: loans.status,
  fundedAt: loans.fundedAt,
  firstPaymentDate: loans.firstPaymentDate,
};

type LoanRow = {
  id: string;
  applicationId: string;
  businessName: string;
  principalCents: number;
  purchasedAmountCents: number;
  factorRateMilli: number;
  weeklyPaymentCents: number;
  termWeeks: number;
  aprBps: number;
  status: ClientLoanDto['status'];
  fundedAt: Date | string;
  firstPaymentDate: string;
};

const dollars = (cents: number) => Math.round(cents / 100);

/** Balance, next payment and days past due are derived from the schedule and recorded payments (PRODUCT.md 5). */
export function toClientLoanDto(
  row: LoanRow,
  schedule: ScheduleItem[],
  payments: PaymentRecord[],
  today = todayIso(),
): ClientLoanDto {
  const state = deriveLoanState({ schedule, payments, today, storedStatus: row.status });
  return {
    id: row.id,
    applicationId: row.applicationId,
    businessName: row.businessName,
    principal: dollars(row.principalCents),
    purchasedAmount: dollars(row.purchasedAmountCents),
    balance: dollars(state.balanceCents),
    totalPaid: dollars(state.totalPaidCents),
    interestRate: row.aprBps / 100,
    factorRate: row.factorRateMilli / 1000,
    weeklyPayment: dollars(row.weeklyPaymentCents),
    termWeeks: row.termWeeks,
    nextPaymentDate: state.nextPaymentDate,
    nextPaymentAmount: state.nextPaymentCents === null ? null : dollars(state.nextPaymentCents),
    paymentsRemaining: state.paymentsRemaining,
    daysPastDue: state.daysPastDue,
    status: state.status,
    fundedAt: asUtcDate(row.fundedAt),
    firstPaymentDate: row.firstPaymentDate,
  };
}

function appendTo<T>(groups: Map<string, T[]>, key: string, item: T) {
  const list = groups.get(key);
  if (list) list.push(item);
  else groups.set(key, [item]);
}

async function scheduleAndPayments(db: DbOrTx, loanIds: string[]) {
  const schedules = new Map<string, ScheduleItem[]>();
  const payments = new Map<string, PaymentRecord[]>();
  if (loanIds.length === 0) return { schedules, payments };
  const [items, paid] = await Promise.all([
    db
      .select({
        loanId: loanSchedule.loanId,
        seq: loanSchedule.seq,
        dueDate: loanSchedule.dueDate,
        amountCents: loanSchedule.amountCents,
      })
      .from(loanSchedule)
      .where(inArray(loanSchedule.loanId, loanIds))
      .orderBy(asc(loanSchedule.loanId), asc(loanSchedule.seq)),
    db
      .select({ loanId: loanPayments.loanId, amountCents: loanPayments.amountCents, paidOn: loanPayments.paidOn })
      .from(loanPayments)
      .where(inArray(loanPayments.loanId, loanIds)),
  ]);
  for (const { loanId, ...item } of items) appendTo(schedules, loanId, item);
  for (const { loanId, ...item } of paid) appendTo(payments, loanId, item);
  return { schedules, payments };
}

/** The client's own loans, newest first (Current Loans tab). */
export async function listClientLoans(db: DbOrTx, userId: string): Promise<ClientLoanDto[]> {
  const rows = await db
    .select(loanColumns)
    .from(loans)
    .innerJoin(applications, eq(applications.id, loans.applicationId))
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.fundedAt))
    .limit(100);
  const { schedules, payments } = await scheduleAndPayments(
    db,
    rows.map((row) => row.id),
  );
  const today = todayIso();
  return rows.map((row) => toClientLoanDto(row, schedules.get(row.id) ?? [], payments.get(row.id) ?? [], today));
}

async function findOwnLoan(db: DbOrTx, userId: string, loanId: string) {
  const [row] = await db
    .select(loanColumns)
    .from(loans)
    .innerJoin(applications, eq(applications.id, loans.applicationId))
    .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', LOAN_NOT_FOUND);
  const { schedules, payments } = await scheduleAndPayments(db, [row.id]);
  return { row, schedule: schedules.get(row.id) ?? [], payments: payments.get(row.id) ?? [] };
}

/** One of the client's loans; another client's id answers 404 like an unknown one. */
export async function getClientLoan(db: DbOrTx, userId: string, loanId: string): Promise<ClientLoanDto> {
  const { row, schedule, payments } = await findOwnLoan(db, userId, loanId);
  return toClientLoanDto(row, schedule, payments);
}

/** The client-visible payment schedule of one of their loans, each installment with what is paid of it. */
export async function getClientLoanSchedule(db: DbOrTx, userId: string, loanId: string): Promise<LoanScheduleDto> {
  const { row, schedule, payments } = await findOwnLoan(db, userId, loanId);
  const today = todayIso();
  return {
    loan: toClientLoanDto(row, schedule, payments, today),
    items: describeInstallments({ schedule, payments, today }).map((item) => ({
      seq: item.seq,
      dueDate: item.dueDate,
      amount: item.amountCents / 100,
      paidAmount: item.paidCents / 100,
      state: item.state,
    })),
  };
}
