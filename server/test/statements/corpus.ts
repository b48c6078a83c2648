// A corpus of bank statement FAMILIES rendered as real text PDFs from a known ledger. Each family prints what a kind
// of US bank statement prints (national banks with sections and checking summaries, regional banks with balance
// forward rows, credit unions with a summary of accounts, online-banking printouts newest first, treasury reports
// with bank and customer references, mainframe prints in a monospace font, landscape layouts...), and every
// statement varies at random: column order, date format, headings on one or two lines or none, reference and
// second-date columns, wrapped descriptions, summary and daily balance tables, page breaks wherever rows run out.
// It is written from what statements print, not from how the reader reads them.
import PDFDocument from 'pdfkit';
import { buildCorpusLedger, type CorpusLedger, type CorpusPeriod } from './corpus-ledger';
import { MONTH_NAMES, mulberry32, type LedgerEntry, type LedgerNoise } from './ledger';

export const FAMILIES = [
  'national-sections',
  'national-columns',
  'national-negative-sections',
  'regional-balance-forward',
  'credit-union',
  'online-printout',
  'treasury',
  'mainframe',
  'landscape',
  'multi-statement',
  'newest-first',
  'no-running-balance',
  'cr-dr',
  'cr-only',
  'trailing-minus',
  'parentheses',
  'plus-minus',
  'headingless',
  'money-in-out',
] as const;
export type FamilyName = (typeof FAMILIES)[number];

/** The random choices a statement of a family is printed with (each family uses the ones it can print). */
export type Variation = {
  seed: number;
  dateFormat: number;
  periodFormat: number;
  /** Debit column before credit column (column families), or ref column before description. */
  swapColumns: boolean;
  refColumn: boolean;
  secondDate: boolean;
  headings: 'one-line' | 'two-line' | 'none';
  wrapDescriptions: boolean;
  summary: boolean;
  dailyBalances: 'none' | 'list' | 'grid';
  fontSize: number;
  decorate: boolean;
};

export type CorpusCase = {
  family: FamilyName;
  ledger: CorpusLedger;
  variation: Variation;
  /** One PDF per statement, except families that print several statements or a date range in one file. */
  pdfs: Buffer[];
};

export type CaseOptions = {
  family: FamilyName;
  seed: number;
  firstMonth: string;
  cycles: number;
  cycleDay: number;
  dropCycle: number | null;
  depositsPerMonth: number;
  debitsPerMonth: number;
  revenuePerMonthCents: number;
  openingBalanceCents: number;
  noise: LedgerNoise;
  variation: Variation;
};

// ---------------------------------------------------------------------------------------------------------------
// Text primitives
// ---------------------------------------------------------------------------------------------------------------

function parts(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}
const pad = (value: number) => String(value).padStart(2, '0');
const mon = (m: number) => (MONTH_NAMES[m - 1] ?? '').slice(0, 3);

