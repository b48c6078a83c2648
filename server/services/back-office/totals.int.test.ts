// Header cards and list totals agree with the rows (docs/architecture.md, "Counts"): after every step (applications
// created, decided, funded, paid, paid off, deleted) each card of the dashboard and Analytics and the loan list's total
// equal a count of the rows made at that moment, with no wait and no cache to expire. The figures are global, so this
// test has a database of its own.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, loans } from '../../../drizzle/schema/index';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../src/shared/constants';
import { APPLICATION_STATUS_FILTERS, listApplicationsSchema, listLoansSchema } from '../../../src/shared/schemas/admin';
import { workQueueSchema } from '../../../src/shared/schemas/back-office-work';
import { createDatabase, prepareDatabase, type Database } from '../../db';
import { createLogger } from '../../lib/logger';
import { insertApplication } from '../../test/factories';
import { insertLoan } from '../../test/factories/admin';
import { freshDatabase } from '../../test/fresh-database';
import { getTestDeps, insertUser } from '../../test/harness';
import { setApplicationStatus } from '../applications/index';
import { recordLoanPayment } from '../loans/index';
import { getAnalytics, getDashboard } from './dashboard';
import { listApplications } from './application-list';
import { listActiveLoans } from './loans';
import { getWorkQueue } from './work-queue';

const own = freshDatabase('totals');
let database: Database;
let shared: Awaited<ReturnType<typeof getTestDeps>>;

beforeAll(async () => {
  shared = await getTestDeps(); // the run's data key (the application factory encrypts with it), env and mailer
  await prepareDatabase(own.url);
  database = createDatabase(own.url, 4);
});
afterAll(async () => {
  await database.close();
  await own.drop();
});

