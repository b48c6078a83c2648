// The dashboard's Loan Performance figures from real loans and payments: total outstanding (what current
// loans were sold for less what they have paid, from loans.paid_cents) and collections this month (payments dated
// from the 1st to today, whatever the loan's state). Aggregates are global, so this test has a database of its own:
// other test files write loans at the same time into the run's shared one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, prepareDatabase, type Database } from '../../db';
import { createLogger } from '../../lib/logger';
import { insertLoan } from '../../test/factories/admin';
import { freshDatabase } from '../../test/fresh-database';
import { getTestDeps, insertUser } from '../../test/harness';
import { addDays, recordLoanPayment } from '../loans/index';
import { getDashboard, invalidateDashboard } from './dashboard';

const own = freshDatabase('dashboard');
let database: Database;

beforeAll(async () => {
  await getTestDeps(); // the run's data key, which the application factory encrypts with
  await prepareDatabase(own.url);
  database = createDatabase(own.url, 4);
});
afterAll(async () => {
  await database.close();
  await own.drop();
});

describe('loan performance', () => {
  it('is computed from the loans and their payments, and follows a recorded payment', async () => {
    const db = database.db;
    const deps = { db, log: createLogger('silent') };
    const client = await insertUser({ role: 'client', db });
    const staff = await insertUser({ role: 'admin', db });
    const today = new Date().toISOString().slice(0, 10);
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1);
    const longAgo = addDays(today, -90);

    // Current, paid in part (one payment last month, one this month); current, nothing paid yet; paid off (its
    // payment this month is collected but it owes nothing); defaulted (owes, but is not outstanding).
    const partlyPaid = await insertLoan({
      userId: client.id,
      db,
      principalCents: 2_000_000,
      factorRateMilli: 1350,
      firstPaymentDate: longAgo,
      payments: [
        { amountCents: 50_000, paidOn: lastMonth },
        { amountCents: 120_000, paidOn: today },
      ],
    });
    const unpaid = await insertLoan({ userId: client.id, db, principalCents: 1_000_000, factorRateMilli: 1200 });
    await insertLoan({
      userId: client.id,
      db,
      principalCents: 100_000,
      factorRateMilli: 1100,
      status: 'paid_off',
      firstPaymentDate: longAgo,
      payments: [
        { amountCents: 80_000, paidOn: lastMonth },
        { amountCents: 30_000, paidOn: today },
      ],
    });
    await insertLoan({
      userId: client.id,
      db,
      principalCents: 500_000,
      status: 'defaulted',
      firstPaymentDate: longAgo,
    });

    const before = (await getDashboard(deps)).loanPerformance;
    expect(partlyPaid.purchasedAmountCents).toBe(2_700_000);
    expect(unpaid.purchasedAmountCents).toBe(1_200_000);
    expect(before.totalOutstanding).toBe((2_700_000 - 170_000 + 1_200_000) / 100);
    expect(before.monthlyCollections).toBe((120_000 + 30_000) / 100);
    expect(before.totalLoans).toBe(4);
    expect(before.paidOffLoans).toBe(1);
    expect(before.defaultRate).toBe(25);

    // A payment staff record today moves both figures once the cached aggregates are refreshed.
    await recordLoanPayment(
      { db },
      { id: staff.id, role: 'admin', ip: '127.0.0.1' },
      { loanId: unpaid.id, amountCents: 40_000, paidOn: today },
    );
    invalidateDashboard(db);
    await getDashboard(deps); // a stale read starts the refresh
    await expect
      .poll(async () => (await getDashboard(deps)).loanPerformance, { timeout: 5_000 })
      .toMatchObject({
        totalOutstanding: (2_700_000 - 170_000 + 1_200_000 - 40_000) / 100,
        monthlyCollections: (120_000 + 30_000 + 40_000) / 100,
      });
  });
});
