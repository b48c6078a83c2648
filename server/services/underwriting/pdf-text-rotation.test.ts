// Landscape tables saved on portrait pages: text drawn turned a quarter (with or without /Rotate to turn the page
// back in viewers) is read upright, as a text statement, not sent to OCR as a scan.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { extractPdfText, uprightItems } from './pdf-text';
import { parseStatementPages } from './statement-parser';
import { rowsOf } from './test-pages';

const WIDTH = 792; // a portrait letter page's height: the turned table's width
const HEIGHT = 612;

/** How the landscape table is put on the portrait page: the pdfkit transform from table to page, and the /Rotate. */
type Placement = { transform: [number, number, number, number, number, number] | null; rotate: number | null };

// pdfkit's page space runs y down. Turned counter-clockwise: table (X, Y) at page (Y, 792 - X); clockwise: (612 - Y, X).
const COUNTER_CLOCKWISE: Placement['transform'] = [0, -1, 1, 0, 0, WIDTH];
const CLOCKWISE: Placement['transform'] = [0, 1, -1, 0, HEIGHT, 0];

const LINES: Array<Array<[number, string, 'left' | 'right']>> = [
  [[40, 'FIRST PRAIRIE BANK   Business Checking   Statement period 05/01/2026 - 05/31/2026', 'left']],
  [
    [40, 'Beginning balance', 'left'],
    [300, '20,102.10', 'right'],
  ],
  [
    [40, 'Date', 'left'],
    [110, 'Description', 'left'],
    [440, 'Amount', 'right'],
    [560, 'Balance', 'right'],
  ],
  [
    [40, '05/01', 'left'],
    [110, 'ADP WAGE PAY WAGE PAY 790795', 'left'],
    [440, '-12,335.05', 'right'],
    [560, '7,767.05', 'right'],
  ],
  [
    [40, '05/04', 'left'],
    [110, 'HEARTLAND PMT SYS TXNS/FEES 8252', 'left'],
    [440, '4,666.04', 'right'],
    [560, '12,433.09', 'right'],
  ],
  [
    [40, '05/11', 'left'],
    [110, 'POS PURCHASE OFFICE DEPOT 1140', 'left'],
    [440, '-236.10', 'right'],
    [560, '12,196.99', 'right'],
  ],
  [
    [40, 'Ending balance', 'left'],
    [300, '12,196.99', 'right'],
  ],
];

/** A one-page statement: its landscape table drawn on a portrait letter page as `placement` says. */
async function statementPdf(placement: Placement): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.addPage({ size: 'LETTER', layout: 'portrait', margin: 0 });
  // pdfkit has no option for it: the page dictionary takes /Rotate as written.
  if (placement.rotate !== null) Object.assign(doc.page.dictionary.data, { Rotate: placement.rotate });
  doc.save();
  if (placement.transform) doc.transform(...placement.transform);
  doc.font('Helvetica').fontSize(8);
  LINES.forEach((cells, index) => {
    for (const [x, text, align] of cells) {
      const left = align === 'right' ? x - doc.widthOfString(text) : x;
      doc.text(text, left, 60 + index * 12, { lineBreak: false });
    }
  });
  doc.restore();
  // A page number printed upright along the portrait page's foot, as a print driver adds it.
  doc.fontSize(6).text('Page 1 of 1', 20, 770, { lineBreak: false });
  doc.end();
  return new Uint8Array(await done);
}

const EXPECTED_ROWS = [
  ['2026-05-01', 'ADP WAGE PAY WAGE PAY 790795', 12_335_05, 'debit'],
  ['2026-05-04', 'HEARTLAND PMT SYS TXNS/FEES 8252', 4_666_04, 'credit'],
  ['2026-05-11', 'POS PURCHASE OFFICE DEPOT 1140', 236_10, 'debit'],
];

async function readStatement(placement: Placement) {
  const text = await extractPdfText(await statementPdf(placement));
  if (!text.ok) throw new Error(text.reason);
  const parsed = parseStatementPages(text.pages);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { pages: text.pages, statement: parsed.statement };
}

// The first test loads pdf.js (two 2 MB modules): slow on a busy machine, so the limit is generous.
describe('a landscape table on a portrait page', { timeout: 30_000 }, () => {
  it.each([
    ['drawn turned counter-clockwise, the page marked /Rotate 90', { transform: COUNTER_CLOCKWISE, rotate: 90 }],
    ['drawn turned clockwise, the page marked /Rotate 270', { transform: CLOCKWISE, rotate: 270 }],
    ['drawn turned counter-clockwise on a page without /Rotate', { transform: COUNTER_CLOCKWISE, rotate: null }],
    ['drawn turned clockwise on a page without /Rotate', { transform: CLOCKWISE, rotate: null }],
    ['drawn upright, the page marked /Rotate 90', { transform: null, rotate: 90 }],
  ] satisfies Array<[string, Placement]>)('reads the rows to the cent when %s', async (_name, placement) => {
    const { pages, statement } = await readStatement(placement);
    expect(rowsOf(statement)).toEqual(EXPECTED_ROWS);
    expect(statement.segments.map((segment) => [segment.periodStart, segment.periodEnd])).toEqual([
      ['2026-05-01', '2026-05-31'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
    // Upright reading coordinates: the heading's words left to right on one line, the rows below it.
    const items = pages[0]?.items ?? [];
    const at = (text: string) => items.find((item) => item.str === text);
    expect(at('Date')?.y).toBeCloseTo(at('Balance')?.y ?? 0, 1);
    expect(at('Date')?.x ?? 0).toBeLessThan(at('Description')?.x ?? 0);
    expect(at('05/01')?.y ?? 0).toBeLessThan(at('Date')?.y ?? 0);
    expect(at('Date')?.fontSize).toBe(8);
    // The upright page number is text in another direction from the table: left out, as side notes always were.
    expect(items.some((item) => item.str === 'Page 1 of 1')).toBe(placement.transform === null);
  });
});

describe('upright reading of text items', () => {
  const item = (str: string, transform: number[]) => ({ str, transform, width: str.length * 4, height: 8 });
  it('keeps an upright page as it was and leaves a turned side note out', () => {
    const items = uprightItems(
      [
        item('05/01 ACH CREDIT STRIPE 500.00', [8, 0, 0, 8, 40, 700]),
        item('05/02 ACH DEBIT RENT 100.00', [8, 0, 0, 8, 40, 689]),
        item('MEMBER FDIC', [0, 8, -8, 0, 20, 300]),
      ],
      [0, 0, 612, 792],
      0,
    );
    expect(items.map((entry) => [entry.str, entry.x, entry.y, entry.fontSize])).toEqual([
      ['05/01 ACH CREDIT STRIPE 500.00', 40, 700, 8],
      ['05/02 ACH DEBIT RENT 100.00', 40, 689, 8],
    ]);
  });

  it('turns a page drawn upside down upright', () => {
    const items = uprightItems(
      [item('FIRST', [-8, 0, 0, -8, 512, 100]), item('SECOND', [-8, 0, 0, -8, 412, 100])],
      [0, 0, 612, 792],
      180,
    );
    expect(items.map((entry) => [entry.str, entry.x, entry.y])).toEqual([
      ['FIRST', 100, 692],
      ['SECOND', 200, 692],
    ]);
  });

  it('reads slanted text as no text', () => {
    expect(uprightItems([item('DRAFT', [5.66, 5.66, -5.66, 5.66, 100, 100])], [0, 0, 612, 792], 0)).toEqual([]);
  });
});
