// Records a finished OCR job and rebuilds the application's stored analysis with it (second stage).
// One transaction: the underwriting row is locked first, so two processes finishing jobs of one application take
// turns and the second rebuild sees the first's result. The application's status, the stored decision and the
// client's answer are not touched (ocr-merge.ts says which analysis fields change).
import { and, asc, eq } from 'drizzle-orm';
import { applicationDocuments, applications, ocrJobs, underwritingResults } from '../../../drizzle/schema/index';
import type { AiDecision } from '../../../src/shared/constants';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { asUtcDate } from '../../lib/dates';
import { recordAudit } from '../../lib/audit';
import {
  runUnderwriting,
  type StatementInput,
  mergeOcrAnalysis,
  ocrOverrides,
  type OcrJobView,
  type StoredAnalysis,
  type OcrRun,
  type ReaderPool,
  type ParseResult,
} from '../underwriting/index';
import type { ClaimedOcrJob } from './ocr-jobs';
import { STATED_COLUMNS, statedAnswersOf } from './stated-answers';

type Deps = Pick<AppDeps, 'db' | 'storage'>;

/** What a finished job stores: the OCR'd statement (transactions included) and how the reading went. */
export type StoredOcrResult = {
  read: ParseResult;
  pageCount: number;
  pagesRead: number;
  meanConfidence: number | null;
  pageMs: number[];
};

export type OcrFinish = { kind: 'read'; run: OcrRun } | { kind: 'failed'; reason: string };

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function toJobView(row: {
  documentId: string;
  status: OcrJobView['status'];
  result: unknown;
  error: string | null;
  pagesRead: number | null;
  durationMs: number | null;
  finishedAt: Date | string | null;
}): OcrJobView {
  // Written by this module only; read defensively all the same (a half-written row must not break a rebuild).
  const stored = record(row.result);
  const read = record(stored.read);
  const isRead = read.ok === true || (read.ok === false && typeof read.reason === 'string');
  const confidence = stored.meanConfidence;
  return {
    documentId: row.documentId,
    status: row.status,
    read: isRead ? (read as ParseResult) : null,
    error: row.error,
    pagesRead: row.pagesRead,
    meanConfidence: typeof confidence === 'number' ? confidence : null,
    durationMs: row.durationMs,
    finishedAt: row.finishedAt === null ? null : asUtcDate(row.finishedAt).toISOString(),
  };
}

/**
 * Finishes a claimed job and rebuilds the analysis. Answers 'lost' when the lease was taken over meanwhile (the
 * new claimer's result counts; this one is dropped), else 'saved'.
 */
export async function finishOcrJob(
  deps: Deps,
  input: { job: ClaimedOcrJob; finish: OcrFinish; pool?: ReaderPool; now?: Date },
): Promise<'saved' | 'lost'> {
  const { job, finish } = input;
  const now = input.now ?? new Date();
  return deps.db.transaction(async (tx) => {
    const underwriting = await lockUnderwriting(tx, job.applicationId);

    const run = finish.kind === 'read' ? finish.run : null;
    const isRead = run?.read.ok === true;
    const stored: StoredOcrResult | null = run
      ? {
          read: run.read,
          pageCount: run.pageCount,
          pagesRead: run.pagesRead,
          meanConfidence: run.meanConfidence,
          pageMs: run.pageMs,
        }
      : null;
    const error = finish.kind === 'failed' ? finish.reason : run && !run.read.ok ? run.read.reason : null;
    const [updated] = await tx
      .update(ocrJobs)
      .set({
        // `done` also when the OCR'd text was no statement: OCR ran; the reason is in the stored read.
        status: run && (isRead || run.pagesRead > 0) ? 'done' : 'failed',
        result: stored,
        error: error?.slice(0, 500) ?? null,
        pagesRead: run?.pagesRead ?? null,
        durationMs: run?.ms ?? null,
        claimedBy: null,
        leaseExpiresAt: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(ocrJobs.id, job.id), eq(ocrJobs.status, 'running'), eq(ocrJobs.claimedBy, job.claimedBy)));
    if (updated.affectedRows !== 1) return 'lost';
    if (!underwriting) return 'saved';

    const analysis = await rebuildStoredAnalysis(deps, tx, {
      applicationId: job.applicationId,
      underwriting,
      pool: input.pool,
      now,
    });
    if (!analysis) return 'saved';
    const statement = analysis.statements.find((item) => item.documentId === job.documentId);
    if (statement) {
      await tx
        .update(applicationDocuments)
        .set({ parseStatus: statement.parseStatus, parseNote: statement.parseNote?.slice(0, 500) ?? null })
        .where(
          and(eq(applicationDocuments.id, job.documentId), eq(applicationDocuments.applicationId, job.applicationId)),
        );
    }
    await recordAudit(tx, {
      actorRole: 'system',
      action: 'application.ocr',
      targetType: 'application',
      targetId: job.applicationId,
      outcome: statement?.ocr?.status === 'read' ? 'success' : 'failure',
      // Ids and counts only: no file name (applicants name files after themselves) and no figures.
      detail: {
        documentId: job.documentId,
        ocr: statement?.ocr?.status ?? 'failed',
        pagesRead: run?.pagesRead ?? 0,
        transactions: statement?.periods.reduce((sum, period) => sum + period.transactionCount, 0) ?? 0,
        durationMs: run?.ms ?? null,
        attempts: job.attempts,
      },
    });
    return 'saved';
  });
}

