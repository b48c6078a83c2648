// Renders a synthetic ledger as a real text PDF (pdfkit) in one of several bank layouts, so reader tests exercise
// the same path as an uploaded statement. Layouts differ the way real banks do: where the sign lives, whether
// debits and credits share a column, whether activity is grouped into sections, date formats, wrapped descriptions.
import PDFDocument from 'pdfkit';
import type { Ledger, LedgerEntry, LedgerPeriod } from './ledger';
import { daysIn, isoDay, signed, MONTH_NAMES } from './ledger';

export type StatementLayoutName = 'signed-amount' | 'debit-credit' | 'sections';
export type NegativeStyle = 'minus' | 'parentheses' | 'trailing-minus' | 'cr-dr';
export const LAYOUTS: readonly StatementLayoutName[] = ['signed-amount', 'debit-credit', 'sections'];
export const NEGATIVE_STYLES: readonly NegativeStyle[] = ['minus', 'parentheses', 'trailing-minus', 'cr-dr'];

export type RenderOptions = {
  layout: StatementLayoutName;
  negativeStyle?: NegativeStyle;
  /** Added to the printed closing balance of the first statement: a statement that does not add up. */
  closingBalanceErrorCents?: number;
  /** Leave the first N transactions of the first period out of the table (the reader then cannot reconcile). */
  dropFirstTransactions?: number;
  userPassword?: string;
};

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 24;
const TABLE_BOTTOM = PAGE_HEIGHT - 60;
const ROW_HEIGHT = 11;
const FONT_SIZE = 8;
const MONTHS_SHORT = MONTH_NAMES.map((month) => month.slice(0, 3));

type Doc = PDFKit.PDFDocument;

export async function renderStatementPdf(ledger: Ledger, options: RenderOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: MARGIN,
    bufferPages: true,
    compress: true,
    info: { Title: `${ledger.bankName} statement`, CreationDate: new Date(Date.UTC(2026, 0, 1)) },
    ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7' as const } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const periods = ledger.periods.map((period, index) => adjustPeriod(period, index, options));
  const style = options.negativeStyle ?? 'minus';
  if (options.layout === 'signed-amount') renderSignedAmount(doc, ledger, periods, style);
  else if (options.layout === 'debit-credit') renderDebitCredit(doc, ledger, periods);
  else renderSections(doc, ledger, periods);

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    doc.font('Helvetica').fontSize(7);
    text(doc, `Page ${index + 1} of ${range.count}`, PAGE_WIDTH - MARGIN - 100, PAGE_HEIGHT - 40, 100, 'right');
    text(doc, 'Member FDIC. Equal Housing Lender.', MARGIN, PAGE_HEIGHT - 40, 200);
  }
  doc.end();
  return done;
}

type ShownPeriod = LedgerPeriod & { printedClosingCents: number };

function adjustPeriod(period: LedgerPeriod, index: number, options: RenderOptions): ShownPeriod {
  const entries =
    index === 0 && options.dropFirstTransactions ? period.entries.slice(options.dropFirstTransactions) : period.entries;
  const error = index === 0 ? (options.closingBalanceErrorCents ?? 0) : 0;
  return { ...period, entries, printedClosingCents: period.closingBalanceCents + error };
}

function text(doc: Doc, value: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') {
  // pdfkit wraps at `width` even with lineBreak off; left-aligned cells get no width so long text never wraps.
  if (align === 'left') doc.text(value, x, y, { lineBreak: false });
  else doc.text(value, x, y, { width, align, lineBreak: false });
}

function money(cents: number): string {
  const abs = Math.abs(cents);
  return `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(abs % 100).padStart(2, '0')}`;
}

function styled(cents: number, style: NegativeStyle, isCreditDebit = false): string {
  const body = money(cents);
  if (style === 'cr-dr') return isCreditDebit ? `${body} ${cents < 0 ? 'DR' : 'CR'}` : cents < 0 ? `${body} DR` : body;
  if (cents >= 0) return body;
  if (style === 'parentheses') return `(${body})`;
  if (style === 'trailing-minus') return `${body}-`;
  return `-${body}`;
}

function mmdd(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}`;
}

function mdy(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

function longDate(iso: string): string {
  return `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1] ?? ''} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
}

function shortDate(iso: string): string {
  return `${MONTHS_SHORT[Number(iso.slice(5, 7)) - 1] ?? ''} ${iso.slice(8, 10)}`;
}

