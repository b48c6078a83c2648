import { and, count, gte, lte, sql, sum } from 'drizzle-orm';
import { applications, loanPayments } from '../../../drizzle/schema/index';
import type { ApplicationStatus, LoanStatus } from '../../../src/shared/constants';
import type { Db } from '../../db';
import type { ServiceDeps } from '../../deps';
import { createSwrValue } from '../../lib/memo';
import { onDataChanged } from '../../lib/changes';
import { allTotals, loanTotals } from './status-totals';

// Summary cards, Loan Performance and Analytics. Counts and amounts per status are exact when read: the database keeps
// them per status in the same transaction as every change (status-totals.ts), so a card never contradicts the list
// below it. Two figures are not counts and cost a range scan each (the average time to decision over recent
// decisions, the payments collected this month): they are computed off the request path, served from a per-instance
// cache at most STATS_TTL_MS old and shown with the time they were computed ("as of"). A change on this instance
// (status, payment) expires them, so the next read after a change the viewer made waits for fresh ones.
export const STATS_TTL_MS = 15_000;
/** Average time to decision looks at recent decisions only: it describes today's queue, and stays index-bounded. */
export const DECISION_WINDOW_DAYS = 90;

/** The figures that are not kept counts: each a range of one index. */
type SlowFigures = {
  averageDecisionHours: number | null;
  decisionsInWindow: number;
  collectionsThisMonthCents: number;
  computedAt: Date;
};

export type Aggregates = Awaited<ReturnType<typeof allTotals>> &
  Omit<SlowFigures, 'computedAt'> & { asOf: Date; countedAt: Date };

const num = (value: unknown) => Number(value ?? 0);

async function computeSlowFigures(db: Db, now = new Date()): Promise<SlowFigures> {
  const windowStart = new Date(now.getTime() - DECISION_WINDOW_DAYS * 86_400_000);
  const today = now.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [[decisions], [collected]] = await Promise.all([
    db
      .select({
        seconds: sql<string | null>`AVG(TIMESTAMPDIFF(SECOND, ${applications.createdAt}, ${applications.decidedAt}))`,
        count: count(),
      })
      .from(applications, { forceIndex: 'applications_decided_idx' })
      .where(gte(applications.decidedAt, windowStart)),
    db
      .select({ total: sum(loanPayments.amountCents) })
      .from(loanPayments, { forceIndex: 'loan_payments_paid_amount_idx' })
      .where(and(gte(loanPayments.paidOn, monthStart), lte(loanPayments.paidOn, today))),
  ]);
  const decisionSeconds =
    decisions?.seconds === null || decisions?.seconds === undefined ? null : num(decisions.seconds);
  return {
    averageDecisionHours: decisionSeconds === null ? null : Math.round((decisionSeconds / 3600) * 10) / 10,
    decisionsInWindow: num(decisions?.count),
    collectionsThisMonthCents: num(collected?.total),
    computedAt: now,
  };
}

const caches = new WeakMap<Db, ReturnType<typeof createSwrValue<SlowFigures>>>();

function slowFiguresOf(deps: Pick<ServiceDeps, 'db' | 'log'>) {
  let cache = caches.get(deps.db);
  if (!cache) {
    const onError = (error: unknown) => deps.log.error({ err: error }, 'dashboard refresh failed');
    cache = createSwrValue(STATS_TTL_MS, () => computeSlowFigures(deps.db), onError);
    caches.set(deps.db, cache);
  }
  return cache;
}

async function aggregatesOf(deps: Pick<ServiceDeps, 'db' | 'log'>): Promise<Aggregates> {
  const [totals, { computedAt, ...slow }] = await Promise.all([allTotals(deps.db), slowFiguresOf(deps).get()]);
  return { ...totals, ...slow, asOf: computedAt, countedAt: new Date() };
}

/** After a status change or a payment on this instance: the next dashboard read waits for fresh slow figures. */
export function invalidateDashboard(db: Db): void {
  caches.get(db)?.expire();
}

// Status changes and payments announce themselves (server/lib/changes.ts); their domains do not import this one.
onDataChanged(invalidateDashboard);

/** Current loans (the loan list's rows and total), exact when read. */
export async function activeLoanCount(deps: Pick<ServiceDeps, 'db'>): Promise<number> {
  return (await loanTotals(deps.db)).current.count;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Data.totalApplications, approvedApplications, declinedApplications, pendingApplications. */
export function toDashboard(aggregates: Aggregates) {
  const { byStatus } = aggregates;
  const loansByStatus = Object.fromEntries(
    Object.entries(aggregates.loansByStatus).map(([status, row]) => [status, row.count]),
  ) as Record<LoanStatus, number>;
  const totalApplications = Object.values(byStatus).reduce((total, row) => total + row.count, 0);
  // A funded application was approved first; "pending review" is everything waiting on staff.
  const approvedApplications = byStatus.approved.count + byStatus.funded.count;
  const totalLoans = Object.values(loansByStatus).reduce((total, value) => total + value, 0);
  return {
    totalApplications,
    approvedApplications,
    declinedApplications: byStatus.declined.count,
    pendingApplications: byStatus.pending.count + byStatus.review.count,
    activeLoans: loansByStatus.current,
    approvalRate: percent(approvedApplications, totalApplications),
    statusCounts: Object.fromEntries(Object.entries(byStatus).map(([status, row]) => [status, row.count])) as Record<
      ApplicationStatus,
      number
    >,
    loanPerformance: {
      // What current loans were sold for less what they have paid.
      totalOutstanding:
        Math.max(0, aggregates.loansByStatus.current.purchasedCents - aggregates.loansByStatus.current.paidCents) / 100,
      monthlyCollections: aggregates.collectionsThisMonthCents / 100,
      defaultRate: totalLoans > 0 ? Math.round((loansByStatus.defaulted / totalLoans) * 1000) / 10 : 0,
      averageDecisionHours: aggregates.averageDecisionHours,
      decisionsInWindow: aggregates.decisionsInWindow,
      decisionWindowDays: DECISION_WINDOW_DAYS,
      totalLoans,
      paidOffLoans: loansByStatus.paid_off,
      defaultedLoans: loansByStatus.defaulted,
    },
    /** When the two slow figures (average decision time, collections) were computed; every count is exact. */
    asOf: aggregates.asOf,
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
    /** Every figure here is a count or sum kept exact: the moment it was read. */
    countedAt: aggregates.countedAt,
  };
}

export async function getAnalytics(deps: Pick<ServiceDeps, 'db' | 'log'>) {
  return toAnalytics(await aggregatesOf(deps));
}
