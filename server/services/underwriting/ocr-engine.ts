// OCR of photographed and scanned bank statements (second stage). Runs in the OCR thread started by
// ocr-runner.ts, never in a request: tesseract.js needs seconds per page. The words it finds, with their positions,
// go through the same text-layout and statement-parser path as a text PDF, so the figures come out the same way.
//
// Offline by construction: the English data comes from the @tesseract.js-data/eng package (langPath is a local
// folder, gzip), the wasm core from tesseract.js-core (Node's tesseract.js always requires it from node_modules),
// nothing is cached to disk (cacheMethod 'none'), and tesseract's own thread starts from a guard module that makes
// fetch, http(s), net, tls and dns throw before tesseract's worker script loads, so an attempt fails loudly.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { imageSize } from 'image-size';
import type Tesseract from 'tesseract.js';
import { IMAGE_NAMES, OCR_IMAGE_KINDS, sniffFileKind, type FileKind } from './file-kind';
import { MAX_STATEMENT_BYTES, OCR_LOW_CONFIDENCE } from './policy';
import { openScannedPdf, toPgm } from './scanned-pdf';
import { parseStatementLines } from './statement-parser';
import { buildPageLines, type Line } from './text-layout';
import type { PageText, ParseResult, TextItem } from './types';

export type OcrEngineOptions = {
  pageTimeoutMs: number;
  startTimeoutMs: number;
  maxPages: number;
  maxPixels: number;
  /** Tests only: another folder (or URL) for the traineddata, to prove the guard refuses the network. */
  langPath?: string;
};

export type OcrFileResult = {
  /** The parser's result on the OCR'd text (or why the file could not be OCR'd). */
  read: ParseResult;
  kind: FileKind;
  pageCount: number;
  pagesRead: number;
  /** Mean word confidence, 0-100, weighted by word length; null when nothing was read. */
  meanConfidence: number | null;
  pageMs: number[];
  ms: number;
};

/** The start of the error a refused network call raises in tesseract's thread (tests look for it). */
export const OFFLINE_REFUSAL = 'OCR is offline by design';

/** Letter width in points: photos carry no page size, so their positions are scaled as if the page were Letter. */
const PHOTO_PAGE_WIDTH_PT = 612;

/** Why a file could not be OCR'd. `isEngineStuck`: tesseract may still be busy, so its thread must go. */
class OcrStopped extends Error {
  constructor(
    message: string,
    readonly isEngineStuck = false,
  ) {
    super(message);
  }
}

/**
 * The module tesseract's worker thread starts from: it disables the network, then loads tesseract's own worker
 * script. A data: URL, so it needs no file of its own next to the bundled server.
 */