/** Keeps a y cursor and starts a new page (with the caller's repeated header) when the table runs out of room. */
class Cursor {
  y: number;
  constructor(
    private readonly doc: Doc,
    start: number,
    private readonly onNewPage: () => void,
  ) {
    this.y = start;
  }
  ensure(height: number) {
    if (this.y + height <= TABLE_BOTTOM) return;
    this.doc.addPage();
    this.y = 48;
    this.onNewPage();
  }
}

function letterhead(doc: Doc, ledger: Ledger, title: string, lines: string[]): number {
  doc.font('Helvetica-Bold').fontSize(14);
  text(doc, ledger.bankName, MARGIN, 36, 360);
  doc.font('Helvetica').fontSize(9);
  text(doc, title, MARGIN, 56, 360);
  text(doc, ledger.businessName, MARGIN, 80, 300);
  text(doc, '1420 Orchard Way Suite 5', MARGIN, 92, 300);
  text(doc, 'Springfield, IL 62704', MARGIN, 104, 300);
  let y = 80;
  for (const line of lines) {
    text(doc, line, 330, y, PAGE_WIDTH - MARGIN - 330, 'right');
    y += 12;
  }
  return 132;
}

// Layout 1: one signed Amount column plus a running Balance, a month per statement, dates as MM/DD.
function renderSignedAmount(doc: Doc, ledger: Ledger, periods: ShownPeriod[], style: NegativeStyle) {
  const columns = { date: 36, description: 80, amountRight: 470, balanceRight: PAGE_WIDTH - MARGIN };
  const header = (cursor: Cursor) => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    text(doc, 'Date', columns.date, cursor.y, 40);
    text(doc, 'Description', columns.description, cursor.y, 200);
    text(doc, 'Amount', columns.amountRight - 80, cursor.y, 80, 'right');
    text(doc, 'Balance', columns.balanceRight - 90, cursor.y, 90, 'right');
    doc.font('Helvetica').fontSize(FONT_SIZE);
    cursor.y += ROW_HEIGHT + 2;
  };
  periods.forEach((period, index) => {
    if (index > 0) doc.addPage();
    let y = letterhead(doc, ledger, 'Business Checking Statement', [
      `Account Number: ****${ledger.accountLast4}`,
      `Statement Period: ${mdy(period.start)} through ${mdy(period.end)}`,
    ]);
    const credits = period.entries.filter((e) => e.direction === 'credit').reduce((s, e) => s + e.amountCents, 0);
    const debits = period.entries.filter((e) => e.direction === 'debit').reduce((s, e) => s + e.amountCents, 0);
    doc.font('Helvetica').fontSize(9);
    for (const [label, value] of [
      ['Beginning Balance', styled(period.openingBalanceCents, style)],
      ['Total Credits', money(credits)],
      ['Total Debits', styled(-debits, style === 'cr-dr' ? 'minus' : style)],
      ['Ending Balance', styled(period.printedClosingCents, style)],
    ] as const) {
      text(doc, label, MARGIN, y, 150);
      text(doc, value, 180, y, 100, 'right');
      y += 12;
    }
    const cursor = new Cursor(doc, y + 14, () => header(cursor));
    header(cursor);
    text(doc, mmdd(period.start), columns.date, cursor.y, 40);
    text(doc, 'Beginning Balance', columns.description, cursor.y, 250);
    text(doc, styled(period.openingBalanceCents, style), columns.balanceRight - 90, cursor.y, 90, 'right');
    cursor.y += ROW_HEIGHT;
    for (const entry of period.entries) {
      cursor.ensure(ROW_HEIGHT);
      text(doc, mmdd(entry.date), columns.date, cursor.y, 40);
      text(doc, entry.description, columns.description, cursor.y, 300);
      text(doc, styled(signed(entry), style, true), columns.amountRight - 80, cursor.y, 80, 'right');
      text(doc, styled(entry.balanceAfterCents, style), columns.balanceRight - 90, cursor.y, 90, 'right');
      cursor.y += ROW_HEIGHT;
    }
    cursor.ensure(ROW_HEIGHT);
    text(doc, mmdd(period.end), columns.date, cursor.y, 40);
    text(doc, 'Ending Balance', columns.description, cursor.y, 250);
    text(doc, styled(period.printedClosingCents, style), columns.balanceRight - 90, cursor.y, 90, 'right');
  });
}

