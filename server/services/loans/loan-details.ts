import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { applications, loanPayments, loanSchedule, loans, lowerPaymentRequests } from '../../../drizzle/schema/index';
import type { ClientLoanDto, LoanScheduleDto } from '../../../src/shared/schemas/client';
import type {
  LowerPaymentRequestDto,
  PayoffQuoteDto,
  RenewalDto,
  RequestLowerPaymentInput,
} from '../../../src/shared/schemas/offers';
import type { Db, DbOrTx } from '../../db';
import { asUtcDate, todayIso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { deriveLoanState, describeInstallments, type PaymentRecord, type ScheduleItem } from './schedule';
import { payoffOf, renewalOf } from '../offers/index';
import { centsToWholeDollars } from '../../../src/shared/format';

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

/** Balance, next payment and days past due are derived from the schedule and recorded payments (docs/product.md 5). */
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
    principal: centsToWholeDollars(row.principalCents),
    purchasedAmount: centsToWholeDollars(row.purchasedAmountCents),
    balance: centsToWholeDollars(state.balanceCents),
    totalPaid: centsToWholeDollars(state.totalPaidCents),
    interestRate: row.aprBps / 100,
    factorRate: row.factorRateMilli / 1000,
    weeklyPayment: centsToWholeDollars(row.weeklyPaymentCents),
    termWeeks: row.termWeeks,
    nextPaymentDate: state.nextPaymentDate,
    nextPaymentAmount: state.nextPaymentCents === null ? null : centsToWholeDollars(state.nextPaymentCents),
    paymentsRemaining: state.paymentsRemaining,
    daysPastDue: state.daysPastDue,
    status: state.status,
    fundedAt: asUtcDate(row.fundedAt),
    firstPaymentDate: row.firstPaymentDate,
    renewalEligible: isRenewalEligible(row, state),
  };
}

/**
 * The renewal rule (docs/product.md 5.5) for an open loan: a paid-off or defaulted loan is offered neither renewal nor
 * refinancing. Every prompt the client sees reads this, through the loan's `renewalEligible`.
 */
