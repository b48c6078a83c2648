import { eq } from 'drizzle-orm';
import {
  applicationConsents,
  applicationDocuments,
  applications,
  loans,
  underwritingResults,
} from '../../../drizzle/schema/index';
import type { ApplicationOfferExtrasDto } from '../../../src/shared/schemas/admin';
import type { DbOrTx } from '../../db';
import { asUtcDate } from '../../lib/dates';
import { maskEin, maskSsn } from '../../lib/pii';
import { AppError } from '../../lib/errors';
import { listAuditForTarget, auditRead } from '../../lib/audit';
import { listLoanLowerPaymentRequests } from '../loans/index';
import { findOfferSignature } from '../offers/index';
import { type Actor, type ServiceDeps } from '../../deps';
import { toDollars } from './common';
import { staffNames } from '../accounts/index';

// ---------------------------------------------------------------------------------------------------------------
// Detail: every field of the spec, SSN/EIN/birth date masked, documents, the underwriting analysis and history.
// ---------------------------------------------------------------------------------------------------------------

export type AiDataDto = {
  recommendation: string | null;
  approvedAmount: number | null;
  confidence: number | null;
  reasoning: string | null;
  riskFactors: string[];
  interestRate: number | null;
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** aiData is JSON written by the engine; read it field by field so an older or newer shape cannot break the view. */
export function toAiDataDto(raw: unknown): AiDataDto {
  const data = asRecord(raw);
  const reasoning = Array.isArray(data.reasoning)
    ? data.reasoning.filter((item): item is string => typeof item === 'string').join(' ')
    : asString(data.reasoning);
  return {
    recommendation: asString(data.recommendation),
    approvedAmount: asNumber(data.approvedAmount),
    confidence: asNumber(data.confidence),
    reasoning,
    riskFactors: Array.isArray(data.riskFactors)
      ? data.riskFactors.filter((item): item is string => typeof item === 'string')
      : [],
    interestRate: asNumber(data.interestRate),
  };
}

const HISTORY_ACTIONS: Record<string, string> = {
  'application.status': 'Status changed',
  'application.pii_reveal': 'Restricted value revealed',
  'document.open': 'Document opened',
  'offer.sign': 'Offer signed by the client',
  'application.consolidation_request': 'Consolidation requested by the client',
  'application.assign': 'Assignment changed',
  'application.decision': 'Decision recorded with principal reasons',
  'application.adverse_action': 'Adverse action notice made for the automated decision',
  'application.adverse_action_sent': 'Adverse action notice emailed to the applicant',
  'application.adverse_action_send_failed': 'Adverse action notice email failed',
  'document_request.create': 'Documents requested',
  'document_request.cancel': 'Document request cancelled',
  'document_request.answer': 'Requested documents uploaded by the client',
  'document_request.review': 'Requested documents marked reviewed',
};

async function historyOf(db: DbOrTx, applicationId: string) {
  const rows = (await listAuditForTarget(db, 'application', applicationId)).filter(
    (row) => row.action in HISTORY_ACTIONS,
  );
  // Assignment rows name staff members (from, to) by id: their names are read with the actors'.
  const assignees = rows
    .filter((row) => row.action === 'application.assign')
    .flatMap((row) => [asString(asRecord(row.detail).from), asString(asRecord(row.detail).to)]);
  const nameOf = await staffNames(db, [...rows.map((row) => row.actorId), ...assignees]);
  return rows.map((row) => {
    const detail = asRecord(row.detail);
    const staffName = (id: string | null) => (id ? nameOf(id) : null);
    const isAssign = row.action === 'application.assign';
    return {
      at: asUtcDate(row.at),
      action: row.action,
      label: HISTORY_ACTIONS[row.action] ?? row.action,
      actorName: row.actorId ? nameOf(row.actorId) : 'System',
      actorRole: row.actorRole,
      outcome: row.outcome,
      from: isAssign ? staffName(asString(detail.from)) : asString(detail.from),
      to: isAssign ? staffName(asString(detail.to)) : asString(detail.to),
      field: asString(detail.field),
      reason: asString(detail.reason),
      documentId: asString(detail.documentId),
    };
  });
}

export async function getApplicationDetail(deps: Pick<ServiceDeps, 'db'>, actor: Actor, id: string) {
  const { db } = deps;
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Application not found');
  const [documents, [underwriting], [loan], history] = await Promise.all([
    db
      .select({
        id: applicationDocuments.id,
        kind: applicationDocuments.kind,
        originalName: applicationDocuments.originalName,
        mimeType: applicationDocuments.mimeType,
        sizeBytes: applicationDocuments.sizeBytes,
        parseStatus: applicationDocuments.parseStatus,
        parseNote: applicationDocuments.parseNote,
        createdAt: applicationDocuments.createdAt,
      })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id))
      .orderBy(applicationDocuments.createdAt),
    db
      .select({
        engineVersion: underwritingResults.engineVersion,
        decision: underwritingResults.decision,
        confidence: underwritingResults.confidence,
        approvedAmountCents: underwritingResults.approvedAmountCents,
        aiData: underwritingResults.aiData,
        analysis: underwritingResults.analysis,
        createdAt: underwritingResults.createdAt,
      })
      .from(underwritingResults)
      .where(eq(underwritingResults.applicationId, id))
      .limit(1),
    db.select({ id: loans.id }).from(loans).where(eq(loans.applicationId, id)).limit(1),
    historyOf(db, id),
  ]);
  // What the applicant authorised at submission (none for applications from before the Review step asked).
  const [consent] = await db
    .select({
      verification: applicationConsents.verification,
      electronicRecords: applicationConsents.electronicRecords,
      version: applicationConsents.version,
      agreedAt: applicationConsents.agreedAt,
      ip: applicationConsents.ip,
    })
    .from(applicationConsents)
    .where(eq(applicationConsents.applicationId, id))
    .limit(1);
  const extras: ApplicationOfferExtrasDto = {
    signature: await findOfferSignature(db, id),
    lowerPaymentRequests: loan ? await listLoanLowerPaymentRequests(db, loan.id) : [],
  };
  await auditRead(deps.db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'application.view',
    targetType: 'application',
    targetId: id,
    ip: actor.ip,
  });
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    businessType: row.businessType,
    timeInBusiness: row.timeInBusiness,
    businessStartDate: row.businessStartDate,
    monthlyRevenue: row.monthlyRevenue,
    annualRevenue: toDollars(row.annualRevenueCents),
    employeeCount: row.employeeCount,
    ownerName: row.ownerName,
    email: row.email,
    phone: row.phone,
    ownerAddress: row.ownerAddress,
    // Restricted values stay masked; the full value needs an audited reveal (docs/security.md F).
    ownerDateOfBirth: '****-**-**',
    ssn: maskSsn(row.ssnLast4),
    ein: maskEin(row.einLast4),
    businessAddress: row.businessAddress,
    businessAddress2: row.businessAddress2,
    loanAmount: row.loanAmountCents / 100,
    approvedAmount: toDollars(row.approvedAmountCents),
    status: row.status,
    aiApproved: row.aiApproved,
    estimatedCreditScore: row.estimatedCreditScore,
    cashOnHand: toDollars(row.cashOnHandCents),
    accountsReceivable: toDollars(row.accountsReceivableCents),
    accountsPayable: toDollars(row.accountsPayableCents),
    existingLoanPayments: toDollars(row.existingLoanPaymentsCents),
    rentOrMortgage: toDollars(row.rentOrMortgageCents),
    isConsolidationApplication: row.isConsolidationApplication,
    estimatedPayoffAmount: toDollars(row.estimatedPayoffAmountCents),
    estimatedPaymentReduction: toDollars(row.estimatedPaymentReductionCents),
    mcaPositionsToConsolidate: Array.isArray(row.mcaPositionsToConsolidate)
      ? row.mcaPositionsToConsolidate.map(String)
      : [],
    additionalInfo: row.additionalInfo,
    isExistingClient: row.isExistingClient,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    decidedAt: row.decidedAt,
    assignee: row.assignedTo
      ? {
          id: row.assignedTo,
          name: (await staffNames(db, [row.assignedTo]))(row.assignedTo),
        }
      : null,
    aiData: underwriting ? toAiDataDto(underwriting.aiData) : null,
    underwriting: underwriting
      ? {
          engineVersion: underwriting.engineVersion,
          decision: underwriting.decision,
          confidence: underwriting.confidence,
          approvedAmount: toDollars(underwriting.approvedAmountCents),
          createdAt: underwriting.createdAt,
          // The engine's analysis shape is still evolving: it is passed through and rendered defensively.
          analysis: underwriting.analysis,
        }
      : null,
    documents,
    loanId: loan?.id ?? null,
    history,
    consent: consent ?? null,
    ...extras,
  };
}
export type ApplicationDetail = Awaited<ReturnType<typeof getApplicationDetail>>;
