// The Analytics charts from real rows: applications per week, approvals and decision times by the week decided,
// funded volume by the week funded, and the funnel of the applications submitted in the window. The figures are
// global, so the exact numbers come from a database of its own; the procedure's access is read on the shared one.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../drizzle/schema/index';
import { createDatabase, prepareDatabase, type Database, type DbOrTx } from '../../db';
import { createLogger } from '../../lib/logger';
import { insertApplication } from '../../test/factories';
import { insertLoan } from '../../test/factories/admin';
import { freshDatabase } from '../../test/fresh-database';
import { callerFor, getTestDeps, insertUser } from '../../test/harness';
import { CHART_WEEKS, getAnalyticsCharts, weekStartOf } from './analytics-charts';

const own = freshDatabase('analytics_charts');
let database: Database;

beforeAll(async () => {
  await getTestDeps();
  await prepareDatabase(own.url);
  database = createDatabase(own.url, 4);
});
afterAll(async () => {
  await database.close();
  await own.drop();
});

const HOUR = 3_600_000;
const at = (monday: string, hours: number) => new Date(Date.parse(`${monday}T00:00:00Z`) + hours * HOUR);

async function application(
  db: DbOrTx,
  status: 'pending' | 'approved' | 'declined',
  createdAt: Date,
  decidedAfterHours?: number,
) {
  const row = await insertApplication({ db, status, createdAt });
  if (decidedAfterHours !== undefined) {
    await db
      .update(applications)
      .set({ decidedAt: new Date(createdAt.getTime() + decidedAfterHours * HOUR) })
      .where(eq(applications.id, row.id));
  }
}

async function fundedLoan(
  db: DbOrTx,
  userId: string,
  principalCents: number,
  createdAt: Date,
  decidedAfterHours: number,
) {
  const loan = await insertLoan({
    db,
    userId,
    principalCents,
    fundedAt: new Date(createdAt.getTime() + (decidedAfterHours + 1) * HOUR),
  });
  await db
    .update(applications)
    .set({ createdAt, decidedAt: new Date(createdAt.getTime() + decidedAfterHours * HOUR) })
    .where(eq(applications.id, loan.application.id));
}

describe('analytics charts', () => {
  it('counts each week, the funnel and the decision times from the rows', async () => {
    const db = database.db;
    const client = await insertUser({ role: 'client', db });
    const thisWeek = weekStartOf(new Date());
    const lastWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - 7 * 24 * HOUR).toISOString().slice(0, 10);
    const longAgo = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - 20 * 7 * 24 * HOUR).toISOString().slice(0, 10);

    // This week: pending, approved in 2 hours, declined in 30 minutes, funded (decided in 26 hours).
    await application(db, 'pending', at(thisWeek, 1));
    await application(db, 'approved', at(thisWeek, 1), 2);
    await application(db, 'declined', at(thisWeek, 1), 0.5);
    await fundedLoan(db, client.id, 2_000_000, at(thisWeek, 1), 26);
    // Last week: approved in 5 hours, funded (decided in 10 hours).
    await application(db, 'approved', at(lastWeek, 2), 5);
    await fundedLoan(db, client.id, 1_000_000, at(lastWeek, 2), 10);
    // Twenty weeks ago: outside every chart.
    await application(db, 'approved', at(longAgo, 2), 1);
    await fundedLoan(db, client.id, 7_000_000, at(longAgo, 2), 3);

    const charts = await getAnalyticsCharts({ db, log: createLogger('silent') });

    expect(charts.weekly).toHaveLength(CHART_WEEKS);
    expect(charts.weekly.at(-1)).toEqual({
      weekStart: thisWeek,
      applications: 4,
      approvals: 2,
      decisions: 3,
      fundedLoans: 1,
      fundedVolume: 20_000,
      averageDecisionHours: 9.5,
    });
    expect(charts.weekly.at(-2)).toEqual({
      weekStart: lastWeek,
      applications: 2,
      approvals: 2,
      decisions: 2,
      fundedLoans: 1,
      fundedVolume: 10_000,
      averageDecisionHours: 7.5,
    });
    for (const week of charts.weekly.slice(0, -2)) {
      expect([week.applications, week.approvals, week.fundedVolume, week.averageDecisionHours]).toEqual([
        0,
        0,
        0,
        null,
      ]);
    }
    expect(charts.funnel).toEqual([
      { stage: 'Submitted', count: 6, percentOfSubmitted: 100 },
      { stage: 'Decided', count: 5, percentOfSubmitted: 83.3 },
      { stage: 'Approved', count: 4, percentOfSubmitted: 66.7 },
      { stage: 'Funded', count: 2, percentOfSubmitted: 33.3 },
    ]);
    expect(charts.decisionTimes).toEqual([
      { bucket: 'Under 1 hour', decisions: 1 },
      { bucket: '1 to 4 hours', decisions: 1 },
      { bucket: '4 to 24 hours', decisions: 2 },
      { bucket: '1 to 3 days', decisions: 1 },
      { bucket: '3 to 7 days', decisions: 0 },
      { bucket: 'Over 7 days', decisions: 0 },
    ]);
    expect(charts.averageDecisionHours).toBe(Math.round(((2 + 0.5 + 26 + 5 + 10) / 5) * 10) / 10);
  });
});

describe('analyticsCharts procedure', () => {
  it('answers staff with twelve weeks and refuses a client', async () => {
    const staff = await insertUser({ role: 'admin' });
    const charts = await (await callerFor(staff)).admin.analyticsCharts();
    expect(charts.weekly).toHaveLength(CHART_WEEKS);
    expect(charts.funnel.map((step) => step.stage)).toEqual(['Submitted', 'Decided', 'Approved', 'Funded']);
    const client = await insertUser({ role: 'client' });
    const refused = await (await callerFor(client)).admin.analyticsCharts().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('FORBIDDEN');
  });
});