/** Row date formats seen on statements. */
const DATE_FORMATS: Array<(iso: string) => string> = [
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

const longDate = (iso: string) => `${MONTH_NAMES[parts(iso).m - 1] ?? ''} ${parts(iso).d}, ${parts(iso).y}`;
const mdy = (iso: string) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}/${parts(iso).y}`;
const mdyy = (iso: string) => `${pad(parts(iso).m)}/${pad(parts(iso).d)}/${String(parts(iso).y).slice(2)}`;

/** Statement period lines in the wordings banks use. */
const PERIOD_FORMATS: Array<(start: string, end: string) => string[]> = [
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
];

function money(cents: number): string {
  const abs = Math.abs(cents);
  return `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pad(abs % 100)}`;
}

type AmountStyle =
  'minus' | 'dollar-minus' | 'parentheses' | 'trailing-minus' | 'cr-dr' | 'cr-only' | 'plus-minus' | 'unsigned';

/** A signed amount (credit positive) as a bank prints it in one column. */
function amountText(cents: number, style: AmountStyle): string {
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
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------------------------

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right';
type PrintCell = { text: string; x: number; align?: Align; bold?: boolean; size?: number };

class Sheet {
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

  /** Room for `lines` more lines, or a new page with the repeated page top. */
  ensure(lines: number) {
    if (this.y + lines * this.size * 1.4 <= this.bottom) return;
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

function decorate(entry: LedgerEntry, rand: () => number, on: boolean): string {
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

function wrapText(sheet: Sheet, text: string, width: number): string[] {
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

// ---------------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------------

type ColumnKind = 'date' | 'date2' | 'ref' | 'type' | 'desc' | 'amount' | 'debit' | 'credit' | 'balance';
type TableColumn = { kind: ColumnKind; x: number; align: Align; heading: [string, string?]; width?: number };

type TableSpec = {
  columns: TableColumn[];
  style: AmountStyle;
  balanceStyle: AmountStyle;
  /** 'every': on each row; 'end-of-day': only on a day's last row (as some national banks print). */
  balance: 'every' | 'end-of-day' | 'none';
  newestFirst: boolean;
  headings: Variation['headings'];
  /** A "Balance forward" row at the top of every page after the first (and at the start). */
  balanceForward: 'none' | 'start' | 'every-page';
  balanceForwardLabel: string;
};

type PrintedEntry = LedgerEntry & { printed: string; source: LedgerEntry };

function printHeadings(sheet: Sheet, columns: TableColumn[], headings: Variation['headings']) {
  if (headings === 'none') return;
  if (headings === 'one-line') {
    sheet.line(
      columns.map((column) => ({
        text: column.heading.filter(Boolean).join(' '),
        x: column.x,
        align: column.align,
        bold: true,
      })),
    );
  } else {
    sheet.line(columns.map((column) => ({ text: column.heading[0], x: column.x, align: column.align, bold: true })));
    const second = columns.filter((column) => column.heading[1]);
    sheet.line(
      second.map((column) => ({ text: column.heading[1] ?? '', x: column.x, align: column.align, bold: true })),
    );
  }
  sheet.y += 2;
}

function otherDate(entry: LedgerEntry, rand: () => number): string {
  // A value or effective date: usually the posting day, sometimes the business day before.
  if (rand() < 0.8) return entry.date;
  const date = new Date(`${entry.date}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function printTable(
  sheet: Sheet,
  spec: TableSpec,
  entries: PrintedEntry[],
  period: CorpusPeriod,
  context: { dateFormat: (iso: string) => string; rand: () => number; wrapWidth: number | null },
) {
  const rows = spec.newestFirst ? [...entries].reverse() : entries;
  const balanceAt = (index: number) => rows[index]?.balanceAfterCents ?? 0;
  let lastBalance = spec.newestFirst ? period.closingBalanceCents : period.openingBalanceCents;
  const descColumn = spec.columns.find((column) => column.kind === 'desc');
  const forwardRow = (label: string) => {
    const dateColumn = spec.columns.find((column) => column.kind === 'date');
    const balanceColumn = spec.columns.find((column) => column.kind === 'balance');
    if (!balanceColumn || !descColumn) return;
    sheet.line([
      ...(dateColumn && label !== 'BALANCE FORWARD'
        ? [{ text: context.dateFormat(period.start), x: dateColumn.x, align: dateColumn.align }]
        : []),
      { text: label, x: descColumn.x },
      { text: amountText(lastBalance, spec.balanceStyle), x: balanceColumn.x, align: balanceColumn.align },
    ]);
  };
  const pageTop = sheet.onPageTop;
  sheet.onPageTop = () => {
    pageTop();
    printHeadings(sheet, spec.columns, spec.headings);
    if (spec.balanceForward === 'every-page' && !spec.newestFirst) forwardRow(spec.balanceForwardLabel);
  };
  sheet.ensure(4);
  printHeadings(sheet, spec.columns, spec.headings);
  if (spec.balanceForward !== 'none' && !spec.newestFirst) forwardRow(spec.balanceForwardLabel);
  rows.forEach((entry, index) => {
    const lines = context.wrapWidth && descColumn ? wrapText(sheet, entry.printed, context.wrapWidth) : [entry.printed];
    sheet.ensure(lines.length);
    const signedCents = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
    const nextSameDay = rows[index + 1]?.date === entry.date;
    const cells: PrintCell[] = [];
    for (const column of spec.columns) {
      const at = { x: column.x, align: column.align };
      if (column.kind === 'date') cells.push({ text: context.dateFormat(entry.date), ...at });
      else if (column.kind === 'date2') cells.push({ text: context.dateFormat(otherDate(entry, context.rand)), ...at });
      else if (column.kind === 'ref') cells.push({ text: String(100000 + Math.floor(context.rand() * 899999)), ...at });
      else if (column.kind === 'type') cells.push({ text: entry.direction === 'credit' ? 'Credit' : 'Debit', ...at });
      else if (column.kind === 'desc') cells.push({ text: lines[0] ?? '', ...at });
      else if (column.kind === 'amount') cells.push({ text: amountText(signedCents, spec.style), ...at });
      else if (column.kind === 'debit' && entry.direction === 'debit')
        cells.push({ text: money(entry.amountCents), ...at });
      else if (column.kind === 'credit' && entry.direction === 'credit')
        cells.push({ text: money(entry.amountCents), ...at });
      else if (column.kind === 'balance') {
        const show = spec.balance === 'every' || (spec.balance === 'end-of-day' && !nextSameDay);
        if (show) cells.push({ text: amountText(balanceAt(index), spec.balanceStyle), ...at });
      }
    }
    sheet.line(cells);
    for (const extra of lines.slice(1)) sheet.line([{ text: extra, x: descColumn?.x ?? 0 }], sheet.size * 1.2);
    lastBalance = entry.balanceAfterCents;
  });
  sheet.onPageTop = pageTop;
}

