// Underwriting engine entry point (PRODUCT.md section 4, issue 5). Reads the uploaded bank statements in worker
// threads, derives insights and decides; a bad file is reported, never thrown.
import { open } from 'node:fs/promises';
import { buildOutcome, type StatementRead, type UnderwritingOutcome } from './outcome';
import { MAX_STATEMENTS, MAX_STATEMENT_BYTES } from './policy';
import { getReaderPool, type ReaderPool } from './reader-pool';
import type { ParseResult, StatedAnswers } from './types';

export type { StatedAnswers } from './types';
export type {
  AiData,
  DocumentOutcome,
  ParseStatus,
  StatementAnalysis,
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

type FileKind = 'pdf' | 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'tiff' | 'unknown';

/** The file's real type from its first bytes; the upload's mime type is the browser's guess and can lie. */
export function sniffFileKind(head: Uint8Array): FileKind {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const ascii = bytes.toString('latin1');
  if (ascii.slice(0, 1024).includes('%PDF-')) return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii.startsWith('\x89PNG')) return 'png';
  if (ascii.startsWith('GIF8')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/.test(ascii.slice(8, 12)))
    return 'heic';
  if (ascii.startsWith('II*\x00') || ascii.startsWith('MM\x00*')) return 'tiff';
  return 'unknown';
}

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

const IMAGE_NAMES: Partial<Record<FileKind, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  heic: 'HEIC',
  tiff: 'TIFF',
};

async function readOne(statement: StatementInput, pool: ReaderPool): Promise<ParseResult> {
  const file = await readHead(statement.path);
  if ('error' in file) return { ok: false, reason: file.error };
  if (file.size === 0) return { ok: false, reason: 'The uploaded file is empty.' };
  if (file.size > MAX_STATEMENT_BYTES) return { ok: false, reason: 'The file is too large to read.' };
  const kind = sniffFileKind(file.head);
  const image = IMAGE_NAMES[kind];
  if (image) return { ok: false, reason: `${image} image: photos and scans need OCR, which is not available yet.` };
  if (kind !== 'pdf') return { ok: false, reason: 'Not a PDF bank statement.' };
  return pool.read(statement.path);
}

/**
 * Underwrites one application. Never throws for bad files: each is marked unreadable or skipped with the reason,
 * and the decision falls back to the stated answers (and to review). Same input, same output.
 */
export async function runUnderwriting(
  input: { stated: StatedAnswers; statements: StatementInput[] },
  options: { pool?: ReaderPool } = {},
): Promise<UnderwritingOutcome> {
  const pool = options.pool ?? getReaderPool();
  const reads: StatementRead[] = await Promise.all(
    input.statements.map(async (statement, index): Promise<StatementRead> => {
      const base = { documentId: statement.documentId, fileName: statement.fileName };
      if (index >= MAX_STATEMENTS)
        return { ...base, read: { skipped: `Only the first ${MAX_STATEMENTS} statements are read.` } };
      return { ...base, read: await readOne(statement, pool) };
    }),
  );
  return buildOutcome(input.stated, reads);
}
