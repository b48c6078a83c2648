import { and, eq } from 'drizzle-orm';
import {
  applicationDocuments,
  applications,
  documentRequestFiles,
  documentRequests,
} from '../../../drizzle/schema/index';
import { DOCUMENT_REQUEST_MESSAGES } from '../../../src/shared/schemas/document-requests';
import type { AppDeps } from '../../deps';
import { auditedTransaction, recordAudit } from '../../lib/audit';
import { AppError, type FieldErrors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sendInBackground } from '../../lib/mail';
import { pendingOcrDocumentIds } from '../underwriting/index';
import { documentsReceivedMail } from './document-request-emails';
import { findOpenClientRequest } from './document-requests';
import { documentRows, inspectUploads, removeStored, storeUploads, type UploadedDocument } from './documents';
import { queueOcrJobs } from './ocr-jobs';
import { notifyOcrQueued } from './ocr-loop';
import { lockUnderwriting, rebuildStoredAnalysis } from './ocr-reanalyze';
import { fieldErrorsMessage } from './submission';

// The applicant answers a document request (docs/product.md 6.7) with files that came through the wizard's
// streaming parser (server/rest/uploads.ts) and pass the wizard's screening here; stored encrypted by the same
// storage. Order, so nothing is half done: screen every file; commit the files; one transaction writes the document
// rows, the links and the request's new status; then new statements are read into the staff analysis (the decision
// stays as it is: a new decision is a staff action) and staff are told.

type Deps = Pick<AppDeps, 'db' | 'storage' | 'mailer' | 'log' | 'env'>;

export async function answerDocumentRequest(
  deps: Deps,
  input: { userId: string; requestId: string; files: UploadedDocument[]; ip: string },
) {
  // Early refusals (another client's request, one no longer open) before any file is looked at.
  await findOpenClientRequest(deps.db, input.userId, input.requestId);
  if (input.files.length === 0) {
    throw new AppError('BAD_REQUEST', DOCUMENT_REQUEST_MESSAGES.noFiles, {
      fieldErrors: { files: [DOCUMENT_REQUEST_MESSAGES.noFiles] },
    });
  }
  const errors: FieldErrors = {};
  const kinds = await inspectUploads(input.files, errors);
  if (Object.keys(errors).length > 0) {
    throw new AppError('BAD_REQUEST', fieldErrorsMessage(errors), { fieldErrors: errors });
  }

  const documentIds = input.files.map(() => newId());
  const committed = await storeUploads(deps, input.files);
  let applicationId: string;
  try {
    applicationId = await auditedTransaction(deps.db, async (tx) => {
      const request = await findOpenClientRequest(tx, input.userId, input.requestId, true);
      const rows = documentRows(request.applicationId, input.files, { ids: documentIds, keys: committed, kinds });
      await tx.insert(applicationDocuments).values(
        rows.map((row) => ({
          ...row,
          // Statements are read just below; other documents are for a person to look at.
          parseStatus: row.kind === 'bank_statement' ? ('pending' as const) : ('skipped' as const),
        })),
      );
      await tx
        .insert(documentRequestFiles)
        .values(documentIds.map((documentId) => ({ documentId, requestId: request.id })));
      await tx
        .update(documentRequests)
        .set({ status: 'received', receivedAt: new Date() })
        .where(eq(documentRequests.id, request.id));
      await recordAudit(tx, {
        actorId: input.userId,
        actorRole: 'client',
        action: 'document_request.answer',
        targetType: 'application',
        targetId: request.applicationId,
        ip: input.ip,
        detail: { requestId: request.id, documents: input.files.length },
      });
      return request.applicationId;
    });
  } catch (error) {
    await removeStored(deps, committed);
    throw error;
  }

  const statementIds = documentIds.filter((_, index) => input.files[index]?.field === 'bankStatements');
  if (statementIds.length > 0) {
    // The files are stored and the request answered: a failed read leaves the statements for a person, never a 500.
    await rereadStatements(deps, applicationId, statementIds).catch((error: unknown) => {
      deps.log.error({ err: (error as Error).message, applicationId }, 'reading requested statements failed');
    });
  }
  const [app] = await deps.db
    .select({ businessName: applications.businessName })
    .from(applications)
    .where(eq(applications.id, applicationId));
  sendInBackground(
    deps.mailer,
    deps.log,
    documentsReceivedMail(deps.env.lender, {
      to: deps.env.STAFF_EMAIL,
      businessName: app?.businessName ?? '',
      applicationId,
      fileCount: input.files.length,
      publicUrl: deps.env.publicUrl,
    }),
  );
  return { id: input.requestId, status: 'received' as const, files: input.files.length };
}

/**
 * Rebuilds the stored analysis with the new statements (the OCR loop's rebuild, docs/product.md 4.8): the decision
 * and the client's offer stay; photos and scans among them are queued for OCR.
 */
async function rereadStatements(deps: Deps, applicationId: string, statementIds: string[]) {
  const ocrIds = await deps.db.transaction(async (tx) => {
    const underwriting = await lockUnderwriting(tx, applicationId);
    // No stored outcome (the engine could not run at submission): the statements wait for a person.
    if (!underwriting) return [];
    const analysis = await rebuildStoredAnalysis(deps, tx, { applicationId, underwriting, now: new Date() });
    if (!analysis) return [];
    for (const statement of analysis.statements) {
      if (!statementIds.includes(statement.documentId)) continue;
      await tx
        .update(applicationDocuments)
        .set({ parseStatus: statement.parseStatus, parseNote: statement.parseNote?.slice(0, 500) ?? null })
        .where(
          and(eq(applicationDocuments.id, statement.documentId), eq(applicationDocuments.applicationId, applicationId)),
        );
    }
    const pending = pendingOcrDocumentIds({ analysis }).filter((id) => statementIds.includes(id));
    await queueOcrJobs(tx, applicationId, pending);
    return pending;
  });
  if (ocrIds.length > 0) notifyOcrQueued();
}
