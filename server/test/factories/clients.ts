import {
  loanPayments,
  loanSchedule,
  loans,
  milestoneProgress,
  rewards,
  underwritingResults,
} from '../../../drizzle/schema/index';
import type { AcceptOfferInput, OfferOptionKey } from '../../../src/shared/schemas/offers';
import { newId } from '../../lib/ids';
import { priceLoan } from '../../services/offers/index';
import { computeOffer, type RiskTier } from '../../services/underwriting/index';
import { addDays, buildWeeklySchedule } from '../../services/loans/index';
import { insertApplication, type InsertApplicationOpts } from '../factories';
import { getTestDeps, type callerFor } from '../harness';

// Client-area factories: synthetic rows straight into the test database, never through the services
// under test.

/** An engine result of the stored shape (underwriting_results.result), with its ai_data. */
export function engineResult(
  opts: { approvedAmount?: number; factorRate?: number; termWeeks?: number; estimatedApr?: number } = {},
) {
  const approvedAmount = opts.approvedAmount ?? 40_000;
  const factorRate = opts.factorRate ?? 1.3;
  const termWeeks = opts.termWeeks ?? 40;
  const purchaseAmount = Math.round(approvedAmount * factorRate);
  return {
    result: {
      approved: true,
      approvedAmount,
      mcaTerms: { purchaseAmount, factorRate, weeklyPayment: Math.round(purchaseAmount / termWeeks), termWeeks },
      bankStatementInsights: {
        averageMonthlyRevenue: 72_000,
        healthScore: 81,
        consistencyRating: 'High',
        cashFlowTrend: 'Stable',
        recommendations: ['Keep two weeks of payments in reserve'],
      },
      riskAssessment: { overallRiskLevel: 'Low', riskFactors: ['Factory risk factor (staff only)'] },
      nextSteps: ['Review and accept your offer'],
      confidence: 87,
      estimatedApr: opts.estimatedApr ?? 41.2,
    },
    aiData: {
      recommendation: 'Approved',
      approvedAmount,
      confidence: 87,
      reasoning: 'Factory reasoning (staff only)',
      riskFactors: ['Factory risk factor (staff only)'],
      interestRate: opts.estimatedApr ?? 41.2,
    },
  };
}

/** An application the engine approved, with its underwriting_results row (omit it with `underwriting: false`). */
export async function insertApprovedApplication(
  opts: InsertApplicationOpts & {
    underwriting?: boolean;
    factorRate?: number;
    termWeeks?: number;
    estimatedApr?: number;
    /** underwriting_results.analysis (e.g. engineAnalysis()); `{}` by default, as for staff-approved referrals. */
    analysis?: unknown;
  } = {},
) {
  const { db } = await getTestDeps();
  const approvedAmountCents = opts.approvedAmountCents === undefined ? 4_000_000 : opts.approvedAmountCents;
  const application = await insertApplication({
    status: 'approved',
    aiApproved: 'approved',
    ...opts,
    approvedAmountCents,
  });
  if (opts.underwriting !== false) {
    const { result, aiData } = engineResult({
      approvedAmount: (approvedAmountCents ?? application.loanAmountCents) / 100,
      factorRate: opts.factorRate,
      termWeeks: opts.termWeeks,
      estimatedApr: opts.estimatedApr,
    });
    await db.insert(underwritingResults).values({
      id: newId(),
      applicationId: application.id,
      engineVersion: 'factory-1',
      decision: 'approved',
      confidence: 87,
      approvedAmountCents,
      result,
      aiData,
      analysis: opts.analysis ?? {},
    });
  }
  return application;
}

/** A funded application with its loan and weekly schedule; payments optional. */
export async function insertLoan(opts: {
  userId: string;
  principalCents?: number;
  factorRate?: number;
  termWeeks?: number;
  firstPaymentDate?: string;
  payments?: { amountCents: number; paidOn: string }[];
  businessName?: string;
}) {
  const { db } = await getTestDeps();
  const application = await insertApplication({
    userId: opts.userId,
    status: 'funded',
    aiApproved: 'approved',
    approvedAmountCents: opts.principalCents ?? 2_000_000,
    businessName: opts.businessName,
  });
  const terms = priceLoan({
    principalCents: opts.principalCents ?? 2_000_000,
    factorRate: opts.factorRate ?? 1.35,
    termWeeks: opts.termWeeks ?? 4,
  });
  const firstPaymentDate = opts.firstPaymentDate ?? addDays(new Date().toISOString().slice(0, 10), 7);
  const schedule = buildWeeklySchedule({
    firstPaymentDate,
    termWeeks: terms.termWeeks,
    purchasedAmountCents: terms.purchasedAmountCents,
    installmentCents: terms.weeklyPaymentCents,
  });
  const id = newId();
  await db
    .insert(loans)
    .values({ id, applicationId: application.id, userId: opts.userId, ...terms, status: 'current', firstPaymentDate });
  await db.insert(loanSchedule).values(schedule.map((item) => ({ loanId: id, ...item })));
  for (const payment of opts.payments ?? []) {
    await db.insert(loanPayments).values({ id: newId(), loanId: id, ...payment });
  }
  return { id, application, terms, schedule, firstPaymentDate };
}

