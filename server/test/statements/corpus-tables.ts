// The tables a statement prints: the activity table, sections, checks paid and daily balances.
import type { CorpusPeriod } from './corpus-ledger';
import type { LedgerEntry } from './ledger';
import type { Variation } from './corpus-types';
import {
  PRINTED_DESCRIPTIONS,
  type Sheet,
  amountText,
  money,
  monthDay,
  wrapText,
  type Align,
  type AmountStyle,
  type PrintCell,
} from './corpus-print';

export type ColumnKind =
  'date' | 'date2' | 'ref' | 'type' | 'desc' | 'amount' | 'debit' | 'credit' | 'balance' | 'overdrawn';
export type TableColumn = { kind: ColumnKind; x: number; align: Align; heading: [string, string?]; width?: number };

export type TableSpec = {
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
  /** A "$" at the left edge of every amount column (accounting style). */
  dollarSigns?: boolean;
  /** The type column prints the entry's type as banks word it ("LOAN PMT", "CHECK"), wrapped in its column. */
  entryTypes?: boolean;
  /** A row at the foot of every page with the page's debits and credits ("Total for page"), or null. */
  pageTotals?: string | null;
  /** A long description runs on over the empty amount column beside it before it wraps. */
  spill?: boolean;
  /**
   * A web page printed from a browser: each row's cells centred on its wrapped description (on its middle line or
   * between two of its lines), rows a little apart.
   */
  centred?: boolean;
  /**
   * Amounts printed on the wrapped description's last line, and now and then the bank's reference under the words
   * on a line of its own that starts with the entry's date ("ZELLE FROM JANE Q OWNER" over "04/22 REF 88123").
   */
  amountsLast?: boolean;
};

export type PrintedEntry = LedgerEntry & { printed: string; source: LedgerEntry };

