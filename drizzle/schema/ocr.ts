import { datetime, index, int, json, mysqlEnum, mysqlTable, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { now } from './columns';
import { applicationDocuments, applications } from './applications';

/** pending: queued; running: claimed by a process until its lease runs out; done / failed: finished. */
export const OCR_JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type OcrJobStatus = (typeof OCR_JOB_STATUSES)[number];

// OCR of photographed and scanned bank statements (second stage): queued by the submission, run by a
// background loop in any server process, outside the request. One row per document.
export const ocrJobs = mysqlTable(
  'ocr_jobs',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    documentId: varchar('document_id', { length: 36 })
      .notNull()
      .references(() => applicationDocuments.id, { onDelete: 'cascade' }),
    status: mysqlEnum('status', OCR_JOB_STATUSES).notNull().default('pending'),
    // Claims so far; a job whose claimers keep dying is failed after a few (policy OCR_MAX_ATTEMPTS).
    attempts: int('attempts').notNull().default(0),
    // The claiming process's random id and lease: a claim whose lease ran out may be taken over by another process.
    claimedBy: varchar('claimed_by', { length: 64 }),
    leaseExpiresAt: datetime('lease_expires_at', { fsp: 3 }),
    // What OCR read (the parser's result, transactions included), so the analysis can be rebuilt without OCR again.
    result: json('result'),
    // Why the file could not be read (shown to staff; never a path or stack).
    error: varchar('error', { length: 500 }),
    pagesRead: int('pages_read'),
    durationMs: int('duration_ms'),
    createdAt: datetime('created_at', { fsp: 3 }).notNull().$defaultFn(now),
    updatedAt: datetime('updated_at', { fsp: 3 }).notNull().$defaultFn(now).$onUpdateFn(now),
    finishedAt: datetime('finished_at', { fsp: 3 }),
  },
  (t) => [
    uniqueIndex('ocr_jobs_document_uq').on(t.documentId),
    // The loop's claim query: oldest pending job, or a running one whose lease has expired.
    index('ocr_jobs_status_lease_idx').on(t.status, t.leaseExpiresAt, t.createdAt),
    // The work queue: finished jobs by application, with when they finished (read from the index alone).
    index('ocr_jobs_status_app_idx').on(t.status, t.applicationId, t.finishedAt),
    index('ocr_jobs_application_idx').on(t.applicationId),
  ],
);
