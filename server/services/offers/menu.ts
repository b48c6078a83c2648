// The offer menu, live repricing, consolidation requests and the signed summary. Every query is scoped
// to the client's own application in SQL; another client's id answers 404 like an unknown one.
import { and, eq } from 'drizzle-orm';
import { applications, offerSignatures, underwritingResults } from '../../../drizzle/schema/index';
import type {
  FinancingPositionDto,
  OfferMenuDto,
  OfferSignatureDto,
  PricedOfferDto,
  PriceOfferInput,
  RequestConsolidationInput,
  WhatIfDto,
} from '../../../src/shared/schemas/offers';
import type { Db, DbOrTx } from '../../db';
import { asUtcDate } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS } from '../underwriting/index';
import { buildMenu, capPctOf, priceChoice, toLimitsDto } from './pricing';
import { isOfferExpired, offerMadeAt, offerValidUntil } from './expiry';
import { offerBasisFor, readStoredAnalysis, type StoredAnalysis } from './stored';
import { centsToWholeDollars } from '../../../src/shared/format';

export const APPLICATION_NOT_FOUND = 'Application not found';
export const OFFER_ALREADY_ACCEPTED = 'This offer has already been accepted; your signed summary is in your portal';
export const NO_OFFER = 'This application has no approved offer yet';
export const SIGNATURE_NOT_FOUND = 'No signed offer was found for this application';
export const CONSOLIDATION_CLOSED = 'Consolidation can only be requested before funding';
export const UNKNOWN_POSITION = 'Please choose positions found on your statements';
export const NO_POSITIONS = 'No existing financing was found on your statements';

const applicationColumns = {
  id: applications.id,
  status: applications.status,
  businessName: applications.businessName,
  loanAmountCents: applications.loanAmountCents,
  approvedAmountCents: applications.approvedAmountCents,
  isConsolidationApplication: applications.isConsolidationApplication,
  mcaPositionsToConsolidate: applications.mcaPositionsToConsolidate,
  estimatedPayoffAmountCents: applications.estimatedPayoffAmountCents,
  estimatedPaymentReductionCents: applications.estimatedPaymentReductionCents,
  decidedAt: applications.decidedAt,
  createdAt: applications.createdAt,
};

/** The client's own application with its underwriting (null when none), optionally row-locked. */
export async function loadOwnOffer(db: DbOrTx, userId: string, applicationId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select(applicationColumns)
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)))
    .limit(1);
  const [application] = opts.lock ? await query.for('update') : await query;
  if (!application) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  const [underwriting] = await db
    .select({
      result: underwritingResults.result,
      aiData: underwritingResults.aiData,
      approvedAmountCents: underwritingResults.approvedAmountCents,
      analysis: underwritingResults.analysis,
    })
    .from(underwritingResults)
    .where(eq(underwritingResults.applicationId, application.id))
    .limit(1);
  const analysis = readStoredAnalysis(underwriting?.analysis);
  const source = {
    loanAmountCents: application.loanAmountCents,
    approvedAmountCents: application.approvedAmountCents,
    underwriting: underwriting ?? null,
  };
  return { application, analysis, source };
}

type OwnOffer = Awaited<ReturnType<typeof loadOwnOffer>>;

function assertOffered(application: OwnOffer['application']) {
  if (application.status === 'funded') throw new AppError('CONFLICT', OFFER_ALREADY_ACCEPTED);
  if (application.status !== 'approved') throw new AppError('CONFLICT', NO_OFFER);
}

function positionsOf(analysis: StoredAnalysis): FinancingPositionDto[] {
  return analysis.financingPositions.map((position) => ({
    counterparty: position.counterparty,
    frequency: position.frequency,
    amount: position.amountCents / 100,
    weeklyBurden: position.weeklyBurdenCents / 100,
    isActive: position.isActive,
  }));
}

function whatIfsOf(analysis: StoredAnalysis): WhatIfDto[] {
  return analysis.whatIf.map((item) => ({
    fact: item.fact,
    withoutIt: {
      decision: item.withoutIt.decision,
      amount: centsToWholeDollars(item.withoutIt.amountCents),
      weeklyPayment: centsToWholeDollars(item.withoutIt.weeklyPaymentCents),
      termWeeks: item.withoutIt.termWeeks,
    },
  }));
}

function consolidationOf(application: OwnOffer['application']): OfferMenuDto['consolidation'] {
  return {
    requested: application.isConsolidationApplication,
    positions: Array.isArray(application.mcaPositionsToConsolidate)
      ? application.mcaPositionsToConsolidate.map(String)
      : [],
    estimatedPayoffAmount:
      application.estimatedPayoffAmountCents === null
        ? null
        : centsToWholeDollars(application.estimatedPayoffAmountCents),
    estimatedPaymentReduction:
      application.estimatedPaymentReductionCents === null
        ? null
        : centsToWholeDollars(application.estimatedPaymentReductionCents),
  };
}

/**
 * The menu of an approved application: options, limits, affordability, what-ifs, positions, and until when it can be
 * accepted (`validDays`: OFFER_VALID_DAYS).
 */
