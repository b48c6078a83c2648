import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  applicationDocuments,
  applications,
  documentRequestFiles,
  documentRequests,
} from '../../../drizzle/schema/index';
import {
  DOCUMENT_REQUEST_MESSAGES,
  type ClientDocumentRequestDto,
  type CreateDocumentRequestInput,
  type DocumentRequestFileDto,
} from '../../../src/shared/schemas/document-requests';
import type { DbOrTx } from '../../db';
import { type Actor, type ServiceDeps } from '../../deps';
import { auditedTransaction, recordAudit } from '../../lib/audit';
import { isoFromDb } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sendInBackground } from '../../lib/mail';
import { documentRequestMail } from './document-request-emails';

// ---------------------------------------------------------------------------------------------------------------
// Document requests (docs/product.md 6.7). Staff ask for named documents with a message; the applicant answers in
// the portal (document-request-upload.ts). Every change by staff is an audit row in its own transaction; the audit
// keeps ids and counts, never the names or the message (an applicant's documents are named after them).
// ---------------------------------------------------------------------------------------------------------------

const M = DOCUMENT_REQUEST_MESSAGES;
const notFound = () => new AppError('NOT_FOUND', M.requestNotFound);
/** A client has a handful of requests; the cap only bounds the answer. */
const LIST_LIMIT = 200;

type RequestRow = typeof documentRequests.$inferSelect;

/** The files that answered each request, oldest first. */
export async function filesOfDocumentRequests(
  db: DbOrTx,
  requestIds: string[],
): Promise<Map<string, DocumentRequestFileDto[]>> {
  const byRequest = new Map<string, DocumentRequestFileDto[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      requestId: documentRequestFiles.requestId,
      id: applicationDocuments.id,
      kind: applicationDocuments.kind,
      originalName: applicationDocuments.originalName,
      sizeBytes: applicationDocuments.sizeBytes,
      createdAt: applicationDocuments.createdAt,
    })
    .from(documentRequestFiles)
    .innerJoin(applicationDocuments, eq(applicationDocuments.id, documentRequestFiles.documentId))
    .where(inArray(documentRequestFiles.requestId, requestIds))
    .orderBy(asc(applicationDocuments.createdAt), asc(applicationDocuments.id));
  for (const { requestId, createdAt, ...file } of rows) {
    byRequest.get(requestId)?.push({ ...file, uploadedAt: isoFromDb(createdAt) });
  }
  return byRequest;
}

/** The fields staff and the applicant both see. */
export const documentRequestView = (row: RequestRow, files: Map<string, DocumentRequestFileDto[]>) => ({
  id: row.id,
  applicationId: row.applicationId,
  // JSON columns arrive parsed when the server flags them as JSON, as text otherwise (MariaDB's is LONGTEXT).
  documents: typeof row.documents === 'string' ? (JSON.parse(row.documents) as string[]) : row.documents,
  message: row.message,
  status: row.status,
  requestedAt: isoFromDb(row.createdAt),
  receivedAt: row.receivedAt ? isoFromDb(row.receivedAt) : null,
  files: files.get(row.id) ?? [],
});

/** A client's requests on their own applications (cancelled ones left out), newest first. */
export async function listClientDocumentRequests(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
): Promise<ClientDocumentRequestDto[]> {
  const rows = await deps.db
    .select({ request: documentRequests, businessName: applications.businessName })
    .from(documentRequests)
    .innerJoin(applications, eq(applications.id, documentRequests.applicationId))
    .where(and(eq(applications.userId, userId), inArray(documentRequests.status, ['open', 'received', 'closed'])))
    .orderBy(desc(documentRequests.createdAt), desc(documentRequests.id))
    .limit(LIST_LIMIT);
  const files = await filesOfDocumentRequests(
    deps.db,
    rows.map((row) => row.request.id),
  );
  return rows.map((row) => ({ ...documentRequestView(row.request, files), businessName: row.businessName }));
}

/**
 * The open request `requestId` on one of `userId`'s applications, or 404 (another client's request, a cancelled
 * or answered one all read the same). Checked before an upload's body is read and again when it is stored.
 */
export async function findOpenClientRequest(db: DbOrTx, userId: string, requestId: string, lock = false) {
  const query = db
    .select({
      id: documentRequests.id,
      status: documentRequests.status,
      applicationId: documentRequests.applicationId,
    })
    .from(documentRequests)
    .innerJoin(applications, eq(applications.id, documentRequests.applicationId))
    .where(and(eq(documentRequests.id, requestId), eq(applications.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  if (row.status !== 'open') throw new AppError('CONFLICT', M.notOpen);
  return row;
}

export async function createDocumentRequest(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'env'>,
  actor: Actor,
  input: CreateDocumentRequestInput,
) {
  const id = newId();
  const application = await auditedTransaction(deps.db, async (tx) => {
    const [app] = await tx
      .select({
        id: applications.id,
        userId: applications.userId,
        status: applications.status,
        businessName: applications.businessName,
        ownerName: applications.ownerName,
        email: applications.email,
      })
      .from(applications)
      .where(eq(applications.id, input.applicationId))
      .for('update');
    if (!app) throw new AppError('NOT_FOUND', 'Application not found');
    if (!app.userId) throw new AppError('CONFLICT', M.noOwner);
    await tx.insert(documentRequests).values({
      id,
      applicationId: app.id,
      requestedBy: actor.id,
      documents: input.documents,
      message: input.message,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'document_request.create',
      targetType: 'application',
      targetId: app.id,
      ip: actor.ip,
      detail: { requestId: id, documents: input.documents.length },
    });
    return app;
  });
  sendInBackground(
    deps.mailer,
    deps.log,
    documentRequestMail(deps.env.lender, {
      to: application.email,
      ownerName: application.ownerName,
      businessName: application.businessName,
      applicationId: application.id,
      documents: input.documents,
      message: input.message,
      publicUrl: deps.env.publicUrl,
    }),
  );
  return { id };
}

/** Staff withdraw an open request (cancel) or mark what came in as looked at (review). */
export async function closeDocumentRequest(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  input: { id: string; action: 'cancel' | 'review' },
) {
  return auditedTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        id: documentRequests.id,
        status: documentRequests.status,
        applicationId: documentRequests.applicationId,
      })
      .from(documentRequests)
      .where(eq(documentRequests.id, input.id))
      .for('update');
    if (!row) throw notFound();
    const from = input.action === 'cancel' ? 'open' : 'received';
    if (row.status !== from) throw new AppError('CONFLICT', input.action === 'cancel' ? M.notOpen : M.notReceived);
    const status = input.action === 'cancel' ? 'cancelled' : 'closed';
    await tx
      .update(documentRequests)
      .set({ status, closedBy: actor.id, closedAt: new Date() })
      .where(eq(documentRequests.id, row.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: input.action === 'cancel' ? 'document_request.cancel' : 'document_request.review',
      targetType: 'application',
      targetId: row.applicationId,
      ip: actor.ip,
      detail: { requestId: row.id },
    });
    return { id: row.id, status };
  });
}