function guardedWorkerUrl(workerScript: string): URL {
  const source = [
    "import { createRequire } from 'node:module';",
    "import dns from 'node:dns';",
    "import http from 'node:http';",
    "import https from 'node:https';",
    "import net from 'node:net';",
    "import tls from 'node:tls';",
    `const refuse = (what) => function refused() { throw new Error(${JSON.stringify(OFFLINE_REFUSAL)} + ': ' + what + ' was attempted'); };`,
    "globalThis.fetch = refuse('fetch');",
    "http.request = refuse('http.request'); http.get = refuse('http.get');",
    "https.request = refuse('https.request'); https.get = refuse('https.get');",
    "net.connect = refuse('net.connect'); net.createConnection = refuse('net.createConnection');",
    "net.Socket.prototype.connect = refuse('socket.connect'); tls.connect = refuse('tls.connect');",
    "dns.lookup = refuse('dns.lookup'); dns.resolve = refuse('dns.resolve');",
    `createRequire(${JSON.stringify(workerScript)})(${JSON.stringify(workerScript)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/** Only the offline refusal is passed on verbatim; anything else may carry paths, so it becomes a fixed sentence. */
function describeEngineError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const refusal = message.indexOf(OFFLINE_REFUSAL);
  if (refusal >= 0) return message.slice(refusal, refusal + 120);
  return 'The OCR engine could not start (its English data or wasm core did not load).';
}

let engine: Promise<Tesseract.Worker> | null = null;

function startEngine(options: OcrEngineOptions): Promise<Tesseract.Worker> {
  const require = createRequire(import.meta.url);
  const tesseract = require('tesseract.js') as typeof Tesseract;
  const workerScript = require.resolve('tesseract.js/src/worker-script/node/index.js');
  const langPath = options.langPath ?? join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new OcrStopped('The OCR engine did not start in time.', true)),
      options.startTimeoutMs,
    );
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(new OcrStopped(describeEngineError(error), true));
    };
    tesseract
      .createWorker('eng', tesseract.OEM.LSTM_ONLY, {
        // Node's Worker accepts a data: URL object; tesseract.js passes workerPath through untouched (typed string).
        workerPath: guardedWorkerUrl(workerScript) as unknown as string,
        langPath,
        gzip: true,
        cacheMethod: 'none',
        logger: () => undefined,
        // Without a handler tesseract.js rethrows inside its message listener, and a failed language load never
        // settles createWorker: the handler is what turns both into a reason.
        errorHandler: fail,
      })
      .then((worker) => {
        clearTimeout(timer);
        resolve(worker);
      }, fail);
  });
}

/** Terminates tesseract's thread (the OCR thread does this by ending; tests that OCR in-process call it). */
export async function closeOcrEngine(): Promise<void> {
  const current = engine;
  engine = null;
  const worker = await current?.catch(() => null);
  await worker?.terminate();
}

export type OcrWord = {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  baseline: { x0: number; y0: number; x1: number; y1: number };
  rowHeight: number;
};

/** Every word tesseract found, with its line's baseline and row height (positions in image pixels, y down). */
export function wordsOf(blocks: Tesseract.Block[] | null): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          words.push({
            text,
            confidence: word.confidence,
            bbox: word.bbox,
            baseline: line.baseline,
            rowHeight: line.rowAttributes.rowHeight || line.bbox.y1 - line.bbox.y0,
          });
        }
      }
    }
  }
  return words;
}

/** The page's skew as a slope (dy/dx in pixels): the median of the line baselines tesseract fitted. */
function pageSlope(words: OcrWord[]): number {
  const slopes = words
    .map(({ baseline }) => baseline)
    .filter((baseline) => baseline.x1 - baseline.x0 > 50)
    .map((baseline) => (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0))
    .sort((a, b) => a - b);
  return slopes.length > 0 ? (slopes[Math.floor(slopes.length / 2)] ?? 0) : 0;
}

/**
 * Words as the positioned text items a PDF page yields: PDF points, origin bottom-left, y up. Each word sits on its
 * line's baseline, straightened by the page's skew, so the cells of one table row (which tesseract may put in
 * separate blocks) share a y even on a slightly rotated scan. The font size is most of the row height, which is
 * what pdf.js reports for printed text.
 */
export function wordsToPageText(
  words: OcrWord[],
  frame: { imageWidth: number; imageHeight: number; pageWidthPt: number; pageNumber: number },
): PageText {
  const scale = frame.pageWidthPt / Math.max(1, frame.imageWidth);
  const skew = pageSlope(words);
  const items: TextItem[] = words.map((word) => {
    const { baseline, bbox } = word;
    const middle = (bbox.x0 + bbox.x1) / 2;
    const hasBaseline = baseline.x1 !== baseline.x0;
    const slope = hasBaseline ? (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0) : 0;
    const baselineY = hasBaseline ? baseline.y0 + slope * (middle - baseline.x0) : bbox.y1;
    return {
      str: word.text,
      x: bbox.x0 * scale,
      y: (frame.imageHeight - (baselineY - skew * middle)) * scale,
      width: (bbox.x1 - bbox.x0) * scale,
      fontSize: Math.max(1, word.rowHeight * scale * 0.8),
    };
  });
  return { pageNumber: frame.pageNumber, items };
}

function meanConfidenceOf(words: OcrWord[]): number | null {
  const weight = words.reduce((sum, word) => sum + word.text.length, 0);
  if (weight === 0) return null;
  return Math.round(words.reduce((sum, word) => sum + word.confidence * word.text.length, 0) / weight);
}

async function recognize(
  worker: Tesseract.Worker,
  image: Buffer,
  page: { pageNumber: number; dpi: number | null },
  timeoutMs: number,
): Promise<OcrWord[]> {
  // A scan's resolution is known from the page size; a photo's is not (0: let tesseract estimate it).
  await worker.setParameters({ user_defined_dpi: String(page.dpi ?? 0) });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new OcrStopped(
            `OCR of page ${page.pageNumber} took longer than ${Math.max(1, Math.round(timeoutMs / 1000))} s; it was stopped.`,
            true,
          ),
        ),
      timeoutMs,
    );
  });
  try {
    const result = await Promise.race([worker.recognize(image, {}, { text: false, blocks: true }), timeout]);
    return wordsOf(result.data.blocks);
  } finally {
    clearTimeout(timer);
  }
}

type OcrPage = { pageNumber: number; pageWidthPt: number; width: number; height: number; image: Buffer };

/** The file's pages as images tesseract reads: the photo itself, or each scanned page's bitmap. */
async function* pagesOf(
  bytes: Buffer,
  kind: FileKind,
  options: OcrEngineOptions,
  onPageCount: (count: number) => void,
): AsyncGenerator<OcrPage, void, undefined> {
  if (OCR_IMAGE_KINDS.has(kind)) {
    let size: { width: number; height: number };
    try {
      size = imageSize(bytes);
    } catch {
      throw new OcrStopped(`The ${IMAGE_NAMES[kind] ?? ''} image is damaged and cannot be read.`);
    }
    if (size.width * size.height > options.maxPixels) {
      throw new OcrStopped(`The image is ${size.width} x ${size.height} pixels, more than OCR reads.`);
    }
    onPageCount(1);
    yield { pageNumber: 1, pageWidthPt: PHOTO_PAGE_WIDTH_PT, width: size.width, height: size.height, image: bytes };
    return;
  }
  const scanned = await openScannedPdf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    maxPages: options.maxPages,
    maxPixels: options.maxPixels,
  });
  if (!scanned.ok) throw new OcrStopped(scanned.reason);
  onPageCount(scanned.pageCount);
  for await (const page of scanned.pages) {
    if (!page.image) continue;
    yield {
      pageNumber: page.pageNumber,
      pageWidthPt: page.pageWidthPt,
      width: page.image.width,
      height: page.image.height,
      image: toPgm(page.image),
    };
  }
}

/** OCRs one statement file (photo or image-only PDF) and parses it. Never throws: failures come back as reasons. */
export async function ocrStatementFile(path: string, options: OcrEngineOptions): Promise<OcrFileResult> {
  const started = performance.now();
  let kind: FileKind = 'unknown';
  let pageCount = 0;
  const pageMs: number[] = [];
  const words: OcrWord[] = [];
  const finish = (read: ParseResult): OcrFileResult => ({
    read,
    kind,
    pageCount,
    pagesRead: pageMs.length,
    meanConfidence: meanConfidenceOf(words),
    pageMs,
    ms: Math.round(performance.now() - started),
  });
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return finish({ ok: false, reason: 'The uploaded file is missing or cannot be opened.' });
  }
  if (bytes.byteLength > MAX_STATEMENT_BYTES) return finish({ ok: false, reason: 'The file is too large to read.' });
  kind = sniffFileKind(bytes.subarray(0, 1024));
  if (kind !== 'pdf' && !OCR_IMAGE_KINDS.has(kind)) {
    return finish({ ok: false, reason: `${IMAGE_NAMES[kind] ?? 'This'} file cannot be read by OCR.` });
  }
  try {
    engine ??= startEngine(options);
    const worker = await engine;
    const lines: Line[] = [];
    for await (const page of pagesOf(bytes, kind, options, (count) => (pageCount = count))) {
      const pageStarted = performance.now();
      const dpi = kind === 'pdf' ? Math.min(600, Math.max(70, Math.round((page.width * 72) / page.pageWidthPt))) : null;
      const found = await recognize(worker, page.image, { pageNumber: page.pageNumber, dpi }, options.pageTimeoutMs);
      pageMs.push(Math.round(performance.now() - pageStarted));
      words.push(...found);
      const text = wordsToPageText(found, {
        imageWidth: page.width,
        imageHeight: page.height,
        pageWidthPt: page.pageWidthPt,
        pageNumber: page.pageNumber,
      });
      lines.push(...buildPageLines(text, page.pageNumber));
    }
    if (pageMs.length === 0) return finish({ ok: false, reason: 'The PDF has no scanned page images to OCR.' });
    const parsed = parseStatementLines(lines, pageMs.length);
    if (!parsed.ok) {
      if (parsed.code === 'no-text-layer') return finish({ ok: false, reason: 'OCR found no readable text.' });
      return finish({ ok: false, reason: parsed.reason });
    }
    const confidence = meanConfidenceOf(words);
    const warnings = [...parsed.statement.warnings];
    if (confidence !== null && confidence < OCR_LOW_CONFIDENCE) {
      warnings.push(`Low OCR confidence (${confidence}%): check the figures against the image.`);
    }
    return finish({ ok: true, statement: { ...parsed.statement, warnings } });
  } catch (error) {
    const isStopped = error instanceof OcrStopped;
    if (!isStopped || error.isEngineStuck) await closeOcrEngine();
    if (isStopped) return finish({ ok: false, reason: error.message });
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    return finish({ ok: false, reason: `OCR stopped on this file (${code}).` });
  }
}
