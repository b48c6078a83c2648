import { eq } from 'drizzle-orm';
import { applications, loanSchedule, loans, offerSignatures } from '../../../drizzle/schema/index';
import type { AcceptFundingDto } from '../../../src/shared/schemas/client';
import type { AcceptOfferInput } from '../../../src/shared/schemas/offers';
import type { AppDeps } from '../../deps';
import { todayIso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { sendInBackground } from '../../lib/mail';
import {
  type LoanTerms,
  assertOfferOpen,
  loadOwnOffer,
  offerBasisFor,
  offerMadeAt,
  priceChoice,
} from '../offers/index';
import { addDays, buildWeeklySchedule } from './schedule';
import { recordRewardEvent } from '../rewards/index';
import { getClientLoan } from './loan-details';
import { fundingAcceptedMail } from './emails';

// Acceptance reads the application through the offer menu's loader, which answers its 404.
export { APPLICATION_NOT_FOUND } from '../offers/index';
export const ALREADY_FUNDED = 'Funding has already been accepted for this application';
export const NOT_APPROVABLE = 'This application has no approved offer to accept';
export const FUNDING_ACCEPTED_MESSAGE = 'Funding accepted! A representative will reach out within 24 hours.';
/** The first weekly payment falls 7 days after funding. */
const FIRST_PAYMENT_AFTER_DAYS = 7;

type AcceptDeps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'env'>;

export const SUMMARY_CHANGED =
  'The offer summary has changed since you reviewed it. Please review the updated summary and sign again.';

/**
 * Accept Funding (docs/product.md 5, docs/security.md C and N6): only the client's own application, only
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
    // An offer past its OFFER_VALID_DAYS is refused before anything is written (docs/product.md 8.6).
    assertOfferOpen(offerMadeAt(application), deps.env.OFFER_VALID_DAYS);

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

  sendInBackground(
    deps.mailer,
    deps.log,
    fundingAcceptedMail(deps.env.lender, {
      to: user.email,
      firstName: user.firstName,
      businessName: funded.businessName,
      terms: funded.terms,
      firstPaymentDate: funded.firstPaymentDate,
      publicUrl: deps.env.publicUrl,
    }),
  );

  return {
    success: true,
    message: FUNDING_ACCEPTED_MESSAGE,
    loan: await getClientLoan(deps.db, user.id, funded.loanId),
  };
}
