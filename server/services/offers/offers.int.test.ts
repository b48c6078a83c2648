import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, auditLog, lowerPaymentRequests } from '../../../drizzle/schema/index';
import { insertApplication } from '../../test/factories';
import { acceptInputFor, engineAnalysis, insertApprovedApplication, insertLoan } from '../../test/factories/clients';
import { callerFor, getTestDeps, insertUser, sessionCookieFor, testServerForFile } from '../../test/harness';
import { LOWER_PAYMENT_ALREADY_OPEN, LOWER_PAYMENT_NOT_LOWER } from '../loans/index';
import { CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS } from '../underwriting/index';
import { NO_OFFER, OFFER_ALREADY_ACCEPTED, UNKNOWN_POSITION } from './menu';

const server = testServerForFile();

const WHAT_IF = [
  {
    code: 'existing-financing',
    fact: 'Existing daily debit of $200.00 to FASTCAP FUNDING',
    withoutIt: { decision: 'approved', amountCents: 50_000_00, weeklyPaymentCents: 1_202_00, termWeeks: 52 },
  },
];

/** An engine-approved application with a $200 daily position to another funder. */
async function approvedWithPosition(userId: string) {
  const analysis = engineAnalysis({
    existingWeeklyFinancingCents: 1_000_00,
    positions: [
      { counterparty: 'FASTCAP FUNDING', amountCents: 200_00, frequency: 'daily' },
      { counterparty: 'OLD LENDER LLC', amountCents: 300_00, frequency: 'weekly', isActive: false },
    ],
    whatIf: WHAT_IF,
  });
  const application = await insertApprovedApplication({
    userId,
    approvedAmountCents: analysis.offer.amountCents,
    factorRate: 1.25,
    termWeeks: 52,
    analysis,
  });
  return { application, analysis };
}

