import { eq } from 'drizzle-orm';
import type { RowDataPacket } from 'mysql2';
import {
  applications,
  loanSchedule,
  loans,
  offerSignatures,
  type underwritingResults,
} from '../../../drizzle/schema/index';
import type { AcceptFundingDto, ClientApplicationDto, OfferDto } from '../../../src/shared/schemas/client';
import type { AcceptOfferInput } from '../../../src/shared/schemas/offers';
import type { AppDeps } from '../../deps';
import { asUtcDate, todayIso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { sendInBackground } from '../../lib/mail';
import type { LoanTerms } from '../offers/loan-terms';
import { addDays, buildWeeklySchedule } from '../loans/schedule';
import { loadOwnOffer } from '../offers/menu';
import { priceChoice, priceTerms } from '../offers/pricing';
import { offerBasisFor, readStoredAnalysis } from '../offers/stored';
import { recordRewardEvent } from '../rewards/events';
import { getClientLoan } from '../loans/loan-details';
import { toAnalysisSummary, toOfferDto } from '../offers/terms';

// Acceptance reads the application through the offer menu's loader, which answers its 404.
export { APPLICATION_NOT_FOUND } from '../offers/menu';
export const ALREADY_FUNDED = 'Funding has already been accepted for this application';
export const NOT_APPROVABLE = 'This application has no approved offer to accept';
export const FUNDING_ACCEPTED_MESSAGE = 'Funding accepted! A representative will reach out within 24 hours.';
/** A client has a handful of applications; the cap only bounds the answer. */
const LIST_LIMIT = 200;
/** PRODUCT.md 5 / issue 6: the first weekly payment falls 7 days after funding. */
const FIRST_PAYMENT_AFTER_DAYS = 7;

// The client area's hot path (bench/api.ts): a constant, parameterised statement run with mysql2's execute
// (server-side prepared), like the session lookup in auth/lucia.ts; drizzle's builder and row mapping cost more
// than the query itself (STACK-NOTES 8).
const LIST_SQL = `SELECT a.id, a.business_name, a.business_type, a.time_in_business, a.monthly_revenue,
    a.loan_amount_cents, a.approved_amount_cents, a.status, a.ai_approved, a.created_at, a.updated_at,
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
      offer,
      analysis: toAnalysisSummary(underwriting),
      loanId: row.loanId,
    };
  });
}

type AcceptDeps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'env'>;

export const SUMMARY_CHANGED =
  'The offer summary has changed since you reviewed it. Please review the updated summary and sign again.';

/**
 * Accept Funding (PRODUCT.md 5, SECURITY.md C and N6; issue 10 item 4): only the client's own application, only
 * from `approved`, exactly once, and only as an electronic signature of the summary the server prices now. One
 * transaction holds the application row lock while it reprices the chosen option with the menu's own function
 * (terms outside policy: 400; a summary other than the one signed: 409), creates the loan on that option's terms
 * with its weekly schedule, stores the signature, marks the application funded, moves reward progress and writes
 * the audit rows, so concurrent acceptances serialise and all but the first answer 409. (Unique keys on
 * loans.application_id and offer_signatures.application_id back this up.)
 */
export async function acceptFunding(
  deps: AcceptDeps,
  io: { ip: string; userAgent?: string },
  user: { id: string; email: string; firstName: string },
  input: AcceptOfferInput,
): Promise<AcceptFundingDto> {
  const funded = await deps.db.transaction(async (tx) => {
    const { application, analysis, source } = await loadOwnOffer(tx, user.id, input.id, { lock: true });
    if (application.status === 'funded') throw new AppError('CONFLICT', ALREADY_FUNDED);
    if (application.status !== 'approved') throw new AppError('CONFLICT', NOT_APPROVABLE);

    const priced = priceChoice(offerBasisFor(source, analysis), input.amount * 100, input.termWeeks);
    if (!priced.ok) throw new AppError('BAD_REQUEST', priced.message);
    if (priced.priced.disclosure.summaryHash !== input.summaryHash) throw new AppError('CONFLICT', SUMMARY_CHANGED);
    const chosen = priced.terms;
    const terms: LoanTerms = {
      principalCents: chosen.amountCents,
      purchasedAmountCents: chosen.purchaseCents,
      factorRateMilli: chosen.factorMilli,
      weeklyPaymentCents: chosen.weeklyPaymentCents,
      termWeeks: chosen.termWeeks,
      aprBps: Math.round(chosen.aprPct * 100),
    };

    const fundedAt = new Date();
    const firstPaymentDate = addDays(todayIso(fundedAt), FIRST_PAYMENT_AFTER_DAYS);
    const schedule = buildWeeklySchedule({
      firstPaymentDate,
      termWeeks: terms.termWeeks,
      purchasedAmountCents: terms.purchasedAmountCents,
      installmentCents: terms.weeklyPaymentCents,
    });
    const loanId = newId();
    await tx.insert(loans).values({
      id: loanId,
      applicationId: application.id,
      userId: user.id,
      ...terms,
      status: 'current',
      fundedAt,
      firstPaymentDate,
      createdAt: fundedAt,
    });
    await tx.insert(loanSchedule).values(schedule.map((item) => ({ loanId, ...item })));
    const signatureId = newId();
    await tx.insert(offerSignatures).values({
      id: signatureId,
      applicationId: application.id,
      userId: user.id,
      loanId,
      fullName: input.fullName,
      consentedAt: fundedAt,
      ip: io.ip,
      userAgent: io.userAgent ? io.userAgent.slice(0, 300) : null,
      option: priced.priced.option,
      summary: priced.priced.disclosure,
      summaryHash: priced.priced.disclosure.summaryHash,
      signedAt: fundedAt,
    });
    await tx
      .update(applications)
      .set({ status: 'funded', approvedAmountCents: terms.principalCents })
      .where(eq(applications.id, application.id));
    await recordRewardEvent(tx, user.id, 'funding_accepted');
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: 'client',
      action: 'application.accept_funding',
      targetType: 'application',
      targetId: application.id,
      ip: io.ip,
      detail: { from: 'approved', to: 'funded', loanId, principalCents: terms.principalCents },
    });
    // The signature's facts, never the typed name (PII stays in its own table).
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: 'client',
      action: 'offer.sign',
      targetType: 'application',
      targetId: application.id,
      ip: io.ip,
      detail: {
        signatureId,
        loanId,
        summaryHash: priced.priced.disclosure.summaryHash,
        option: priced.priced.option.key,
        amountCents: terms.principalCents,
        termWeeks: terms.termWeeks,
      },
    });
    return { loanId, businessName: application.businessName, terms, firstPaymentDate };
  });

  const dollars = (cents: number) =>
    (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  sendInBackground(deps.mailer, deps.log, {
    to: user.email,
    subject: 'Your funding has been accepted',
    text:
      `Hello ${user.firstName},\n\n` +
      `Thank you for accepting your funding offer for ${funded.businessName}.\n\n` +
      `Funding amount: ${dollars(funded.terms.principalCents)}\n` +
      `Total payback: ${dollars(funded.terms.purchasedAmountCents)}\n` +
      `Weekly payment: ${dollars(funded.terms.weeklyPaymentCents)} for ${funded.terms.termWeeks} weeks\n` +
      `First payment: ${funded.firstPaymentDate}\n\n` +
      'A representative will reach out within 24 hours to finalize your funding. Funds are deposited within ' +
      '24-48 hours of document completion.\n\n' +
      `You can follow your loan and payment schedule at ${deps.env.publicUrl}/dashboard.\n`,
  });

  return {
    success: true,
    message: FUNDING_ACCEPTED_MESSAGE,
    loan: await getClientLoan(deps.db, user.id, funded.loanId),
  };
}