// Layout 2: separate Withdrawals and Deposits columns, one long period per run of consecutive months, dates as
// "Jan 05", long descriptions wrapped onto a second line.
function renderDebitCredit(doc: Doc, ledger: Ledger, periods: ShownPeriod[]) {
  const runs: ShownPeriod[][] = [];
  for (const period of periods) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (
      run &&
      previous &&
      period.openingBalanceCents === previous.printedClosingCents &&
      isNextDay(previous.end, period.start)
    ) {
      run.push(period);
    } else {
      runs.push([period]);
    }
  }
  const columns = { date: 30, description: 78, debitRight: 420, creditRight: 500, balanceRight: PAGE_WIDTH - MARGIN };
  const descriptionWidth = columns.debitRight - 80 - columns.description - 6;
  const header = (cursor: Cursor) => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    text(doc, 'Date', columns.date, cursor.y, 40);
    text(doc, 'Transaction Details', columns.description, cursor.y, 200);
    text(doc, 'Withdrawals', columns.debitRight - 70, cursor.y, 70, 'right');
    text(doc, 'Deposits', columns.creditRight - 70, cursor.y, 70, 'right');
    text(doc, 'Balance', columns.balanceRight - 70, cursor.y, 70, 'right');
    doc.font('Helvetica').fontSize(FONT_SIZE);
    cursor.y += ROW_HEIGHT + 2;
  };
  runs.forEach((run, index) => {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last) return;
    if (index > 0) doc.addPage();
    const y = letterhead(doc, ledger, 'Statement of Account', [
      `Account: XXXXXXXX${ledger.accountLast4}`,
      `Period: ${longDate(first.start)} - ${longDate(last.end)}`,
      `Opening Balance: ${first.openingBalanceCents < 0 ? '-' : ''}$${money(first.openingBalanceCents)}`,
      `Closing Balance: ${last.printedClosingCents < 0 ? '-' : ''}$${money(last.printedClosingCents)}`,
    ]);
    const cursor = new Cursor(doc, y + 14, () => header(cursor));
    header(cursor);
    for (const entry of run.flatMap((period) => period.entries)) {
      const lines = wrap(doc, entry.description, descriptionWidth);
      cursor.ensure(ROW_HEIGHT * lines.length);
      text(doc, shortDate(entry.date), columns.date, cursor.y, 44);
      lines.forEach((line, lineIndex) =>
        text(doc, line, columns.description, cursor.y + lineIndex * ROW_HEIGHT, descriptionWidth),
      );
      const right = entry.direction === 'debit' ? columns.debitRight : columns.creditRight;
      text(doc, money(entry.amountCents), right - 70, cursor.y, 70, 'right');
      text(doc, styled(entry.balanceAfterCents, 'minus'), columns.balanceRight - 70, cursor.y, 70, 'right');
      cursor.y += ROW_HEIGHT * lines.length;
    }
  });
}

