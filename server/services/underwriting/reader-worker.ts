// Worker thread entry: extracts the text lines of a statement's pages (or of every other page, when two workers
// share a long statement) and parses the merged lines. Bundled to dist-server/reader-worker.js in production
// (scripts/build-server.mjs); in development reader-pool.ts runs it through tsx. The OCR thread (ocr-runner.ts) is
// another instance of this entry that only receives `ocr` requests; tesseract.js is loaded there, on first use.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { OcrEngineOptions, OcrFileResult } from './ocr-engine';
import { extractPdfText, loadPdfJs } from './pdf-text';
import { MAX_STATEMENT_BYTES, WARM_UP_READS } from './policy';
import { parseStatementLines } from './statement-parser';
import { warmUpStatementPdf } from './reader-warmup';
import { buildPageLines, type Line } from './text-layout';
import type { ReadResult } from './types';

export type ExtractResponse = { ok: true; pageCount: number; lines: Line[] } | { ok: false; reason: string };

export type ReaderRequest =
  | { type: 'extract'; id: number; path: string; shard: { index: number; count: number } }
  | { type: 'parse'; id: number; pageCount: number; lines: Line[] }
  | { type: 'ocr'; id: number; path: string; options: OcrEngineOptions }
  | { type: 'warm'; id: number };

export type ReaderResponse =
  | { type: 'ready' }
  | { type: 'extracted'; id: number; result: ExtractResponse }
  | { type: 'parsed'; id: number; result: ReadResult }
  | { type: 'ocred'; id: number; result: OcrFileResult }
  | { type: 'warmed'; id: number };

async function extract(path: string, shard: { index: number; count: number }): Promise<ExtractResponse> {
  try {
    const bytes = await readFile(path);
    if (bytes.byteLength > MAX_STATEMENT_BYTES) return { ok: false, reason: 'The file is too large to read.' };
    const text = await extractPdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { shard });
    if (!text.ok) return text;
    // Lines are built here, in parallel per shard; only the sequential parse runs on the merged lines.
    const lines = text.pages.flatMap((page) => buildPageLines(page, page.pageNumber ?? 1));
    return { ok: true, pageCount: text.pageCount, lines };
  } catch (error) {
    // Never echo paths or stack traces: the reason is shown to staff and stored with the application.
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    return { ok: false, reason: `The statement could not be read (${code}).` };
  }
}

function parse(lines: Line[], pageCount: number): ReadResult {
  try {
    return parseStatementLines(lines, pageCount);
  } catch {
    return { ok: false, reason: 'The statement could not be read (parser error).' };
  }
}

/** Reads the built-in synthetic statement a few times, so the JIT has compiled pdf.js and the parser. */
async function warm(): Promise<void> {
  for (let round = 0; round < WARM_UP_READS; round += 1) {
    const text = await extractPdfText(warmUpStatementPdf());
    if (!text.ok) return;
    parse(
      text.pages.flatMap((page) => buildPageLines(page, page.pageNumber ?? 1)),
      text.pageCount,
    );
  }
}

const port = parentPort;
if (port) {
  port.on('message', (request: ReaderRequest) => {
    if (request.type === 'parse') {
      const response: ReaderResponse = {
        type: 'parsed',
        id: request.id,
        result: parse(request.lines, request.pageCount),
      };
      port.postMessage(response);
      return;
    }
    if (request.type === 'warm') {
      void warm()
        .catch(() => undefined)
        .then(() => {
          const response: ReaderResponse = { type: 'warmed', id: request.id };
          port.postMessage(response);
        });
      return;
    }
    if (request.type === 'ocr') {
      void import('./ocr-engine')
        .then(({ ocrStatementFile }) => ocrStatementFile(request.path, request.options))
        .then((result) => {
          const response: ReaderResponse = { type: 'ocred', id: request.id, result };
          port.postMessage(response);
        });
      return;
    }
    void extract(request.path, request.shard).then((result) => {
      const response: ReaderResponse = { type: 'extracted', id: request.id, result };
      port.postMessage(response);
    });
  });
  // Import pdf.js before saying ready, so a warm-up leaves the worker able to read at full speed.
  await loadPdfJs();
  const ready: ReaderResponse = { type: 'ready' };
  port.postMessage(ready);
}
