import { and, count, eq, gte, lte, sql, sum } from 'drizzle-orm';
import { applications, loanPayments, loans } from '../../../drizzle/schema/index';
import { APPLICATION_STATUSES, type ApplicationStatus, type LoanStatus } from '../../../src/shared/constants';
import type { Db } from '../../db';
import type { ServiceDeps } from '../../deps';
import { createSwrValue } from '../../lib/memo';
import { onDataChanged } from '../../lib/changes';

// Summary cards, Loan Performance and Analytics. At a million applications the per-status sums take
// a few hundred milliseconds even from their covering index, so they are computed off the request path and
// served from a per-instance cache at most STATS_TTL_MS old (lets the dashboard be 30 s stale).
export const STATS_TTL_MS = 15_000;
/** Average time to decision looks at recent decisions only: it describes today's queue, and stays index-bounded. */
export const DECISION_WINDOW_DAYS = 90;

type StatusTotals = { count: number; requestedCents: number; approvedCents: number };

/** From the applications: a scan of the per-status index (~0.25 s at a million applications). */
type ApplicationAggregates = {
  byStatus: Record<ApplicationStatus, StatusTotals>;
  averageDecisionHours: number | null;
  decisionsInWindow: number;
  computedAt: Date;
};

/** From the loans and payments: index ranges, milliseconds (migration 0006). */
type LoanAggregates = {
  loansByStatus: Record<LoanStatus, number>;
  outstandingCents: number;
  collectionsThisMonthCents: number;
  computedAt: Date;
};

export type Aggregates = Omit<ApplicationAggregates, 'computedAt'> &
  Omit<LoanAggregates, 'computedAt'> & { computedAt: Date };

const num = (value: unknown) => Number(value ?? 0);

async function computeApplicationAggregates(db: Db, now = new Date()): Promise<ApplicationAggregates> {
  const windowStart = new Date(now.getTime() - DECISION_WINDOW_DAYS * 86_400_000);
  const [statusRows, [decisions]] = await Promise.all([
    db
      .select({
        status: applications.status,
        count: count(),
        requested: sum(applications.loanAmountCents),
        approved: sum(applications.approvedAmountCents),
      })
      .from(applications, { forceIndex: 'applications_status_amounts_idx' })
      .groupBy(applications.status),
    db
      .select({
        seconds: sql<string | null>`AVG(TIMESTAMPDIFF(SECOND, ${applications.createdAt}, ${applications.decidedAt}))`,
        count: count(),
      })
      .from(applications, { forceIndex: 'applications_decided_idx' })
      .where(gte(applications.decidedAt, windowStart)),
  ]);
  const byStatus = Object.fromEntries(
    APPLICATION_STATUSES.map((status) => [status, { count: 0, requestedCents: 0, approvedCents: 0 }]),
  ) as Record<ApplicationStatus, StatusTotals>;
  for (const row of statusRows) {
    byStatus[row.status] = {
      count: num(row.count),
      requestedCents: num(row.requested),
      approvedCents: num(row.approved),
    };
  }
  const decisionSeconds =
    decisions?.seconds === null || decisions?.seconds === undefined ? null : num(decisions.seconds);
  return {
    byStatus,
    averageDecisionHours: decisionSeconds === null ? null : Math.round((decisionSeconds / 3600) * 10) / 10,
    decisionsInWindow: num(decisions?.count),
    computedAt: now,
  };
}

async function computeLoanAggregates(db: Db, now = new Date()): Promise<LoanAggregates> {
  const today = now.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [loanRows, [balances], [collected]] = await Promise.all([
    db.select({ status: loans.status, count: count() }).from(loans).groupBy(loans.status),
    // What current loans were sold for less what they have paid (loans.paid_cents, kept by triggers: migration 0005),
    // from one index (0006); summing their payments through a join read ~1.5M rows at the seeded size.
    db
      .select({ purchased: sum(loans.purchasedAmountCents), paid: sum(loans.paidCents) })
      .from(loans, { forceIndex: 'loans_status_amounts_idx' })
      .where(eq(loans.status, 'current')),
    db
      .select({ total: sum(loanPayments.amountCents) })
      .from(loanPayments, { forceIndex: 'loan_payments_paid_amount_idx' })
      .where(and(gte(loanPayments.paidOn, monthStart), lte(loanPayments.paidOn, today))),
  ]);
  const loansByStatus: Record<LoanStatus, number> = { current: 0, past_due: 0, paid_off: 0, defaulted: 0 };
  for (const row of loanRows) loansByStatus[row.status] = num(row.count);
  return {
    loansByStatus,
    outstandingCents: Math.max(0, num(balances?.purchased) - num(balances?.paid)),
    collectionsThisMonthCents: num(collected?.total),
    computedAt: now,
  };
}

type Caches = {
  applications: ReturnType<typeof createSwrValue<ApplicationAggregates>>;
  loans: ReturnType<typeof createSwrValue<LoanAggregates>>;
};
const caches = new WeakMap<Db, Caches>();

