// Printing primitives of the statement corpus: dates, periods and amounts as banks print them, a page sheet that
// lays cells out in a proportional or monospace font, and the bank's decorations and wrapping of descriptions.
import PDFDocument from 'pdfkit';
import { MONTH_NAMES, type LedgerEntry } from './ledger';

export function parts(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}
export const pad = (value: number) => String(value).padStart(2, '0');
export const mon = (m: number) => (MONTH_NAMES[m - 1] ?? '').slice(0, 3);

/** Row date formats seen on statements. */
export const DATE_FORMATS: Array<(iso: string) => string> = [
  (iso) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}`, // 08/03
  (iso) => `${parts(iso).m}/${parts(iso).d}`, // 8/3
  (iso) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}/${String(parts(iso).y).slice(2)}`, // 08/03/26
  (iso) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}/${parts(iso).y}`, // 08/03/2026
  (iso) => iso, // 2026-08-03
  (iso) => `${mon(parts(iso).m)} ${parts(iso).d}`, // Aug 3
  (iso) => `${parts(iso).d} ${mon(parts(iso).m)}`, // 3 Aug
  (iso) => `${pad(parts(iso).d)} ${mon(parts(iso).m).toUpperCase()} ${parts(iso).y}`, // 03 AUG 2026
  (iso) => `${mon(parts(iso).m)} ${parts(iso).d}, ${parts(iso).y}`, // Aug 3, 2026
  (iso) => `${MONTH_NAMES[parts(iso).m - 1] ?? ''} ${parts(iso).d}`, // August 3
  (iso) => `${pad(parts(iso).m)}-${pad(parts(iso).d)}`, // 08-03
  (iso) => `${pad(parts(iso).d)}-${mon(parts(iso).m)}-${parts(iso).y}`, // 03-Aug-2026
];

/** "Nov 06": the month's short name and a two-digit day, as some checks-paid tables print dates. */
export const monthDay = (iso: string) => `${mon(Number(iso.slice(5, 7)))} ${iso.slice(8, 10)}`;
export const longDate = (iso: string) => `${MONTH_NAMES[parts(iso).m - 1] ?? ''} ${parts(iso).d}, ${parts(iso).y}`;
export const mdy = (iso: string) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}/${parts(iso).y}`;
export const mdyy = (iso: string) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}/${String(parts(iso).y).slice(2)}`;

/** Statement period lines in the wordings banks use. */
export const PERIOD_FORMATS: Array<(start: string, end: string) => string[]> = [
  (s, e) => [`Statement Period: ${mdy(s)} through ${mdy(e)}`],
  (s, e) => [`${longDate(s)} through ${longDate(e)}`],
  (s, e) => [`For the period ${mdyy(s)} to ${mdyy(e)}`],
  (s, e) =>
    parts(s).y === parts(e).y
      ? [`${mon(parts(s).m)} ${parts(s).d} - ${mon(parts(e).m)} ${parts(e).d}, ${parts(e).y}`]
      : [`${mon(parts(s).m)} ${parts(s).d}, ${parts(s).y} - ${mon(parts(e).m)} ${parts(e).d}, ${parts(e).y}`],
  (s, e) => [`STATEMENT PERIOD ${mdyy(s)} THRU ${mdyy(e)}`],
  (s, e) => [`Reporting period: ${s} to ${e}`],
  (s, e) => [
    `${pad(parts(s).d)} ${mon(parts(s).m).toUpperCase()} ${parts(s).y} TO ${pad(parts(e).d)} ${mon(parts(e).m).toUpperCase()} ${parts(e).y}`,
  ],
  (s, e) => ['Statement Period', `${mdy(s)} - ${mdy(e)}`],
  (s, e) => [`Beginning ${longDate(s)}, ending ${longDate(e)}`],
  // The period as two labelled fields, on two lines, or as the two columns of a header box.
  (s, e) => [`Statement Begin Date ${mdy(s)}`, `Statement Ending ${mdy(e)}`],
  (s, e) => [`Beginning Date: ${longDate(s)}`, `Ending Date: ${longDate(e)}`],
  (s, e) => [`From ${mdyy(s)}`, `Through ${mdyy(e)}`],
  (s, e) => [`Opening date ${mdy(s)}`, `Closing date ${mdy(e)}`],
  (s, e) => [`${'Beginning Date'.padEnd(18)}Ending Date`, `${mdy(s).padEnd(22)}${mdy(e)}`],
];

/** What sets thousands apart in the statement being printed: a comma, or a space as some banks print them. */
let thousands = ',';

/** Prints the next amounts with `separator` between thousands (a statement's renderer sets it, then sets it back). */
export function setThousandsSeparator(separator: ',' | ' ') {
  thousands = separator;
}

export function money(cents: number): string {
  const abs = Math.abs(cents);
  return `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands)}.${pad(abs % 100)}`;
}

export type AmountStyle =
  | 'minus'
  | 'dollar-minus'
  | 'parentheses'
  | 'trailing-minus'
  | 'cr-dr'
  | 'cr-only'
  | 'plus-minus'
  | 'unsigned'
  | 'dr-suffix'
  | 'od-suffix';

/** A signed amount (credit positive) as a bank prints it in one column. */
export function amountText(cents: number, style: AmountStyle): string {
  const body = money(cents);
  switch (style) {
    case 'minus':
      return cents < 0 ? `-${body}` : body;
    case 'dollar-minus':
      return cents < 0 ? `-$${body}` : `$${body}`;
    case 'parentheses':
      return cents < 0 ? `(${body})` : body;
    case 'trailing-minus':
      return cents < 0 ? `${body}-` : body;
    case 'cr-dr':
      return `${body} ${cents < 0 ? 'DR' : 'CR'}`;
    case 'cr-only':
      return cents < 0 ? body : `${body}CR`;
    case 'plus-minus':
      return `${cents < 0 ? '-' : '+'}${body}`;
    case 'unsigned':
      return body;
    // An overdrawn balance marked after its figure, run together or apart: "1,234.56DR", "1,234.56 OD".
    case 'dr-suffix':
      return cents < 0 ? `${body}DR` : body;
    case 'od-suffix':
      return cents < 0 ? `${body} OD` : body;
  }
}

export type Doc = PDFKit.PDFDocument;
export type Align = 'left' | 'right';
export type PrintCell = { text: string; x: number; align?: Align; bold?: boolean; size?: number };

export class Sheet {
  readonly doc: Doc;
  readonly width: number;
  readonly height: number;
  readonly mono: boolean;
  readonly font: string;
  readonly boldFont: string;
  size: number;
  y = 0;
  /** Called after a page break to print the repeated page top (letterhead strip, headings, balance forward). */
  onPageTop: () => void = () => undefined;
  pageTopY = 60;
  /** Printed at the foot of a page a table runs over ("Continued on next page"), or nothing. */
  continuedText: string | null = null;
  pagesInStatement = 0;
  statementStartPage = 0;

  constructor(options: { landscape?: boolean; mono?: boolean; font?: 'Helvetica' | 'Times-Roman'; size: number }) {
    this.width = options.landscape ? 792 : 612;
    this.height = options.landscape ? 612 : 792;
    this.mono = options.mono ?? false;
    this.font = this.mono ? 'Courier' : (options.font ?? 'Helvetica');
    this.boldFont = this.mono ? 'Courier-Bold' : this.font === 'Times-Roman' ? 'Times-Bold' : 'Helvetica-Bold';
    this.size = options.size;
    this.doc = new PDFDocument({
      size: [this.width, this.height],
      margin: 0,
      bufferPages: true,
      compress: true,
      autoFirstPage: false,
      info: { Title: 'Account statement', CreationDate: new Date(Date.UTC(2026, 0, 1)) },
    });
  }

  get bottom(): number {
    return this.height - 64;
  }

  newPage() {
    this.doc.addPage({ size: [this.width, this.height], margin: 0 });
    this.pagesInStatement += 1;
    this.y = this.pageTopY;
  }

  widthOf(text: string, bold = false, size = this.size): number {
    this.doc.font(bold ? this.boldFont : this.font).fontSize(size);
    return this.doc.widthOfString(text);
  }

  /** Prints cells on the current line; monospace sheets print the line as one padded string, as mainframes do. */
  line(cells: PrintCell[], advance = this.size * 1.4) {
    if (this.mono) {
      const charWidth = this.size * 0.6;
      let out = '';
      for (const cell of [...cells].sort((a, b) => a.x - b.x)) {
        const startCol = Math.round(
          (cell.align === 'right' ? cell.x - cell.text.length * charWidth : cell.x) / charWidth,
        );
        const at = out.length === 0 ? startCol : Math.max(startCol, out.length + 2);
        out = out.padEnd(at, ' ') + cell.text;
      }
      this.doc.font(this.font).fontSize(this.size);
      this.doc.text(out, 0, this.y, { lineBreak: false });
    } else {
      for (const cell of cells) {
        const size = cell.size ?? this.size;
        this.doc.font(cell.bold ? this.boldFont : this.font).fontSize(size);
        const x = cell.align === 'right' ? cell.x - this.doc.widthOfString(cell.text) : cell.x;
        this.doc.text(cell.text, x, this.y, { lineBreak: false });
      }
    }
    this.y += advance;
  }

  /** Whether `lines` more lines fit on the page. */
  fits(lines: number): boolean {
    return this.y + lines * this.size * 1.4 <= this.bottom;
  }

  /** Room for `lines` more lines, or a new page with the repeated page top. */
  ensure(lines: number) {
    if (!this.fits(lines)) this.breakPage();
  }

  /** Ends the page ("Continued on next page" at its foot, when printed) and starts the next one with its top. */
  breakPage() {
    if (this.continuedText) {
      this.doc.font(this.font).fontSize(this.size);
      const text = this.continuedText;
      this.doc.text(text, this.width - 36 - this.doc.widthOfString(text), this.bottom + 2, { lineBreak: false });
    }
    this.newPage();
    this.onPageTop();
  }

  async finish(footer: (page: number, of: number, statementPage: number) => string[]): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    for (let index = 0; index < range.count; index += 1) {
      this.doc.switchToPage(range.start + index);
      const lines = footer(index + 1, range.count, this.statementPageOf[index] ?? index + 1);
      this.doc.font(this.font).fontSize(7);
      lines.forEach((text, line) => this.doc.text(text, 36, this.height - 48 + line * 9, { lineBreak: false }));
    }
    this.doc.end();
    return done;
  }

  /** Page number within its statement, for PDFs holding several statements back to back. */
  statementPageOf: number[] = [];
  markPage() {
    this.statementPageOf.push(this.pagesInStatement);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Descriptions: what the bank adds around the payee (trace numbers, ids) and how long lines wrap
// ---------------------------------------------------------------------------------------------------------------

/**
 * A card purchase as banks word it: "CARD PURCHASE <merchant>", "PURCHASE 09/02 <merchant>", or "Purchase authorized
 * on 09/02 <merchant> Card 4417", chosen by the entry itself so no random draw moves.
 */
function cardWording(entry: LedgerEntry): string {
  const merchant = /^CARD PURCHASE (?!REVERSAL)(.+)$/.exec(entry.description)?.[1];
  const style = (Number(entry.date.slice(8, 10)) + entry.amountCents) % 3;
  if (!merchant || style === 0) return entry.description;
  const day = `${entry.date.slice(5, 7)}/${entry.date.slice(8, 10)}`;
  return style === 1 ? `PURCHASE ${day} ${merchant}` : `Purchase authorized on ${day} ${merchant} Card 4417`;
}

export function decorate(source: LedgerEntry, rand: () => number, on: boolean): string {
  const entry = { ...source, description: cardWording(source) };
  if (!on) return entry.description;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(rand() * 10)).join('');
  const styles = [
    () => `${entry.description} PPD ID: ${digits(10)}`,
    () => `${entry.description} TRACE# ${digits(15)}`,
    () => `${entry.description} CCD ${digits(8)}`,
    () => entry.description,
  ];
  return (styles[Math.floor(rand() * styles.length)] ?? styles[3])?.() ?? entry.description;
}

export function wrapText(sheet: Sheet, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (sheet.widthOf(candidate) <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The description each ledger entry was printed with (the bank's ids and trace numbers included). */
export const PRINTED_DESCRIPTIONS = new WeakMap<LedgerEntry, string>();

export function printedDescriptionOf(entry: LedgerEntry): string {
  return PRINTED_DESCRIPTIONS.get(entry) ?? entry.description;
}
