import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applications,
  auditLog,
  loanSchedule,
  loans,
  milestoneProgress,
  offerSignatures,
} from '../../../drizzle/schema/index';
import { insertApplication } from '../../test/factories';
import {
  acceptInputFor,
  blindAcceptInput,
  engineAnalysis,
  insertApprovedApplication,
} from '../../test/factories/clients';
import {
  callerFor,
  expectLenderMail,
  getTestDeps,
  insertUser,
  mailTo,
  sessionCookieFor,
  testServerForFile,
} from '../../test/harness';
import { todayIso } from '../../lib/dates';
import { sha256Hex } from '../../lib/crypto';
import { disclosureOf, priceTerms } from '../offers/index';
import { estimateAprPct } from '../underwriting/index';
import { addDays } from './schedule';
import { ALREADY_FUNDED, NOT_APPROVABLE, SUMMARY_CHANGED } from './acceptance';

const server = testServerForFile();

async function loansOf(applicationId: string) {
  const { db } = await getTestDeps();
  return db.select().from(loans).where(eq(loans.applicationId, applicationId));
}

async function scheduleOf(loanId: string) {
  const { db } = await getTestDeps();
  return db.select().from(loanSchedule).where(eq(loanSchedule.loanId, loanId)).orderBy(loanSchedule.seq);
}

async function signaturesOf(applicationId: string) {
  const { db } = await getTestDeps();
  return db.select().from(offerSignatures).where(eq(offerSignatures.applicationId, applicationId));
}

async function auditRows(action: string, applicationId: string) {
  const { db } = await getTestDeps();
  return db
    .select({ actorId: auditLog.actorId, ip: auditLog.ip, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, applicationId)));
}

async function statusOf(applicationId: string) {
  const { db } = await getTestDeps();
  const [row] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.status;
}