/**
 * Two caches, so that a reader of the loan figures alone (the loan list's total) never starts the applications scan.
 */
function cachesOf(deps: Pick<ServiceDeps, 'db' | 'log'>): Caches {
  let cache = caches.get(deps.db);
  if (!cache) {
    const onError = (error: unknown) => deps.log.error({ err: error }, 'dashboard refresh failed');
    cache = {
      applications: createSwrValue(STATS_TTL_MS, () => computeApplicationAggregates(deps.db), onError),
      loans: createSwrValue(STATS_TTL_MS, () => computeLoanAggregates(deps.db), onError),
    };
    caches.set(deps.db, cache);
  }
  return cache;
}

async function aggregatesOf(deps: Pick<ServiceDeps, 'db' | 'log'>): Promise<Aggregates> {
  const cache = cachesOf(deps);
  const [fromApplications, fromLoans] = await Promise.all([cache.applications.get(), cache.loans.get()]);
  // As old as the older of the two.
  const computedAt =
    fromApplications.computedAt < fromLoans.computedAt ? fromApplications.computedAt : fromLoans.computedAt;
  return { ...fromApplications, ...fromLoans, computedAt };
}

/** After a status change or a payment on this instance: the next dashboard read starts a refresh. */
export function invalidateDashboard(db: Db): void {
  const cache = caches.get(db);
  cache?.applications.invalidate();
  cache?.loans.invalidate();
}

// Status changes and payments announce themselves (server/lib/changes.ts); their domains do not import this one.
onDataChanged(invalidateDashboard);

/** Current and past-due loans (the loan list's total), from the loan figures alone. */
export async function activeLoanCount(deps: Pick<ServiceDeps, 'db' | 'log'>): Promise<number> {
  const { loansByStatus } = await cachesOf(deps).loans.get();
  return loansByStatus.current + loansByStatus.past_due;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Data.totalApplications, approvedApplications, declinedApplications, pendingApplications. */
export function toDashboard(aggregates: Aggregates) {
  const { byStatus, loansByStatus } = aggregates;
  const totalApplications = Object.values(byStatus).reduce((total, row) => total + row.count, 0);
  // A funded application was approved first; "pending review" is everything waiting on staff.
  const approvedApplications = byStatus.approved.count + byStatus.funded.count;
  const totalLoans = Object.values(loansByStatus).reduce((total, value) => total + value, 0);
  return {
    totalApplications,
    approvedApplications,
    declinedApplications: byStatus.declined.count,
    pendingApplications: byStatus.pending.count + byStatus.review.count,
    activeLoans: loansByStatus.current + loansByStatus.past_due,
    approvalRate: percent(approvedApplications, totalApplications),
    statusCounts: Object.fromEntries(Object.entries(byStatus).map(([status, row]) => [status, row.count])) as Record<
      ApplicationStatus,
      number
    >,
    loanPerformance: {
      totalOutstanding: aggregates.outstandingCents / 100,
      monthlyCollections: aggregates.collectionsThisMonthCents / 100,
      defaultRate: totalLoans > 0 ? Math.round((loansByStatus.defaulted / totalLoans) * 1000) / 10 : 0,
      averageDecisionHours: aggregates.averageDecisionHours,
      decisionsInWindow: aggregates.decisionsInWindow,
      decisionWindowDays: DECISION_WINDOW_DAYS,
      totalLoans,
      paidOffLoans: loansByStatus.paid_off,
      defaultedLoans: loansByStatus.defaulted,
    },
    asOf: aggregates.computedAt,
  };
}

export async function getDashboard(deps: Pick<ServiceDeps, 'db' | 'log'>) {
  return toDashboard(await aggregatesOf(deps));
}

/** Analytics tab: counts, success rate, total requested, average request, total approved, active loans. */
export function toAnalytics(aggregates: Aggregates) {
  const dashboard = toDashboard(aggregates);
  const { byStatus } = aggregates;
  const requestedCents = Object.values(byStatus).reduce((total, row) => total + row.requestedCents, 0);
  const approvedCents = byStatus.approved.approvedCents + byStatus.funded.approvedCents;
  const decided = dashboard.approvedApplications + dashboard.declinedApplications;
  return {
    totalApplications: dashboard.totalApplications,
    statusCounts: dashboard.statusCounts,
    approvedApplications: dashboard.approvedApplications,
    declinedApplications: dashboard.declinedApplications,
    pendingApplications: dashboard.pendingApplications,
    // Of the applications staff or the engine decided, the share approved.
    successRate: percent(dashboard.approvedApplications, decided),
    approvalRate: dashboard.approvalRate,
    totalRequested: requestedCents / 100,
    averageRequest:
      dashboard.totalApplications > 0 ? Math.round(requestedCents / dashboard.totalApplications) / 100 : 0,
    totalApproved: approvedCents / 100,
    activeLoans: dashboard.activeLoans,
    asOf: aggregates.computedAt,
  };
}

export async function getAnalytics(deps: Pick<ServiceDeps, 'db' | 'log'>) {
  return toAnalytics(await aggregatesOf(deps));
}