/** The application's stored outcome, locked: two rebuilds of one application take turns. Null without one. */
export async function lockUnderwriting(tx: Tx, applicationId: string) {
  const [row] = await tx
    .select({
      id: underwritingResults.id,
      decision: underwritingResults.decision,
      analysis: underwritingResults.analysis,
    })
    .from(underwritingResults)
    .where(eq(underwritingResults.applicationId, applicationId))
    .for('update');
  return row ?? null;
}

/**
 * Rebuilds an application's stored analysis from every statement it has, OCR'd ones from their jobs' reads, and
 * stores it (docs/product.md 4.8). The caller holds the transaction and has locked the underwriting row; the
 * decision, the client's answer and the client-facing fields stay as they were. Answers null without an application.
 */
export async function rebuildStoredAnalysis(
  deps: Deps,
  tx: Tx,
  input: {
    applicationId: string;
    underwriting: { id: string; decision: AiDecision; analysis: unknown };
    pool?: ReaderPool;
    now: Date;
  },
): Promise<ReturnType<typeof mergeOcrAnalysis> | null> {
  const jobRows = await tx
    .select({
      documentId: ocrJobs.documentId,
      status: ocrJobs.status,
      result: ocrJobs.result,
      error: ocrJobs.error,
      pagesRead: ocrJobs.pagesRead,
      durationMs: ocrJobs.durationMs,
      finishedAt: ocrJobs.finishedAt,
    })
    .from(ocrJobs)
    .where(eq(ocrJobs.applicationId, input.applicationId))
    .for('update');
  const jobs = jobRows.map(toJobView);
  const storedAnalysis = record(input.underwriting.analysis) as StoredAnalysis;

  const [app] = await tx.select(STATED_COLUMNS).from(applications).where(eq(applications.id, input.applicationId));
  if (!app) return null;
  const documents = await tx
    .select({
      id: applicationDocuments.id,
      storageKey: applicationDocuments.storageKey,
      originalName: applicationDocuments.originalName,
      mimeType: applicationDocuments.mimeType,
    })
    .from(applicationDocuments)
    .where(
      and(eq(applicationDocuments.applicationId, input.applicationId), eq(applicationDocuments.kind, 'bank_statement')),
    )
    .orderBy(asc(applicationDocuments.createdAt), asc(applicationDocuments.id));
  // The order the submission read them in (which decides the "first four"), as its analysis recorded it.
  const order = (storedAnalysis.statements ?? []).map((statement) => statement.documentId);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  documents.sort((a, b) => rank(a.id) - rank(b.id));

  const overrides = ocrOverrides(jobs, storedAnalysis);
  const files: Array<{ path: string; dispose: () => Promise<void> }> = [];
  let rebuilt;
  try {
    const statements: StatementInput[] = [];
    for (const document of documents) {
      let path = '';
      if (!overrides.has(document.id)) {
        const file = await deps.storage.openLocal(document.storageKey).catch(() => null);
        if (file) files.push(file);
        path = file?.path ?? '';
      }
      statements.push({
        documentId: document.id,
        fileName: document.originalName,
        path,
        mimeType: document.mimeType,
      });
    }
    rebuilt = await runUnderwriting(
      {
        stated: statedAnswersOf(app),
        statements,
      },
      { pool: input.pool, overrides },
    );
  } finally {
    await Promise.all(files.map((file) => file.dispose()));
  }

  const analysis = mergeOcrAnalysis({
    stored: storedAnalysis,
    rebuilt,
    jobs,
    decisionAtSubmission: input.underwriting.decision,
    now: input.now,
  });
  await tx.update(underwritingResults).set({ analysis }).where(eq(underwritingResults.id, input.underwriting.id));
  return analysis;
}