function isNextDay(a: string, b: string): boolean {
  const next = new Date(`${a}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10) === b;
}

function wrap(doc: Doc, value: string, width: number): string[] {
  doc.font('Helvetica').fontSize(FONT_SIZE);
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (doc.widthOfString(candidate) <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

// Layout 3: activity grouped into "Deposits and Other Credits" and "Withdrawals and Other Debits" sections with
// unsigned amounts and no running balance, followed by a daily balance grid the reader must not take as activity.
function renderSections(doc: Doc, ledger: Ledger, periods: ShownPeriod[]) {
  const columns = { date: 36, description: 90, amountRight: PAGE_WIDTH - MARGIN - 40 };
  periods.forEach((period, index) => {
    if (index > 0) doc.addPage();
    let y = letterhead(doc, ledger, 'Commercial Account Statement', [
      `Account ending in ${ledger.accountLast4}`,
      `For the period ${mdy(period.start)} to ${mdy(period.end)}`,
    ]);
    const credits = period.entries.filter((e) => e.direction === 'credit');
    const debits = period.entries.filter((e) => e.direction === 'debit');
    const total = (entries: LedgerEntry[]) => entries.reduce((sum, entry) => sum + entry.amountCents, 0);
    doc.font('Helvetica-Bold').fontSize(9);
    text(doc, 'Account Summary', MARGIN, y, 200);
    y += 14;
    doc.font('Helvetica').fontSize(9);
    const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${money(cents)}`;
    for (const [label, value] of [
      [`Beginning balance on ${longDate(period.start)}`, dollars(period.openingBalanceCents)],
      ['Deposits and other credits', `$${money(total(credits))}`],
      ['Withdrawals and other debits', `-$${money(total(debits))}`],
      [`Ending balance on ${longDate(period.end)}`, dollars(period.printedClosingCents)],
    ] as const) {
      text(doc, label, MARGIN, y, 250);
      text(doc, value, 300, y, 100, 'right');
      y += 12;
    }
    const cursor = new Cursor(doc, y + 16, () => undefined);
    section(doc, cursor, 'Deposits and Other Credits', credits, columns);
    cursor.ensure(ROW_HEIGHT * 3);
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    text(doc, 'Total deposits and other credits', columns.description, cursor.y, 250);
    text(doc, `$${money(total(credits))}`, columns.amountRight - 90, cursor.y, 90, 'right');
    cursor.y += ROW_HEIGHT * 2;
    section(doc, cursor, 'Withdrawals and Other Debits', debits, columns);
    cursor.ensure(ROW_HEIGHT * 3);
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    text(doc, 'Total withdrawals and other debits', columns.description, cursor.y, 250);
    text(doc, `$${money(total(debits))}`, columns.amountRight - 90, cursor.y, 90, 'right');
    cursor.y += ROW_HEIGHT * 2;
    dailyBalances(doc, cursor, period);
  });
}

function section(
  doc: Doc,
  cursor: Cursor,
  title: string,
  entries: LedgerEntry[],
  columns: { date: number; description: number; amountRight: number },
) {
  const heading = (suffix: string) => {
    doc.font('Helvetica-Bold').fontSize(10);
    text(doc, `${title}${suffix}`, MARGIN, cursor.y, 300);
    cursor.y += 14;
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    text(doc, 'Date', columns.date, cursor.y, 40);
    text(doc, 'Description', columns.description, cursor.y, 200);
    text(doc, 'Amount', columns.amountRight - 90, cursor.y, 90, 'right');
    doc.font('Helvetica').fontSize(FONT_SIZE);
    cursor.y += ROW_HEIGHT + 2;
  };
  cursor.ensure(40);
  heading('');
  for (const entry of entries) {
    if (cursor.y + ROW_HEIGHT > TABLE_BOTTOM) {
      doc.addPage();
      cursor.y = 48;
      heading(' (continued)');
    }
    text(doc, mmdd(entry.date), columns.date, cursor.y, 40);
    text(doc, entry.description, columns.description, cursor.y, 340);
    text(doc, money(entry.amountCents), columns.amountRight - 90, cursor.y, 90, 'right');
    cursor.y += ROW_HEIGHT;
  }
}

function dailyBalances(doc: Doc, cursor: Cursor, period: ShownPeriod) {
  const [year, month] = period.start.split('-').map(Number) as [number, number];
  const rows: Array<[string, number]> = [];
  let balance = period.openingBalanceCents;
  for (let day = 1; day <= daysIn(year, month); day += 1) {
    const date = isoDay(year, month, day);
    const today = period.entries.filter((entry) => entry.date === date);
    if (today.length === 0) continue;
    balance = today.at(-1)?.balanceAfterCents ?? balance;
    rows.push([date, balance]);
  }
  cursor.ensure(40);
  doc.font('Helvetica-Bold').fontSize(10);
  text(doc, 'Daily Ending Balance', MARGIN, cursor.y, 300);
  cursor.y += 14;
  const perRow = 3;
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  for (let column = 0; column < perRow; column += 1) {
    text(doc, 'Date', 36 + column * 180, cursor.y, 40);
    text(doc, 'Balance', 80 + column * 180, cursor.y, 90, 'right');
  }
  cursor.y += ROW_HEIGHT + 2;
  doc.font('Helvetica').fontSize(FONT_SIZE);
  for (let index = 0; index < rows.length; index += perRow) {
    cursor.ensure(ROW_HEIGHT);
    rows.slice(index, index + perRow).forEach(([date, value], column) => {
      text(doc, mmdd(date), 36 + column * 180, cursor.y, 40);
      text(doc, styled(value, 'minus'), 80 + column * 180, cursor.y, 90, 'right');
    });
    cursor.y += ROW_HEIGHT;
  }
}
