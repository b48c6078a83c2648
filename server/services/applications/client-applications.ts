import type { RowDataPacket } from 'mysql2';
import { type applications, type underwritingResults } from '../../../drizzle/schema/index';
import type { ClientApplicationDto, OfferDto } from '../../../src/shared/schemas/client';
import type { AppDeps } from '../../deps';
import { asUtcDate } from '../../lib/dates';
import { priceTerms, offerBasisFor, readStoredAnalysis, toAnalysisSummary, toOfferDto } from '../offers/index';

/** A client has a handful of applications; the cap only bounds the answer. */
const LIST_LIMIT = 200;

// The client area's hot path (bench/api.ts): a constant, parameterised statement run with mysql2's execute
// (server-side prepared), like the session lookup in auth/lucia.ts; drizzle's builder and row mapping cost more
// than the query itself.
const LIST_SQL = `SELECT a.id, a.business_name, a.business_type, a.time_in_business, a.monthly_revenue,
    a.loan_amount_cents, a.approved_amount_cents, a.status, a.ai_approved, a.created_at, a.updated_at,
    a.decided_at, l.funded_at,
    u.result AS uw_result, u.ai_data AS uw_ai_data, u.approved_amount_cents AS uw_approved_amount_cents,
    u.confidence AS uw_confidence, u.analysis AS uw_analysis, l.id AS loan_id, l.principal_cents,
    l.purchased_amount_cents, l.factor_rate_milli, l.weekly_payment_cents, l.term_weeks, l.apr_bps
  FROM applications a
  LEFT JOIN underwriting_results u ON u.application_id = a.id
  LEFT JOIN loans l ON l.application_id = a.id
  WHERE a.user_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT ${LIST_LIMIT}`;

type Application = typeof applications.$inferSelect;
type Underwriting = typeof underwritingResults.$inferSelect;
type ListRow = RowDataPacket & {
  id: string;
  business_name: string;
  business_type: string;
  time_in_business: string;
  monthly_revenue: string;
  loan_amount_cents: number | string;
  approved_amount_cents: number | string | null;
  status: Application['status'];
  ai_approved: Application['aiApproved'];
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  funded_at: string | null;
  uw_result: unknown;
  uw_ai_data: unknown;
  uw_approved_amount_cents: number | string | null;
  uw_confidence: number | null;
  uw_analysis: unknown;
  loan_id: string | null;
  principal_cents: number | string | null;
  purchased_amount_cents: number | string | null;
  factor_rate_milli: number | null;
  weekly_payment_cents: number | string | null;
  term_weeks: number | null;
  apr_bps: number | null;
};

/** JSON columns: parsed by the driver when the server flags them as JSON, text otherwise (MariaDB's is LONGTEXT). */
const parsed = <T>(value: unknown): T | null =>
  value === null ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
const cents = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The client's own applications, newest first, with the offer and the analysis summary (never staff fields). */
export async function listClientApplications(
  deps: Pick<AppDeps, 'pool'>,
  userId: string,
): Promise<ClientApplicationDto[]> {
  const [raw] = await deps.pool.execute<ListRow[]>(LIST_SQL, [userId]);
  const rows = raw.map((row) => ({
    id: row.id,
    businessName: row.business_name,
    businessType: row.business_type,
    timeInBusiness: row.time_in_business,
    monthlyRevenue: row.monthly_revenue,
    loanAmountCents: Number(row.loan_amount_cents),
    approvedAmountCents: cents(row.approved_amount_cents),
    status: row.status,
    aiApproved: row.ai_approved,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    decidedAt: row.decided_at,
    fundedAt: row.funded_at,
    uwResult: parsed<Underwriting['result']>(row.uw_result),
    uwAiData: parsed<Underwriting['aiData']>(row.uw_ai_data),
    uwApprovedAmountCents: cents(row.uw_approved_amount_cents),
    uwConfidence: row.uw_confidence,
    uwAnalysis: parsed<Underwriting['analysis']>(row.uw_analysis),
    loanId: row.loan_id,
    loanPrincipalCents: cents(row.principal_cents),
    loanPurchasedAmountCents: cents(row.purchased_amount_cents),
    loanFactorRateMilli: row.factor_rate_milli,
    loanWeeklyPaymentCents: cents(row.weekly_payment_cents),
    loanTermWeeks: row.term_weeks,
    loanAprBps: row.apr_bps,
  }));

  return rows.map((row) => {
    const underwriting =
      row.uwResult === null
        ? null
        : { result: row.uwResult, aiData: row.uwAiData, approvedAmountCents: row.uwApprovedAmountCents };
    let offer: OfferDto | null = null;
    if (row.loanId !== null) {
      // Funded: the terms the loan was actually made on.
      offer = toOfferDto({
        principalCents: row.loanPrincipalCents ?? 0,
        purchasedAmountCents: row.loanPurchasedAmountCents ?? 0,
        factorRateMilli: row.loanFactorRateMilli ?? 0,
        weeklyPaymentCents: row.loanWeeklyPaymentCents ?? 0,
        termWeeks: row.loanTermWeeks ?? 0,
        aprBps: row.loanAprBps ?? 0,
      });
    } else if (row.status === 'approved') {
      // The standard option of the offer menu, priced by the same function acceptance uses.
      const basis = offerBasisFor(
        { loanAmountCents: row.loanAmountCents, approvedAmountCents: row.approvedAmountCents, underwriting },
        readStoredAnalysis(row.uwAnalysis),
      );
      const standard = priceTerms(basis, basis.maxAmountCents, basis.baseTermWeeks);
      offer = toOfferDto({
        principalCents: standard.amountCents,
        purchasedAmountCents: standard.purchaseCents,
        factorRateMilli: standard.factorMilli,
        weeklyPaymentCents: standard.weeklyPaymentCents,
        termWeeks: standard.termWeeks,
        aprBps: Math.round(standard.aprPct * 100),
      });
    }
    const createdAt = asUtcDate(row.createdAt);
    return {
      id: row.id,
      businessName: row.businessName,
      businessType: row.businessType,
      timeInBusiness: row.timeInBusiness,
      monthlyRevenue: row.monthlyRevenue,
      loanAmount: Math.round(row.loanAmountCents / 100),
      approvedAmount: offer ? offer.amount : null,
      status: row.status,
      aiApproved: row.aiApproved,
      confidence: row.uwConfidence === null ? null : String(row.uwConfidence),
      createdAt,
      updatedAt: asUtcDate(row.updatedAt),
      submittedDate: createdAt,
      decidedAt: row.decidedAt === null ? null : asUtcDate(row.decidedAt),
      fundedAt: row.fundedAt === null ? null : asUtcDate(row.fundedAt),
      offer,
      analysis: toAnalysisSummary(underwriting),
      loanId: row.loanId,
    };
  });
}
