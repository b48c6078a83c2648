// The page images of a scanned (image-only) PDF, for OCR. Runs in the OCR thread. No canvas and no rendering: a scan
// is one bitmap per page, and pdf.js decodes it (Flate, DCT/JPEG, CCITT, JBIG2) in plain JavaScript while building
// the page's operator list. The largest image drawn on each page is handed to OCR as an 8-bit grey PGM.
import { DEFAULT_EXTRACT_LIMITS, loadPdfJs, openPdf } from './pdf-text';

export type GreyImage = { width: number; height: number; pixels: Uint8Array };

export type ScannedPage = {
  pageNumber: number;
  /** Page width in PDF points, so OCR positions can be put back in the units the parser expects. */
  pageWidthPt: number;
  /** The page's scan, or null when the page draws no image (a blank or text-only page). */
  image: GreyImage | null;
};

export type ScannedPdf =
  { ok: true; pageCount: number; pages: AsyncGenerator<ScannedPage, void, undefined> } | { ok: false; reason: string };

export type ScanLimits = { maxPages: number; maxPixels: number };

// pdf.js ImageKind: how decoded pixels are laid out.
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

type DecodedImage = { width: number; height: number; kind?: number; data?: Uint8Array | Uint8ClampedArray };

function isDecodedImage(value: unknown): value is DecodedImage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'width' in value &&
    'height' in value &&
    typeof value.width === 'number' &&
    typeof value.height === 'number'
  );
}

/** pdf.js's decoded pixels as 8-bit grey; alpha is laid over white, as a scan on paper would be. */
export function toGrey(image: DecodedImage): GreyImage | null {
  const { width, height, kind, data } = image;
  if (!data || width <= 0 || height <= 0) return null;
  const pixels = new Uint8Array(width * height);
  if (kind === GRAYSCALE_1BPP) {
    // Rows are padded to whole bytes; a set bit is white.
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const byte = data[y * rowBytes + (x >> 3)] ?? 0;
        pixels[y * width + x] = byte & (0x80 >> (x & 7)) ? 255 : 0;
      }
    }
    return { width, height, pixels };
  }
  const channels = kind === RGB_24BPP ? 3 : kind === RGBA_32BPP ? 4 : 0;
  if (channels === 0 || data.length < width * height * channels) return null;
  for (let index = 0; index < width * height; index += 1) {
    const offset = index * channels;
    const grey = 0.299 * (data[offset] ?? 0) + 0.587 * (data[offset + 1] ?? 0) + 0.114 * (data[offset + 2] ?? 0);
    const alpha = channels === 4 ? (data[offset + 3] ?? 255) / 255 : 1;
    pixels[index] = Math.round(grey * alpha + 255 * (1 - alpha));
  }
  return { width, height, pixels };
}

/** A binary PGM (P5): the simplest bitmap tesseract's Leptonica reads, with no encoder needed. */
export function toPgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength)]);
}

/**
 * Opens a PDF for OCR and yields each page's largest image, one page at a time (so only one bitmap is held).
 * Never throws for a bad file: the reason comes back instead.
 */
export async function openScannedPdf(bytes: Uint8Array, limits: ScanLimits): Promise<ScannedPdf> {
  const opened = await openPdf(bytes, DEFAULT_EXTRACT_LIMITS, {
    // Decoded pixels as plain arrays (no OffscreenCanvas or ImageDecoder in Node), and no bitmap past the cap.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: limits.maxPixels,
  });
  if (!opened.ok) return opened;
  const { task } = opened;
  const pdfjs = await loadPdfJs();
  let document;
  try {
    document = await task.promise;
  } catch {
    await task.destroy().catch(() => undefined);
    return { ok: false, reason: 'The PDF could not be opened for OCR.' };
  }
  if (document.numPages > limits.maxPages) {
    await task.destroy().catch(() => undefined);
    return {
      ok: false,
      reason: `The scan has ${document.numPages} pages; OCR reads statements of up to ${limits.maxPages} pages.`,
    };
  }
  const pdf = document;
  async function* pages(): AsyncGenerator<ScannedPage, void, undefined> {
    try {
      for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
        const page = await pdf.getPage(pageNumber);
        const [x0 = 0, , x1 = 612] = page.view;
        const operators = await page.getOperatorList();
        let best: { id: string | null; inline: DecodedImage | null; pixels: number } | null = null;
        for (let index = 0; index < operators.fnArray.length; index += 1) {
          const fn = operators.fnArray[index];
          const listed: unknown = operators.argsArray[index];
          const args: unknown[] = Array.isArray(listed) ? listed : [];
          if (fn === pdfjs.OPS.paintImageXObject) {
            const [id, width, height] = args;
            const pixels = Number(width) * Number(height);
            if (typeof id === 'string' && pixels > (best?.pixels ?? 0)) best = { id, inline: null, pixels };
          } else if (fn === pdfjs.OPS.paintInlineImageXObject && isDecodedImage(args[0])) {
            const pixels = args[0].width * args[0].height;
            if (pixels > (best?.pixels ?? 0)) best = { id: null, inline: args[0], pixels };
          }
        }
        let decoded: DecodedImage | null = best?.inline ?? null;
        if (best?.id) {
          const id = best.id;
          const store = id.startsWith('g_') ? page.commonObjs : page.objs;
          const value = await new Promise<unknown>((resolve) => {
            store.get(id, resolve);
          });
          decoded = isDecodedImage(value) ? value : null;
        }
        const image = decoded && decoded.width * decoded.height <= limits.maxPixels ? toGrey(decoded) : null;
        page.cleanup();
        yield { pageNumber, pageWidthPt: Math.abs(x1 - x0) || 612, image };
      }
    } finally {
      await task.destroy().catch(() => undefined);
    }
  }
  return { ok: true, pageCount: pdf.numPages, pages: pages() };
}
