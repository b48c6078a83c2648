// Files an applicant might upload as a "statement" that the reader must refuse without crashing: photos, scans,
// password-protected and corrupt PDFs, decompression bombs and PDFs that are not statements at all.
import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { mulberry32 } from './ledger';

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grayscale PNG of speckle noise, standing in for a phone photo of a statement. */
export function noisePng(width = 240, height = 160, seed = 7): Buffer {
  const rand = mulberry32(seed);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) raw[row * (width + 1) + 1 + col] = 180 + Math.floor(rand() * 75);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG (SOI + APP0/JFIF); enough for type sniffing, which is all the engine does with it. */
export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
    Buffer.alloc(512, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** An ISO-BMFF header with the `heic` brand, as an iPhone photo starts. */
export function heicBytes(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(256, 0x22)]);
}

async function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

/** A scanned statement: pages that are only an image, no text layer. */
export async function imageOnlyPdf(pages = 2): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const image = noisePng();
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) doc.addPage();
    doc.image(image, 20, 20, { width: 570 });
  }
  return collect(doc);
}

/** A text PDF that is not a bank statement (a letter), so no transaction table can be found. */
export async function letterPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  doc.font('Helvetica').fontSize(11);
  doc.text('Dear Applicant,');
  doc.moveDown();
  doc.text(
    'Thank you for banking with First Prairie Commercial Bank. This letter confirms that the account ending in 4821 ' +
      'is in good standing. Please contact your relationship manager with any questions about your business banking. ' +
      'We appreciate the opportunity to serve Tallgrass Print Studio and look forward to continuing our relationship.',
  );
  return collect(doc);
}

/** Keeps the PDF header but cuts the file and scrambles what remains: xref, trailer and streams are unusable. */
export function corruptPdf(valid: Buffer, seed = 3): Buffer {
  const rand = mulberry32(seed);
  const cut = Buffer.from(valid.subarray(0, Math.floor(valid.length * 0.4)));
  for (let index = 64; index < cut.length; index += 1) {
    if (rand() < 0.3) cut[index] = Math.floor(rand() * 256);
  }
  return cut;
}

/** Random bytes behind a `%PDF-` header. */
export function garbagePdf(size = 4096, seed = 11): Buffer {
  const rand = mulberry32(seed);
  const body = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) body[index] = Math.floor(rand() * 256);
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), body]);
}

/**
 * A one-page PDF whose content stream inflates from ~60 KB to `decodedBytes` of whitespace: a decompression bomb
 * that would make pdf.js hold the whole decoded stream in memory.
 */
export function flateBombPdf(decodedBytes = 64 * 1024 * 1024): Buffer {
  const compressed = deflateSync(Buffer.alloc(decodedBytes, 0x20), { level: 9 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  push('%PDF-1.7\n');
  const objects: Array<Buffer | string> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>',
  ];
  objects.forEach((body, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n${String(body)}\nendobj\n`);
  });
  offsets.push(length);
  push(`4 0 obj\n<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`);
  push(compressed);
  push('\nendstream\nendobj\n');
  const xref = length;
  push(
    `xref\n0 5\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  push(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
