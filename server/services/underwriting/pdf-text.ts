// Text extraction with pdf.js. Runs inside the reader worker in production; tests may call it directly.
import { inflateSync } from 'node:zlib';
import { MAX_DECODED_STREAM_BYTES, MAX_STATEMENT_PAGES, MAX_TEXT_ITEMS, MAX_TOTAL_DECODED_BYTES } from './policy';
import type { PageText, TextItem } from './types';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

export type ExtractLimits = {
  maxPages: number;
  maxTextItems: number;
  maxDecodedStreamBytes: number;
  maxTotalDecodedBytes: number;
};

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxPages: MAX_STATEMENT_PAGES,
  maxTextItems: MAX_TEXT_ITEMS,
  maxDecodedStreamBytes: MAX_DECODED_STREAM_BYTES,
  maxTotalDecodedBytes: MAX_TOTAL_DECODED_BYTES,
};

export type ExtractResult = { ok: true; pageCount: number; pages: PageText[] } | { ok: false; reason: string };

type PdfJs = typeof PdfJsModule;
let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * The legacy build: the modern one needs DOMMatrix and other browser globals Node 20 does not have. Its worker
 * module is loaded up front and handed over through `globalThis.pdfjsWorker` (pdf.js's documented hook for running
 * without a separate worker): we already are in a worker thread, and a lazy import would land on the first read.
 */
export function loadPdfJs(): Promise<PdfJs> {
  const natives = captureNatives();
  pdfjsPromise ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  ]).then(([pdfjs, worker]) => {
    restoreNatives(natives);
    Object.assign(globalThis, { pdfjsWorker: worker });
    hookTextStateClone();
    return pdfjs;
  });
  return pdfjsPromise;
}

type TextStateLike = { textMatrix: number[]; textLineMatrix: number[]; fontMatrix: number[] };
let restoreObjectCreate: (() => void) | null = null;

/**
 * pdf.js 5.5 clones its text state for every `q` operator and font change with
 * `Object.assign(Object.create(this), this)`. Making each state the prototype of the next forces V8 to turn every
 * state into a prototype object, which took 20% of extraction time (and more in GC). pdf.js does not export the
 * class, so the first Object.create call that receives a text state finds its class and replaces `clone` with the
 * same copy made from the class prototype: identical fields, identical output (checked item for item), half the
 * CPU time. Guarded by the method's source, so another pdf.js version is left untouched; Object.create itself is
 * restored after the first page either way.
 */
function hookTextStateClone() {
  if (restoreObjectCreate) return;
  const originalCreate = Object.create;
  const restore = () => {
    if (Object.create !== originalCreate) Object.create = originalCreate;
    restoreObjectCreate = () => undefined;
  };
  restoreObjectCreate = restore;
  const hook = (proto: object | null, properties?: PropertyDescriptorMap): unknown => {
    if (proto && Object.hasOwn(proto, 'textLineMatrix') && Object.hasOwn(proto, 'fontMatrix')) {
      let owner: object | null = proto;
      while (owner && !Object.hasOwn(owner, 'clone')) owner = Object.getPrototypeOf(owner) as object | null;
      const clone: unknown = owner ? Reflect.get(owner, 'clone') : undefined;
      const source = typeof clone === 'function' ? Function.prototype.toString.call(clone) : '';
      if (owner && source.includes('Object.assign(Object.create(this), this)') && source.includes('textLineMatrix')) {
        const prototype = owner;
        Object.defineProperty(prototype, 'clone', {
          configurable: true,
          writable: true,
          value: function fastClone(this: TextStateLike): TextStateLike {
            const copy = Object.assign(originalCreate(prototype) as TextStateLike, this);
            copy.textMatrix = this.textMatrix.slice();
            copy.textLineMatrix = this.textLineMatrix.slice();
            copy.fontMatrix = this.fontMatrix.slice();
            return copy;
          },
        });
        restore();
      }
    }
    return properties === undefined ? originalCreate(proto) : originalCreate(proto, properties);
  };
  Object.create = hook as typeof Object.create;
}

