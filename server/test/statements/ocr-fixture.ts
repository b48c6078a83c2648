// The synthetic statement photographed for the OCR tests (second stage): one page of a known ledger,
// rasterised once by render-ocr-fixtures.ts and committed as PNGs, so the tests know the true figures without a
// canvas package. Every name and number is invented.
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { buildLedger, type Ledger, type LedgerOptions } from './ledger';
import type { RenderOptions } from './render';
import { pngChunk } from './bad-files';

export const OCR_FIXTURE_LEDGER: LedgerOptions = {
  seed: 5,
  firstMonth: '2024-03',
  months: 1,
  revenuePerMonthCents: 30_000_00,
  depositsPerMonth: 8,
  debitsPerMonth: 8,
  noise: { transfers: true, refunds: true, nsfFees: true, loanProceeds: true },
};
export const OCR_FIXTURE_RENDER: RenderOptions = { layout: 'debit-credit' };
/** A flatbed scan's usual resolution; 8-point statement text is ~22 px tall. */
export const OCR_FIXTURE_DPI = 200;

/** 8-bit grey, anti-aliased: a clean photo or colour scan. */
export const OCR_FIXTURE_GREY_PNG = fileURLToPath(new URL('./fixtures/ocr-statement-grey.png', import.meta.url));
/** 1-bit black and white: what a document scanner or fax puts in a PDF. */
export const OCR_FIXTURE_BILEVEL_PNG = fileURLToPath(new URL('./fixtures/ocr-statement-bilevel.png', import.meta.url));

export function ocrFixtureLedger(): Ledger {
  return buildLedger(OCR_FIXTURE_LEDGER);
}

/** A greyscale PNG of 8-bit pixels (bits 8) or thresholded to black and white (bits 1). */
export function greyPng(pixels: Uint8Array, width: number, height: number, bits: 1 | 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits;
  header[9] = 0; // greyscale
  const stride = bits === 8 ? width : Math.ceil(width / 8);
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < width; x += 1) {
      const value = pixels[y * width + x] ?? 255;
      if (bits === 8) raw[row + x] = value;
      else if (value >= 160) raw[row + (x >> 3)] = (raw[row + (x >> 3)] ?? 0) | (0x80 >> (x & 7));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A scanned statement: each page is only the given image (Letter size), no text layer. */
export async function scannedPdf(pages: Buffer[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  pages.forEach((image, index) => {
    if (index > 0) doc.addPage();
    doc.image(image, 0, 0, { width: 612, height: 792 });
  });
  doc.end();
  return done;
}
