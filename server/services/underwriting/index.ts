// Underwriting engine entry point (docs/product.md 4). Reads the uploaded bank statements in worker
// threads, derives insights and decides; a bad file is reported, never thrown.
import { open } from 'node:fs/promises';
import { IMAGE_NAMES, OCR_IMAGE_KINDS, sniffFileKind } from './file-kind';
import { buildOutcome, type StatementAnalysis, type StatementRead, type UnderwritingOutcome } from './outcome';
import { MAX_STATEMENTS, MAX_STATEMENT_BYTES } from './policy';
import { getReaderPool, type ReaderPool } from './reader-pool';
import type { ParseResult, StatedAnswers } from './types';

export type { StatedAnswers } from './types';
export type {
  AiData,
  DocumentOutcome,
  ParseStatus,
  StatementAnalysis,
  StatementOcr,
  StatementPeriodSummary,
  UnderwritingAnalysis,
  UnderwritingOutcome,
  UnderwritingResult,
  WhatIf,
} from './outcome';
export { buildOutcome } from './outcome';
export { closeReader, warmUpReader } from './reader-pool';
export { ENGINE_VERSION } from './policy';

export type StatementInput = { documentId: string; fileName: string; path: string; mimeType: string };

export { sniffFileKind, type FileKind } from './file-kind';

/** Added to the reason of a photo or scan: the instant answer does not wait for OCR (second stage). */
export const OCR_LATER_NOTE = 'It is read by OCR after submission; staff see the figures when it finishes.';

async function readHead(path: string): Promise<{ size: number; head: Uint8Array } | { error: string }> {
  let handle;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(size, 1024));
    await handle.read(head, 0, head.length, 0);
    return { size, head };
  } catch {
    return { error: 'The uploaded file is missing or cannot be opened.' };
  } finally {
    await handle?.close();
  }
}

type InstantRead = { read: ParseResult; needsOcr: boolean };

async function readOne(statement: StatementInput, pool: ReaderPool): Promise<InstantRead> {
  const refuse = (reason: string): InstantRead => ({ read: { ok: false, reason }, needsOcr: false });
  const file = await readHead(statement.path);
  if ('error' in file) return refuse(file.error);
  if (file.size === 0) return refuse('The uploaded file is empty.');
  if (file.size > MAX_STATEMENT_BYTES) return refuse('The file is too large to read.');
  const kind = sniffFileKind(file.head);
  const image = IMAGE_NAMES[kind];
  if (image && OCR_IMAGE_KINDS.has(kind)) {
    return { read: { ok: false, reason: `${image} image: a photo or scan. ${OCR_LATER_NOTE}` }, needsOcr: true };
  }
  if (image) return refuse(`${image} image: this format cannot be read; upload the statement as a PDF, JPEG or PNG.`);
  if (kind !== 'pdf') return refuse('Not a PDF bank statement.');
  const read = await pool.read(statement.path);
  if (!read.ok && read.code === 'no-text-layer') {
    return { read: { ...read, reason: `${read.reason} ${OCR_LATER_NOTE}` }, needsOcr: true };
  }
  return { read, needsOcr: false };
}

/**
 * Underwrites one application. Never throws for bad files: each is marked unreadable or skipped with the reason,
 * and the decision falls back to the stated answers (and to review). Same input, same output.
 */
export async function runUnderwriting(
  input: { stated: StatedAnswers; statements: StatementInput[] },
  options: {
    pool?: ReaderPool;
    /** Reads to use instead of reading the file (the OCR loop passes what OCR read, or why it could not). */
    overrides?: ReadonlyMap<string, ParseResult>;
  } = {},
): Promise<UnderwritingOutcome> {
  const pool = options.pool ?? getReaderPool();
  const needsOcr = new Set<string>();
  const reads: StatementRead[] = await Promise.all(
    input.statements.map(async (statement, index): Promise<StatementRead> => {
      const base = { documentId: statement.documentId, fileName: statement.fileName };
      if (index >= MAX_STATEMENTS)
        return { ...base, read: { skipped: `Only the first ${MAX_STATEMENTS} statements are read.` } };
      const override = options.overrides?.get(statement.documentId);
      if (override) return { ...base, read: override };
      const instant = await readOne(statement, pool);
      if (instant.needsOcr) needsOcr.add(statement.documentId);
      return { ...base, read: instant.read };
    }),
  );
  const outcome = buildOutcome(input.stated, reads);
  if (needsOcr.size === 0) return outcome;
  const statements = outcome.analysis.statements.map((statement): StatementAnalysis =>
    needsOcr.has(statement.documentId) ? { ...statement, ocr: { status: 'pending', note: null } } : statement,
  );
  return { ...outcome, analysis: { ...outcome.analysis, statements } };
}

/** Documents whose statement waits for OCR: the submission queues a job for each (services/ocr/jobs.ts). */
export function pendingOcrDocumentIds(outcome: Pick<UnderwritingOutcome, 'analysis'>): string[] {
  return outcome.analysis.statements
    .filter((statement) => statement.ocr?.status === 'pending')
    .map((statement) => statement.documentId);
}

export { computeOffer, estimateAprPct } from './decision';
export { formatWholeDollars } from './money';
export { mergeOcrAnalysis, ocrOverrides, type OcrJobView, type StoredAnalysis } from './ocr-merge';
export { OcrRunner, type OcrRun } from './ocr-runner';
export { extractPdfText } from './pdf-text';
export {
  CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS,
  OCR_LEASE_MS,
  OCR_MAX_ATTEMPTS,
  OCR_POLL_MS,
  OFFER_FACTOR_MILLI_PER_WEEK,
  OFFER_MAX_FACTOR_MILLI,
  OFFER_MAX_TERM_WEEKS,
  OFFER_MIN_AMOUNT_CENTS,
  OFFER_MIN_FACTOR_MILLI,
  OFFER_MIN_TERM_WEEKS,
  OFFER_ROUNDING_CENTS,
  OFFER_SMALLER_SHARE_BP,
  OFFER_TERM_SPREAD_WEEKS,
  OFFER_WITHHELD_CENTS,
  PREPAYMENT_POLICY_TEXT,
  PREPAYMENT_UNEARNED_WAIVER_BP,
  RENEWAL_PAID_SHARE_BP,
  type RiskTier,
} from './policy';
export { DEFAULT_READER_POOL_OPTIONS, ReaderPool } from './reader-pool';
export { parseStatementPages } from './statement-parser';
export { type ParsedStatement, type ParseResult } from './types';
export { computeInsights, type StatementInsights } from './insights';
