import { eq } from 'drizzle-orm';
import { applicationDocuments } from '../../../drizzle/schema/index';
import { AppError } from '../../lib/errors';
import { type Actor, type ServiceDeps } from '../../deps';
import { auditRead } from '../../lib/audit';

// ---------------------------------------------------------------------------------------------------------------
// Documents: opened through the admin download path only (never a guessable URL), each opening audited.
// ---------------------------------------------------------------------------------------------------------------

export async function openDocument(deps: Pick<ServiceDeps, 'db'>, actor: Actor, documentId: string) {
  const { db } = deps;
  const [document] = await db
    .select({
      id: applicationDocuments.id,
      applicationId: applicationDocuments.applicationId,
      storageKey: applicationDocuments.storageKey,
      originalName: applicationDocuments.originalName,
      mimeType: applicationDocuments.mimeType,
      sizeBytes: applicationDocuments.sizeBytes,
    })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.id, documentId));
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  await auditRead(deps.db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'document.open',
    targetType: 'application',
    targetId: document.applicationId,
    ip: actor.ip,
    detail: { documentId: document.id },
  });
  return document;
}

const SAFE_DOCUMENT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic']);

/** The type to send: the sniffed type from upload when it is one we accept, otherwise opaque bytes. */
export function downloadContentType(mimeType: string): string {
  return SAFE_DOCUMENT_TYPES.has(mimeType) ? mimeType : 'application/octet-stream';
}

/** A display name safe for Content-Disposition: no paths, quotes or control characters, bounded length. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[\p{Cf}"*:<>?|;]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150);
  return cleaned || 'document';
}

/** RFC 8187 encoding of a header parameter value (filename*=UTF-8''...). */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
