import { and, asc, eq, sql } from 'drizzle-orm';
import {
  applicationConsents,
  applicationDocuments,
  applications,
  underwritingResults,
} from '../../../drizzle/schema/index';
import { CONSENT_VERSION } from '../../../src/shared/consents';
import type { Role } from '../../../src/shared/constants';
import {
  applicationSubmissionSchema,
  documentErrors,
  returningApplicationSubmissionSchema,
  type DocumentField,
} from '../../../src/shared/schemas/application';
import type { AppDeps } from '../../deps';
import { newId } from '../../lib/ids';
import { decryptApplicationPii, encryptApplicationPii, reencryptApplicationPii } from '../../lib/pii';
import { AppError, zodFieldErrors, type FieldErrors } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { sendInBackground } from '../../lib/mail';
import { menuOptionsFor } from '../offers/index';
import { recordRewardEvent } from '../rewards/index';
import { queueOcrJobs } from './ocr-jobs';
import { notifyOcrQueued } from './ocr-loop';
import { issueEngineNotice } from './decisions';
import { pendingOcrDocumentIds, runUnderwriting, type UnderwritingOutcome } from '../underwriting/index';
import { documentRows, inspectUploads, removeStored, storeUploads, type UploadedDocument } from './documents';
import { STATED_COLUMNS, statedAnswersOf, type StatedRow } from './stated-answers';
import { claimUrl, issueClaim } from './claims';
import { applicantReceipt, staffNotice } from './emails';
import {
  applicationKey,
  fingerprintOf,
  IN_FLIGHT_MESSAGE,
  inFlightApplicationId,
  insertInFlight,
  isLeaseLive,
  KEY_REUSED_MESSAGE,
  markDone,
  readIdempotency,
  startHeartbeat,
  takeOverLease,
  type IdempotencyRecord,
} from './idempotency';
import { findLastApplication } from './profile';
import type { SubmissionBodyDto, UnderwritingResultDto } from '../../../src/shared/schemas/submission';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'mailer' | 'log' | 'env'>;

/** Who submits: a signed-in user (any role) or an anonymous browser known by its visitor cookie. */
export type Applicant = { userId: string | null; role: Role | null; visitorHash: string | null };

export type SubmissionInput = {
  /** The client's Idempotency-Key header (a UUID). */
  idempotencyKey: string;
  /** Whose key it is (keyScopeOf): stored answers are replayed only to the same account or visitor. */
  keyScope: string | null;
  applicant: Applicant;
  /** The parsed `formData` JSON, not yet validated. */
  formData: unknown;
  files: UploadedDocument[];
  ip: string;
};

// The answer's shape is the one the wizard parses (src/shared/schemas/submission.ts); the engine's result must fit it.
export type SubmissionBody = SubmissionBodyDto;
export type SubmissionAnswer = { status: number; body: SubmissionBody };

const RETRY_AFTER_SECONDS = 5;

/**
 * Submits an application (docs/product.md 3). Order, so that a crash never leaves a partial application:
 * validate everything; rename the files into storage; one transaction writes the idempotency row (in flight), the
 * application and its documents; underwriting runs on the committed files; a second transaction stores the
 * outcome and the answer. If underwriting throws, the application stays for staff review. The same key with the
 * same payload answers the stored result; with another payload 422; while still in flight 409.
 */