export async function getOfferMenu(
  db: DbOrTx,
  userId: string,
  applicationId: string,
  validDays: number,
): Promise<OfferMenuDto> {
  const { application, analysis, source } = await loadOwnOffer(db, userId, applicationId);
  assertOffered(application);
  const basis = offerBasisFor(source, analysis);
  const madeAt = offerMadeAt(application);
  return {
    applicationId: application.id,
    businessName: application.businessName,
    validUntil: offerValidUntil(madeAt, validDays),
    isExpired: isOfferExpired(madeAt, validDays),
    weeklyRevenue:
      basis.verifiedWeeklyRevenueCents === null ? null : centsToWholeDollars(basis.verifiedWeeklyRevenueCents),
    existingWeeklyPayments: centsToWholeDollars(basis.existingWeeklyFinancingCents),
    affordabilityCapPct: capPctOf(basis),
    limits: toLimitsDto(basis),
    options: buildMenu(basis),
    whatWouldChange: whatIfsOf(analysis),
    positions: positionsOf(analysis),
    consolidation: consolidationOf(application),
  };
}

/** Live repricing: the same pricing function as the menu and acceptance; terms outside policy answer 400. */
export async function priceOffer(db: DbOrTx, userId: string, input: PriceOfferInput): Promise<PricedOfferDto> {
  const { application, analysis, source } = await loadOwnOffer(db, userId, input.id);
  assertOffered(application);
  const result = priceChoice(offerBasisFor(source, analysis), input.amount * 100, input.termWeeks);
  if (!result.ok) throw new AppError('BAD_REQUEST', result.message);
  return result.priced;
}

/** The approved menu for the wizard's approval screen (no session there): options only, [] when not approved. */
export function menuOptionsFor(source: Parameters<typeof offerBasisFor>[0], analysisRaw: unknown) {
  return buildMenu(offerBasisFor(source, readStoredAnalysis(analysisRaw))).map(({ option }) => option);
}

/**
 * Consolidation: the application carries the positions to consolidate and estimates prefilled
 * from the statements: the weekly payment they take today, and a payoff estimate (policy) staff confirm.
 */
export async function requestConsolidation(
  db: Db,
  io: { ip: string },
  userId: string,
  input: RequestConsolidationInput,
): Promise<OfferMenuDto['consolidation']> {
  return db.transaction(async (tx) => {
    const { application, analysis } = await loadOwnOffer(tx, userId, input.id, { lock: true });
    if (!['pending', 'review', 'approved'].includes(application.status))
      throw new AppError('CONFLICT', CONSOLIDATION_CLOSED);
    if (analysis.financingPositions.length === 0) throw new AppError('BAD_REQUEST', NO_POSITIONS);
    const wanted = [...new Set(input.positions)];
    const chosen = wanted.map((name) => analysis.financingPositions.filter((item) => item.counterparty === name));
    if (chosen.some((matches) => matches.length === 0)) throw new AppError('BAD_REQUEST', UNKNOWN_POSITION);
    const weeklyCents = chosen.flat().reduce((sum, position) => sum + position.weeklyBurdenCents, 0);
    const update = {
      isConsolidationApplication: true,
      mcaPositionsToConsolidate: wanted,
      estimatedPayoffAmountCents: weeklyCents * CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS,
      estimatedPaymentReductionCents: weeklyCents,
    };
    await tx.update(applications).set(update).where(eq(applications.id, application.id));
    await recordAudit(tx, {
      actorId: userId,
      actorRole: 'client',
      action: 'application.consolidation_request',
      targetType: 'application',
      targetId: application.id,
      ip: io.ip,
      detail: {
        positions: wanted.length,
        estimatedPayoffAmountCents: update.estimatedPayoffAmountCents,
        estimatedPaymentReductionCents: update.estimatedPaymentReductionCents,
      },
    });
    return consolidationOf({ ...application, ...update });
  });
}

const signatureColumns = {
  fullName: offerSignatures.fullName,
  signedAt: offerSignatures.signedAt,
  ip: offerSignatures.ip,
  summaryHash: offerSignatures.summaryHash,
  option: offerSignatures.option,
  summary: offerSignatures.summary,
};

function toSignatureDto(row: {
  fullName: string;
  signedAt: Date | string;
  ip: string;
  summaryHash: string;
  option: OfferSignatureDto['option'];
  summary: OfferSignatureDto['disclosure'];
}): OfferSignatureDto {
  return {
    fullName: row.fullName,
    signedAt: asUtcDate(row.signedAt),
    ip: row.ip,
    summaryHash: row.summaryHash,
    option: row.option,
    disclosure: row.summary,
  };
}

/** The signed summary of the client's own application, shown again in the portal. */
export async function getOfferSignature(db: DbOrTx, userId: string, applicationId: string): Promise<OfferSignatureDto> {
  const [row] = await db
    .select(signatureColumns)
    .from(offerSignatures)
    .innerJoin(applications, eq(applications.id, offerSignatures.applicationId))
    .where(and(eq(offerSignatures.applicationId, applicationId), eq(applications.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', SIGNATURE_NOT_FOUND);
  return toSignatureDto(row);
}

/** Staff view of an application's signature (null when none). */
export async function findOfferSignature(db: DbOrTx, applicationId: string): Promise<OfferSignatureDto | null> {
  const [row] = await db
    .select(signatureColumns)
    .from(offerSignatures)
    .where(eq(offerSignatures.applicationId, applicationId))
    .limit(1);
  return row ? toSignatureDto(row) : null;
}
