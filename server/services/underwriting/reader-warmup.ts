// A synthetic statement the reader workers read a few times when the server starts (docs/architecture.md, work
// outside requests): pdf.js and the parser are compiled by the JIT only after they have run over a few pages, so a
// first real read in a fresh worker costs about twice a warm one. Reading this file at start moves that cost out of
// the first applicant's wait. Invented text only; built in code so production needs no fixture file.
import { deflateSync } from 'node:zlib';

const PAGES = 4;
const ROWS_PER_PAGE = 48;
const WORDS = ['CARD PURCHASE', 'ACH CREDIT', 'MOBILE DEPOSIT', 'ONLINE TRANSFER', 'CHECK', 'WIRE OUT'];

/** One text item as PDF generators write it: a text matrix, the font, the string in hex with a kerning step. */
function show(font: string, size: number, x: number, y: number, text: string): string {
  const hex = Buffer.from(text, 'latin1').toString('hex');
  const cut = Math.max(1, Math.floor(hex.length / 4) * 2);
  return `q\n1 0 0 -1 0 792 cm\nBT\n1 0 0 1 ${x} ${y} Tm\n/${font} ${size} Tf\n[<${hex.slice(0, cut)}> 20 <${hex.slice(cut)}> 0] TJ\nET\nQ`;
}

function pageContent(page: number): string {
  const parts: string[] = [
    show('F2', 9, 36, 750, `Warm-up Bank   Statement Period: 01/01/2026 through 01/31/2026   Page ${page}`),
  ];
  for (const [x, text] of [
    [36, 'Date'],
    [100, 'Description'],
    [430, 'Amount'],
    [520, 'Balance'],
  ] as Array<[number, string]>)
    parts.push(show('F2', 8, x, 720, text));
  let balance = 10_000_00;
  for (let row = 0; row < ROWS_PER_PAGE; row += 1) {
    const y = 705 - row * 13;
    const day = String((row % 28) + 1).padStart(2, '0');
    const cents = ((page * 7919 + row * 104_729) % 250_000) + 100;
    const credit = row % 3 === 0;
    balance += credit ? cents : -cents;
    const amount = `${credit ? '' : '-'}${(cents / 100).toFixed(2)}`;
    const total = (balance / 100).toFixed(2);
    parts.push(
      show('F1', 8, 36, y, `01/${day}`),
      show('F1', 8, 100, y, `${WORDS[row % WORDS.length] ?? 'DEPOSIT'} ${1000 + row} REF ${page}${row}`),
      show('F1', 8, 470 - amount.length * 4, y, amount),
      show('F1', 8, 570 - total.length * 4, y, total),
    );
  }
  return parts.join('\n');
}

/** A small text PDF shaped like a statement: a period line, headings and dated rows with amounts and balances. */
export function warmUpStatementPdf(): Uint8Array {
  const objects: string[] = [];
  const pageIds = Array.from({ length: PAGES }, (_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${PAGES} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pageIds.forEach((id, index) => {
    const content = deflateSync(Buffer.from(pageContent(index + 1), 'latin1')).toString('latin1');
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> ` +
      `/Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id] ?? ''}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
