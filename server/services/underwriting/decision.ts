// The decision: risk tier, offer, approve / review / decline, and the lines that explain it.
// Pure: the same insights and answers always give the same decision.
import { isoDate, wholeMonthsBetween } from './dates';
import type { StatementInsights } from './insights';
import { formatCents, formatWholeDollars } from './money';
import {
  CONFIDENCE_BALANCE_MISMATCH,
  CONFIDENCE_BASE,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  CONFIDENCE_MISSING_MONTHS,
  CONFIDENCE_OVERSTATED,
  CONFIDENCE_PER_UNREADABLE,
  CONFIDENCE_SHORT_HISTORY,
  CONFIDENCE_STATED_ONLY,
  CONFIDENCE_UNVERIFIABLE,
  CREDIT_BAND_POINTS,
  DECLINE_MONTHS_IN_BUSINESS,
  DECLINE_NEGATIVE_DAYS_PER_MONTH,
  DECLINE_NSF_PER_MONTH,
  DECLINE_POSITIONS,
  DECLINE_RISK_SCORE,
  FALLBACK_HEALTH_SCORE,
  MIN_CREDIT_BAND,
  MIN_HISTORY_DAYS_FOR_APPROVAL,
  MIN_MONTHLY_REVENUE_CENTS,
  MIN_MONTHS_IN_BUSINESS,
  PRODUCT_MIN_OFFER_CENTS,
  REVIEW_NEGATIVE_DAYS_PER_MONTH,
  REVIEW_NSF_PER_MONTH,
  REVIEW_POSITIONS,
  START_DATE_TOLERANCE_MONTHS,
  STATED_REVENUE_BANDS,
  STATED_REVENUE_OVERSTATEMENT_RATIO,
  TIER_TERMS,
  TIME_IN_BUSINESS_BONUS_MONTHS,
  TIME_IN_BUSINESS_BONUS_POINTS,
  TIME_IN_BUSINESS_MONTHS,
  WEEKLY_PAYMENT_SHARE_BP,
  YOUNG_BUSINESS_MONTHS,
  YOUNG_BUSINESS_POINTS,
} from './policy';
import type { StatedAnswers } from './types';
import {
  type DecisionResult,
  type EngineDecision,
  type Flag,
  type FlagSeverity,
  type ReadingSummary,
  type RiskAssessment,
  computeOffer,
  tierOf,
} from './decision-offer';
export {
  type EngineDecision,
  type FlagSeverity,
  type Flag,
  type BindingCap,
  type OfferCalculation,
  type RiskAssessment,
  type ReadingSummary,
  type DecisionResult,
  estimateAprPct,
  computeOffer,
  tierOf,
} from './decision-offer';

function isValidStartDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return Boolean(match && isoDate(Number(match[1]), Number(match[2]), Number(match[3])));
}

/** Months in business as of the last statement day; without statements the stated band's lower bound. */
function monthsInBusinessOf(stated: StatedAnswers, asOf: string | null, flags: Flag[]): number {
  const bandMonths = TIME_IN_BUSINESS_MONTHS[stated.timeInBusiness];
  // The application is dated by its statements, not by the server clock, so the same input decides the same way.
  const fromStart =
    asOf && isValidStartDate(stated.businessStartDate) && stated.businessStartDate <= asOf
      ? wholeMonthsBetween(stated.businessStartDate, asOf)
      : null;
  if (bandMonths === undefined && fromStart === null) {
    flags.push({
      code: 'time-in-business-unknown',
      severity: 'warning',
      message: 'Time in business could not be established.',
    });
    return 0;
  }
  if (bandMonths !== undefined && fromStart !== null && fromStart < bandMonths - START_DATE_TOLERANCE_MONTHS) {
    flags.push({
      code: 'start-date-contradicts-band',
      severity: 'warning',
      message: `Business start date ${stated.businessStartDate} means ${fromStart} months in business, less than the stated ${stated.timeInBusiness}.`,
    });
  }
  // The start date dated against the statements is more precise than a band; both are stated by the applicant.
  return fromStart ?? bandMonths ?? 0;
}