/**
 * The legacy build bundles core-js, which on Node 20 replaces working built-ins (Array.prototype.push, JSON.parse,
 * JSON.stringify, Function.prototype.toString) with slower spec-edge-case polyfills for the whole thread; push alone
 * was ~5% of read time. Only replacements of existing natives are undone; polyfills of missing features
 * (Promise.withResolvers, Map.prototype.getOrInsertComputed, ...) stay, pdf.js needs them. The development worker
 * bootstrap in reader-pool.ts does the same around its early import.
 */
const REPLACED_NATIVES: Array<[object, string]> = [
  [Array.prototype, 'push'],
  [JSON, 'parse'],
  [JSON, 'stringify'],
  [Function.prototype, 'toString'],
];

function captureNatives(): Array<[object, string, PropertyDescriptor | undefined]> {
  return REPLACED_NATIVES.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)]);
}

function restoreNatives(natives: Array<[object, string, PropertyDescriptor | undefined]>) {
  for (const [target, key, descriptor] of natives) if (descriptor) Object.defineProperty(target, key, descriptor);
}

export function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/**
 * Inflates every Flate stream with a hard output cap before pdf.js sees the file. pdf.js keeps a decoded content
 * stream whole in memory (outside the V8 heap the worker limit covers), so a 60 KB file could otherwise claim GBs.
 */
export function findDecompressionBomb(
  bytes: Uint8Array,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): string | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const streamKeyword = /(?<!end)stream\r?\n/g;
  let total = 0;
  for (let match = streamKeyword.exec(text); match; match = streamKeyword.exec(text)) {
    const dataStart = match.index + match[0].length;
    const dictionary = text.slice(Math.max(0, match.index - 2048), match.index);
    const dictStart = dictionary.lastIndexOf('obj');
    const filter = /\/Filter\s*(?:\[\s*)?\/(\w+)/.exec(dictStart >= 0 ? dictionary.slice(dictStart) : dictionary);
    if (filter?.[1] !== 'FlateDecode' && filter?.[1] !== 'Fl') continue;
    let dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd < 0) dataEnd = text.length;
    const budget = Math.min(limits.maxDecodedStreamBytes, limits.maxTotalDecodedBytes - total);
    try {
      total += inflateSync(buffer.subarray(dataStart, dataEnd), { maxOutputLength: Math.max(1, budget) }).length;
    } catch (error) {
      if (error instanceof RangeError) {
        return 'The PDF contains a compressed stream that expands past the safety limit (a decompression bomb).';
      }
      // A damaged stream is pdf.js's call (it skips or repairs them); only size matters here.
    }
    streamKeyword.lastIndex = dataEnd;
  }
  return null;
}

type PdfJsTextItem = { str: string; transform: number[]; width: number; height: number; fontName?: unknown };

function isTextItem(item: unknown): item is PdfJsTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

type Direction = 0 | 90 | 180 | 270;

/**
 * The direction a text item reads in, in degrees counter-clockwise on the page as drawn; null for slanted text.
 * Mirrored text (one axis flipped) counts as upright, as it always has.
 */
function directionOf([a = 0, b = 0, c = 0, d = 0]: number[]): Direction | null {
  if (Math.abs(b) <= 0.01 * Math.abs(a) && Math.abs(c) <= 0.01 * Math.abs(d)) return a < 0 && d < 0 ? 180 : 0;
  if (Math.abs(a) <= 0.01 * Math.abs(b) && Math.abs(d) <= 0.01 * Math.abs(c)) return b > 0 ? 90 : 270;
  return null;
}

/**
 * A page's text as read upright. A landscape table is often saved on a portrait page with its text drawn turned a
 * quarter (and the page marked /Rotate so viewers turn it back): the page is read in the direction most of its text
 * reads in (the one the viewer shows upright when as much text reads either way), and items in that direction are
 * turned to upright reading coordinates (x to the right, y up, both from the turned page's corner). Text in any
 * other direction (watermarks, side notes) never holds transactions and is left out.
 */