/** A milestone_progress row of the seeded catalog (e.g. 'first-funding'). */
export async function insertMilestoneProgress(opts: {
  userId: string;
  milestoneId: string;
  currentProgress: number;
  completed: boolean;
  claimed?: boolean;
}) {
  const { db } = await getTestDeps();
  const row = {
    id: newId(),
    userId: opts.userId,
    milestoneId: opts.milestoneId,
    currentProgress: opts.currentProgress,
    isCompleted: opts.completed,
    completedAt: opts.completed ? new Date() : null,
    rewardClaimed: opts.claimed ?? false,
    claimedAt: opts.claimed ? new Date() : null,
  };
  await db.insert(milestoneProgress).values(row);
  return row;
}

/** A claimed reward (its milestone completed and claimed), expiring at `expiresAt`. */
export async function insertReward(opts: {
  userId: string;
  milestoneId?: string;
  expiresAt?: Date;
  isUsed?: boolean;
  rewardValue?: number;
}) {
  const { db } = await getTestDeps();
  const progress = await insertMilestoneProgress({
    userId: opts.userId,
    milestoneId: opts.milestoneId ?? 'first-funding',
    currentProgress: 1,
    completed: true,
    claimed: true,
  });
  const row = {
    id: newId(),
    userId: opts.userId,
    milestoneProgressId: progress.id,
    rewardType: 'cash_credit' as const,
    rewardValue: opts.rewardValue ?? 100,
    isUsed: opts.isUsed ?? false,
    earnedAt: new Date(),
    expiresAt: opts.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
    usedAt: opts.isUsed ? new Date() : null,
  };
  await db.insert(rewards).values(row);
  return row;
}

/**
 * A stored engine analysis (the fields the offer menu reads): the engine's own offer for this revenue, tier and
 * existing weekly financing, with the positions and what-ifs given. Use its `offer.amountCents` as the approved amount.
 */
export function engineAnalysis(
  opts: {
    revenueBasisCents?: number;
    tier?: RiskTier;
    requestedCents?: number;
    existingWeeklyFinancingCents?: number;
    positions?: Array<{ counterparty: string; amountCents: number; frequency: 'daily' | 'weekly'; isActive?: boolean }>;
    whatIf?: unknown[];
  } = {},
) {
  const offer = computeOffer({
    revenueBasisCents: opts.revenueBasisCents ?? 60_000_00,
    tier: opts.tier ?? 'Low',
    requestedCents: opts.requestedCents ?? 50_000_00,
    existingWeeklyFinancingCents: opts.existingWeeklyFinancingCents ?? 0,
  });
  return {
    engineVersion: 'factory-1',
    revenueSource: 'statements',
    offer,
    financingPositions: (opts.positions ?? []).map((position) => {
      const weeklyBurdenCents = position.frequency === 'daily' ? position.amountCents * 5 : position.amountCents;
      return {
        counterparty: position.counterparty,
        amountCents: position.amountCents,
        frequency: position.frequency,
        occurrences: 20,
        firstDate: '2026-01-05',
        lastDate: '2026-03-30',
        isActive: position.isActive ?? true,
        weeklyBurdenCents,
        monthlyBurdenCents: Math.round((weeklyBurdenCents * 52) / 12),
      };
    }),
    whatIf: opts.whatIf ?? [],
  };
}

/** What the portal sends to sign a menu option: its amount and term, a typed name, consent and the summary hash. */
export async function acceptInputFor(
  caller: Awaited<ReturnType<typeof callerFor>>,
  applicationId: string,
  key: OfferOptionKey = 'standard',
): Promise<AcceptOfferInput> {
  const menu = await caller.client.offerMenu({ id: applicationId });
  const chosen = menu.options.find(({ option }) => option.key === key);
  if (!chosen) throw new Error(`no ${key} option on the menu`);
  return {
    id: applicationId,
    amount: chosen.option.amount,
    termWeeks: chosen.option.termWeeks,
    fullName: 'Pat Example',
    consent: true,
    summaryHash: chosen.disclosure.summaryHash,
  };
}

/** A well-formed signature body for an application the caller cannot price (another client's, unknown ids). */
export function blindAcceptInput(applicationId: string): AcceptOfferInput {
  return {
    id: applicationId,
    amount: 40_000,
    termWeeks: 40,
    fullName: 'Pat Example',
    consent: true,
    summaryHash: 'a'.repeat(64),
  };
}
