import { desc, eq, sql } from 'drizzle-orm';
import { applications, loanSchedule, loans, offerSignatures, underwritingResults } from '../../../drizzle/schema/index';
import type { AcceptFundingDto, ClientApplicationDto, OfferDto } from '../../../src/shared/schemas/client';
import type { AcceptOfferInput } from '../../../src/shared/schemas/offers';
import type { AppDeps } from '../../deps';
import { asUtcDate, todayIso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../trpc/errors';
import { recordAudit } from '../audit';
import { sendInBackground } from '../mail';
import type { LoanTerms } from '../loans/pricing';
import { addDays, buildWeeklySchedule } from '../loans/schedule';
import { loadOwnOffer } from '../offers/menu';
import { priceChoice, priceTerms } from '../offers/pricing';
import { offerBasisFor, readStoredAnalysis } from '../offers/stored';
import { recordRewardEvent } from '../reward-events';
import { getClientLoan } from './loans';
import { toAnalysisSummary, toOfferDto } from './offer';

// Acceptance reads the application through the offer menu's loader, which answers its 404.
export { APPLICATION_NOT_FOUND } from '../offers/menu';
export const ALREADY_FUNDED = 'Funding has already been accepted for this application';
export const NOT_APPROVABLE = 'This application has no approved offer to accept';
export const FUNDING_ACCEPTED_MESSAGE = 'Funding accepted! A representative will reach out within 24 hours.';
/** A client has a handful of applications; the cap only bounds the answer. */
const LIST_LIMIT = 200;
/** PRODUCT.md 5 / issue 6: the first weekly payment falls 7 days after funding. */
const FIRST_PAYMENT_AFTER_DAYS = 7;

/** The list query, built once per database handle: the builder costs more than the query (STACK-NOTES 8). */
function prepareListQuery(db: AppDeps['db']) {
  return db
    .select({
      id: applications.id,
      businessName: applications.businessName,
      businessType: applications.businessType,
      timeInBusiness: applications.timeInBusiness,
      monthlyRevenue: applications.monthlyRevenue,
      loanAmountCents: applications.loanAmountCents,
      approvedAmountCents: applications.approvedAmountCents,
      status: applications.status,
      aiApproved: applications.aiApproved,
      createdAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      uwResult: underwritingResults.result,
      uwAiData: underwritingResults.aiData,
      uwApprovedAmountCents: underwritingResults.approvedAmountCents,
      uwConfidence: underwritingResults.confidence,
      uwAnalysis: underwritingResults.analysis,
      loanId: loans.id,
      loanPrincipalCents: loans.principalCents,
      loanPurchasedAmountCents: loans.purchasedAmountCents,
      loanFactorRateMilli: loans.factorRateMilli,
      loanWeeklyPaymentCents: loans.weeklyPaymentCents,
      loanTermWeeks: loans.termWeeks,
      loanAprBps: loans.aprBps,
    })
    .from(applications)
    .leftJoin(underwritingResults, eq(underwritingResults.applicationId, applications.id))
    .leftJoin(loans, eq(loans.applicationId, applications.id))
    .where(eq(applications.userId, sql.placeholder('userId')))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(LIST_LIMIT)
    .prepare();
}
const listQueries = new WeakMap<AppDeps['db'], ReturnType<typeof prepareListQuery>>();

/** The client's own applications, newest first, with the offer and the analysis summary (never staff fields). */
export async function listClientApplications(db: AppDeps['db'], userId: string): Promise<ClientApplicationDto[]> {
  let query = listQueries.get(db);
  if (!query) listQueries.set(db, (query = prepareListQuery(db)));
  const rows = await query.execute({ userId });

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
