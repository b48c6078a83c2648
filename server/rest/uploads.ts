import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Formidable, errors as formidableErrors, multipart, type File, type Part } from 'formidable';
import sjson from 'secure-json-parse';
import { MAX_BANK_STATEMENTS, MAX_FILE_BYTES } from '../../src/shared/constants';
import { APPLICATION_MESSAGES, DOCUMENT_FIELDS, type DocumentField } from '../../src/shared/schemas/application';
import { randomToken } from '../lib/crypto';
import { type DocumentStorage, isStorageFull, storageFull } from '../lib/storage';
import { type UploadedDocument, quarantineTestFiles, type WarnLog } from '../services/applications/index';
import { AppError } from '../lib/errors';

// Streaming multipart for POST /api/loan-application-enhanced and the answer to a document request (docs/product.md 3
// and 6.7, docs/security.md E). formidable's defaults
// are unsafe, so every limit is explicit, and the checks that formidable only makes at the end of a part (size) or
// not at all (field names, counts, duplicates) are made while the bytes arrive.

const MiB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  maxFiles: 6,
  maxFileSize: MAX_FILE_BYTES,
  // 4 statements + licence + check at 10 MiB each.
  maxTotalFileSize: 60 * MiB,
  maxFields: 20,
  maxFieldsSize: 256 * 1024,
  // Multipart framing and the formData field on top of the files.
  maxRequestBytes: 61 * MiB,
  /** After a refusal the rest of the body is read and dropped up to this much, then the socket is closed. */
  maxDrainBytes: 64 * MiB,
} as const;

const FILE_LIMITS: Record<DocumentField, number> = {
  bankStatements: MAX_BANK_STATEMENTS,
  driversLicense: 1,
  voidedCheck: 1,
};

export type ReceivedUpload = {
  /** The parsed `formData` JSON (an untrusted value for the shared schema to validate). */
  formData: unknown;
  files: UploadedDocument[];
  /** Removes this request's temp directory and whatever is still in it (committed files were renamed out). */
  dispose: () => Promise<void>;
};

type FormInternals = { _error: (error: Error) => void; error?: Error };

const isDocumentField = (name: string): name is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(name);
const printable = (name: string) => name.replace(/[^\w.-]/g, '?').slice(0, 40);

/**
 * Parses the multipart body into a private temp directory under the storage root. Any refusal removes every temp
 * file, drains what is left of the body and throws an AppError (400 naming the field, 413 for the whole request).
 * A file carrying the EICAR test signature is moved to the storage's quarantine and the upload refused.
 */
export function receiveApplicationUpload(
  req: IncomingMessage,
  storage: DocumentStorage,
  log: WarnLog,
): Promise<ReceivedUpload> {
  return receiveUpload(req, storage, log, { formData: true });
}

/**
 * The same parser for an answer to a document request (docs/product.md 6.7): the wizard's file fields, limits and
 * messages, and no form field at all (`formData` is refused as unexpected).
 */
export function receiveDocumentUpload(
  req: IncomingMessage,
  storage: DocumentStorage,
  log: WarnLog,
): Promise<Omit<ReceivedUpload, 'formData'>> {
  return receiveUpload(req, storage, log, { formData: false });
}

