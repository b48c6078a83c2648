import { sum } from 'drizzle-orm';
import { applicationStatusTotals, loanStatusTotals } from '../../../drizzle/schema/index';
import {
  APPLICATION_STATUSES,
  LOAN_STATUSES,
  type ApplicationStatus,
  type LoanStatus,
} from '../../../src/shared/constants';
import type { DbOrTx } from '../../db';

// The header cards' and list totals' figures, exact at the moment they are read: the database keeps them per status
// in the same transaction as every change (migration list_totals_triggers), spread over a few slots that a read sums.

export type StatusTotals = { count: number; requestedCents: number; approvedCents: number };
export type LoanTotals = { count: number; purchasedCents: number; paidCents: number };

const num = (value: unknown) => Number(value ?? 0);

export async function applicationTotals(db: DbOrTx): Promise<Record<ApplicationStatus, StatusTotals>> {
  const rows = await db
    .select({
      status: applicationStatusTotals.status,
      count: sum(applicationStatusTotals.count),
      requested: sum(applicationStatusTotals.requestedCents),
      approved: sum(applicationStatusTotals.approvedCents),
    })
    .from(applicationStatusTotals)
    .groupBy(applicationStatusTotals.status);
  const totals = Object.fromEntries(
    APPLICATION_STATUSES.map((status) => [status, { count: 0, requestedCents: 0, approvedCents: 0 }]),
  ) as Record<ApplicationStatus, StatusTotals>;
  for (const row of rows) {
    totals[row.status] = {
      count: num(row.count),
      requestedCents: num(row.requested),
      approvedCents: num(row.approved),
    };
  }
  return totals;
}

export async function loanTotals(db: DbOrTx): Promise<Record<LoanStatus, LoanTotals>> {
  const rows = await db
    .select({
      status: loanStatusTotals.status,
      count: sum(loanStatusTotals.count),
      purchased: sum(loanStatusTotals.purchasedCents),
      paid: sum(loanStatusTotals.paidCents),
    })
    .from(loanStatusTotals)
    .groupBy(loanStatusTotals.status);
  const totals = Object.fromEntries(
    LOAN_STATUSES.map((status) => [status, { count: 0, purchasedCents: 0, paidCents: 0 }]),
  ) as Record<LoanStatus, LoanTotals>;
  for (const row of rows) {
    totals[row.status] = { count: num(row.count), purchasedCents: num(row.purchased), paidCents: num(row.paid) };
  }
  return totals;
}

/** Both tables' figures, each exact as of its own read. */
export async function allTotals(db: DbOrTx) {
  const [fromApplications, fromLoans] = await Promise.all([applicationTotals(db), loanTotals(db)]);
  return { byStatus: fromApplications, loansByStatus: fromLoans };
}

/** Statements that set the kept totals from the rows themselves (bulk loads, see list-counters.ts). */
export const RECOUNT_STATUS_TOTALS_SQL = [
  'DELETE FROM `application_status_totals`',
  `INSERT INTO application_status_totals (status, slot, count, requested_cents, approved_cents)
     SELECT status, CRC32(id) % 16, COUNT(*), SUM(loan_amount_cents), COALESCE(SUM(approved_amount_cents), 0)
       FROM applications GROUP BY status, CRC32(id) % 16`,
  'DELETE FROM `loan_status_totals`',
  `INSERT INTO loan_status_totals (status, slot, count, purchased_cents, paid_cents)
     SELECT status, CRC32(id) % 16, COUNT(*), SUM(purchased_amount_cents), SUM(paid_cents)
       FROM loans GROUP BY status, CRC32(id) % 16`,
];
