// The counts the database keeps for the back-office lists (migration 0005): an account's applications (all and
// in progress) and a loan's total paid, maintained by triggers whatever writes the rows. After every kind of change the
// kept figures equal a fresh count, and the lists show them.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, loanPayments, loans, users } from '../../../drizzle/schema/index';
import { insertApplication } from '../../test/factories';
import { insertLoan } from '../../test/factories/admin';
import { callerFor, getTestDeps, insertUser } from '../../test/harness';
import { ACTIVE_APPLICATION_STATUSES } from './applicants';

async function keptCounts(userId: string) {
  const { db } = await getTestDeps();
  const [row] = await db
    .select({ total: users.applicationCount, active: users.activeApplicationCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The same figures counted from the applications themselves. */
async function freshCounts(userId: string) {
  const { db } = await getTestDeps();
  const rows = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.userId, userId));
  const active = new Set<string>(ACTIVE_APPLICATION_STATUSES);
  return { total: rows.length, active: rows.filter((row) => active.has(row.status)).length };
}

describe('application counts kept per account', () => {
  it('follow submissions, status changes, linking, moving and deleting applications', async () => {
    const { db } = await getTestDeps();
    const jane = await insertUser({ role: 'client' });
    const omar = await insertUser({ role: 'client' });
    const expectCounts = async (userId: string, total: number, active: number) => {
      expect(await keptCounts(userId)).toEqual({ total, active });
      expect(await freshCounts(userId)).toEqual({ total, active });
    };
    await expectCounts(jane.id, 0, 0);

    const pending = await insertApplication({ userId: jane.id, status: 'pending' });
    await insertApplication({ userId: jane.id, status: 'declined' });
    const approved = await insertApplication({ userId: jane.id, status: 'approved' });
    await expectCounts(jane.id, 3, 2);

    // A decision: pending to declined leaves the in-progress count; declined to review joins it again.
    await db.update(applications).set({ status: 'declined' }).where(eq(applications.id, pending.id));
    await expectCounts(jane.id, 3, 1);
    await db.update(applications).set({ status: 'review' }).where(eq(applications.id, pending.id));
    await expectCounts(jane.id, 3, 2);
    // A change that touches neither the account nor the status changes nothing.
    await db.update(applications).set({ businessName: 'Renamed LLC' }).where(eq(applications.id, pending.id));
    await expectCounts(jane.id, 3, 2);

    // An anonymous submission linked at sign-up (docs/product.md 3), then one moved to another account.
    const anonymous = await insertApplication({ status: 'pending' });
    await db.update(applications).set({ userId: omar.id }).where(eq(applications.id, anonymous.id));
    await expectCounts(omar.id, 1, 1);
    await db.update(applications).set({ userId: omar.id, status: 'funded' }).where(eq(applications.id, approved.id));
    await expectCounts(jane.id, 2, 1);
    await expectCounts(omar.id, 2, 1);

    await db.delete(applications).where(eq(applications.id, anonymous.id));
    await expectCounts(omar.id, 1, 0);

    // The back office shows the kept figures.
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const { applicant } = await caller.admin.applicantById({ id: jane.id });
    expect(applicant).toMatchObject({ totalApplications: 2, activeApplications: 1 });
  });
});

describe('total paid kept per loan', () => {
  it('follows recorded, corrected and removed payments', async () => {
    const { db } = await getTestDeps();
    const client = await insertUser({ role: 'client' });
    const loan = await insertLoan({ userId: client.id });
    const expectPaid = async (cents: number) => {
      const [kept] = await db.select({ paid: loans.paidCents }).from(loans).where(eq(loans.id, loan.id));
      const [summed] = await db
        .select({ paid: sql<string>`COALESCE(SUM(${loanPayments.amountCents}), 0)` })
        .from(loanPayments)
        .where(eq(loanPayments.loanId, loan.id));
      expect(kept?.paid).toBe(cents);
      expect(Number(summed?.paid)).toBe(cents);
    };
    await expectPaid(0);
    const first = randomUUID();
    await db.insert(loanPayments).values([
      { id: first, loanId: loan.id, amountCents: 50_000, paidOn: '2026-01-05' },
      { id: randomUUID(), loanId: loan.id, amountCents: 25_000, paidOn: '2026-01-12' },
    ]);
    await expectPaid(75_000);
    await db.update(loanPayments).set({ amountCents: 40_000 }).where(eq(loanPayments.id, first));
    await expectPaid(65_000);
    await db.update(loanPayments).set({ note: 'checked' }).where(eq(loanPayments.id, first));
    await expectPaid(65_000);
    await db.delete(loanPayments).where(eq(loanPayments.id, first));
    await expectPaid(25_000);

    // A payment recorded by staff moves the figure the loan list shows.
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    await caller.admin.recordPayment({
      loanId: loan.id,
      amountCents: 10_000,
      paidOn: new Date().toISOString().slice(0, 10),
    });
    await expectPaid(35_000);
  });
});