function isRenewalEligible(
  row: Pick<LoanRow, 'purchasedAmountCents'>,
  state: { status: ClientLoanDto['status']; totalPaidCents: number },
): boolean {
  if (state.status === 'paid_off' || state.status === 'defaulted') return false;
  return renewalOf({ totalPaidCents: state.totalPaidCents, purchasedAmountCents: row.purchasedAmountCents }).eligible;
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

export async function findOwnLoan(db: DbOrTx, userId: string, loanId: string) {
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

// ---------------------------------------------------------------------------------------------------------------
// Loan extras: payoff quote for today, renewal eligibility, lower-payment requests.
// ---------------------------------------------------------------------------------------------------------------

export const LOAN_NOT_ACTIVE = 'This loan is already paid off or closed; there is no payment to lower';
export const LOWER_PAYMENT_NOT_LOWER = 'Please enter a weekly payment below your current one';
export const LOWER_PAYMENT_ALREADY_OPEN =
  'You already have an open request to lower the payment on this loan. We will be in touch soon.';
export const LOWER_PAYMENT_SUBMITTED =
  'Your request has been sent. A representative will review your revenue with you within one business day.';

async function ownLoanState(db: DbOrTx, userId: string, loanId: string) {
  const { row, schedule, payments } = await findOwnLoan(db, userId, loanId);
  const today = todayIso();
  return { row, today, state: deriveLoanState({ schedule, payments, today, storedStatus: row.status }) };
}

/** What paying the loan off today costs under the prepayment policy (half the unearned finance charge waived). */
export async function getPayoffQuote(db: DbOrTx, userId: string, loanId: string): Promise<PayoffQuoteDto> {
  const { row, today, state } = await ownLoanState(db, userId, loanId);
  const quote = payoffOf({
    balanceCents: state.balanceCents,
    purchasedAmountCents: row.purchasedAmountCents,
    principalCents: row.principalCents,
  });
  return {
    loanId: row.id,
    asOf: today,
    balance: quote.balanceCents / 100,
    discount: quote.discountCents / 100,
    payoffAmount: quote.payoffCents / 100,
  };
}

/** Renewal tracker: eligible once half of the total repayment is paid (policy RENEWAL_PAID_SHARE_BP). */
export async function getRenewal(db: DbOrTx, userId: string, loanId: string): Promise<RenewalDto> {
  const { row, state } = await ownLoanState(db, userId, loanId);
  return {
    loanId: row.id,
    ...renewalOf({ totalPaidCents: state.totalPaidCents, purchasedAmountCents: row.purchasedAmountCents }),
  };
}

/**
 * A request for a lower weekly payment when revenue drops: only on the client's own active loan (404 otherwise),
 * below the current payment, one open request per loan (the loan row lock makes a double submit create one row).
 */
export async function requestLowerPayment(
  db: Db,
  io: { ip: string },
  userId: string,
  input: RequestLowerPaymentInput,
): Promise<{ success: true; message: string; request: LowerPaymentRequestDto }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.id, input.loanId), eq(loans.userId, userId)))
      .limit(1)
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', LOAN_NOT_FOUND);
    const { row, state } = await ownLoanState(tx, userId, input.loanId);
    if (state.status === 'paid_off' || state.status === 'defaulted') throw new AppError('CONFLICT', LOAN_NOT_ACTIVE);
    if (input.requestedWeeklyPayment * 100 >= row.weeklyPaymentCents)
      throw new AppError('BAD_REQUEST', LOWER_PAYMENT_NOT_LOWER);
    const [open] = await tx
      .select({ id: lowerPaymentRequests.id })
      .from(lowerPaymentRequests)
      .where(and(eq(lowerPaymentRequests.loanId, row.id), ne(lowerPaymentRequests.status, 'closed')))
      .limit(1);
    if (open) throw new AppError('CONFLICT', LOWER_PAYMENT_ALREADY_OPEN);
    const request = {
      id: newId(),
      userId,
      loanId: row.id,
      requestedWeeklyPaymentCents: input.requestedWeeklyPayment * 100,
      reason: input.reason,
      status: 'open' as const,
      createdAt: new Date(),
    };
    await tx.insert(lowerPaymentRequests).values(request);
    await recordAudit(tx, {
      actorId: userId,
      actorRole: 'client',
      action: 'loan.lower_payment_request',
      targetType: 'loan',
      targetId: row.id,
      ip: io.ip,
      detail: {
        requestId: request.id,
        fromWeeklyPaymentCents: row.weeklyPaymentCents,
        toWeeklyPaymentCents: request.requestedWeeklyPaymentCents,
      },
    });
    return {
      success: true as const,
      message: LOWER_PAYMENT_SUBMITTED,
      request: toLowerPaymentRequestDto(request),
    };
  });
}

const lowerPaymentColumns = {
  id: lowerPaymentRequests.id,
  loanId: lowerPaymentRequests.loanId,
  requestedWeeklyPaymentCents: lowerPaymentRequests.requestedWeeklyPaymentCents,
  reason: lowerPaymentRequests.reason,
  status: lowerPaymentRequests.status,
  createdAt: lowerPaymentRequests.createdAt,
};

export function toLowerPaymentRequestDto(row: {
  id: string;
  loanId: string;
  requestedWeeklyPaymentCents: number;
  reason: string;
  status: LowerPaymentRequestDto['status'];
  createdAt: Date | string;
}): LowerPaymentRequestDto {
  return {
    id: row.id,
    loanId: row.loanId,
    requestedWeeklyPayment: Math.round(row.requestedWeeklyPaymentCents / 100),
    reason: row.reason,
    status: row.status,
    createdAt: asUtcDate(row.createdAt),
  };
}

/** The client's own lower-payment requests, newest first. */
export async function listLowerPaymentRequests(db: DbOrTx, userId: string): Promise<LowerPaymentRequestDto[]> {
  const rows = await db
    .select(lowerPaymentColumns)
    .from(lowerPaymentRequests)
    .where(eq(lowerPaymentRequests.userId, userId))
    .orderBy(desc(lowerPaymentRequests.createdAt))
    .limit(50);
  return rows.map(toLowerPaymentRequestDto);
}

/** Staff: the lower-payment requests of one loan, newest first. */
export async function listLoanLowerPaymentRequests(db: DbOrTx, loanId: string): Promise<LowerPaymentRequestDto[]> {
  const rows = await db
    .select(lowerPaymentColumns)
    .from(lowerPaymentRequests)
    .where(eq(lowerPaymentRequests.loanId, loanId))
    .orderBy(desc(lowerPaymentRequests.createdAt))
    .limit(50);
  return rows.map(toLowerPaymentRequestDto);
}
