import { inArray } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import { applicationDocuments } from '../../../drizzle/schema/index';
import type { DocumentKind } from '../../../src/shared/constants';
import {
  APPLICATION_MESSAGES,
  declaredFileKind,
  fileProblem,
  type AcceptedFileKind,
  type DocumentField,
} from '../../../src/shared/schemas/application';
import type { DbOrTx } from '../../db';
import type { FieldErrors } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { DocumentStorage } from '../../lib/storage';
import { findContentProblem, type ContentProblem } from './screening';
import { MalformedImageError, stripImageMetadata } from './screening-image';

/** One file of a submission, as multipart parsing left it in the storage's temp directory. */
export type UploadedDocument = {
  field: DocumentField;
  tempPath: string;
  /** The browser's file name: display metadata only, never part of a path. */
  originalName: string;
  /** The browser's declared type: checked against the content, never trusted alone. */
  mimeType: string;
  size: number;
  sha256: string;
};

export const DOCUMENT_KIND_OF: Record<DocumentField, DocumentKind> = {
  bankStatements: 'bank_statement',
  driversLicense: 'drivers_license',
  voidedCheck: 'voided_check',
};

// file-type's extension names for the families we accept (docs/product.md 3: PDF, JPEG, PNG, WebP, HEIC).
const SNIFFED: Record<string, AcceptedFileKind> = { pdf: 'pdf', jpg: 'jpeg', png: 'png', webp: 'webp', heic: 'heic' };

/** The file's real family from its magic bytes, or null for anything else (executables, HTML, SVG, archives). */
export async function sniffFileKind(filePath: string): Promise<AcceptedFileKind | null> {
  const detected = await fileTypeFromFile(filePath);
  return detected ? (SNIFFED[detected.ext] ?? null) : null;
}

/** The canonical MIME type stored for a family (the declared one may be an alias such as image/jpg). */
export const CANONICAL_MIME: Record<AcceptedFileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

const CONTENT_MESSAGES: Record<ContentProblem, string> = {
  testSignature: APPLICATION_MESSAGES.fileRefused,
  markup: APPLICATION_MESSAGES.fileContent,
  polyglot: APPLICATION_MESSAGES.fileContent,
  unreadable: APPLICATION_MESSAGES.fileContent,
  pdfActiveContent: APPLICATION_MESSAGES.filePdfActiveContent,
  imageTooLarge: APPLICATION_MESSAGES.fileImageTooLarge,
};

/**
 * Checks an uploaded file: the declared type and extension must name an accepted family, the content (magic
 * bytes) must be that same family, and the content must pass screening.ts (no markup or appended archive, no PDF
 * active content, image dimensions within the cap) (docs/security.md E). Answers the family, or the problem to report
 * on the field. An accepted JPEG or PNG is rewritten in place without its metadata (EXIF/GPS, XMP, text), and
 * `file.size` and `file.sha256` are updated to describe the bytes that will be stored.
 */
export async function inspectUploadedFile(
  file: UploadedDocument,
): Promise<{ kind: AcceptedFileKind; problem: null } | { kind: null; problem: string }> {
  const declared = { name: file.originalName, type: file.mimeType, size: file.size };
  const problem = fileProblem(declared);
  if (problem) return { kind: null, problem };
  const sniffed = await sniffFileKind(file.tempPath);
  if (!sniffed) return { kind: null, problem: APPLICATION_MESSAGES.fileType };
  if (sniffed !== declaredFileKind(declared)) return { kind: null, problem: APPLICATION_MESSAGES.fileContent };
  const contentProblem = await findContentProblem(file.tempPath, sniffed);
  if (contentProblem) return { kind: null, problem: CONTENT_MESSAGES[contentProblem] };
  if (sniffed === 'jpeg' || sniffed === 'png') {
    try {
      const stripped = await stripImageMetadata(file.tempPath, sniffed);
      file.size = stripped.size;
      file.sha256 = stripped.sha256;
    } catch (error) {
      if (error instanceof MalformedImageError) return { kind: null, problem: APPLICATION_MESSAGES.fileContent };
      throw error;
    }
  }
  return { kind: sniffed, problem: null };
}

/**
 * Checks every upload of a request with inspectUploadedFile: each problem goes into `errors` under its file's field;
 * answers the accepted families in upload order (the wizard and a document request's answer share this).
 */
export async function inspectUploads(files: UploadedDocument[], errors: FieldErrors): Promise<AcceptedFileKind[]> {
  const kinds: AcceptedFileKind[] = [];
  for (const file of files) {
    const inspected = await inspectUploadedFile(file);
    if (inspected.problem !== null) (errors[file.field] ??= []).push(inspected.problem);
    else kinds.push(inspected.kind);
  }
  return kinds;
}

type StoreDeps = { storage: DocumentStorage; log: Logger };

/** Moves inspected uploads from temp into storage; if one fails, those already stored are removed. Answers the keys. */
export async function storeUploads(deps: StoreDeps, files: UploadedDocument[]): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await deps.storage.commit(file.tempPath));
  } catch (error) {
    await removeStored(deps, stored);
    throw error;
  }
  return stored;
}

/** Removes stored documents whose rows were never written (a failed transaction); logged, never thrown. */
export async function removeStored(deps: StoreDeps, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      deps.storage.remove(key).catch((error: unknown) => {
        deps.log.error({ err: (error as Error).message }, 'could not remove a stored upload');
      }),
    ),
  );
}

/** The `application_documents` rows of stored uploads: ids, keys and families in upload order. */
export function documentRows(
  applicationId: string,
  files: UploadedDocument[],
  stored: { ids: string[]; keys: string[]; kinds: AcceptedFileKind[] },
) {
  return files.map((file, index) => ({
    id: stored.ids[index] ?? '',
    applicationId,
    kind: DOCUMENT_KIND_OF[file.field],
    storageKey: stored.keys[index] ?? '',
    originalName: displayFileName(file.originalName),
    mimeType: CANONICAL_MIME[stored.kinds[index] ?? 'pdf'],
    sizeBytes: file.size,
    sha256: file.sha256,
  }));
}

// Control characters (header injection), bidi overrides (spoofed extensions) and path separators.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\]/g;

/** A file name safe to store and show: no control or bidi characters, no path separators, bounded length. */
export function displayFileName(name: string): string {
  const cleaned = name.normalize('NFC').replace(UNSAFE_NAME_CHARS, '_').trim();
  if (!cleaned) return 'document';
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - extension.length) + extension;
}

/**
 * Removes stored documents older than `olderThanMs` that no application_documents row points at: what a crash
 * between the file commit and the database commit leaves behind (docs/security.md N1). Answers the count removed.
 */
export async function sweepOrphanDocuments(
  deps: { db: DbOrTx; storage: DocumentStorage },
  olderThanMs = 3600_000,
  now = Date.now(),
) {
  const candidates = (await deps.storage.list())
    .filter((item) => now - item.modifiedMs >= olderThanMs)
    .map((item) => item.key);
  let removed = 0;
  for (let start = 0; start < candidates.length; start += 500) {
    const batch = candidates.slice(start, start + 500);
    const rows = await deps.db
      .select({ key: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.storageKey, batch));
    const referenced = new Set(rows.map((row) => row.key));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await deps.storage.remove(key);
      removed += 1;
    }
  }
  return removed;
}