function statedRevenueOf(stated: StatedAnswers): { minCents: number; maxCents: number | null } | null {
  return STATED_REVENUE_BANDS[stated.monthlyRevenue] ?? null;
}

export function decide(input: {
  stated: StatedAnswers;
  insights: StatementInsights | null;
  reading: ReadingSummary;
}): DecisionResult {
  const { stated, insights, reading } = input;
  const flags: Flag[] = [];
  const declineReasons: string[] = [];
  const reviewReasons: string[] = [];
  const reasoning: string[] = [];
  const flag = (code: string, severity: FlagSeverity, message: string) => flags.push({ code, severity, message });

  // --- What was read --------------------------------------------------------------------------------------------
  const layouts = reading.layouts.length > 0 ? ` (${[...new Set(reading.layouts)].join(', ')})` : '';
  reasoning.push(`Read ${reading.parsed} of ${reading.submitted} statement file(s)${layouts}.`);
  for (const file of reading.notRead) {
    flag('statement-unreadable', 'warning', `Statement "${file.fileName}" could not be read: ${file.reason}`);
    reasoning.push(`Not read: ${file.fileName}: ${file.reason}`);
  }
  if (reading.submitted === 0) flag('no-statements', 'warning', 'No bank statements were uploaded.');
  if (reading.notRead.length > 0 || reading.submitted === 0) reviewReasons.push('not every statement could be read');
  if (reading.mismatchedPeriods > 0) {
    flag(
      'balance-mismatch',
      'warning',
      `${reading.mismatchedPeriods} statement period(s) do not reconcile (opening + credits - debits differs from the closing balance, or the rows read from the totals printed).`,
    );
    const which = (reading.mismatches ?? []).map(
      (item) => `${item.fileName} ${item.start} to ${item.end}${item.note ? `: ${item.note}` : ''}`,
    );
    for (const line of which) reasoning.push(`Does not reconcile: ${line}`);
    reviewReasons.push(
      which.length > 0
        ? `balances do not reconcile (${(reading.mismatches ?? []).map((item) => `${item.fileName} ${item.start} to ${item.end}`).join(', ')})`
        : 'balances do not reconcile',
    );
  }
  if (reading.unverifiablePeriods > 0) {
    flag(
      'balance-unverifiable',
      'info',
      `${reading.unverifiablePeriods} statement period(s) print no balances to cross-check.`,
    );
  }

  // --- Revenue ---------------------------------------------------------------------------------------------------
  const statedBand = statedRevenueOf(stated);
  const useStatements = insights !== null && insights.coveredDays > 0;
  const revenueBasisCents = useStatements ? insights.averageMonthlyTrueRevenueCents : (statedBand?.minCents ?? 0);
  if (useStatements) {
    const excluded = insights.months.reduce(
      (sum, month) => ({
        transfers: sum.transfers + month.excludedTransfersCents,
        loans: sum.loans + month.excludedLoanProceedsCents,
        refunds: sum.refunds + month.excludedRefundsCents,
        credits: sum.credits + month.creditsCents,
      }),
      { transfers: 0, loans: 0, refunds: 0, credits: 0 },
    );
    reasoning.push(
      `Statements cover ${insights.firstDay} to ${insights.lastDay} (${insights.coveredDays} days, ${insights.monthsOfHistory} months)` +
        (insights.missingMonths.length > 0 ? `, missing ${insights.missingMonths.join(', ')}.` : ', no gaps.'),
    );
    reasoning.push(`Average monthly revenue: ${insights.revenueAverage.description}`);
    if (insights.gaps.length > 0)
      reasoning.push(
        `Days no statement covers: ${insights.gaps.map((gap) => `${gap.start} to ${gap.end} (${gap.days} days)`).join(', ')}.`,
      );
    reasoning.push(
      `True revenue averages ${formatWholeDollars(revenueBasisCents)} a month: deposits ${formatCents(excluded.credits)} less ` +
        `own-account transfers ${formatCents(excluded.transfers)}, loan/advance proceeds ${formatCents(excluded.loans)} ` +
        `and refunds/reversals ${formatCents(excluded.refunds)}.`,
    );
    if (excluded.loans > 0)
      flag(
        'loan-proceeds',
        'info',
        `Loan or advance proceeds of ${formatCents(excluded.loans)} were excluded from revenue.`,
      );
    if (insights.missingMonths.length > 0) {
      flag('missing-months', 'warning', `No statement for ${insights.missingMonths.join(', ')}.`);
      reviewReasons.push('months are missing');
    }
    if (insights.coveredDays < MIN_HISTORY_DAYS_FOR_APPROVAL) {
      flag(
        'short-history',
        'warning',
        `Statements cover ${insights.coveredDays} days; an instant decision needs three months.`,
      );
      reviewReasons.push('less than three months of statements');
    }
    if (statedBand && statedBand.minCents > revenueBasisCents * STATED_REVENUE_OVERSTATEMENT_RATIO) {
      flag(
        'stated-revenue-overstated',
        'warning',
        `Stated monthly revenue (${stated.monthlyRevenue}) is far above the ${formatWholeDollars(revenueBasisCents)} the statements show.`,
      );
      reviewReasons.push('stated revenue is far above the statements');
    } else if (statedBand) {
      reasoning.push(`Stated revenue ${stated.monthlyRevenue} is consistent with the statements.`);
    }
    if (revenueBasisCents < MIN_MONTHLY_REVENUE_CENTS) {
      flag(
        'revenue-below-minimum',
        'critical',
        `True revenue of ${formatWholeDollars(revenueBasisCents)} a month is below the ${formatWholeDollars(MIN_MONTHLY_REVENUE_CENTS)} minimum.`,
      );
      if (reading.notRead.length === 0) declineReasons.push('revenue below the product minimum');
    }
  } else {
    reasoning.push(
      statedBand
        ? `No statement could be read, so revenue is unverified: using the low end of the stated revenue band (${formatWholeDollars(revenueBasisCents)} a month) as stated by the applicant, not from statements.`
        : 'No statement could be read and the stated revenue band is not recognised.',
    );
    reviewReasons.push('the decision rests on stated answers only');
  }

  // --- Account health -------------------------------------------------------------------------------------------
  const healthScore = useStatements ? insights.healthScore : FALLBACK_HEALTH_SCORE;
  if (useStatements) {
    const deductions = insights.healthDeductions.map((deduction) => `-${deduction.points} ${deduction.reason}`);
    reasoning.push(
      `Health score ${healthScore}/100${deductions.length > 0 ? `: ${deductions.join('; ')}` : ': no deductions'}.`,
    );
    if (insights.nsfEvents > 0) {
      flag(
        'nsf-events',
        insights.nsfPerMonth > REVIEW_NSF_PER_MONTH ? 'warning' : 'info',
        `${insights.nsfEvents} NSF/overdraft event(s) (${insights.nsfPerMonth} a month).`,
      );
    }
    if (insights.averageDailyBalanceCents !== null && insights.balanceAccount)
      reasoning.push(
        `Average daily balance ${formatCents(insights.averageDailyBalanceCents)} is the ${insights.balanceAccount}'s alone.`,
      );
    if ((insights.returnedItems ?? 0) > 0)
      flag('returned-items', 'info', `${insights.returnedItems} deposited item(s) returned or charged back.`);
    if (insights.negativeBalanceDays > 0) {
      flag(
        'negative-balance-days',
        insights.negativeDaysPerMonth > REVIEW_NEGATIVE_DAYS_PER_MONTH ? 'warning' : 'info',
        `${insights.negativeBalanceDays} day(s) with a negative balance (${insights.negativeDaysPerMonth} a month).`,
      );
    }
    if (insights.nsfPerMonth > DECLINE_NSF_PER_MONTH) declineReasons.push('too many NSF/overdraft events');
    else if (insights.nsfPerMonth > REVIEW_NSF_PER_MONTH) reviewReasons.push('frequent NSF/overdraft events');
    if (insights.negativeDaysPerMonth > DECLINE_NEGATIVE_DAYS_PER_MONTH)
      declineReasons.push('the account is often overdrawn');
    else if (insights.negativeDaysPerMonth > REVIEW_NEGATIVE_DAYS_PER_MONTH)
      reviewReasons.push('frequent negative balances');
    const active = insights.financingPositions.filter((position) => position.isActive);
    for (const position of active) {
      const known = position.knownFunder !== false;
      flag(
        'existing-financing',
        'warning',
        `${known ? 'Existing financing' : 'Possible financing (the payee is not known as a funder)'}: ` +
          `${position.frequency} debits of ${formatCents(position.amountCents)} to ${position.counterparty} ` +
          `(${position.occurrences} since ${position.firstDate}, about ${formatWholeDollars(position.monthlyBurdenCents)} a month).`,
      );
    }
    // Stacking declines only on payees known as funders: a weekly same-amount supplier must not decline a business;
    // a person looks at the payees instead (docs/product.md 4.3). Every position still weighs on affordability.
    const known = active.filter((position) => position.knownFunder !== false).length;
    if (known >= DECLINE_POSITIONS) declineReasons.push(`${known} existing financing positions (stacking)`);
    else if (active.length >= DECLINE_POSITIONS)
      reviewReasons.push(
        `${active.length} existing financing positions, ${active.length - known} of them to payees not known as funders`,
      );
    else if (active.length >= REVIEW_POSITIONS) reviewReasons.push(`${active.length} existing financing positions`);
    if (insights.trend === 'Declining')
      flag('declining-revenue', 'warning', `Revenue is declining (${insights.trendPctPerMonth}% a month).`);
    if (insights.consistency === 'Low') flag('inconsistent-revenue', 'warning', 'Monthly revenue is erratic.');
    if (insights.healthDeductions.some((deduction) => deduction.reason.startsWith('one deposit'))) {
      flag(
        'deposit-concentration',
        'warning',
        `One deposit made up ${insights.maxDepositSharePct}% of a month's revenue.`,
      );
    }
    if (insights.healthDeductions.some((deduction) => deduction.reason.startsWith('average daily balance'))) {
      flag(
        'low-average-balance',
        'warning',
        `Average daily balance is low (${formatCents(insights.averageDailyBalanceCents ?? 0)}).`,
      );
    }
  } else {
    reasoning.push(`Health score unknown without statements; assuming ${FALLBACK_HEALTH_SCORE}/100.`);
  }

  // --- Risk tier -------------------------------------------------------------------------------------------------
  const creditPoints = CREDIT_BAND_POINTS[stated.estimatedCreditScore];
  if (creditPoints === undefined)
    flag('credit-band-unknown', 'warning', `Credit band ${stated.estimatedCreditScore} is not a form option.`);
  if (stated.estimatedCreditScore < MIN_CREDIT_BAND) {
    flag(
      'credit-below-minimum',
      'critical',
      `Stated credit band ${stated.estimatedCreditScore} is below the ${MIN_CREDIT_BAND} minimum.`,
    );
    declineReasons.push('credit band below the minimum');
  }
  const monthsInBusiness = monthsInBusinessOf(stated, useStatements ? insights.lastDay : null, flags);
  if (flags.some((item) => item.code === 'start-date-contradicts-band'))
    reviewReasons.push('start date contradicts time in business');
  if (monthsInBusiness < DECLINE_MONTHS_IN_BUSINESS) {
    flag(
      'young-business',
      'critical',
      `${monthsInBusiness} months in business is under the ${DECLINE_MONTHS_IN_BUSINESS}-month minimum.`,
    );
    declineReasons.push('business too young');
  } else if (monthsInBusiness < MIN_MONTHS_IN_BUSINESS) {
    flag('young-business', 'warning', `${monthsInBusiness} months in business is under a year.`);
    reviewReasons.push('less than a year in business');
  }
  const tibPoints =
    monthsInBusiness >= TIME_IN_BUSINESS_BONUS_MONTHS
      ? TIME_IN_BUSINESS_BONUS_POINTS
      : monthsInBusiness < YOUNG_BUSINESS_MONTHS
        ? YOUNG_BUSINESS_POINTS
        : 0;
  const components = [
    { label: useStatements ? 'account health' : 'account health (assumed)', points: healthScore },
    { label: `credit band ${stated.estimatedCreditScore}`, points: creditPoints ?? 0 },
    { label: `${monthsInBusiness} months in business`, points: tibPoints },
  ];
  const score = components.reduce((sum, component) => sum + component.points, 0);
  const tier = tierOf(score);
  const risk: RiskAssessment = { tier, score, components };
  const terms = TIER_TERMS[tier];
  const [health, ...adjustments] = components;
  const parts = [
    `${health?.label ?? 'account health'} ${healthScore}`,
    ...adjustments.map((c) => `${c.label} ${c.points >= 0 ? '+' : ''}${c.points}`),
  ];
  reasoning.push(
    `Risk score ${score} (${parts.join(', ')}): ${tier} risk, factor rate ${(terms.factorRateBp / 10_000).toFixed(2)} over ${terms.termWeeks} weeks.`,
  );
  if (score < DECLINE_RISK_SCORE) declineReasons.push(`risk score ${score} below ${DECLINE_RISK_SCORE}`);
  if (tier === 'High') {
    flag('high-risk', 'warning', `Overall risk is high (score ${score}).`);
    reviewReasons.push('high risk tier');
  }

  // --- Offer -----------------------------------------------------------------------------------------------------
  const existingWeeklyFinancingCents = useStatements ? insights.activeWeeklyFinancingCents : 0;
  const offer =
    revenueBasisCents > 0
      ? computeOffer({
          revenueBasisCents,
          tier,
          requestedCents: Math.round(stated.loanAmount * 100),
          existingWeeklyFinancingCents,
        })
      : null;
  if (offer) {
    reasoning.push(
      `Offer ${formatWholeDollars(offer.amountCents)}, limited by the ${offer.bindingCap.replace('-', ' ')} cap: requested ${formatWholeDollars(offer.caps.requested)}, ` +
        `product maximum ${formatWholeDollars(offer.caps['product-maximum'])}, ${(TIER_TERMS[tier].revenueMultipleBp / 10_000).toFixed(2)}x revenue ${formatWholeDollars(offer.caps['revenue-multiple'])}, ` +
        `weekly payment cap ${formatWholeDollars(offer.weeklyPaymentCapCents)} (${WEEKLY_PAYMENT_SHARE_BP / 100}% of weekly revenue ${formatWholeDollars(offer.weeklyRevenueCents)}` +
        `${existingWeeklyFinancingCents > 0 ? ` less ${formatWholeDollars(existingWeeklyFinancingCents)} existing weekly debits` : ''}) allows ${formatWholeDollars(offer.caps['weekly-payment'])}.`,
    );
    if (offer.amountCents > 0) {
      reasoning.push(
        `Terms: purchase amount ${formatWholeDollars(offer.purchaseAmountCents)}, ${offer.termWeeks} weekly payments of ${formatWholeDollars(offer.weeklyPaymentCents)}, estimated APR ${offer.estimatedAprPct}%.`,
      );
    }
  }
  const offerAmount = offer?.amountCents ?? 0;
  if (offerAmount < PRODUCT_MIN_OFFER_CENTS) {
    flag(
      'offer-below-minimum',
      'critical',
      `The largest supportable offer (${formatWholeDollars(offerAmount)}) is below the ${formatWholeDollars(PRODUCT_MIN_OFFER_CENTS)} minimum.`,
    );
    if (useStatements && reading.notRead.length === 0)
      declineReasons.push('supportable offer below the product minimum');
    else reviewReasons.push('no supportable offer from the evidence read');
  }

  // --- Decision --------------------------------------------------------------------------------------------------
  const decision: EngineDecision =
    declineReasons.length > 0 ? 'declined' : reviewReasons.length > 0 ? 'review' : 'approved';
  if (decision === 'declined')
    reasoning.push(`Decision: decline recommended (${unique(declineReasons).join('; ')}). Staff make the final call.`);
  else if (decision === 'review') reasoning.push(`Decision: refer to staff (${unique(reviewReasons).join('; ')}).`);
  else reasoning.push('Decision: approved within policy.');

  const confidence = confidenceOf({ reading, insights: useStatements ? insights : null, flags });
  return {
    decision,
    revenueSource: useStatements ? 'statements' : 'stated',
    revenueBasisCents,
    healthScore,
    monthsInBusiness,
    risk,
    offer,
    confidence,
    flags,
    reasoning,
    recommendations: recommendationsOf({ insights: useStatements ? insights : null, reading }),
    nextSteps: nextStepsOf(decision, reading),
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function confidenceOf(input: { reading: ReadingSummary; insights: StatementInsights | null; flags: Flag[] }): number {
  if (!input.insights) return CONFIDENCE_STATED_ONLY;
  let confidence = CONFIDENCE_BASE;
  if (input.reading.mismatchedPeriods > 0) confidence -= CONFIDENCE_BALANCE_MISMATCH;
  if (input.reading.unverifiablePeriods > 0) confidence -= CONFIDENCE_UNVERIFIABLE;
  confidence -= CONFIDENCE_PER_UNREADABLE * input.reading.notRead.length;
  if (input.insights.coveredDays < MIN_HISTORY_DAYS_FOR_APPROVAL) confidence -= CONFIDENCE_SHORT_HISTORY;
  if (input.insights.missingMonths.length > 0) confidence -= CONFIDENCE_MISSING_MONTHS;
  if (input.flags.some((flag) => flag.code === 'stated-revenue-overstated')) confidence -= CONFIDENCE_OVERSTATED;
  return Math.max(CONFIDENCE_MIN, Math.min(CONFIDENCE_MAX, confidence));
}

function recommendationsOf(input: { insights: StatementInsights | null; reading: ReadingSummary }): string[] {
  const { insights, reading } = input;
  const out: string[] = [];
  if (reading.notRead.length > 0 || reading.submitted === 0) {
    out.push(
      'Upload your statements as the PDF downloaded from online banking (not scans or photos) for an instant decision.',
    );
  }
  if (!insights) return out;
  if (insights.coveredDays < MIN_HISTORY_DAYS_FOR_APPROVAL)
    out.push('Upload at least three consecutive months of statements.');
  if (insights.missingMonths.length > 0)
    out.push(`Upload the statement for ${insights.missingMonths.join(', ')} so the months are consecutive.`);
  if (insights.nsfEvents > 0) out.push('Keep a cushion in the account to avoid NSF and overdraft fees.');
  if (insights.negativeBalanceDays > 0)
    out.push('Avoid days with a negative balance; they weigh heavily on your health score.');
  if (insights.healthDeductions.some((deduction) => deduction.reason.startsWith('average daily balance'))) {
    out.push('A higher average daily balance would improve your terms.');
  }
  if (insights.trend === 'Declining') out.push('Revenue is trending down; a smaller amount may be easier to repay.');
  if (insights.maxDepositSharePct > 25)
    out.push('Revenue depends on a few large deposits; a broader customer base improves your profile.');
  if (insights.financingPositions.some((position) => position.isActive)) {
    out.push('Consolidating existing advances into one payment could lower your weekly obligations.');
  }
  if (out.length === 0)
    out.push('Your account shows steady cash flow; keeping it that way qualifies you for larger amounts later.');
  return out;
}

function nextStepsOf(decision: EngineDecision, reading: ReadingSummary): string[] {
  if (decision === 'approved') {
    return [
      'Review your pre-approved offer in your dashboard.',
      'Accept the offer and sign the funding agreement.',
      'After a short verification call, funds are sent to your business account.',
    ];
  }
  // A recommended decline reads like any review to the applicant: staff make the final call.
  const steps = ['An underwriter will review your application, usually within one business day.'];
  if (reading.notRead.length > 0 || reading.submitted === 0) {
    steps.push('If you can, upload your bank statements as PDFs downloaded from online banking.');
  }
  steps.push('We will contact you if we need any other documents.');
  return steps;
}