describe('cards and totals', () => {
  it('equal the rows right after every change', async () => {
    const db = database.db;
    const deps = { db, log: createLogger('silent'), env: shared.env, mailer: shared.mailer };
    const client = await insertUser({ role: 'client', db });
    const staff = await insertUser({ role: 'admin', db });
    const actor = { id: staff.id, role: 'admin' as const, ip: '127.0.0.1' };

    /** Every card and total, against the rows counted now. */
    const expectAgreement = async (expected: { total: number; activeLoans: number; outstandingCents: number }) => {
      const [dashboard, analytics] = await Promise.all([getDashboard(deps), getAnalytics(deps)]);
      const [[byStatus], [[loanRows]]] = (await Promise.all([
        db.execute(sql`SELECT status, COUNT(*) AS n FROM ${applications} GROUP BY status`),
        db.execute(sql`SELECT COUNT(*) AS n FROM ${loans} WHERE status = 'current'`),
      ])) as unknown as [[{ status: string; n: number }[]], [[{ n: number }]]];
      const counted = Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as Record<
        ApplicationStatus,
        number
      >;
      for (const row of byStatus) counted[row.status as ApplicationStatus] = Number(row.n);
      const total = Object.values(counted).reduce((sum, value) => sum + value, 0);
      expect(total).toBe(expected.total);
      expect(dashboard.statusCounts).toEqual(counted);
      expect(dashboard.totalApplications).toBe(total);
      expect(dashboard.approvedApplications).toBe(counted.approved + counted.funded);
      expect(dashboard.declinedApplications).toBe(counted.declined);
      expect(dashboard.pendingApplications).toBe(counted.pending + counted.review);
      expect(dashboard.activeLoans).toBe(Number(loanRows.n));
      expect(dashboard.activeLoans).toBe(expected.activeLoans);
      expect(dashboard.loanPerformance.totalOutstanding).toBe(expected.outstandingCents / 100);
      expect(analytics.totalApplications).toBe(total);
      expect(analytics.statusCounts).toEqual(counted);
      expect(analytics.activeLoans).toBe(dashboard.activeLoans);
      // The tabs: each status filter lists as many rows as its count says; the loan list's total is its rows.
      for (const status of APPLICATION_STATUS_FILTERS) {
        const page = await listApplications(deps, listApplicationsSchema.parse({ status }));
        expect(page.items).toHaveLength(status === 'all' ? total : counted[status]);
      }
      // The queue: files in review and offers in their last 3 days (valid 30 days in tests), counted from the rows.
      const [[queued]] = (await db.execute(
        sql`SELECT COUNT(*) AS n FROM ${applications} WHERE status = 'review' OR (status = 'approved'
              AND decided_at > UTC_TIMESTAMP() - INTERVAL 30 DAY AND decided_at <= UTC_TIMESTAMP() - INTERVAL 27 DAY)`,
      )) as unknown as [[{ n: number }]];
      const queue = await getWorkQueue(deps, staff.id, workQueueSchema.parse({}));
      expect(queue.items).toHaveLength(Number(queued.n));
      const loanPage = await listActiveLoans(deps, listLoansSchema.parse({}));
      expect(loanPage.total).toBe(loanPage.loans.length);
      expect(loanPage.total).toBe(dashboard.activeLoans);
    };

    await expectAgreement({ total: 0, activeLoans: 0, outstandingCents: 0 });

    // Created.
    const first = await insertApplication({ db, status: 'pending', loanAmountCents: 3_000_000 });
    const second = await insertApplication({ db, status: 'pending', loanAmountCents: 1_000_000 });
    const third = await insertApplication({ db, status: 'review', userId: client.id });
    await expectAgreement({ total: 3, activeLoans: 0, outstandingCents: 0 });

    // Changed by staff: one approved, one declined, one sent to review.
    await setApplicationStatus(deps, actor, {
      id: first.id,
      status: 'approved',
      reasons: ['meets-requirements'],
      otherReason: undefined,
      note: undefined,
    });
    await expectAgreement({ total: 3, activeLoans: 0, outstandingCents: 0 });
    await setApplicationStatus(deps, actor, {
      id: second.id,
      status: 'declined',
      reasons: ['insufficient-revenue'],
      otherReason: undefined,
      note: undefined,
    });
    await setApplicationStatus(deps, actor, {
      id: third.id,
      status: 'approved',
      reasons: ['meets-requirements'],
      otherReason: undefined,
      note: undefined,
    });
    await expectAgreement({ total: 3, activeLoans: 0, outstandingCents: 0 });
    // An approval 28 days old: its offer has 2 days left, so the queue lists it (docs/product.md 8.6).
    await db
      .update(applications)
      .set({ decidedAt: new Date(Date.now() - 28 * 24 * 3600_000) })
      .where(eq(applications.id, first.id));
    await expectAgreement({ total: 3, activeLoans: 0, outstandingCents: 0 });
    const queue = await getWorkQueue(deps, staff.id, workQueueSchema.parse({}));
    expect(queue.items.map(({ id, reasons }) => ({ id, reasons }))).toEqual([
      { id: first.id, reasons: ['offerExpiring'] },
    ]);

    // Funded: a loan of 20,000.00 at 1.35 (27,000.00 to repay), its application funded.
    const loan = await insertLoan({ userId: client.id, db, principalCents: 2_000_000, factorRateMilli: 1350 });
    await expectAgreement({ total: 4, activeLoans: 1, outstandingCents: 2_700_000 });

    // Paid in part, then a second loan paid off.
    const today = new Date().toISOString().slice(0, 10);
    await recordLoanPayment({ db }, actor, { loanId: loan.id, amountCents: 150_000, paidOn: today });
    await expectAgreement({ total: 4, activeLoans: 1, outstandingCents: 2_550_000 });
    const other = await insertLoan({ userId: client.id, db, principalCents: 1_000_000, factorRateMilli: 1200 });
    await expectAgreement({ total: 5, activeLoans: 2, outstandingCents: 2_550_000 + 1_200_000 });
    await db.update(loans).set({ status: 'paid_off' }).where(eq(loans.id, other.id));
    await expectAgreement({ total: 5, activeLoans: 1, outstandingCents: 2_550_000 });

    // An amount corrected and an application removed.
    await db.update(applications).set({ loanAmountCents: 2_000_000 }).where(eq(applications.id, second.id));
    await db.delete(applications).where(eq(applications.id, second.id));
    await expectAgreement({ total: 4, activeLoans: 1, outstandingCents: 2_550_000 });
    const analytics = await getAnalytics(deps);
    // Requested: 30,000 + 50,000 (factory default) + the two loans' applications' 50,000 each.
    expect(analytics.totalRequested).toBe((3_000_000 + 5_000_000 * 3) / 100);
  });
});
