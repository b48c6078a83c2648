import { and, eq, sql } from 'drizzle-orm';
import { type LoanRow, schedulesOf, toLoanDto, deriveLoanState } from '../loans/index';
import { applications, loanStatusTotals, loans } from '../../../drizzle/schema/index';
import type { ListLoansQuery } from '../../../src/shared/schemas/admin';
import { todayIso } from '../../lib/dates';
import type { Db } from '../../db';
import { type ServiceDeps } from '../../deps';
import { selectRows } from './common';
import { keysetOrder, planPage, toPage } from './cursor';

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

/**
 * "Mine": the active loans of the viewer's files, found from the assignee's index of applications and each one's loan
 * by its unique application key; a staff member's files are few, so their page is sorted after.
 */
const mineCondition = (viewerId: string) => and(eq(applications.assignedTo, viewerId), eq(loans.status, 'current'));

/**
 * The active loans' count the database keeps (status-totals.ts), the one status this list shows: its primary key's
 * range, read as a plain row (activeLoanCount sums every status through the query builder, for the dashboard).
 */
async function currentLoanCount(db: Db): Promise<number> {
  const [row] = await selectRows<{ count: number | string | null }>(
    db,
    sql`SELECT SUM(${loanStatusTotals.count}) AS count FROM ${loanStatusTotals} WHERE ${loanStatusTotals.status} = 'current'`,
  );
  return Number(row?.count ?? 0);
}

async function mineCount(deps: Pick<ServiceDeps, 'db'>, viewerId: string): Promise<number> {
  const [row] = await deps.db
    .select({ count: sql<number>`COUNT(*)` })
    .from(applications, { forceIndex: 'applications_assignee_created_idx' })
    .innerJoin(loans, eq(loans.applicationId, applications.id))
    .where(mineCondition(viewerId));
  return Number(row?.count ?? 0);
}

/** Active loans newest first; balance and days past due are derived from schedule and payments (docs/product.md 5). */
export async function listActiveLoans(deps: Pick<ServiceDeps, 'db' | 'log'>, query: ListLoansQuery, viewerId?: string) {
  const plan = planPage(query);
  const isBackwards = plan.kind === 'before';
  // "Mine" without a viewer matches nobody rather than everybody.
  const mine = query.assignee === 'mine' ? (viewerId ?? '-') : null;
  const keyColumns = { id: loans.id, createdAt: loans.createdAt };
  const { condition: keyset, orderBy: order } = keysetOrder(keyColumns, plan);
  const take = query.limit + 1;
  const offset = plan.kind === 'after' ? plan.offset : 0;
  const keys = mine
    ? deps.db
        .select(keyColumns)
        .from(applications, { forceIndex: 'applications_assignee_created_idx' })
        .innerJoin(loans, eq(loans.applicationId, applications.id))
        .where(and(mineCondition(mine), keyset))
        .orderBy(...order)
        .limit(take)
        .offset(offset)
    : deps.db
        .select(keyColumns)
        .from(loans, { forceIndex: 'loans_status_idx' })
        .where(and(eq(loans.status, 'current'), keyset))
        .orderBy(...order)
        .limit(take)
        .offset(offset);
  // The loans of the page's keys (an index-only read) with their business and total paid (payments fill
  // installments in order, so the total is all the schedule needs; a column the database keeps, migration 0005), as
  // plain rows (no ORM mapping per row); then their schedules, mostly from the cache.
  const direction = isBackwards ? sql`ASC` : sql`DESC`;
  const [rawRows, activeLoans] = await Promise.all([
    selectRows<RawLoanRow>(
      deps.db,
      sql`
      SELECT l.id, l.application_id, l.user_id, a.business_name, a.owner_name, l.principal_cents,
             l.purchased_amount_cents, l.weekly_payment_cents, l.factor_rate_milli, l.term_weeks, l.apr_bps, l.status,
             l.funded_at, l.first_payment_date, l.created_at, l.paid_cents
        FROM (${keys.getSQL()}) AS k
        JOIN ${loans} AS l ON l.id = k.id
        JOIN ${applications} AS a ON a.id = l.application_id
       ORDER BY k.created_at ${direction}, k.id ${direction}`,
    ),
    mine ? mineCount(deps, mine) : currentLoanCount(deps.db),
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
