import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, loanSchedule, loans, milestoneProgress } from '../../../drizzle/schema/index';
import { insertApplication } from '../../test/factories';
import { insertApprovedApplication } from '../../test/factories/clients';
import {
  callerFor,
  eventually,
  getTestDeps,
  insertUser,
  jsonRequest,
  readMails,
  sessionCookieFor,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { todayIso } from '../../lib/dates';
import { estimateAprPct } from '../loans/pricing';
import { addDays } from '../loans/schedule';
import { ALREADY_FUNDED, NOT_APPROVABLE } from './applications';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function loansOf(applicationId: string) {
  const { db } = await getTestDeps();
  return db.select().from(loans).where(eq(loans.applicationId, applicationId));
}

async function scheduleOf(loanId: string) {
  const { db } = await getTestDeps();
  return db.select().from(loanSchedule).where(eq(loanSchedule.loanId, loanId)).orderBy(loanSchedule.seq);
}

async function acceptAuditRows(applicationId: string) {
  const { db } = await getTestDeps();
  return db
    .select({ id: auditLog.id, actorId: auditLog.actorId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'application.accept_funding'), eq(auditLog.targetId, applicationId)));
}

describe('accepting funding', () => {
  it('makes one loan on the offer terms with its weekly schedule, and marks the application funded', async () => {
    const client = await insertUser({ firstName: 'Nadia' });
    const application = await insertApprovedApplication({
      userId: client.id,
      approvedAmountCents: 4_000_000,
      factorRate: 1.3,
      termWeeks: 40,
      estimatedApr: 41.2,
    });
    const caller = await callerFor(client);

    const answer = await caller.client.acceptFunding({ id: application.id });

    const firstPaymentDate = addDays(todayIso(), 7);
    expect(answer).toMatchObject({
      success: true,
      loan: {
        applicationId: application.id,
        principal: 40_000,
        purchasedAmount: 52_000,
        factorRate: 1.3,
        weeklyPayment: 1_300,
        termWeeks: 40,
        interestRate: 41.2,
        balance: 52_000,
        nextPaymentDate: firstPaymentDate,
        paymentsRemaining: 40,
        daysPastDue: 0,
        status: 'current',
      },
    });
    const [loan, ...others] = await loansOf(application.id);
    expect(others).toHaveLength(0);
    expect(loan).toMatchObject({
      userId: client.id,
      principalCents: 4_000_000,
      purchasedAmountCents: 5_200_000,
      factorRateMilli: 1300,
      weeklyPaymentCents: 130_000,
      termWeeks: 40,
      aprBps: 4120,
      firstPaymentDate,
    });
    const schedule = await scheduleOf(loan!.id);
    expect(schedule).toHaveLength(40);
    expect(schedule.every((item, index) => item.dueDate === addDays(firstPaymentDate, index * 7))).toBe(true);
    expect(schedule.reduce((sum, item) => sum + item.amountCents, 0)).toBe(5_200_000);

    const apps = await caller.client.applications();
    expect(apps.find((app) => app.id === application.id)).toMatchObject({
      status: 'funded',
      loanId: loan!.id,
      approvedAmount: 40_000,
    });
    expect(await caller.client.loans()).toEqual([expect.objectContaining({ id: loan!.id, principal: 40_000 })]);

    const audit = await acceptAuditRows(application.id);
    expect(audit).toEqual([expect.objectContaining({ actorId: client.id })]);
    const mail = await eventually(() =>
      readMails(client.email).find((text) => text.includes('Your funding has been accepted')),
    );
    expect(mail).toContain('A representative will reach out within 24 hours');
  });

  it('prices an approved application without stored terms at factor 1.35 over 36 weeks', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({
      userId: client.id,
      approvedAmountCents: 2_000_000,
      underwriting: false,
    });
    const { loan } = await (await callerFor(client)).client.acceptFunding({ id: application.id });
    expect(loan).toMatchObject({
      principal: 20_000,
      factorRate: 1.35,
      purchasedAmount: 27_000,
      weeklyPayment: 750,
      termWeeks: 36,
      interestRate: estimateAprPct(1.35, 36),
    });
    expect(await scheduleOf(loan.id)).toHaveLength(36);
  });

  it('answers 409 the second time and creates nothing more', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const caller = await callerFor(client);
    await caller.client.acceptFunding({ id: application.id });
    await expect(caller.client.acceptFunding({ id: application.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ALREADY_FUNDED,
    });
    expect(await loansOf(application.id)).toHaveLength(1);
    expect(await acceptAuditRows(application.id)).toHaveLength(1);
  });

  it('makes exactly one loan when two acceptances race', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const [first, second] = await Promise.all([callerFor(client), callerFor(client)]);
    const results = await Promise.allSettled([
      first.client.acceptFunding({ id: application.id }),
      second.client.acceptFunding({ id: application.id }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT' } });
    const made = await loansOf(application.id);
    expect(made).toHaveLength(1);
    expect(await scheduleOf(made[0]!.id)).toHaveLength(40);
  });

  it('makes exactly one loan, one schedule and one audit row out of 20 parallel HTTP requests', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const cookie = await sessionCookieFor(client);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        jsonRequest(server.url, `/api/client/applications/${application.id}/accept`, { method: 'POST', cookie }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const ok = responses.find((response) => response.status === 200)!;
    expect(await ok.json()).toMatchObject({ success: true, data: { loan: { applicationId: application.id } } });
    const refused = responses.find((response) => response.status === 409)!;
    expect(await refused.text()).toBe(ALREADY_FUNDED);

    const made = await loansOf(application.id);
    expect(made).toHaveLength(1);
    expect(await scheduleOf(made[0]!.id)).toHaveLength(40);
    expect(await acceptAuditRows(application.id)).toHaveLength(1);
    const { db } = await getTestDeps();
    const [progress] = await db
      .select({ currentProgress: milestoneProgress.currentProgress })
      .from(milestoneProgress)
      .where(and(eq(milestoneProgress.userId, client.id), eq(milestoneProgress.milestoneId, 'second-funding')));
    expect(progress?.currentProgress).toBe(1);
  });

  it.each(['pending', 'review', 'declined', 'incomplete'] as const)(
    'refuses a %s application with 409',
    async (status) => {
      const client = await insertUser();
      const application = await insertApplication({ userId: client.id, status });
      await expect((await callerFor(client)).client.acceptFunding({ id: application.id })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: NOT_APPROVABLE,
      });
      expect(await loansOf(application.id)).toHaveLength(0);
      const { db } = await getTestDeps();
      const [row] = await db
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, application.id));
      expect(row?.status).toBe(status);
    },
  );

  it('refuses anonymous callers with 401', async () => {
    const application = await insertApprovedApplication({ userId: (await insertUser()).id });
    const response = await jsonRequest(server.url, `/api/client/applications/${application.id}/accept`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
    expect(await loansOf(application.id)).toHaveLength(0);
  });
});
