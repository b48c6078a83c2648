// Regenerates the committed OCR fixtures (fixtures/ocr-statement-*.png) from the synthetic ledger:
//   npx tsx server/test/statements/render-ocr-fixtures.ts
// Rasterising a PDF page needs a canvas; pdf.js's optional @napi-rs/canvas (installed with pdfjs-dist) is used
// here only, at development time. Neither the server nor the tests load it.
import { writeFileSync } from 'node:fs';
import {
  greyPng,
  OCR_FIXTURE_BILEVEL_PNG,
  OCR_FIXTURE_DPI,
  OCR_FIXTURE_GREY_PNG,
  OCR_FIXTURE_RENDER,
  ocrFixtureLedger,
} from './ocr-fixture';
import { renderStatementPdf } from './render';

type CanvasModule = {
  createCanvas: (
    width: number,
    height: number,
  ) => {
    width: number;
    height: number;
    getContext: (kind: '2d') => {
      fillStyle: string;
      fillRect: (x: number, y: number, width: number, height: number) => void;
      getImageData: (x: number, y: number, width: number, height: number) => { data: Uint8ClampedArray };
    };
  };
};

const canvasPackage = '@napi-rs/canvas';
const { createCanvas } = (await import(canvasPackage)) as CanvasModule;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const pdf = await renderStatementPdf(ocrFixtureLedger(), OCR_FIXTURE_RENDER);
const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
if (document.numPages !== 1) throw new Error(`the fixture ledger must fit one page, not ${document.numPages}`);
const page = await document.getPage(1);
const viewport = page.getViewport({ scale: OCR_FIXTURE_DPI / 72 });
const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
const context = canvas.getContext('2d');
context.fillStyle = 'white';
context.fillRect(0, 0, canvas.width, canvas.height);
await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
const grey = new Uint8Array(canvas.width * canvas.height);
for (let index = 0; index < grey.length; index += 1) {
  const offset = index * 4;
  grey[index] = Math.round(0.299 * rgba[offset]! + 0.587 * rgba[offset + 1]! + 0.114 * rgba[offset + 2]!);
}
const outputs: Array<[string, Buffer]> = [
  [OCR_FIXTURE_GREY_PNG, greyPng(grey, canvas.width, canvas.height, 8)],
  [OCR_FIXTURE_BILEVEL_PNG, greyPng(grey, canvas.width, canvas.height, 1)],
];
for (const [path, png] of outputs) {
  writeFileSync(path, png);
  process.stdout.write(`${path}: ${canvas.width} x ${canvas.height}, ${png.length} bytes\n`);
}