export async function submitApplication(deps: Deps, input: SubmissionInput): Promise<SubmissionAnswer> {
  const key = applicationKey(input.idempotencyKey, input.keyScope);
  const fingerprint = fingerprintOf({
    form: input.formData,
    files: input.files.map((file) => ({ field: file.field, sha256: file.sha256, size: file.size })),
    userId: input.applicant.userId,
  });
  const existing = await readIdempotency(deps.db, key);
  if (existing) return answerExisting(deps, existing, fingerprint);

  const prepared = await prepareSubmission(deps, input);
  const applicationId = newId();
  const committed = await storeUploads(deps, input.files);

  const { applicant } = input;
  const documentIds = input.files.map(() => newId());
  const ownerId = applicant.role === 'client' ? applicant.userId : null;
  try {
    await deps.db.transaction(async (tx) => {
      // First, so that a concurrent twin with the same key waits here and then fails on the primary key.
      await insertInFlight(tx, key, fingerprint, applicationId);
      await tx.insert(applications).values({
        id: applicationId,
        userId: ownerId,
        // Which browser submitted it (kept for the record; it links nothing: claims do).
        submitterHash: ownerId ? null : applicant.visitorHash,
        status: 'pending',
        loanAmountCents: prepared.data.loanAmount * 100,
        businessName: prepared.data.businessName,
        businessType: prepared.data.businessType,
        timeInBusiness: prepared.data.timeInBusiness,
        businessStartDate: prepared.data.businessStartDate,
        businessAddress: prepared.data.businessAddress,
        businessAddress2: prepared.data.businessAddress2,
        ownerName: prepared.data.ownerName,
        email: prepared.data.email,
        phone: prepared.data.phone,
        estimatedCreditScore: prepared.data.estimatedCreditScore,
        monthlyRevenue: prepared.data.monthlyRevenue,
        additionalInfo: prepared.data.additionalInfo,
        isExistingClient: prepared.isExistingClient,
        ...piiFor(applicationId, prepared),
      });
      // Both boxes were ticked (the schema refuses anything else); kept with the wording's version, time and address.
      await tx.insert(applicationConsents).values({
        applicationId,
        verification: prepared.data.consentVerification,
        electronicRecords: prepared.data.consentElectronicRecords,
        version: CONSENT_VERSION,
        agreedAt: new Date(),
        ip: input.ip,
      });
      await tx
        .insert(applicationDocuments)
        .values(documentRows(applicationId, input.files, { ids: documentIds, keys: committed, kinds: prepared.kinds }));
      if (ownerId) await recordRewardEvent(tx, ownerId, 'application_submitted');
      await recordAudit(tx, {
        actorId: applicant.userId,
        actorRole: applicant.role,
        action: 'application.submitted',
        targetType: 'application',
        targetId: applicationId,
        ip: input.ip,
        detail: { documents: input.files.length, isExistingClient: prepared.isExistingClient },
      });
    });
  } catch (error) {
    await removeStored(deps, committed);
    if (isDuplicateKey(error)) {
      const record = await readIdempotency(deps.db, key);
      if (record) return answerExisting(deps, record, fingerprint);
    }
    throw error;
  }
  return finishApplication(deps, key, applicationId, documentIds);
}

