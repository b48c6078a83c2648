import { and, count, gte, inArray, sql, sum } from 'drizzle-orm';
import { applications, loans } from '../../../drizzle/schema/index';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../src/shared/constants';
import type { Db } from '../../db';
import type { ServiceDeps } from '../../deps';
import { onDataChanged } from '../../lib/changes';
import { createSwrValue } from '../../lib/memo';
import { STATS_TTL_MS } from './dashboard';

// The Analytics charts (docs/product.md, Analytics): the last CHART_WEEKS weeks, Monday to Sunday in UTC. Each figure
// is a range of one covering index (migration analytics_chart_indexes), so the four reads stay index-bounded at a
// million applications; like the dashboard they are served from a per-instance cache refreshed off the request path.
export const CHART_WEEKS = 12;

const DAY_MS = 86_400_000;
const HOUR_S = 3600;

/** Time from submission to decision, in buckets an underwriting lead reads at a glance (upper bounds in seconds). */
export const DECISION_TIME_BUCKETS = [
  { label: 'Under 1 hour', upTo: HOUR_S },
  { label: '1 to 4 hours', upTo: 4 * HOUR_S },
  { label: '4 to 24 hours', upTo: 24 * HOUR_S },
  { label: '1 to 3 days', upTo: 72 * HOUR_S },
  { label: '3 to 7 days', upTo: 168 * HOUR_S },
  { label: 'Over 7 days', upTo: Number.POSITIVE_INFINITY },
] as const;

const APPROVED: ApplicationStatus[] = ['approved', 'funded'];
const DECIDED: ApplicationStatus[] = ['approved', 'declined', 'funded'];