export function printHeadings(sheet: Sheet, columns: TableColumn[], headings: Variation['headings']) {
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

export function otherDate(entry: LedgerEntry, rand: () => number): string {
  // A value or effective date: usually the posting day, sometimes the business day before.
  if (rand() < 0.8) return entry.date;
  const date = new Date(`${entry.date}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function printTable(
  sheet: Sheet,
  spec: TableSpec,
  entries: PrintedEntry[],
  period: CorpusPeriod,
  context: { dateFormat: (iso: string) => string; rand: () => number; wrapWidth: number | null },
) {
  const rows = spec.newestFirst ? [...entries].reverse() : entries;
  const balanceAt = (index: number) => rows[index]?.balanceAfterCents ?? 0;
  let lastBalance = spec.newestFirst ? period.closingBalanceCents : period.openingBalanceCents;
  const columnOf = (kind: ColumnKind) => spec.columns.find((column) => column.kind === kind);
  const descColumn = columnOf('desc');
  const typeColumn = columnOf('type');
  // A balance as printed: in the balance column, or without its sign in the overdrawn column while negative.
  const balanceCells = (cents: number): PrintCell[] => {
    const column = cents < 0 ? (columnOf('overdrawn') ?? columnOf('balance')) : columnOf('balance');
    if (!column) return [];
    const text = column.kind === 'overdrawn' ? money(cents) : amountText(cents, spec.balanceStyle);
    return [{ text, x: column.x, align: column.align }];
  };
  const forwardRow = (label: string) => {
    const dateColumn = columnOf('date');
    if (!columnOf('balance') || !descColumn) return;
    sheet.line([
      ...(dateColumn && label !== 'BALANCE FORWARD'
        ? [{ text: context.dateFormat(period.start), x: dateColumn.x, align: dateColumn.align }]
        : []),
      { text: label, x: descColumn.x },
      ...balanceCells(lastBalance),
    ]);
  };
  // The page's debits and credits, printed at its foot when the statement prints page totals.
  let pageSums = { debit: 0, credit: 0 };
  const printPageTotals = () => {
    const [debit, credit] = [columnOf('debit'), columnOf('credit')];
    if (!spec.pageTotals || !descColumn || !debit || !credit) return;
    sheet.line([
      { text: spec.pageTotals, x: descColumn.x, bold: true },
      { text: money(pageSums.debit), x: debit.x, align: debit.align, bold: true },
      { text: money(pageSums.credit), x: credit.x, align: credit.align, bold: true },
    ]);
    pageSums = { debit: 0, credit: 0 };
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
    const signedCents = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
    const nextSameDay = rows[index + 1]?.date === entry.date;
    // Over an empty amount column beside it, a long description runs on before it wraps.
    const besideDesc = descColumn ? spec.columns[spec.columns.indexOf(descColumn) + 1] : undefined;
    const emptyBeside =
      (besideDesc?.kind === 'debit' && entry.direction === 'credit') ||
      (besideDesc?.kind === 'credit' && entry.direction === 'debit');
    const wrapWidth =
      context.wrapWidth && spec.spill && emptyBeside
        ? context.wrapWidth + (besideDesc?.width ?? 0) - 16
        : context.wrapWidth;
    const lines = wrapWidth && descColumn ? wrapText(sheet, entry.printed, wrapWidth) : [entry.printed];
    if (spec.amountsLast && !spec.centred && descColumn && context.rand() < 0.6) {
      const reference = `${entry.date.slice(5, 7)}/${entry.date.slice(8, 10)} REF ${10000 + Math.floor(context.rand() * 89999)}`;
      lines.push(reference);
      PRINTED_DESCRIPTIONS.set(entry.source, `${entry.printed} ${reference}`);
    }
    const typeLines =
      spec.entryTypes && typeColumn ? wrapText(sheet, entryTypeOf(entry), (typeColumn.width ?? 60) - 10) : [];
    const height = Math.max(lines.length, typeLines.length);
    if (!sheet.fits(height + (spec.pageTotals ? 1 : 0))) {
      printPageTotals();
      sheet.breakPage();
    }
    const cells: PrintCell[] = [];
    for (const column of spec.columns) {
      const at = { x: column.x, align: column.align };
      if (column.kind === 'date') cells.push({ text: context.dateFormat(entry.date), ...at });
      else if (column.kind === 'date2') cells.push({ text: context.dateFormat(otherDate(entry, context.rand)), ...at });
      else if (column.kind === 'ref') cells.push({ text: String(100000 + Math.floor(context.rand() * 899999)), ...at });
      else if (column.kind === 'type')
        cells.push({
          text: spec.entryTypes ? (typeLines[0] ?? '') : entry.direction === 'credit' ? 'Credit' : 'Debit',
          ...at,
        });
      else if (column.kind === 'desc') cells.push({ text: lines[0] ?? '', ...at });
      else if (column.kind === 'amount') cells.push({ text: amountText(signedCents, spec.style), ...at });
      else if (column.kind === 'debit' && entry.direction === 'debit')
        cells.push({ text: money(entry.amountCents), ...at });
      else if (column.kind === 'credit' && entry.direction === 'credit')
        cells.push({ text: money(entry.amountCents), ...at });
    }
    const showBalance = spec.balance === 'every' || (spec.balance === 'end-of-day' && !nextSameDay);
    if (showBalance) cells.push(...balanceCells(balanceAt(index)));
    if (spec.dollarSigns) cells.push(...dollarCells(spec.columns, cells));
    if (spec.centred && height > 1) {
      printCentred(sheet, cells, lines, descColumn?.x ?? 0);
      pageSums[entry.direction] += entry.amountCents;
      lastBalance = entry.balanceAfterCents;
      return;
    }
    // Amounts on the last line: the row's first line prints its date and words only.
    const moneyKinds = new Set<ColumnKind>(['amount', 'debit', 'credit', 'balance', 'overdrawn']);
    const isMoney = (cell: PrintCell) =>
      spec.columns.some((column) => column.x === cell.x && moneyKinds.has(column.kind)) || cell.text === '$';
    const last = spec.amountsLast && height > 1 ? cells.filter(isMoney) : [];
    sheet.line(last.length > 0 ? cells.filter((cell) => !isMoney(cell)) : cells);
    for (let line = 1; line < height; line += 1) {
      const more: PrintCell[] = [];
      const words = lines[line];
      const type = typeLines[line];
      if (words && descColumn) more.push({ text: words, x: descColumn.x });
      if (type && typeColumn) more.push({ text: type, x: typeColumn.x });
      if (line === height - 1) more.push(...last);
      sheet.line(more, sheet.size * 1.2);
    }
    pageSums[entry.direction] += entry.amountCents;
    lastBalance = entry.balanceAfterCents;
  });
  printPageTotals();
  sheet.onPageTop = pageTop;
}

/** A row's cells centred on its description's lines (`cells` holds the first of them at `descX`), then a gap. */
function printCentred(sheet: Sheet, cells: PrintCell[], lines: string[], descX: number) {
  const top = sheet.y;
  const pitch = sheet.size * 1.2;
  sheet.y = top + ((lines.length - 1) * pitch) / 2;
  sheet.line(
    cells.filter((cell) => cell.x !== descX || cell.text !== lines[0]),
    0,
  );
  lines.forEach((text, index) => {
    sheet.y = top + index * pitch;
    sheet.line([{ text, x: descX }], 0);
  });
  sheet.y = top + lines.length * pitch + sheet.size * 0.5;
}

/**
 * The entry's type as a type column prints it. Some banks word one funder's debit differently from day to day
 * ("LOAN PMT", "PREAUTH DEBIT"), so the column beside a description is never part of the payee's name.
 */
export function entryTypeOf(entry: LedgerEntry): string {
  const text = entry.description;
  if (entry.category === 'daily-position' || entry.category === 'weekly-position')
    return ['LOAN PMT', 'PREAUTH DEBIT', 'ACH DEBIT'][Number(entry.date.slice(8, 10)) % 3] ?? 'LOAN PMT';
  if (/^CHECK \d+$/.test(text)) return 'CHECK';
  if (/CARD PURCHASE/.test(text)) return 'POS PURCHASE';
  if (/^WIRE/.test(text)) return 'WIRE OUT';
  if (/TRANSFER/.test(text)) return 'TRANSFER';
  if (entry.category === 'nsf-fee') return 'SERVICE FEE';
  if (entry.category === 'loan-proceeds') return 'WIRE IN';
  if (entry.category === 'refund') return 'ADJUSTMENT';
  if (/DEPOSIT/.test(text)) return 'DEPOSIT';
  if (/ZELLE/.test(text)) return 'ZELLE';
  return entry.direction === 'credit' ? 'ACH CREDIT' : 'ACH DEBIT';
}

/** Accounting style: a "$" at the left edge of each amount column that has a figure on the row. */
function dollarCells(columns: TableColumn[], cells: PrintCell[]): PrintCell[] {
  const numeric = new Set<ColumnKind>(['amount', 'debit', 'credit', 'balance']);
  return columns
    .filter((column) => numeric.has(column.kind) && cells.some((cell) => cell.x === column.x && cell.text))
    .map((column) => ({ text: '$', x: column.x - (column.width ?? 80) + 10 }));
}

/** Entries of one section: date | description | amount, unsigned or negative in debit sections. */
export function printSection(
  sheet: Sheet,
  title: string,
  entries: PrintedEntry[],
  context: {
    dateFormat: (iso: string) => string;
    negative: boolean;
    x: { date: number; desc: number; amount: number };
    headings: Variation['headings'];
    totalLabel: string;
    /** The column headings' words (date, description, amount). */
    headingWords?: [string, string, string];
  },
) {
  const [dateWord, descWord, amountWord] = context.headingWords ?? ['Date', 'Description', 'Amount'];
  const heading = (suffix: string) => {
    sheet.y += 4;
    sheet.line([{ text: `${title}${suffix}`, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
    if (context.headings !== 'none')
      sheet.line([
        { text: dateWord, x: context.x.date, bold: true },
        { text: descWord, x: context.x.desc, bold: true },
        { text: amountWord, x: context.x.amount, align: 'right', bold: true },
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

/**
 * How a checks-paid table is printed: one to four "number, date, amount" groups side by side on each line, the
 * number first or after the date, and a mark ("*", "^") after a number that breaks the sequence; some banks print
 * the checks' dates as "Nov 06" whatever the activity's form, and some print each group as one piece of text
 * ("2233 Nov 06 1,211.00").
 */
export type ChecksLayout = {
  groups: number;
  dateFirst: boolean;
  mark: '' | ' *' | '*' | '^';
  monthDay?: boolean;
  together?: boolean;
  /** The title prints the number of checks: "CHECKS PAID (7)". */
  counted?: boolean;
};

export function printChecks(
  sheet: Sheet,
  checks: PrintedEntry[],
  dateFormat: (iso: string) => string,
  x: { number: number; date: number; amount: number },
  layout: ChecksLayout = { groups: 1, dateFirst: false, mark: '' },
) {
  if (checks.length === 0) return;
  sheet.ensure(5);
  sheet.y += 4;
  const title = layout.counted ? `CHECKS PAID (${checks.length})` : 'CHECKS PAID';
  sheet.line([{ text: title, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  const step = (x.amount - x.number) / layout.groups;
  const groupX = (group: number) => {
    const base = x.number + group * step;
    const first = layout.groups === 1 ? x.number : base;
    const second = layout.groups === 1 ? x.date : base + step * 0.32;
    return {
      number: layout.dateFirst ? second : first,
      date: layout.dateFirst ? first : second,
      amount: layout.groups === 1 ? x.amount : base + step * 0.88,
    };
  };
  const groups = [...Array(layout.groups).keys()].map(groupX);
  sheet.line(
    groups.flatMap((at) => [
      { text: 'CHECK NO.', x: at.number, bold: true },
      { text: 'DATE PAID', x: at.date, bold: true },
      { text: 'AMOUNT', x: at.amount, align: 'right' as const, bold: true },
    ]),
  );
  let previous: number | null = null;
  const printedChecks = checks.map((check) => {
    // A checks-paid table prints the number only; the reader names the row after it.
    PRINTED_DESCRIPTIONS.set(check.source, check.description);
    const number = Number(/\d+/.exec(check.description)?.[0] ?? 0);
    const gap = previous !== null && number !== previous + 1;
    previous = number;
    return { check, number: `${number}${gap ? layout.mark : ''}` };
  });
  for (let index = 0; index < printedChecks.length; index += layout.groups) {
    sheet.ensure(1);
    sheet.line(
      printedChecks.slice(index, index + layout.groups).flatMap(({ check, number }, group) => {
        const at = groups[group] ?? groupX(group);
        const date = layout.monthDay ? monthDay(check.date) : dateFormat(check.date);
        if (layout.together && !layout.dateFirst)
          return [{ text: `${number} ${date} ${money(check.amountCents)}`, x: at.number }];
        return [
          { text: number, x: at.number },
          { text: date, x: at.date },
          { text: `$${money(check.amountCents)}`, x: at.amount, align: 'right' as const },
        ];
      }),
    );
  }
  const total = checks.reduce((sum, entry) => sum + entry.amountCents, 0);
  sheet.line([
    { text: 'Total Checks Paid', x: x.date, bold: true },
    { text: `$${money(total)}`, x: x.amount, align: 'right', bold: true },
  ]);
}

/** End-of-day balances as a list or as a grid of date/balance pairs: not transactions. */
export function printDailyBalances(
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