async function auditOf(action: string, targetId: string) {
  const { db } = await getTestDeps();
  return db
    .select({ actorId: auditLog.actorId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe('the offer menu', () => {
  it('lists options within the cap, the limits, affordability, what would change the offer and the positions', async () => {
    const client = await insertUser();
    const { application, analysis } = await approvedWithPosition(client.id);
    const menu = await (await callerFor(client)).client.offerMenu({ id: application.id });
    // $60,000 a month is $13,846 a week; 15% of it less the $1,000 of existing debits leaves $1,076 (7.8%).
    expect(menu).toMatchObject({
      applicationId: application.id,
      weeklyRevenue: 13_846,
      existingWeeklyPayments: 1_000,
      affordabilityCapPct: 7.8,
      limits: {
        minAmount: 10_000,
        maxAmount: analysis.offer.amountCents / 100,
        amountStep: 500,
        minTermWeeks: 39,
        maxTermWeeks: 65,
      },
      whatWouldChange: [
        {
          fact: 'Existing daily debit of $200.00 to FASTCAP FUNDING',
          withoutIt: { decision: 'approved', amount: 50_000, weeklyPayment: 1_202, termWeeks: 52 },
        },
      ],
      positions: [
        { counterparty: 'FASTCAP FUNDING', frequency: 'daily', amount: 200, weeklyBurden: 1_000, isActive: true },
        { counterparty: 'OLD LENDER LLC', frequency: 'weekly', amount: 300, weeklyBurden: 300, isActive: false },
      ],
      consolidation: { requested: false, positions: [], estimatedPayoffAmount: null, estimatedPaymentReduction: null },
    });
    expect(menu.options.length).toBeGreaterThanOrEqual(2);
    expect(menu.options.map(({ option }) => option.key)).toContain('standard');
    for (const { option, disclosure } of menu.options) {
      expect(option.weeklyPayment).toBeLessThanOrEqual(1_076);
      expect(option.affordabilityPct).toBeLessThanOrEqual(7.8);
      expect(disclosure).toMatchObject({
        fundingProvided: option.amount,
        netFunds: option.amount,
        amountWithheld: 0,
        totalRepayment: option.totalRepayment,
        paymentAmount: option.weeklyPayment,
        paymentFrequency: 'Weekly',
        estimatedTermWeeks: option.termWeeks,
      });
    }
  });

  it('answers the same menu over REST, and 409 before approval or after acceptance', async () => {
    const client = await insertUser();
    const { application } = await approvedWithPosition(client.id);
    const cookie = await sessionCookieFor(client);
    const response = await server.request(`/api/client/applications/${application.id}/offers`, { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { options: unknown[] } };
    const caller = await callerFor(client);
    expect(body.data.options).toEqual(
      JSON.parse(JSON.stringify((await caller.client.offerMenu({ id: application.id })).options)),
    );

    const price = await server.request(`/api/client/applications/${application.id}/offers/price`, {
      cookie,
      body: { amount: 20_000, termWeeks: 45 },
    });
    expect(price.status).toBe(200);
    expect(await price.json()).toMatchObject({ data: { option: { key: 'custom', amount: 20_000, termWeeks: 45 } } });
    const outside = await server.request(`/api/client/applications/${application.id}/offers/price`, {
      cookie,
      body: { amount: 20_000, termWeeks: 12 },
    });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toBe('Please choose a term between 39 and 65 weeks.');

    const pending = await insertApplication({ userId: client.id, status: 'review' });
    await expect(caller.client.offerMenu({ id: pending.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: NO_OFFER,
    });
    await caller.client.acceptFunding(await acceptInputFor(caller, application.id));
    await expect(caller.client.offerMenu({ id: application.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: OFFER_ALREADY_ACCEPTED,
    });
    const signature = await server.request(`/api/client/applications/${application.id}/signature`, { cookie });
    expect(signature.status).toBe(200);
    expect(await signature.json()).toMatchObject({
      data: { fullName: 'Pat Example', disclosure: { paymentFrequency: 'Weekly' } },
    });
  });
});

describe('consolidation', () => {
  it('stores the positions and the estimates from the statements on the application, audit-logged', async () => {
    const client = await insertUser();
    const { application } = await approvedWithPosition(client.id);
    const caller = await callerFor(client);
    const answer = await caller.client.requestConsolidation({ id: application.id, positions: ['FASTCAP FUNDING'] });
    const expected = {
      requested: true,
      positions: ['FASTCAP FUNDING'],
      estimatedPayoffAmount: 1_000 * CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS,
      estimatedPaymentReduction: 1_000,
    };
    expect(answer).toEqual(expected);
    const { db } = await getTestDeps();
    const [row] = await db
      .select({
        isConsolidationApplication: applications.isConsolidationApplication,
        mcaPositionsToConsolidate: applications.mcaPositionsToConsolidate,
        estimatedPayoffAmountCents: applications.estimatedPayoffAmountCents,
        estimatedPaymentReductionCents: applications.estimatedPaymentReductionCents,
      })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row).toEqual({
      isConsolidationApplication: true,
      mcaPositionsToConsolidate: ['FASTCAP FUNDING'],
      estimatedPayoffAmountCents: 1_000_00 * CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS,
      estimatedPaymentReductionCents: 1_000_00,
    });
    expect((await caller.client.offerMenu({ id: application.id })).consolidation).toEqual(expected);
    expect(await auditOf('application.consolidation_request', application.id)).toEqual([
      expect.objectContaining({ actorId: client.id, detail: expect.objectContaining({ positions: 1 }) }),
    ]);

    // Staff see the fields their view already expects.
    const admin = await insertUser({ role: 'admin' });
    const detail = await (await callerFor(admin)).admin.applicationById({ id: application.id });
    expect(detail).toMatchObject({
      isConsolidationApplication: true,
      mcaPositionsToConsolidate: ['FASTCAP FUNDING'],
      estimatedPaymentReduction: 1_000,
    });
  });

  it('refuses a position not on the statements and changes nothing', async () => {
    const client = await insertUser();
    const { application } = await approvedWithPosition(client.id);
    await expect(
      (await callerFor(client)).client.requestConsolidation({ id: application.id, positions: ['SOMEONE ELSE'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: UNKNOWN_POSITION });
    const { db } = await getTestDeps();
    const [row] = await db
      .select({ isConsolidationApplication: applications.isConsolidationApplication })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row?.isConsolidationApplication).toBe(false);
    expect(await auditOf('application.consolidation_request', application.id)).toHaveLength(0);
  });
});

describe('staff see the signature', () => {
  it('on the application detail, with the summary and its hash', async () => {
    const client = await insertUser();
    const application = await insertApprovedApplication({ userId: client.id });
    const caller = await callerFor(client);
    const input = await acceptInputFor(caller, application.id);
    await caller.client.acceptFunding(input);
    const admin = await insertUser({ role: 'admin' });
    const detail = await (await callerFor(admin)).admin.applicationById({ id: application.id });
    expect(detail.signature).toMatchObject({
      fullName: 'Pat Example',
      summaryHash: input.summaryHash,
      option: { amount: input.amount, termWeeks: input.termWeeks },
      disclosure: { summaryHash: input.summaryHash },
    });
    expect(detail.history.map((item) => item.action)).toContain('offer.sign');
  });
});

describe('loan extras', () => {
  it('quotes a payoff for today with half of the unearned finance charge waived, and tracks renewal', async () => {
    const client = await insertUser();
    // $20,000 at 1.35 over 4 weeks: $27,000 repaid in $6,750 installments; two paid.
    const loan = await insertLoan({
      userId: client.id,
      principalCents: 20_000_00,
      factorRate: 1.35,
      termWeeks: 4,
      firstPaymentDate: '2026-01-05',
      payments: [
        { amountCents: 6_750_00, paidOn: '2026-01-05' },
        { amountCents: 6_750_00, paidOn: '2026-01-12' },
      ],
    });
    const caller = await callerFor(client);
    // $13,500 owed; the unearned finance charge is $7,000 x 13,500 / 27,000 = $3,500; half is waived.
    expect(await caller.client.payoffQuote({ id: loan.id })).toMatchObject({
      loanId: loan.id,
      balance: 13_500,
      discount: 1_750,
      payoffAmount: 11_750,
    });
    expect(await caller.client.renewal({ id: loan.id })).toEqual({
      loanId: loan.id,
      paidPct: 50,
      eligibleAtPct: 50,
      eligible: true,
    });
    const other = await insertUser();
    await expect((await callerFor(other)).client.payoffQuote({ id: loan.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('stores a lower-payment request on the client’s own loan, audit-logged and visible to staff', async () => {
    const client = await insertUser();
    const loan = await insertLoan({ userId: client.id, principalCents: 20_000_00, termWeeks: 10 });
    const caller = await callerFor(client);
    const input = { loanId: loan.id, requestedWeeklyPayment: 1_500, reason: 'Revenue dropped after the road works' };
    await expect(caller.client.requestLowerPayment({ ...input, requestedWeeklyPayment: 5_000 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: LOWER_PAYMENT_NOT_LOWER,
    });
    const answer = await caller.client.requestLowerPayment(input);
    expect(answer).toMatchObject({
      success: true,
      request: { loanId: loan.id, requestedWeeklyPayment: 1_500, status: 'open' },
    });
    await expect(caller.client.requestLowerPayment(input)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: LOWER_PAYMENT_ALREADY_OPEN,
    });
    const { db } = await getTestDeps();
    expect(await db.select().from(lowerPaymentRequests).where(eq(lowerPaymentRequests.loanId, loan.id))).toEqual([
      expect.objectContaining({ userId: client.id, requestedWeeklyPaymentCents: 1_500_00, reason: input.reason }),
    ]);
    expect(await auditOf('loan.lower_payment_request', loan.id)).toHaveLength(1);
    expect(await caller.client.lowerPaymentRequests()).toEqual([
      expect.objectContaining({ id: answer.request.id, requestedWeeklyPayment: 1_500 }),
    ]);

    // Another client's loan answers 404 and stores nothing.
    const other = await insertUser();
    await expect((await callerFor(other)).client.requestLowerPayment(input)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const admin = await callerFor(await insertUser({ role: 'admin' }));
    const detail = await admin.admin.applicationById({ id: loan.application.id });
    expect(detail.lowerPaymentRequests).toEqual([
      expect.objectContaining({ id: answer.request.id, requestedWeeklyPayment: 1_500, reason: input.reason }),
    ]);
    expect((await admin.admin.loanPayments({ id: loan.id })).lowerPaymentRequests).toHaveLength(1);

    const cookie = await sessionCookieFor(client);
    const rest = await server.request('/api/client/lower-payment-requests', { cookie });
    expect(await rest.json()).toMatchObject({ data: [{ id: answer.request.id }] });
  });
});