/** A request for a key already seen: replay, refuse a different payload, or finish a crashed submission. */
async function answerExisting(deps: Deps, record: IdempotencyRecord, fingerprint: string): Promise<SubmissionAnswer> {
  if (record.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE_CONTENT', KEY_REUSED_MESSAGE);
  if (record.state === 'done') {
    // Answers stored before the offer menu existed have no `offers`: replay them with an empty menu.
    const body = JSON.parse(record.responseBody ?? 'null') as SubmissionBody;
    return { status: record.statusCode ?? 201, body: { ...body, offers: body.offers ?? [] } };
  }
  const inFlight = new AppError('CONFLICT', IN_FLIGHT_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  if (isLeaseLive(record)) throw inFlight;
  // The process that held this key died after storing the application: finish that one, never a second.
  const applicationId = inFlightApplicationId(record);
  if (!applicationId || !(await takeOverLease(deps.db, record))) throw inFlight;
  return finishApplication(deps, record.key, applicationId);
}

/** 409 before the body is even read when another request with this key is being processed right now. */
export async function assertKeyNotInFlight(deps: Pick<AppDeps, 'db'>, idempotencyKey: string, keyScope: string | null) {
  const record = await readIdempotency(deps.db, applicationKey(idempotencyKey, keyScope));
  if (record && isLeaseLive(record)) {
    throw new AppError('CONFLICT', IN_FLIGHT_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  return { isKnown: record !== null };
}

type PreparedSubmission = Awaited<ReturnType<typeof prepareSubmission>>;

/** Validates the answers and the files together; any problem is one 400 naming each bad field. */
async function prepareSubmission(deps: Deps, input: SubmissionInput) {
  const { applicant } = input;
  const claimsExisting =
    typeof input.formData === 'object' &&
    input.formData !== null &&
    (input.formData as { isExistingClient?: unknown }).isExistingClient === true;
  // Decided by the server (docs/product.md 3): only a signed-in client with an earlier application of their own.
  const last =
    claimsExisting && applicant.role === 'client' && applicant.userId
      ? await findLastApplication(deps.db, applicant.userId)
      : null;
  const isExistingClient = last !== null;

  const errors: FieldErrors = {};
  const parsed = (isExistingClient ? returningApplicationSubmissionSchema : applicationSubmissionSchema).safeParse(
    input.formData,
  );
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));

  const counts: Record<DocumentField, number> = { bankStatements: 0, driversLicense: 0, voidedCheck: 0 };
  for (const file of input.files) counts[file.field] += 1;
  for (const [field, message] of Object.entries(documentErrors(counts, { isExistingClient })))
    errors[field] = [message];
  const kinds = await inspectUploads(input.files, errors);
  if (!parsed.success || Object.keys(errors).length > 0) {
    throw new AppError('BAD_REQUEST', fieldErrorsMessage(errors), { fieldErrors: errors });
  }
  const data = parsed.data;
  return {
    data: { ...data, ssn: data.ssn ?? null, ein: data.ein ?? null, dateOfBirth: data.dateOfBirth ?? null },
    isExistingClient,
    last,
    kinds,
  };
}

/** "field: message; other: message", one message per field (the spec's client shows "<status>: <body>"). */
export function fieldErrorsMessage(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([field, messages]) => (field === '_' ? messages[0] : `${field}: ${messages[0]}`))
    .join('; ');
}

/** Restricted fields encrypted for the new row; a returning client's empty ones come from their last application. */
function piiFor(applicationId: string, prepared: PreparedSubmission) {
  const { ssn, ein, dateOfBirth } = prepared.data;
  const { last } = prepared;
  if (!last) {
    if (ssn === null || ein === null || dateOfBirth === null) throw new Error('validated new applicant without PII');
    return encryptApplicationPii(applicationId, { ssn, ein, dateOfBirth });
  }
  if (ssn === null && ein === null && dateOfBirth === null)
    return reencryptApplicationPii(last.id, applicationId, last);
  const stored = decryptApplicationPii(last.id, last);
  return encryptApplicationPii(applicationId, {
    ssn: ssn ?? stored.ssn,
    ein: ein ?? stored.ein,
    dateOfBirth: dateOfBirth ?? stored.dateOfBirth,
  });
}

/** Shown when the engine could not run: the application waits for an underwriter. */
export function manualReviewResult(): UnderwritingResultDto {
  return {
    approved: false,
    approvedAmount: 0,
    mcaTerms: { purchaseAmount: 0, factorRate: 1.35, weeklyPayment: 0, termWeeks: 36 },
    bankStatementInsights: {
      averageMonthlyRevenue: 0,
      healthScore: 0,
      consistencyRating: 'Pending review',
      cashFlowTrend: 'Pending review',
      recommendations: [],
    },
    riskAssessment: { overallRiskLevel: 'Pending review', riskFactors: [] },
    nextSteps: ['An underwriter will review your application and contact you within 24 hours.'],
    confidence: 0,
    estimatedApr: 0,
    revenueSource: 'stated',
    revenueNote:
      'Revenue is unverified: your statements could not be assessed yet, so an underwriter will review them with your application.',
    statements: [],
  };
}

/** Underwrites a stored application and records the outcome and the answer; the lease is renewed meanwhile. */
async function finishApplication(
  deps: Deps,
  key: string,
  applicationId: string,
  uploadOrder: string[] = [],
): Promise<SubmissionAnswer> {
  const stopHeartbeat = startHeartbeat(deps.db, key, (error) =>
    deps.log.warn({ err: (error as Error).message }, 'idempotency heartbeat failed'),
  );
  try {
    const [app] = await deps.db
      .select({
        ...STATED_COLUMNS,
        businessName: applications.businessName,
        ownerName: applications.ownerName,
        email: applications.email,
        isExistingClient: applications.isExistingClient,
        userId: applications.userId,
      })
      .from(applications)
      .where(eq(applications.id, applicationId));
    if (!app) throw new Error('in-flight application row is missing');
    const stored = await deps.db
      .select({
        id: applicationDocuments.id,
        kind: applicationDocuments.kind,
        storageKey: applicationDocuments.storageKey,
        originalName: applicationDocuments.originalName,
        mimeType: applicationDocuments.mimeType,
      })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, applicationId))
      .orderBy(asc(applicationDocuments.createdAt), asc(applicationDocuments.id));
    // Rows of one submission share a created_at second: keep the order the files were uploaded in when known.
    const rank = (id: string) => (uploadOrder.includes(id) ? uploadOrder.indexOf(id) : uploadOrder.length);
    const documents = [...stored].sort((a, b) => rank(a.id) - rank(b.id));

    let outcome: UnderwritingOutcome | null = null;
    try {
      outcome = await underwrite(deps, app, documents);
    } catch (error) {
      deps.log.error({ err: (error as Error).message, applicationId }, 'underwriting failed; left for manual review');
    }

    const approvedCents =
      outcome && outcome.result.approvedAmount > 0 ? Math.round(outcome.result.approvedAmount * 100) : null;
    // The approval screen's menu: priced by the same function as the portal and acceptance.
    const offers =
      outcome?.decision === 'approved'
        ? menuOptionsFor(
            {
              loanAmountCents: app.loanAmountCents,
              approvedAmountCents: approvedCents,
              underwriting: { result: outcome.result, aiData: outcome.aiData, approvedAmountCents: approvedCents },
            },
            outcome.analysis,
          )
        : [];
    const ocrDocumentIds = outcome ? pendingOcrDocumentIds(outcome) : [];
    const answer: SubmissionAnswer = {
      status: 201,
      body: { success: true, applicationId, data: outcome?.result ?? manualReviewResult(), offers },
    };
    await deps.db.transaction(async (tx) => {
      const pending = and(eq(applications.id, applicationId), eq(applications.status, 'pending'));
      if (outcome) {
        await tx
          .insert(underwritingResults)
          .values({
            id: newId(),
            applicationId,
            engineVersion: outcome.engineVersion,
            decision: outcome.decision,
            confidence: Math.round(outcome.result.confidence),
            approvedAmountCents: approvedCents,
            result: outcome.result,
            aiData: outcome.aiData,
            analysis: outcome.analysis,
          })
          // A taken-over lease may race its original holder; the outcome is deterministic, so first one wins.
          .onDuplicateKeyUpdate({ set: { applicationId: sql`${underwritingResults.applicationId}` } });
        for (const document of outcome.documents) {
          await tx
            .update(applicationDocuments)
            .set({ parseStatus: document.parseStatus, parseNote: document.parseNote?.slice(0, 500) ?? null })
            .where(
              and(
                eq(applicationDocuments.id, document.documentId),
                eq(applicationDocuments.applicationId, applicationId),
              ),
            );
        }
        await tx
          .update(applications)
          .set({
            status: outcome.decision === 'approved' ? 'approved' : 'review',
            aiApproved: outcome.decision,
            approvedAmountCents: approvedCents,
            decidedAt: new Date(),
          })
          .where(pending);
        // Photos and scans are read by OCR after the answer; queued with the outcome that says so.
        await queueOcrJobs(tx, applicationId, ocrDocumentIds);
      } else {
        await tx.update(applications).set({ status: 'review' }).where(pending);
      }
      await markDone(tx, key, answer);
    });
    if (ocrDocumentIds.length > 0) notifyOcrQueued();
    // The engine's own decline or counter-offer is an adverse action: its notice is stored and emailed.
    if (outcome) await issueEngineNotice(deps, applicationId);

    const summary = {
      applicationId,
      businessName: app.businessName,
      ownerName: app.ownerName,
      email: app.email,
      loanAmount: app.loanAmountCents / 100,
      decision: outcome?.decision ?? null,
      approvedAmount: outcome?.result.approvedAmount ?? 0,
      isExistingClient: app.isExistingClient,
      documentCount: documents.length,
    };
    // An application no account owns yet gets a one-time claim link in its receipt.
    const claimToken = app.userId ? null : await issueClaim(deps.db, applicationId, 'link');
    const claimLink = claimToken ? claimUrl(deps.env.publicUrl, claimToken) : null;
    sendInBackground(deps.mailer, deps.log, applicantReceipt(deps.env.lender, summary, deps.env.publicUrl, claimLink));
    sendInBackground(
      deps.mailer,
      deps.log,
      staffNotice(deps.env.lender, summary, deps.env.STAFF_EMAIL, deps.env.publicUrl),
    );
    return answer;
  } finally {
    stopHeartbeat();
  }
}

async function underwrite(
  deps: Deps,
  app: StatedRow,
  documents: Array<{ id: string; kind: string; storageKey: string; originalName: string; mimeType: string }>,
): Promise<UnderwritingOutcome> {
  const statements = documents.filter((document) => document.kind === 'bank_statement');
  const files: Array<{ path: string; dispose: () => Promise<void> }> = [];
  try {
    for (const statement of statements) files.push(await deps.storage.openLocal(statement.storageKey));
    return await runUnderwriting({
      stated: statedAnswersOf(app),
      statements: statements.map((statement, index) => ({
        documentId: statement.id,
        fileName: statement.originalName,
        path: files[index]?.path ?? '',
        mimeType: statement.mimeType,
      })),
    });
  } finally {
    await Promise.all(files.map((file) => file.dispose()));
  }
}

function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const causeCode = ((error as { cause?: { code?: unknown } } | null)?.cause ?? null)?.code;
  return code === 'ER_DUP_ENTRY' || causeCode === 'ER_DUP_ENTRY';
}