/** Nothing of an acceptance happened: no loan, no signature, no audit row, still approved. */
async function expectUntouched(applicationId: string) {
  expect(await loansOf(applicationId)).toHaveLength(0);
  expect(await signaturesOf(applicationId)).toHaveLength(0);
  expect(await acceptAuditRows(applicationId)).toHaveLength(0);
  expect(await auditRows('offer.sign', applicationId)).toHaveLength(0);
  expect(await statusOf(applicationId)).toBe('approved');
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

    const input = await acceptInputFor(caller, application.id);
    expect(input).toMatchObject({ amount: 40_000, termWeeks: 40 });
    const answer = await caller.client.acceptFunding(input);

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
        // The APR is always computed from the option's own factor and term (the disclosure the client signed).
        interestRate: estimateAprPct(1.3, 40),
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
      aprBps: Math.round(estimateAprPct(1.3, 40) * 100),
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
    const mail = await mailTo(client.email, 'Your funding has been accepted');
    expect(expectLenderMail(mail).html).toContain('A representative will reach out within 24 hours');
  });

  it('prices an approved application without stored terms at factor 1.35 over 36 weeks', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({
      userId: client.id,
      approvedAmountCents: 2_000_000,
      underwriting: false,
    });
    const caller = await callerFor(client);
    const { loan } = await caller.client.acceptFunding(await acceptInputFor(caller, application.id));
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
    const input = await acceptInputFor(caller, application.id);
    await caller.client.acceptFunding(input);
    await expect(caller.client.acceptFunding(input)).rejects.toMatchObject({
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
    const input = await acceptInputFor(first, application.id);
    const results = await Promise.allSettled([first.client.acceptFunding(input), second.client.acceptFunding(input)]);
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
    const { id: _id, ...body } = await acceptInputFor(await callerFor(client), application.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request(`/api/client/applications/${application.id}/accept`, { method: 'POST', cookie, body }),
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
    expect(await signaturesOf(application.id)).toHaveLength(1);
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
      await expect(
        (await callerFor(client)).client.acceptFunding(blindAcceptInput(application.id)),
      ).rejects.toMatchObject({
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
    const response = await server.request(`/api/client/applications/${application.id}/accept`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
    expect(await loansOf(application.id)).toHaveLength(0);
  });
});

describe('accepting is an electronic signature', () => {
  it('stores the signature with the typed name, time, IP, the summary shown and its hash, and audit-logs it', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const ip = '10.77.1.2';
    const caller = await callerFor(client, { ip });
    const input = { ...(await acceptInputFor(caller, application.id)), fullName: '  Nadia Q. Example  ' };
    const before = Date.now();
    const { loan } = await caller.client.acceptFunding(input);

    const [signature, ...others] = await signaturesOf(application.id);
    expect(others).toHaveLength(0);
    expect(signature).toMatchObject({
      userId: client.id,
      loanId: loan.id,
      fullName: 'Nadia Q. Example',
      ip,
      summaryHash: input.summaryHash,
      option: { key: 'standard', amount: 40_000, termWeeks: 40, weeklyPayment: 1_300 },
      summary: {
        fundingProvided: 40_000,
        totalRepayment: 52_000,
        paymentAmount: 1_300,
        summaryHash: input.summaryHash,
      },
    });
    expect(signature!.signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(signature!.consentedAt.getTime()).toBe(signature!.signedAt.getTime());
    // The stored summary hashes to the stored hash: the record proves what was signed.
    const { summaryHash, ...fields } = signature!.summary;
    expect(
      sha256Hex(JSON.stringify(Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))))),
    ).toBe(summaryHash);

    const [audit] = await auditRows('offer.sign', application.id);
    expect(audit).toMatchObject({
      actorId: client.id,
      ip,
      detail: { loanId: loan.id, summaryHash: input.summaryHash, option: 'standard', termWeeks: 40 },
    });
    expect(JSON.stringify(audit?.detail)).not.toContain('Nadia');

    // Shown again in the portal after acceptance.
    expect(await caller.client.offerSignature({ id: application.id })).toMatchObject({
      fullName: 'Nadia Q. Example',
      summaryHash: input.summaryHash,
      option: { amount: 40_000 },
      disclosure: { paymentFrequency: 'Weekly', estimatedTermWeeks: 40 },
    });
  });

  it('makes the loan with the terms of the option chosen, not the standard one', async () => {
    const client = await insertUser();
    const analysis = engineAnalysis({ revenueBasisCents: 60_000_00, tier: 'Low', requestedCents: 50_000_00 });
    const application = await insertApprovedApplication({
      userId: client.id,
      approvedAmountCents: analysis.offer.amountCents,
      factorRate: 1.25,
      termWeeks: 52,
      analysis,
    });
    const caller = await callerFor(client);
    const input = await acceptInputFor(caller, application.id, 'longer');
    expect(input).toMatchObject({ amount: 50_000, termWeeks: 65 });
    const { loan } = await caller.client.acceptFunding(input);
    expect(loan).toMatchObject({
      principal: 50_000,
      termWeeks: 65,
      factorRate: 1.276,
      purchasedAmount: 63_800,
      weeklyPayment: 982,
    });
    const [row] = await loansOf(application.id);
    expect(row).toMatchObject({
      principalCents: 50_000_00,
      purchasedAmountCents: 63_800_00,
      factorRateMilli: 1276,
      weeklyPaymentCents: 982_00,
      termWeeks: 65,
      aprBps: Math.round(estimateAprPct(1.276, 65) * 100),
    });
    const schedule = await scheduleOf(row!.id);
    expect(schedule).toHaveLength(65);
    expect(schedule.reduce((sum, item) => sum + item.amountCents, 0)).toBe(63_800_00);
    const apps = await caller.client.applications();
    expect(apps.find((app) => app.id === application.id)).toMatchObject({ status: 'funded', approvedAmount: 50_000 });
  });

  it('accepts a custom amount and term priced live, at exactly the repriced terms', async () => {
    const client = await insertUser();
    const analysis = engineAnalysis();
    const application = await insertApprovedApplication({
      userId: client.id,
      approvedAmountCents: analysis.offer.amountCents,
      analysis,
    });
    const caller = await callerFor(client);
    const priced = await caller.client.priceOffer({ id: application.id, amount: 32_500, termWeeks: 45 });
    expect(priced.option).toMatchObject({ key: 'custom', amount: 32_500, termWeeks: 45, factorRate: 1.25 });
    const { loan } = await caller.client.acceptFunding({
      id: application.id,
      amount: 32_500,
      termWeeks: 45,
      fullName: 'Pat Example',
      consent: true,
      summaryHash: priced.disclosure.summaryHash,
    });
    expect(loan).toMatchObject({
      principal: 32_500,
      termWeeks: 45,
      purchasedAmount: priced.disclosure.totalRepayment,
      weeklyPayment: priced.disclosure.paymentAmount,
      interestRate: priced.disclosure.estimatedApr,
    });
  });

  it('refuses an option over the affordability cap posted directly, and changes nothing', async () => {
    const client = await insertUser();
    // $1,000 a week to another funder leaves $1,076 of the 15% cap: the engine's 52-week offer just fits.
    const analysis = engineAnalysis({ existingWeeklyFinancingCents: 1_000_00 });
    expect(analysis.offer.bindingCap).toBe('weekly-payment');
    const application = await insertApprovedApplication({
      userId: client.id,
      approvedAmountCents: analysis.offer.amountCents,
      analysis,
    });
    const caller = await callerFor(client);
    const menu = await caller.client.offerMenu({ id: application.id });
    for (const { option } of menu.options) expect(option.weeklyPayment).toBeLessThanOrEqual(1_076);

    // The full amount over the shortest term: a summary anyone can compute, but the payment is over the cap.
    const terms = priceTerms({ baseFactorMilli: 1250, baseTermWeeks: 52 }, analysis.offer.amountCents, 39);
    expect(terms.weeklyPaymentCents).toBeGreaterThan(analysis.offer.weeklyPaymentCapCents);
    const attempt = {
      id: application.id,
      amount: analysis.offer.amountCents / 100,
      termWeeks: 39,
      fullName: 'Pat Example',
      consent: true as const,
      summaryHash: disclosureOf(terms).summaryHash,
    };
    await expect(
      caller.client.priceOffer({ id: attempt.id, amount: attempt.amount, termWeeks: attempt.termWeeks }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^A weekly payment of \$[\d,]+ is more than your revenue can carry/),
    });
    await expect(caller.client.acceptFunding(attempt)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^A weekly payment of \$[\d,]+ is more than your revenue can carry/),
    });
    // More than approved, and off policy terms, are refused the same way.
    await expect(
      caller.client.acceptFunding({ ...attempt, amount: attempt.amount + 500, termWeeks: 52 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Please choose an amount between $10,000 and'),
    });
    await expect(caller.client.acceptFunding({ ...attempt, termWeeks: 80 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please choose a term between 39 and 65 weeks.',
    });
    await expectUntouched(application.id);
  });

  it('refuses a summary other than the one the server prices now with 409, and changes nothing', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const caller = await callerFor(client);
    const input = await acceptInputFor(caller, application.id);
    const smaller = await acceptInputFor(caller, application.id, 'smaller');
    for (const summaryHash of ['0'.repeat(64), smaller.summaryHash]) {
      await expect(caller.client.acceptFunding({ ...input, summaryHash })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: SUMMARY_CHANGED,
      });
    }
    await expectUntouched(application.id);
  });

  it('answers 400 with the field messages to an empty or unsigned REST body, and changes nothing', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const cookie = await sessionCookieFor(client);
    const empty = await server.request(`/api/client/applications/${application.id}/accept`, {
      method: 'POST',
      cookie,
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('amount: Please enter an amount in whole dollars');
    const { id: _id, ...body } = await acceptInputFor(await callerFor(client), application.id);
    const unsigned = await server.request(`/api/client/applications/${application.id}/accept`, {
      cookie,
      body: { ...body, consent: false, fullName: '' },
    });
    expect(unsigned.status).toBe(400);
    const text = await unsigned.text();
    expect(text).toContain('fullName: Please type your full name to sign');
    expect(text).toContain('consent: Please agree to receive and sign records electronically');
    await expectUntouched(application.id);
  });
});