/** Entries of one section: date | description | amount, unsigned or negative in debit sections. */
function printSection(
  sheet: Sheet,
  title: string,
  entries: PrintedEntry[],
  context: {
    dateFormat: (iso: string) => string;
    negative: boolean;
    x: { date: number; desc: number; amount: number };
    headings: Variation['headings'];
    totalLabel: string;
  },
) {
  const heading = (suffix: string) => {
    sheet.y += 4;
    sheet.line([{ text: `${title}${suffix}`, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
    if (context.headings !== 'none')
      sheet.line([
        { text: 'Date', x: context.x.date, bold: true },
        { text: 'Description', x: context.x.desc, bold: true },
        { text: 'Amount', x: context.x.amount, align: 'right', bold: true },
      ]);
  };
  const pageTop = sheet.onPageTop;
  sheet.onPageTop = () => {
    pageTop();
    heading(' (continued)');
  };
  sheet.ensure(5);
  heading('');
  for (const entry of entries) {
    const lines = wrapText(sheet, entry.printed, context.x.amount - 100 - context.x.desc);
    sheet.ensure(lines.length);
    sheet.line([
      { text: context.dateFormat(entry.date), x: context.x.date },
      { text: lines[0] ?? '', x: context.x.desc },
      {
        text: context.negative ? `-${money(entry.amountCents)}` : money(entry.amountCents),
        x: context.x.amount,
        align: 'right',
      },
    ]);
    for (const extra of lines.slice(1)) sheet.line([{ text: extra, x: context.x.desc }], sheet.size * 1.2);
  }
  sheet.onPageTop = pageTop;
  sheet.ensure(2);
  const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  sheet.line([
    { text: context.totalLabel, x: context.x.desc, bold: true },
    { text: `${context.negative ? '-' : ''}$${money(total)}`, x: context.x.amount, align: 'right', bold: true },
  ]);
}

function printChecks(
  sheet: Sheet,
  checks: PrintedEntry[],
  dateFormat: (iso: string) => string,
  x: { number: number; date: number; amount: number },
) {
  if (checks.length === 0) return;
  sheet.ensure(5);
  sheet.y += 4;
  sheet.line([{ text: 'CHECKS PAID', x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  sheet.line([
    { text: 'CHECK NO.', x: x.number, bold: true },
    { text: 'DATE PAID', x: x.date, bold: true },
    { text: 'AMOUNT', x: x.amount, align: 'right', bold: true },
  ]);
  for (const check of checks) {
    sheet.ensure(1);
    // A checks-paid table prints the number only; the reader names the row after it.
    PRINTED_DESCRIPTIONS.set(check.source, check.description);
    sheet.line([
      { text: /\d+/.exec(check.description)?.[0] ?? '', x: x.number },
      { text: dateFormat(check.date), x: x.date },
      { text: `$${money(check.amountCents)}`, x: x.amount, align: 'right' },
    ]);
  }
  const total = checks.reduce((sum, entry) => sum + entry.amountCents, 0);
  sheet.line([
    { text: 'Total Checks Paid', x: x.date, bold: true },
    { text: `$${money(total)}`, x: x.amount, align: 'right', bold: true },
  ]);
}

/** End-of-day balances as a list or as a grid of date/balance pairs: not transactions. */
function printDailyBalances(
  sheet: Sheet,
  period: CorpusPeriod,
  mode: Variation['dailyBalances'],
  dateFormat: (iso: string) => string,
  title: string,
) {
  if (mode === 'none') return;
  const days: Array<[string, number]> = [];
  for (const entry of period.entries) {
    const last = days.at(-1);
    if (last && last[0] === entry.date) last[1] = entry.balanceAfterCents;
    else days.push([entry.date, entry.balanceAfterCents]);
  }
  sheet.ensure(4);
  sheet.y += 6;
  sheet.line([{ text: title, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  const perRow = mode === 'grid' ? 3 : 1;
  const step = (sheet.width - 72) / perRow;
  sheet.line(
    Array.from({ length: perRow }, (_, column) => [
      { text: 'Date', x: 40 + column * step, bold: true },
      { text: 'Balance', x: 40 + column * step + step * 0.6, align: 'right' as const, bold: true },
    ]).flat(),
  );
  for (let index = 0; index < days.length; index += perRow) {
    sheet.ensure(1);
    sheet.line(
      days.slice(index, index + perRow).flatMap(([date, balance], column) => [
        { text: dateFormat(date), x: 40 + column * step },
        { text: amountText(balance, 'minus'), x: 40 + column * step + step * 0.6, align: 'right' as const },
      ]),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------------------------

type StatementContext = {
  sheet: Sheet;
  ledger: CorpusLedger;
  period: CorpusPeriod;
  variation: Variation;
  rand: () => number;
  dateFormat: (iso: string) => string;
  entries: PrintedEntry[];
};

function letterhead(context: StatementContext, title: string, right: string[]) {
  const { sheet, ledger, period, variation } = context;
  sheet.newPage();
  sheet.y = 40;
  sheet.line([{ text: ledger.bankName, x: 36, bold: true, size: sheet.mono ? sheet.size : 14 }], 20);
  sheet.line([{ text: title, x: 36 }], 14);
  const top = sheet.y;
  sheet.line([{ text: ledger.businessName.toUpperCase(), x: 36 }], 11);
  sheet.line([{ text: '1420 ORCHARD WAY STE 5', x: 36 }], 11);
  sheet.line([{ text: 'SPRINGFIELD IL 62704-1100', x: 36 }], 11);
  const afterAddress = sheet.y;
  sheet.y = top;
  const lines = [...PERIOD_FORMAT(variation)(period.start, period.end), ...right];
  for (const text of lines) sheet.line([{ text, x: sheet.width - 36, align: 'right' }], 11);
  sheet.y = Math.max(afterAddress, sheet.y) + 12;
}

function PERIOD_FORMAT(variation: Variation) {
  return PERIOD_FORMATS[variation.periodFormat % PERIOD_FORMATS.length] ?? PERIOD_FORMATS[0] ?? (() => []);
}

/** Page top repeated on every later page: bank, account and period, as most statements do. */
function repeatedTop(context: StatementContext) {
  const { sheet, ledger, period } = context;
  return () => {
    sheet.y = 36;
    sheet.line([
      { text: ledger.bankName, x: 36, bold: true },
      { text: `Account ending ${ledger.accountLast4}`, x: 260 },
      { text: `${mdy(period.start)} - ${mdy(period.end)}`, x: sheet.width - 36, align: 'right' },
    ]);
    sheet.y += 8;
  };
}

function totals(period: CorpusPeriod) {
  const credits = period.entries.filter((e) => e.direction === 'credit');
  const debits = period.entries.filter((e) => e.direction === 'debit');
  const sum = (list: LedgerEntry[]) => list.reduce((total, entry) => total + entry.amountCents, 0);
  return { credits, debits, creditCents: sum(credits), debitCents: sum(debits) };
}

function summaryBox(context: StatementContext, labels: [string, string, string, string], withCounts = false) {
  const { sheet, period } = context;
  const t = totals(period);
  sheet.line([{ text: 'ACCOUNT SUMMARY', x: 36, bold: true }]);
  const rows: Array<[string, string, string]> = [
    [labels[0], '', amountText(period.openingBalanceCents, 'dollar-minus')],
    [labels[1], withCounts ? String(t.credits.length) : '', `$${money(t.creditCents)}`],
    [labels[2], withCounts ? String(t.debits.length) : '', `-$${money(t.debitCents)}`],
    [labels[3], '', amountText(period.closingBalanceCents, 'dollar-minus')],
  ];
  for (const [label, count, value] of rows) {
    sheet.line([
      { text: label, x: 36 },
      ...(count ? [{ text: count, x: 250, align: 'right' as const }] : []),
      { text: value, x: 360, align: 'right' },
    ]);
  }
  sheet.y += 8;
}

function columnLayout(
  context: StatementContext,
  requested: ColumnKind[],
  headingsFor: Partial<Record<ColumnKind, [string, string?]>>,
): TableColumn[] {
  const { sheet } = context;
  let kinds = requested;
  const widths: Record<ColumnKind, number> = {
    date: sheet.mono ? 60 : 56,
    date2: 56,
    ref: 60,
    type: 44,
    desc: 0,
    amount: 84,
    debit: 76,
    credit: 76,
    balance: 84,
  };
  // Date columns fit the longest date the statement prints ("September 30, 2026").
  const widestDate = Math.ceil(sheet.widthOf(context.dateFormat('2026-09-30')) + 12);
  widths.date = Math.max(widths.date, widestDate);
  widths.date2 = Math.max(widths.date2, widestDate);
  // A column is at least as wide as its heading, as on a real statement (headings never overprint each other).
  for (const kind of kinds) {
    if (kind === 'desc') continue;
    const heading = headingsFor[kind] ?? [kind];
    const oneLine = sheet.widthOf(heading.filter(Boolean).join(' '), true);
    const twoLine = Math.max(
      ...heading.filter((part): part is string => Boolean(part)).map((part) => sheet.widthOf(part, true)),
    );
    widths[kind] = Math.max(
      widths[kind],
      Math.ceil((context.variation.headings === 'two-line' ? twoLine : oneLine) + 12),
    );
  }
  // What does not fit the page is left out, as a bank's layout would (the second date, then the reference).
  for (const optional of ['date2', 'ref'] as const) {
    const total = kinds.reduce((sum, kind) => sum + (kind === 'desc' ? 0 : widths[kind]), 0);
    if (total + 140 > sheet.width - 72 && kinds.includes(optional)) kinds = kinds.filter((kind) => kind !== optional);
  }
  const fixed = kinds.reduce((sum, kind) => sum + (kind === 'desc' ? 0 : widths[kind]), 0);
  widths.desc = Math.max(110, sheet.width - 72 - fixed);
  const columns: TableColumn[] = [];
  let x = 36;
  for (const kind of kinds) {
    const numeric = kind === 'amount' || kind === 'debit' || kind === 'credit' || kind === 'balance';
    columns.push({
      kind,
      x: numeric ? x + widths[kind] - 4 : x,
      align: numeric ? 'right' : 'left',
      heading: headingsFor[kind] ?? [kind],
      width: widths[kind],
    });
    x += widths[kind];
  }
  return columns;
}

function descWidth(columns: TableColumn[]): number {
  return (columns.find((column) => column.kind === 'desc')?.width ?? 200) - 12;
}

const HEADINGS: Record<string, Partial<Record<ColumnKind, [string, string?]>>> = {
  plain: {
    date: ['Date'],
    date2: ['Effective', 'Date'],
    ref: ['Reference', 'No.'],
    type: ['Type'],
    desc: ['Description'],
    amount: ['Amount'],
    debit: ['Withdrawals/', 'Debits'],
    credit: ['Deposits/', 'Credits'],
    balance: ['Balance'],
  },
  posting: {
    date: ['Posting', 'Date'],
    date2: ['Value', 'Date'],
    ref: ['Bank', 'Reference'],
    type: ['Type'],
    desc: ['Transaction', 'Details'],
    amount: ['Amount', '(USD)'],
    debit: ['Debit', 'Amount'],
    credit: ['Credit', 'Amount'],
    balance: ['Ledger', 'Balance'],
  },
  odd: {
    date: ['Txn', 'Dt'],
    date2: ['Eff', 'Dt'],
    ref: ['Serial'],
    type: ['Kind'],
    desc: ['Particulars'],
    amount: ['Net'],
    debit: ['Paid', 'out'],
    credit: ['Paid', 'in'],
    balance: ['Running', 'Total'],
  },
};

/** A single activity table: the shape most families share, configured per family. */
function activityTable(
  context: StatementContext,
  options: {
    money: 'one' | 'two';
    style?: AmountStyle;
    balanceStyle?: AmountStyle;
    balance?: TableSpec['balance'];
    newestFirst?: boolean;
    headings?: Variation['headings'];
    headingSet?: keyof typeof HEADINGS;
    balanceForward?: TableSpec['balanceForward'];
    balanceForwardLabel?: string;
    type?: boolean;
  },
) {
  const { variation } = context;
  const kinds: ColumnKind[] = ['date'];
  if (variation.secondDate) kinds.push('date2');
  const text: ColumnKind[] = ['desc'];
  if (variation.refColumn) text.splice(variation.swapColumns ? 0 : 1, 0, 'ref');
  if (options.type) text.push('type');
  kinds.push(...text);
  if (options.money === 'one') kinds.push('amount');
  else kinds.push(...(variation.swapColumns ? (['debit', 'credit'] as const) : (['credit', 'debit'] as const)));
  const balance = options.balance ?? 'every';
  if (balance !== 'none') kinds.push('balance');
  // Two unlabelled amount columns and no balance would leave even a person guessing: such tables keep headings.
  const headings =
    options.money === 'two' && balance === 'none' && (options.headings ?? variation.headings) === 'none'
      ? 'one-line'
      : (options.headings ?? variation.headings);
  const columns = columnLayout(context, kinds, HEADINGS[options.headingSet ?? 'plain'] ?? {});
  printTable(
    context.sheet,
    {
      columns,
      style: options.style ?? 'minus',
      balanceStyle: options.balanceStyle ?? 'minus',
      balance,
      newestFirst: options.newestFirst ?? false,
      headings,
      balanceForward: options.balanceForward ?? 'none',
      balanceForwardLabel: options.balanceForwardLabel ?? 'Beginning Balance',
    },
    context.entries,
    context.period,
    {
      dateFormat: context.dateFormat,
      rand: context.rand,
      // Banks wrap what does not fit their column; some wrap early, at a narrower width.
      wrapWidth: variation.wrapDescriptions ? Math.min(descWidth(columns), 170) : descWidth(columns),
    },
  );
}

function openingClosingLines(context: StatementContext, opening: string, closing: string) {
  const { sheet, period } = context;
  sheet.line([
    { text: opening, x: 36 },
    { text: amountText(period.openingBalanceCents, 'dollar-minus'), x: 300, align: 'right' },
  ]);
  sheet.line([
    { text: closing, x: 36 },
    { text: amountText(period.closingBalanceCents, 'dollar-minus'), x: 300, align: 'right' },
  ]);
  sheet.y += 8;
}

const FAMILY_RENDERERS: Record<FamilyName, (context: StatementContext) => void> = {
  // Sections per kind of activity, a checking summary with counts, checks paid by number, daily ending balances.
  'national-sections': (context) => {
    const { sheet, period, variation } = context;
    letterhead(context, 'Business Complete Checking', [`Primary Account: 000000${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    summaryBox(
      context,
      ['Beginning Balance', 'Deposits and Additions', 'Electronic Withdrawals', 'Ending Balance'],
      true,
    );
    const t = totals(period);
    const checks = context.entries.filter((e) => e.direction === 'debit' && /^CHECK \d+$/.test(e.description));
    const x = { date: 40, desc: 100, amount: sheet.width - 40 };
    const negative = false;
    printSection(
      sheet,
      'DEPOSITS AND ADDITIONS',
      context.entries.filter((e) => e.direction === 'credit'),
      {
        dateFormat: context.dateFormat,
        negative,
        x,
        headings: variation.headings,
        totalLabel: 'Total Deposits and Additions',
      },
    );
    printChecks(sheet, checks, context.dateFormat, { number: 40, date: 120, amount: sheet.width - 40 });
    printSection(
      sheet,
      'ELECTRONIC WITHDRAWALS',
      context.entries.filter((e) => e.direction === 'debit' && !checks.includes(e)),
      {
        dateFormat: context.dateFormat,
        negative,
        x,
        headings: variation.headings,
        totalLabel: 'Total Electronic Withdrawals',
      },
    );
    void t;
    printDailyBalances(
      sheet,
      period,
      variation.dailyBalances === 'none' ? 'grid' : variation.dailyBalances,
      context.dateFormat,
      'DAILY ENDING BALANCE',
    );
  },
  // One table with a check number column, deposits left of withdrawals, balance only at the end of each day.
  'national-columns': (context) => {
    const { sheet, period } = context;
    letterhead(context, 'Initiate Business Checking Account', [`Account number: ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    const t = totals(period);
    sheet.line([{ text: 'Activity summary', x: 36, bold: true }]);
    for (const [label, value] of [
      [
        `Beginning balance on ${parts(period.start).m}/${parts(period.start).d}`,
        amountText(period.openingBalanceCents, 'dollar-minus'),
      ],
      ['Deposits/Credits', money(t.creditCents)],
      ['Withdrawals/Debits', `- ${money(t.debitCents)}`],
      [
        `Ending balance on ${parts(period.end).m}/${parts(period.end).d}`,
        amountText(period.closingBalanceCents, 'dollar-minus'),
      ],
    ] as const)
      sheet.line([
        { text: label, x: 36 },
        { text: value, x: 300, align: 'right' },
      ]);
    sheet.y += 8;
    sheet.line([{ text: 'Transaction history', x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 2);
    activityTable(context, { money: 'two', balance: 'end-of-day', headingSet: 'plain' });
    sheet.ensure(2);
    sheet.line([
      { text: `Ending balance on ${parts(period.end).m}/${parts(period.end).d}`, x: 150 },
      { text: amountText(period.closingBalanceCents, 'minus'), x: sheet.width - 40, align: 'right' },
    ]);
  },
  // Sections where subtractions print as negative numbers, plus a daily ledger balance list.
  'national-negative-sections': (context) => {
    const { sheet, period, variation } = context;
    letterhead(context, 'Your Business Advantage Fundamentals Banking', [`Account # ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    if (variation.summary)
      summaryBox(context, [
        `Beginning balance on ${longDate(period.start)}`,
        'Deposits and other additions',
        'Withdrawals and other subtractions',
        `Ending balance on ${longDate(period.end)}`,
      ]);
    else
      openingClosingLines(
        context,
        `Beginning balance on ${longDate(period.start)}`,
        `Ending balance on ${longDate(period.end)}`,
      );
    const x = { date: 40, desc: 110, amount: sheet.width - 40 };
    printSection(
      sheet,
      'Deposits and other additions',
      context.entries.filter((e) => e.direction === 'credit'),
      {
        dateFormat: context.dateFormat,
        negative: false,
        x,
        headings: variation.headings,
        totalLabel: 'Total deposits and other additions',
      },
    );
    printSection(
      sheet,
      'Withdrawals and other subtractions',
      context.entries.filter((e) => e.direction === 'debit'),
      {
        dateFormat: context.dateFormat,
        negative: true,
        x,
        headings: variation.headings,
        totalLabel: 'Total withdrawals and other subtractions',
      },
    );
    printDailyBalances(
      sheet,
      period,
      variation.dailyBalances === 'none' ? 'list' : variation.dailyBalances,
      context.dateFormat,
      'Daily ledger balances',
    );
  },
  // Debits then credits then balance, a two-line heading, "Balance Forward" at the top of each page.
  'regional-balance-forward': (context) => {
    const { sheet, period, variation } = context;
    letterhead(context, 'Commercial Checking', [`Account: ****${context.ledger.accountLast4}`, 'Page 1']);
    sheet.onPageTop = repeatedTop(context);
    if (variation.summary) summaryBox(context, ['Previous Balance', 'Deposits', 'Withdrawals', 'New Balance']);
    activityTable(context, {
      money: 'two',
      headings: variation.headings === 'none' ? 'two-line' : variation.headings,
      balanceForward: 'every-page',
      balanceForwardLabel: 'BALANCE FORWARD',
    });
    printDailyBalances(sheet, period, variation.dailyBalances, context.dateFormat, 'DAILY BALANCE SUMMARY');
  },
  // A summary of accounts table first, then signed amounts with a transaction and an effective date.
  'credit-union': (context) => {
    const { sheet, period, variation } = context;
    letterhead(context, 'Member Statement', [`Member Number: ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    const t = totals(period);
    sheet.line([{ text: 'SUMMARY OF ACCOUNTS', x: 36, bold: true }]);
    sheet.line([
      { text: 'Account', x: 36, bold: true },
      { text: 'Beginning', x: 250, align: 'right', bold: true },
      { text: 'Deposits', x: 340, align: 'right', bold: true },
      { text: 'Withdrawals', x: 430, align: 'right', bold: true },
      { text: 'Ending', x: 520, align: 'right', bold: true },
    ]);
    sheet.line([
      { text: `BUSINESS CHECKING ${context.ledger.accountLast4}-S70`, x: 36 },
      { text: amountText(period.openingBalanceCents, 'minus'), x: 250, align: 'right' },
      { text: money(t.creditCents), x: 340, align: 'right' },
      { text: money(t.debitCents), x: 430, align: 'right' },
      { text: amountText(period.closingBalanceCents, 'minus'), x: 520, align: 'right' },
    ]);
    sheet.y += 10;
    sheet.line([{ text: `BUSINESS CHECKING ${context.ledger.accountLast4}-S70`, x: 36, bold: true }]);
    sheet.line([
      { text: 'Previous Balance', x: 110 },
      { text: amountText(period.openingBalanceCents, 'minus'), x: sheet.width - 40, align: 'right' },
    ]);
    activityTable(context, { money: 'one', style: 'minus', headingSet: 'odd' });
    sheet.ensure(1);
    sheet.line([
      { text: 'Ending Balance', x: 110 },
      { text: amountText(period.closingBalanceCents, 'minus'), x: sheet.width - 40, align: 'right' },
    ]);
    void variation;
  },
  'online-printout': () => undefined, // printed by renderPrintout (a date range, not monthly statements)
  // Treasury report: ISO dates, bank and customer references, a transaction code column, credit/debit amounts.
  treasury: (context) => {
    const { sheet, period } = context;
    letterhead(context, 'Treasury Management - Account Activity Report', [`Account: ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    sheet.line([
      { text: 'Opening Ledger', x: 36 },
      { text: amountText(period.openingBalanceCents, 'minus'), x: 220, align: 'right' },
      { text: 'Opening Available', x: 260 },
      { text: amountText(period.openingBalanceCents, 'minus'), x: 440, align: 'right' },
    ]);
    sheet.line([
      { text: 'Closing Ledger', x: 36 },
      { text: amountText(period.closingBalanceCents, 'minus'), x: 220, align: 'right' },
      { text: 'Closing Available', x: 260 },
      { text: amountText(period.closingBalanceCents, 'minus'), x: 440, align: 'right' },
    ]);
    sheet.y += 8;
    context.variation = { ...context.variation, refColumn: true };
    activityTable(context, {
      money: 'two',
      headingSet: 'posting',
      balance: context.variation.summary ? 'every' : 'none',
      type: false,
    });
  },
  // A mainframe print: monospace, one padded string per line, trailing minus, BALANCE FORWARD on every page.
  mainframe: (context) => {
    const { sheet, period } = context;
    letterhead(context, 'DEMAND DEPOSIT ACCOUNT STATEMENT', [`ACCT NO ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'PREVIOUS STATEMENT BALANCE', 'CURRENT STATEMENT BALANCE');
    activityTable(context, {
      money: context.variation.swapColumns ? 'two' : 'one',
      style: 'trailing-minus',
      balanceStyle: 'trailing-minus',
      headings: 'one-line',
      balanceForward: 'every-page',
      balanceForwardLabel: 'BALANCE FORWARD',
    });
    void period;
  },
  landscape: (context) => {
    const { sheet, period } = context;
    letterhead(context, 'Corporate Account Statement', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Opening balance', 'Closing balance');
    context.variation = { ...context.variation, secondDate: true };
    activityTable(context, { money: 'two', headingSet: 'posting' });
    printDailyBalances(sheet, period, context.variation.dailyBalances, context.dateFormat, 'Daily closing balances');
  },
  'multi-statement': (context) => {
    const { sheet, period } = context;
    letterhead(context, 'Business Checking Statement', [`Account Number: ****${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    if (context.variation.summary)
      summaryBox(context, ['Beginning Balance', 'Total Credits', 'Total Debits', 'Ending Balance']);
    else openingClosingLines(context, 'Beginning Balance', 'Ending Balance');
    activityTable(context, { money: 'one', style: 'minus' });
    printDailyBalances(sheet, period, context.variation.dailyBalances, context.dateFormat, 'Daily Balances');
  },
  'newest-first': (context) => {
    const { sheet } = context;
    letterhead(context, 'Account Statement', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Opening balance', 'Closing balance');
    activityTable(context, { money: context.variation.swapColumns ? 'two' : 'one', style: 'minus', newestFirst: true });
  },
  'no-running-balance': (context) => {
    const { sheet, period } = context;
    letterhead(context, 'Small Business Checking', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    summaryBox(context, ['Opening balance', 'Total deposits', 'Total withdrawals', 'Closing balance']);
    activityTable(context, {
      money: context.variation.swapColumns ? 'two' : 'one',
      style: 'dollar-minus',
      balance: 'none',
    });
    printDailyBalances(sheet, period, context.variation.dailyBalances, context.dateFormat, 'Daily Balance Summary');
  },
  'cr-dr': (context) => {
    const { sheet } = context;
    letterhead(context, 'Statement of Account', [`A/C ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Balance brought forward', 'Closing balance');
    activityTable(context, {
      money: 'one',
      style: 'cr-dr',
      balanceStyle: 'cr-dr',
      balance: context.variation.summary ? 'every' : 'none',
    });
  },
  'cr-only': (context) => {
    const { sheet } = context;
    letterhead(context, 'Checking Account Statement', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Last statement balance', 'This statement balance');
    activityTable(context, { money: 'one', style: 'cr-only' });
  },
  'trailing-minus': (context) => {
    const { sheet } = context;
    letterhead(context, 'Business Account Statement', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Beginning balance', 'Ending balance');
    activityTable(context, {
      money: 'one',
      style: 'trailing-minus',
      balanceStyle: 'trailing-minus',
      balance: context.variation.summary ? 'every' : 'none',
    });
  },
  parentheses: (context) => {
    const { sheet, period } = context;
    letterhead(context, 'Analysis Business Checking', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    summaryBox(context, ['Starting balance', 'Credits', 'Debits', 'Ending balance']);
    activityTable(context, { money: 'one', style: 'parentheses', balanceStyle: 'parentheses' });
    printDailyBalances(sheet, period, context.variation.dailyBalances, context.dateFormat, 'Daily Balances');
  },
  'plus-minus': (context) => {
    const { sheet } = context;
    letterhead(context, 'eStatement', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Opening balance', 'Closing balance');
    activityTable(context, {
      money: 'one',
      style: 'plus-minus',
      balance: context.variation.summary ? 'every' : 'none',
    });
  },
  // No column headings at all: two unlabelled amount columns and a running balance.
  headingless: (context) => {
    const { sheet } = context;
    letterhead(context, 'Statement', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Opening balance', 'Closing balance');
    activityTable(context, { money: 'two', headings: 'none' });
  },
  // Unusual words everywhere: "Money in" / "Money out" sections, "Paid in" / "Paid out" columns.
  'money-in-out': (context) => {
    const { sheet, period, variation } = context;
    letterhead(context, 'Business Current Account', [`Account ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    openingClosingLines(context, 'Balance at start of period', 'Balance at end of period');
    if (variation.swapColumns) {
      activityTable(context, { money: 'two', headingSet: 'odd' });
      return;
    }
    const x = { date: 40, desc: 110, amount: sheet.width - 40 };
    printSection(
      sheet,
      'Money in',
      context.entries.filter((e) => e.direction === 'credit'),
      {
        dateFormat: context.dateFormat,
        negative: false,
        x,
        headings: variation.headings,
        totalLabel: 'Total money in',
      },
    );
    printSection(
      sheet,
      'Money out',
      context.entries.filter((e) => e.direction === 'debit'),
      {
        dateFormat: context.dateFormat,
        negative: false,
        x,
        headings: variation.headings,
        totalLabel: 'Total money out',
      },
    );
    void period;
  },
};

/** Which date formats a family prints (a monospace mainframe never prints "August 3"). */
const FAMILY_DATE_FORMATS: Partial<Record<FamilyName, number[]>> = {
  'national-sections': [0, 1],
  'national-columns': [1, 0],
  'national-negative-sections': [2, 0],
  mainframe: [10, 0, 2],
  treasury: [4],
  landscape: [7, 11, 4],
  'online-printout': [8, 3],
  'money-in-out': [6, 5, 7],
};

function familyFont(family: FamilyName): 'Helvetica' | 'Times-Roman' {
  return family === 'credit-union' || family === 'cr-dr' || family === 'parentheses' ? 'Times-Roman' : 'Helvetica';
}

function pickDateFormat(family: FamilyName, variation: Variation): (iso: string) => string {
  const allowed = FAMILY_DATE_FORMATS[family] ?? DATE_FORMATS.map((_, index) => index);
  const index = allowed[variation.dateFormat % allowed.length] ?? 0;
  return DATE_FORMATS[index] ?? ((iso: string) => iso);
}

/** The description each ledger entry was printed with (the bank's ids and trace numbers included). */
const PRINTED_DESCRIPTIONS = new WeakMap<LedgerEntry, string>();

export function printedDescriptionOf(entry: LedgerEntry): string {
  return PRINTED_DESCRIPTIONS.get(entry) ?? entry.description;
}

function printed(entries: LedgerEntry[], rand: () => number, decorateOn: boolean): PrintedEntry[] {
  return entries.map((entry) => {
    const text = decorate(entry, rand, decorateOn);
    PRINTED_DESCRIPTIONS.set(entry, text);
    return { ...entry, printed: text, source: entry };
  });
}

async function renderStatements(
  family: FamilyName,
  ledger: CorpusLedger,
  periods: CorpusPeriod[],
  variation: Variation,
) {
  const sheet = new Sheet({
    landscape: family === 'landscape',
    mono: family === 'mainframe',
    font: familyFont(family),
    size: family === 'mainframe' ? 7 : variation.fontSize,
  });
  const rand = mulberry32(variation.seed);
  const dateFormat = pickDateFormat(family, variation);
  for (const period of periods) {
    sheet.pagesInStatement = 0;
    const before = sheet.doc.bufferedPageRange().count;
    FAMILY_RENDERERS[family]({
      sheet,
      ledger,
      period,
      variation,
      rand,
      dateFormat,
      entries: printed(period.entries, rand, variation.decorate),
    });
    const after = sheet.doc.bufferedPageRange().count;
    for (let page = 1; page <= after - before; page += 1) sheet.statementPageOf.push(page);
    if (family === 'national-sections' && variation.summary) checkImagePage(sheet, period);
  }
  return sheet.finish((_page, _of, statementPage) => {
    return [`Member FDIC  ${ledger.bankName}  Questions? Call 1-800-555-0100`, `Page ${statementPage}`];
  });
}

/** Images of the checks paid: boxes with captions, never transactions (the checks are in the table already). */
function checkImagePage(sheet: Sheet, period: CorpusPeriod) {
  const checks = period.entries.filter((e) => e.direction === 'debit' && /^CHECK \d+$/.test(e.description));
  if (checks.length === 0) return;
  sheet.newPage();
  sheet.statementPageOf.push(sheet.pagesInStatement);
  sheet.y = 40;
  sheet.line([{ text: 'Check Images', x: 36, bold: true, size: 12 }], 24);
  checks.forEach((check, index) => {
    const column = index % 2;
    const x = 40 + column * 280;
    if (column === 0 && index > 0) sheet.y += 110;
    if (sheet.y > sheet.bottom - 120) return;
    sheet.doc.rect(x, sheet.y, 250, 90).stroke();
    sheet.doc.font(sheet.font).fontSize(7);
    sheet.doc.text(
      `Check #${/\d+/.exec(check.description)?.[0] ?? ''}   Paid ${mdy(check.date)}   Amount $${money(check.amountCents)}`,
      x,
      sheet.y + 94,
      { lineBreak: false },
    );
  });
}

/** An online-banking printout of a date range: newest first, signed dollar amounts, a type column, URL header. */
async function renderPrintout(ledger: CorpusLedger, variation: Variation): Promise<Buffer> {
  const sheet = new Sheet({ size: variation.fontSize });
  const rand = mulberry32(variation.seed);
  const first = ledger.periods[0];
  const last = ledger.periods.at(-1);
  if (!first || !last) throw new Error('no periods');
  const whole: CorpusPeriod = {
    start: first.start,
    end: last.end,
    openingBalanceCents: first.openingBalanceCents,
    closingBalanceCents: last.closingBalanceCents,
    entries: ledger.periods.flatMap((period) => period.entries),
  };
  const dateFormat = pickDateFormat('online-printout', variation);
  const top = () => {
    sheet.y = 24;
    sheet.line([
      { text: '11/26/26, 9:14 AM', x: 24 },
      { text: 'Account Activity | Online Banking', x: 250 },
    ]);
    sheet.y = 50;
  };
  sheet.newPage();
  top();
  sheet.line([{ text: ledger.bankName, x: 36, bold: true, size: 13 }], 20);
  sheet.line([{ text: `Business Checking ...${ledger.accountLast4}`, x: 36 }]);
  sheet.line([{ text: `Date range: ${dateFormat(whole.start)} - ${dateFormat(whole.end)}`, x: 36 }]);
  sheet.line([{ text: `Available balance ${amountText(whole.closingBalanceCents, 'dollar-minus')}`, x: 36 }]);
  sheet.y += 8;
  sheet.onPageTop = top;
  const context: StatementContext = {
    sheet,
    ledger,
    period: whole,
    variation,
    rand,
    dateFormat,
    entries: printed(whole.entries, rand, variation.decorate),
  };
  activityTable(context, {
    money: 'one',
    style: 'dollar-minus',
    balanceStyle: 'dollar-minus',
    newestFirst: true,
    type: true,
  });
  return sheet.finish((page, of) => [
    `https://online.${ledger.bankName.toLowerCase().replace(/[^a-z]+/g, '')}.example/accounts/activity`,
    `${page}/${of}`,
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------------------------

const SINGLE_FILE: ReadonlySet<FamilyName> = new Set(['multi-statement']);

export async function buildCorpusCase(options: CaseOptions): Promise<CorpusCase> {
  const ledger = buildCorpusLedger({
    seed: options.seed,
    firstMonth: options.firstMonth,
    cycles: options.cycles,
    cycleDay: options.cycleDay,
    revenuePerMonthCents: options.revenuePerMonthCents,
    depositsPerMonth: options.depositsPerMonth,
    debitsPerMonth: options.debitsPerMonth,
    openingBalanceCents: options.openingBalanceCents,
    noise: options.noise,
    // A printout is one continuous date range: it cannot leave a month out.
    dropCycle: options.family === 'online-printout' ? null : options.dropCycle,
  });
  let pdfs: Buffer[];
  if (options.family === 'online-printout') pdfs = [await renderPrintout(ledger, options.variation)];
  else if (SINGLE_FILE.has(options.family))
    pdfs = [await renderStatements(options.family, ledger, ledger.periods, options.variation)];
  else
    pdfs = await Promise.all(
      ledger.periods.map((period) => renderStatements(options.family, ledger, [period], options.variation)),
    );
  return { family: options.family, ledger, variation: options.variation, pdfs };
}

/** A deterministic case per family and seed: every knob drawn from the seed. */
export function caseOptionsFor(family: FamilyName, seed: number): CaseOptions {
  const rand = mulberry32(seed * 7919 + FAMILIES.indexOf(family));
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const bool = (p = 0.5) => rand() < p;
  const cycles = family === 'online-printout' ? int(1, 3) : int(1, 4);
  const firstMonths = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-05', '2026-08'];
  const onePage = family === 'online-printout' && cycles === 3;
  return {
    family,
    seed,
    firstMonth: firstMonths[int(0, firstMonths.length - 1)] ?? '2026-01',
    cycles,
    cycleDay: bool(0.6) ? 1 : int(2, 28),
    dropCycle: family !== 'online-printout' && cycles >= 3 && bool(0.25) ? 1 : null,
    depositsPerMonth: onePage ? int(5, 15) : int(4, 40),
    debitsPerMonth: int(2, 35),
    revenuePerMonthCents: int(8_000_00, 400_000_00),
    openingBalanceCents: int(-2_000_00, 80_000_00),
    noise: {
      transfers: bool(),
      loanProceeds: bool(0.3),
      refunds: bool(),
      nsfFees: bool(0.3),
      dailyPosition: bool(0.4),
      weeklyPosition: bool(0.4),
      negativeDays: bool(0.2),
    },
    variation: {
      seed: int(1, 2 ** 30),
      dateFormat: int(0, 11),
      periodFormat: int(0, PERIOD_FORMATS.length - 1),
      swapColumns: bool(),
      refColumn: bool(0.4),
      secondDate: bool(0.3),
      headings: (['one-line', 'two-line', 'none'] as const)[int(0, 2)] ?? 'one-line',
      wrapDescriptions: bool(0.4),
      summary: bool(),
      dailyBalances: (['none', 'list', 'grid'] as const)[int(0, 2)] ?? 'none',
      fontSize: [7, 8, 9][int(0, 2)] ?? 8,
      decorate: bool(),
    },
  };
}
