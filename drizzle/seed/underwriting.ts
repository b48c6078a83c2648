// Underwriting results as the engine stores them: three months of statement figures, flags, reasoning and
// the answer the applicant saw. Only the newest few thousand applications get one (see applications.ts).
import type { Connection } from 'mysql2/promise';
import { createWriter, type Writer } from './bulk-writer';
import { seededId, toSql, type Random } from './random';

export type Decision = 'approved' | 'declined' | 'review';

export function createUnderwritingWriter(connection: Connection): Writer {
  return createWriter(connection, 'underwriting_results', [
    'id',
    'application_id',
    'engine_version',
    'decision',
    'confidence',
    'approved_amount_cents',
    'result',
    'ai_data',
    'analysis',
    'created_at',
  ]);
}

export async function addUnderwriting(
  out: Writer,
  random: Random,
  application: {
    id: string;
    decision: Decision;
    approvedCents: number | null;
    createdAt: Date;
    monthlyRevenue: string;
    /** The statements' own notes (the work queue's seed adds ones that do not reconcile). */
    statements?: unknown[];
  },
): Promise<void> {
  const { int, dollars } = random;
  const { decision, approvedCents, createdAt, monthlyRevenue } = application;
  const months = Array.from({ length: 3 }, (_, offset) => {
    const month = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth() - 3 + offset, 1));
    const revenue = dollars(20_000, 140_000, 100) * 100;
    return {
      month: month.toISOString().slice(0, 7),
      daysInMonth: 30,
      coveredDays: 30,
      creditsCents: revenue + dollars(0, 8_000, 100) * 100,
      debitsCents: Math.round(revenue * (0.7 + random.next() * 0.25)),
      trueRevenueCents: revenue,
      revenueDepositCount: int(20, 90),
      excludedTransfersCents: dollars(0, 5_000, 100) * 100,
      excludedLoanProceedsCents: 0,
      excludedRefundsCents: dollars(0, 800, 10) * 100,
      averageDailyBalanceCents: dollars(3_000, 60_000, 100) * 100,
      nsfEvents: decision === 'approved' ? 0 : int(0, 4),
      negativeBalanceDays: decision === 'approved' ? 0 : int(0, 6),
      largestDepositCents: dollars(1_000, 15_000, 100) * 100,
      largestDepositSharePct: Math.round(random.next() * 200) / 10,
    };
  });
  const flags =
    decision === 'approved'
      ? [{ code: 'steady_revenue', severity: 'info', message: 'Monthly revenue is steady across the statements.' }]
      : [
          { code: 'nsf_events', severity: 'warning', message: 'Overdraft or NSF events in the statement period.' },
          ...(decision === 'declined'
            ? [{ code: 'low_revenue', severity: 'critical', message: 'True revenue is below the stated band.' }]
            : []),
        ];
  const reasoning =
    decision === 'approved'
      ? ['Revenue supports the weekly payment at the policy share.', 'No existing financing positions were found.']
      : ['Statements show cash-flow stress that staff should review.'];
  const confidence = decision === 'review' ? int(40, 65) : int(70, 95);
  const aiData = {
    recommendation: decision === 'approved' ? 'Approved' : decision === 'declined' ? 'Declined' : 'Review',
    approvedAmount: approvedCents ? approvedCents / 100 : 0,
    confidence,
    reasoning: reasoning.join(' '),
    riskFactors: flags.filter((flag) => flag.severity !== 'info').map((flag) => flag.message),
    interestRate: decision === 'approved' ? Math.round((35 + random.next() * 40) * 10) / 10 : 0,
  };
  const analysis = {
    engineVersion: 'seed-demo',
    asOfDate: createdAt.toISOString().slice(0, 10),
    revenueSource: 'statements',
    statements: application.statements ?? [],
    months,
    missingMonths: [],
    duplicatePeriods: [],
    financingPositions: [],
    summary: { statedMonthlyRevenue: monthlyRevenue, healthScore: int(35, 95), confidence },
    risk: { tier: decision === 'approved' ? 'low' : 'elevated', score: int(20, 90), components: [] },
    offer: null,
    flags,
    reasoning,
  };
  const result = { approved: decision === 'approved', approvedAmount: aiData.approvedAmount, confidence };
  await out.add([
    seededId(),
    application.id,
    'seed-demo',
    decision,
    confidence,
    approvedCents,
    JSON.stringify(result),
    JSON.stringify(aiData),
    JSON.stringify(analysis),
    toSql(createdAt),
  ]);
}