/** Monday 00:00 UTC of the week holding `at`, as YYYY-MM-DD. */
export function weekStartOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The Mondays of the last `weeks` weeks, oldest first, ending with this week's. */
export function chartWeeks(now: Date, weeks = CHART_WEEKS): string[] {
  const last = Date.parse(`${weekStartOf(now)}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, index) =>
    new Date(last - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** What the database answers, per week (Monday) and per status; money in cents. */
export type ChartRows = {
  submitted: { week: string; count: number }[];
  decided: {
    week: string;
    decided: number;
    approved: number;
    decisionSeconds: number;
    /** Decisions per DECISION_TIME_BUCKETS entry, same order. */
    buckets: number[];
  }[];
  funded: { week: string; loans: number; principalCents: number }[];
  /** Applications submitted in the window, by their status now. */
  cohort: { status: ApplicationStatus; count: number }[];
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The figures the charts draw: every week present (zero when nothing happened), the funnel and the decision times. */
export function toAnalyticsCharts(rows: ChartRows, now: Date) {
  const weeks = chartWeeks(now);
  const submitted = new Map(rows.submitted.map((row) => [row.week, row.count]));
  const decided = new Map(rows.decided.map((row) => [row.week, row]));
  const funded = new Map(rows.funded.map((row) => [row.week, row]));
  const weekly = weeks.map((week) => {
    const decisions = decided.get(week);
    const loans = funded.get(week);
    return {
      weekStart: week,
      applications: submitted.get(week) ?? 0,
      approvals: decisions?.approved ?? 0,
      decisions: decisions?.decided ?? 0,
      fundedLoans: loans?.loans ?? 0,
      fundedVolume: (loans?.principalCents ?? 0) / 100,
      averageDecisionHours:
        decisions && decisions.decided > 0 ? round1(decisions.decisionSeconds / decisions.decided / HOUR_S) : null,
    };
  });
  const byStatus = new Map(rows.cohort.map((row) => [row.status, row.count]));
  const countOf = (statuses: readonly ApplicationStatus[]) =>
    statuses.reduce((total, status) => total + (byStatus.get(status) ?? 0), 0);
  const cohortTotal = countOf(APPLICATION_STATUSES);
  const funnel = [
    { stage: 'Submitted', count: cohortTotal },
    { stage: 'Decided', count: countOf(DECIDED) },
    { stage: 'Approved', count: countOf(APPROVED) },
    { stage: 'Funded', count: countOf(['funded']) },
  ].map((step) => ({ ...step, percentOfSubmitted: percentOf(step.count, cohortTotal) }));
  const decisionTimes = DECISION_TIME_BUCKETS.map((bucket, index) => ({
    bucket: bucket.label,
    decisions: rows.decided.reduce((total, row) => total + (row.buckets[index] ?? 0), 0),
  }));
  const totalDecisions = weekly.reduce((total, week) => total + week.decisions, 0);
  const totalSeconds = rows.decided.reduce((total, row) => total + row.decisionSeconds, 0);
  return {
    weeks: CHART_WEEKS,
    from: weeks[0] ?? weekStartOf(now),
    weekly,
    funnel,
    decisionTimes,
    averageDecisionHours: totalDecisions > 0 ? round1(totalSeconds / totalDecisions / HOUR_S) : null,
    asOf: now,
  };
}

export type AnalyticsCharts = ReturnType<typeof toAnalyticsCharts>;

const num = (value: unknown) => Number(value ?? 0);
/** Monday of a DATETIME column's week, as YYYY-MM-DD (DATETIME holds UTC here: no zone conversion happens). */
const weekOf = (column: typeof applications.createdAt | typeof applications.decidedAt | typeof loans.fundedAt) =>
  sql<string>`DATE_FORMAT(DATE_SUB(${column}, INTERVAL WEEKDAY(${column}) DAY), '%Y-%m-%d')`;

export async function computeChartRows(db: Db, now = new Date()): Promise<ChartRows> {
  const start = new Date(`${chartWeeks(now)[0]}T00:00:00Z`);
  const seconds = sql`TIMESTAMPDIFF(SECOND, ${applications.createdAt}, ${applications.decidedAt})`;
  const bucketColumns = DECISION_TIME_BUCKETS.map((bucket, index) => {
    const lower = index === 0 ? null : DECISION_TIME_BUCKETS[index - 1]!.upTo;
    const conditions = [
      lower === null ? null : sql`${seconds} >= ${lower}`,
      Number.isFinite(bucket.upTo) ? sql`${seconds} < ${bucket.upTo}` : null,
    ].filter((condition) => condition !== null);
    return sql<string>`SUM(CASE WHEN ${sql.join(conditions, sql` AND `)} THEN 1 ELSE 0 END)`;
  });
  const submittedWeek = weekOf(applications.createdAt);
  const decidedWeek = weekOf(applications.decidedAt);
  const fundedWeek = weekOf(loans.fundedAt);
  const [submitted, decided, funded, cohort] = await Promise.all([
    db
      .select({ week: submittedWeek, count: count() })
      .from(applications, { forceIndex: 'applications_created_idx' })
      .where(gte(applications.createdAt, start))
      .groupBy(submittedWeek),
    db
      .select({
        week: decidedWeek,
        decided: count(),
        approved: sql<string>`SUM(CASE WHEN ${inArray(applications.status, APPROVED)} THEN 1 ELSE 0 END)`,
        decisionSeconds: sql<string>`SUM(${seconds})`,
        ...Object.fromEntries(bucketColumns.map((column, index) => [`bucket${index}`, column])),
      })
      .from(applications, { forceIndex: 'applications_decided_status_idx' })
      .where(and(gte(applications.decidedAt, start), inArray(applications.status, DECIDED)))
      .groupBy(decidedWeek),
    db
      .select({ week: fundedWeek, loans: count(), principal: sum(loans.principalCents) })
      .from(loans, { forceIndex: 'loans_funded_amount_idx' })
      .where(gte(loans.fundedAt, start))
      .groupBy(fundedWeek),
    // Listing every status makes the range one per status on (status, created_at): read from the index alone.
    db
      .select({ status: applications.status, count: count() })
      .from(applications, { forceIndex: 'applications_status_created_idx' })
      .where(and(inArray(applications.status, [...APPLICATION_STATUSES]), gte(applications.createdAt, start)))
      .groupBy(applications.status),
  ]);
  return {
    submitted: submitted.map((row) => ({ week: row.week, count: num(row.count) })),
    decided: decided.map((row) => {
      const fields = row as Record<string, unknown>;
      return {
        week: row.week,
        decided: num(row.decided),
        approved: num(row.approved),
        decisionSeconds: num(row.decisionSeconds),
        buckets: DECISION_TIME_BUCKETS.map((_, index) => num(fields[`bucket${index}`])),
      };
    }),
    funded: funded.map((row) => ({ week: row.week, loans: num(row.loans), principalCents: num(row.principal) })),
    cohort: cohort.map((row) => ({ status: row.status, count: num(row.count) })),
  };
}

async function computeCharts(db: Db): Promise<AnalyticsCharts> {
  const now = new Date();
  return toAnalyticsCharts(await computeChartRows(db, now), now);
}

const caches = new WeakMap<Db, ReturnType<typeof createSwrValue<AnalyticsCharts>>>();

// A status change, a funding or a payment on this instance marks the figures old (server/lib/changes.ts).
onDataChanged((db) => caches.get(db)?.invalidate());

/** The Analytics charts' figures, at most STATS_TTL_MS old (stale-while-revalidate, like the dashboard's). */
export async function getAnalyticsCharts(deps: Pick<ServiceDeps, 'db' | 'log'>): Promise<AnalyticsCharts> {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = createSwrValue(
      STATS_TTL_MS,
      () => computeCharts(deps.db),
      (error) => deps.log.error({ err: error }, 'analytics charts refresh failed'),
    );
    caches.set(deps.db, cache);
  }
  return cache.get();
}