export function uprightItems(raw: readonly unknown[], view: number[], rotate: number): TextItem[] {
  const shown = (((rotate % 360) + 360) % 360) as Direction;
  const characters = new Map<Direction, number>();
  const directed = raw.filter(isTextItem).map((item) => {
    const direction = directionOf(item.transform.map(Number));
    if (direction !== null) characters.set(direction, (characters.get(direction) ?? 0) + item.str.trim().length);
    return { item, direction };
  });
  let reading: Direction = characters.has(shown) ? shown : 0;
  for (const [direction, count] of characters) if (count > (characters.get(reading) ?? 0)) reading = direction;
  const [left = 0, bottom = 0, right = 0, top = 0] = view;
  const items: TextItem[] = [];
  for (const { item, direction } of directed) {
    if (direction !== reading || item.str.trim().length === 0) continue;
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform.map(Number);
    const [uprightX, uprightY] =
      reading === 0
        ? [x, y]
        : reading === 90
          ? [y - bottom, right - x]
          : reading === 180
            ? [right - x, top - y]
            : [top - y, x - left];
    items.push({
      str: String(item.str),
      x: uprightX,
      y: uprightY,
      width: Number(item.width),
      fontSize: (reading === 0 || reading === 180 ? Math.abs(d) : Math.hypot(c, d)) || Number(item.height),
      ...(typeof item.fontName === 'string' ? { font: item.fontName } : {}),
    });
  }
  return items;
}

export type ExtractOptions = {
  limits?: ExtractLimits;
  /** Read only pages whose (number - 1) % count === index, so two workers can share one long statement. */
  shard?: { index: number; count: number };
};

type GetDocumentParams = Exclude<Parameters<PdfJs['getDocument']>[0], string | URL | ArrayBuffer | undefined>;

/**
 * Opens a PDF with pdf.js after the cheap checks (header, decompression bombs), with scripting, fonts and fetching
 * off. `extra` adds options (the OCR reader's image decoding). Answers the loading task, or why it was not opened.
 */
export async function openPdf(
  bytes: Uint8Array,
  limits: ExtractLimits,
  extra: Partial<GetDocumentParams> = {},
): Promise<{ ok: true; task: ReturnType<PdfJs['getDocument']> } | { ok: false; reason: string }> {
  if (!hasPdfHeader(bytes)) return { ok: false, reason: 'Not a PDF file.' };
  const bomb = findDecompressionBomb(bytes, limits);
  if (bomb) return { ok: false, reason: bomb };
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of the buffer; hand it a copy so the caller's bytes stay usable.
    data: new Uint8Array(bytes),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    // No standardFontDataUrl: text positions come from the built-in metrics of the 14 standard fonts (checked
    // identical item for item); loading and sanitising the font programs only costs time.
    stopAtErrors: false,
    ...extra,
  });
  return { ok: true, task };
}

/** Extracts positioned text page by page; never throws for a bad file, returns the reason instead. */
export async function extractPdfText(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ExtractResult> {
  const limits = options.limits ?? DEFAULT_EXTRACT_LIMITS;
  const shard = options.shard ?? { index: 0, count: 1 };
  const opened = await openPdf(bytes, limits);
  if (!opened.ok) return opened;
  const { task } = opened;
  try {
    const document = await task.promise;
    if (document.numPages > limits.maxPages) {
      return {
        ok: false,
        reason: `The PDF has ${document.numPages} pages; statements over ${limits.maxPages} pages are not read.`,
      };
    }
    const pages: PageText[] = [];
    let itemCount = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      if ((pageNumber - 1) % shard.count !== shard.index) continue;
      const page = await document.getPage(pageNumber);
      // Unicode normalisation only matters for ligatures and compatibility characters, which amounts and dates
      // never use; skipping it saves ~15% of extraction time.
      const content = await page.getTextContent({ disableNormalization: true });
      const items = uprightItems(content.items, page.view, page.rotate);
      itemCount += items.length;
      if (itemCount > limits.maxTextItems) {
        return { ok: false, reason: `The PDF has more than ${limits.maxTextItems} text items; it is not read.` };
      }
      pages.push({ pageNumber, items });
      page.cleanup();
      restoreObjectCreate?.();
    }
    return { ok: true, pageCount: document.numPages, pages };
  } catch (error) {
    return { ok: false, reason: describePdfError(error) };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

function describePdfError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'The PDF is password-protected; upload a copy without a password.';
  if (name === 'InvalidPDFException') return 'The PDF is damaged or incomplete and cannot be opened.';
  if (name === 'MissingPDFException') return 'The PDF is empty.';
  const message = error instanceof Error ? error.message : String(error);
  return `The PDF could not be read (${message.slice(0, 120)}).`;
}