async function receiveUpload(
  req: IncomingMessage,
  storage: DocumentStorage,
  log: WarnLog,
  shape: { formData: boolean },
): Promise<ReceivedUpload> {
  const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('multipart/form-data')) {
    drainRequest(req);
    throw new AppError('BAD_REQUEST', 'Content-Type must be multipart/form-data');
  }
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > UPLOAD_LIMITS.maxRequestBytes) {
    drainRequest(req);
    throw new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large: at most 6 files of 10MB each.');
  }

  const dir = await mkdtemp(path.join(storage.tempDir, 'upload-')).catch((error: unknown) => {
    drainRequest(req);
    throw isStorageFull(error) ? storageFull() : error;
  });
  const dispose = () => rm(dir, { recursive: true, force: true });
  const form = new Formidable({
    uploadDir: dir,
    // Server-generated names; the browser's name is display metadata only.
    filename: () => randomToken(16),
    keepExtensions: false,
    createDirsFromUploads: false,
    maxFiles: UPLOAD_LIMITS.maxFiles,
    maxFileSize: UPLOAD_LIMITS.maxFileSize,
    maxTotalFileSize: UPLOAD_LIMITS.maxTotalFileSize,
    maxFields: UPLOAD_LIMITS.maxFields,
    maxFieldsSize: UPLOAD_LIMITS.maxFieldsSize,
    minFileSize: 1,
    allowEmptyFiles: false,
    hashAlgorithm: 'sha256',
    // Only multipart: the octet-stream plugin ignores the size limits (formidable#1113).
    enabledPlugins: [multipart],
  });
  // formidable's public API cannot fail a parse from an event handler; its own limits use this method.
  const refuse = (error: AppError) => (form as unknown as FormInternals)._error(error);

  // Every file formidable opened, so a refusal can close them all: formidable opens a file right after emitting
  // 'fileBegin', even when a handler of that very event refused the request.
  const begun: Array<{ destroy: () => void }> = [];
  let hasFailed = false;
  const closeBegun = () => begun.forEach((file) => setImmediate(() => file.destroy()));

  const seenFields = new Set<string>();
  const fileCounts: Record<DocumentField, number> = { bankStatements: 0, driversLicense: 0, voidedCheck: 0 };
  form.on('field', (name: string) => {
    if (name !== 'formData' || !shape.formData)
      return refuse(new AppError('BAD_REQUEST', `Unexpected field: ${printable(name)}`));
    if (seenFields.has(name)) return refuse(new AppError('BAD_REQUEST', 'formData: Duplicate field'));
    seenFields.add(name);
  });
  form.on('fileBegin', (name: string, file: File) => {
    begun.push(file as unknown as { destroy: () => void });
    if (hasFailed) return closeBegun();
    if (!isDocumentField(name)) return refuse(new AppError('BAD_REQUEST', `Unexpected file field: ${printable(name)}`));
    fileCounts[name] += 1;
    if (fileCounts[name] > FILE_LIMITS[name]) {
      const message =
        name === 'bankStatements' ? APPLICATION_MESSAGES.bankStatementsMax : APPLICATION_MESSAGES.oneFileOnly;
      refuse(new AppError('BAD_REQUEST', `${name}: ${message}`));
    }
  });
  // formidable checks maxFileSize only when a part ends; count while it streams so a huge file stops at 10 MB.
  form.onPart = (part: Part) => {
    // Once refused, the rest of the parsed chunk is dropped: formidable would still open a temp file for every part
    // (a 160 KB body of 1,000 tiny files opened ~400 files at once, docs/security.md E1).
    if ((form as unknown as FormInternals).error) return;
    if (part.mimetype !== null && part.mimetype !== undefined) {
      let size = 0;
      part.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > UPLOAD_LIMITS.maxFileSize) {
          refuse(new AppError('BAD_REQUEST', `${printable(part.name ?? 'file')}: ${APPLICATION_MESSAGES.fileSize}`));
        }
      });
      // Before formidable's own check, which cannot name the field ("file: The file is empty").
      part.on('end', () => {
        if (size === 0) {
          refuse(new AppError('BAD_REQUEST', `${printable(part.name ?? 'file')}: ${APPLICATION_MESSAGES.fileEmpty}`));
        }
      });
    }
    form._handlePart(part);
  };

  let fields: Record<string, string[] | undefined>;
  let files: Record<string, File[] | undefined>;
  try {
    [fields, files] = await form.parse(req);
  } catch (error) {
    hasFailed = true;
    closeBegun();
    drainRequest(req);
    await dispose();
    throw toUploadError(error);
  }

  try {
    // formidable 3 ignores a failed write once the part has ended (ENOSPC on a small file arrives after the parse
    // resolves) and still reports the bytes received: what is on disk must be every byte, or nothing is kept.
    for (const file of Object.values(files).flat()) {
      if (file && (await stat(file.filepath)).size !== file.size) throw storageFull();
    }
    const documents: UploadedDocument[] = [];
    for (const field of DOCUMENT_FIELDS) {
      for (const file of files[field] ?? []) {
        documents.push({
          field,
          tempPath: file.filepath,
          originalName: file.originalFilename ?? '',
          mimeType: file.mimetype ?? '',
          size: file.size,
          sha256: typeof file.hash === 'string' ? file.hash : '',
        });
      }
    }
    // Quarantined before any other check of the request once every file has arrived (docs/security.md E2/E5).
    const quarantined = await quarantineTestFiles(documents, { storage, log });
    if (quarantined.length > 0) {
      const fieldErrors = Object.fromEntries(quarantined.map((field) => [field, [APPLICATION_MESSAGES.fileRefused]]));
      const message = Object.keys(fieldErrors)
        .map((field) => `${field}: ${APPLICATION_MESSAGES.fileRefused}`)
        .join('; ');
      throw new AppError('BAD_REQUEST', message, { fieldErrors });
    }
    const formData = shape.formData ? readFormData(fields) : undefined;
    return { formData, files: documents, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

function readFormData(fields: Record<string, string[] | undefined>): unknown {
  const values = fields.formData ?? [];
  if (values.length === 0) throw new AppError('BAD_REQUEST', 'formData: Application data is required');
  if (values.length > 1) throw new AppError('BAD_REQUEST', 'formData: Duplicate field');
  try {
    // Prototype-polluting keys are refused outright (docs/security.md D).
    return sjson.parse(values[0] ?? '', undefined, { protoAction: 'error', constructorAction: 'error' }) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', 'formData: Malformed JSON');
  }
}

function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isStorageFull(error)) return storageFull();
  const code = (error as { code?: unknown }).code;
  const httpCode = (error as { httpCode?: unknown }).httpCode;
  if (code === formidableErrors.biggerThanMaxFileSize) {
    return new AppError('BAD_REQUEST', `file: ${APPLICATION_MESSAGES.fileSize}`);
  }
  if (code === formidableErrors.noEmptyFiles || code === formidableErrors.smallerThanMinFileSize) {
    return new AppError('BAD_REQUEST', `file: ${APPLICATION_MESSAGES.fileEmpty}`);
  }
  if (httpCode === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large: at most 6 files of 10MB each.');
  }
  return new AppError('BAD_REQUEST', 'Malformed multipart body');
}

/**
 * Reads and drops the rest of a refused body so the client receives the answer instead of a reset connection;
 * past the cap the socket is closed.
 */
export function drainRequest(req: IncomingMessage): void {
  if (req.readableEnded || req.destroyed) return;
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > UPLOAD_LIMITS.maxDrainBytes) req.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}
