// What several families share: letterheads, repeated page tops, summaries and the configurable activity table.
import type { CorpusLedger, CorpusPeriod } from './corpus-ledger';
import { mulberry32, type LedgerEntry } from './ledger';
import type { Variation } from './corpus-types';
import { PERIOD_FORMATS, amountText, mdy, money, type AmountStyle, type Sheet } from './corpus-print';
import { printTable, type ColumnKind, type PrintedEntry, type TableColumn, type TableSpec } from './corpus-tables';

export type StatementContext = {
  sheet: Sheet;
  ledger: CorpusLedger;
  period: CorpusPeriod;
  variation: Variation;
  rand: () => number;
  dateFormat: (iso: string) => string;
  entries: PrintedEntry[];
  /** The savings account printed after the checking account (combined statements only). */
  savings?: { period: CorpusPeriod & { last4: string }; entries: PrintedEntry[] };
};

/** How the first page prints the holder's address block: which side, what name lines, and the bank's address. */
export type HolderBlock = {
  side: 'left' | 'right';
  /** The name lines printed above the street, top first. */
  lines: string[];
  /** The holder's names the reader should give (upper case; a "DBA" line names the trade name). */
  names: string[];
  /** The bank's return address printed under its name, beside the logo. */
  bankAddress: 'none' | 'street' | 'po-box';
};

const TRADE_NAMES = ['SUNRISE CAFE', 'GREENLINE SERVICES', 'CORNER PRINT SHOP', 'BRIGHT SMILES'];
const OWNERS = ['MARIA GONZALEZ', 'DAVID CHEN', 'ROBERT OKAFOR', 'SUSAN MILLER'];

/** The address block of a statement printed with `variation` (its own random stream: other choices stay put). */
export function holderBlock(ledger: CorpusLedger, variation: Variation): HolderBlock {
  const pick = mulberry32(variation.seed + 307);
  const side = pick() < 0.5 ? 'left' : 'right';
  const extra = Math.floor(pick() * 3);
  const trade = TRADE_NAMES[Math.floor(pick() * TRADE_NAMES.length)] ?? 'SUNRISE CAFE';
  const owner = OWNERS[Math.floor(pick() * OWNERS.length)] ?? 'MARIA GONZALEZ';
  const bankAddress = (['none', 'street', 'po-box'] as const)[Math.floor(pick() * 3)] ?? 'none';
  const business = ledger.businessName.toUpperCase();
  if (extra === 1) return { side, lines: [business, `DBA ${trade}`], names: [business, trade], bankAddress };
  if (extra === 2) return { side, lines: [owner, business], names: [owner, business], bankAddress };
  return { side, lines: [business], names: [business], bankAddress };
}

export function letterhead(context: StatementContext, title: string, right: string[]) {
  const { sheet, ledger, period, variation } = context;
  const block = holderBlock(ledger, variation);
  sheet.newPage();
  sheet.y = 40;
  sheet.line([{ text: ledger.bankName, x: 36, bold: true, size: sheet.mono ? sheet.size : 14 }], 20);
  if (block.bankAddress !== 'none') {
    // The bank's return address under its logo, with its customer-service number.
    const street = block.bankAddress === 'po-box' ? 'P.O. Box 1500' : '200 Commerce Plaza';
    for (const text of [ledger.bankName, street, 'Springfield, IL 62701'])
      sheet.line([{ text, x: 36, size: sheet.size - 1 }], 10);
    sheet.line([{ text: 'Customer Service 1-800-555-0100', x: 36, size: sheet.size - 1 }], 14);
  }
  sheet.line([{ text: title, x: 36 }], 14);
  const top = sheet.y;
  const side = block.side === 'left' ? 36 : Math.round(sheet.width * 0.55);
  for (const text of [...block.lines, '1420 ORCHARD WAY STE 5', 'SPRINGFIELD IL 62704-1100'])
    sheet.line([{ text, x: side }], 11);
  const afterAddress = sheet.y;
  sheet.y = top;
  const lines = [...PERIOD_FORMAT(variation)(period.start, period.end), ...right];
  // With the address block on the right (a window envelope's place), the period and account print on the left.
  for (const text of lines)
    sheet.line([block.side === 'left' ? { text, x: sheet.width - 36, align: 'right' } : { text, x: 36 }], 11);
  sheet.y = Math.max(afterAddress, sheet.y) + 12;
}

export function PERIOD_FORMAT(variation: Variation) {
  return PERIOD_FORMATS[variation.periodFormat % PERIOD_FORMATS.length] ?? PERIOD_FORMATS[0] ?? (() => []);
}

/** Page top repeated on every later page: bank, account and period, as most statements do. */
export function repeatedTop(context: StatementContext) {
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

export function totals(period: CorpusPeriod) {
  const credits = period.entries.filter((e) => e.direction === 'credit');
  const debits = period.entries.filter((e) => e.direction === 'debit');
  const sum = (list: LedgerEntry[]) => list.reduce((total, entry) => total + entry.amountCents, 0);
  return { credits, debits, creditCents: sum(credits), debitCents: sum(debits) };
}

export function summaryBox(context: StatementContext, labels: [string, string, string, string], counts = false) {
  const { sheet, period } = context;
  // The number of items beside each total, now and then (its own random stream).
  const withCounts = counts || mulberry32(context.variation.seed + 631)() < 0.35;
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

export function columnLayout(
  context: StatementContext,
  requested: ColumnKind[],
  headingsFor: Partial<Record<ColumnKind, [string, string?]>>,
  least: Partial<Record<ColumnKind, number>> = {},
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
    overdrawn: 84,
  };
  for (const [kind, width] of Object.entries(least) as Array<[ColumnKind, number]>)
    widths[kind] = Math.max(widths[kind], width);
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
    const numeric =
      kind === 'amount' || kind === 'debit' || kind === 'credit' || kind === 'balance' || kind === 'overdrawn';
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

export function descWidth(columns: TableColumn[]): number {
  return (columns.find((column) => column.kind === 'desc')?.width ?? 200) - 12;
}

export const HEADINGS: Record<string, Partial<Record<ColumnKind, [string, string?]>>> = {
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
  // Community banks print their headings in capitals.
  community: {
    date: ['DATE'],
    date2: ['POSTED'],
    ref: ['CHECK', 'NO.'],
    type: ['TYPE'],
    desc: ['DESCRIPTION'],
    amount: ['AMOUNT'],
    debit: ['DEBITS'],
    credit: ['CREDITS'],
    balance: ['BALANCE'],
  },
  // Spanish over English (one line: both, with a slash), as bilingual statements print them.
  bilingual: {
    date: ['Fecha /', 'Date'],
    date2: ['Fecha valor /', 'Value date'],
    ref: ['Referencia /', 'Reference'],
    type: ['Tipo /', 'Type'],
    desc: ['Descripción /', 'Description'],
    amount: ['Monto /', 'Amount'],
    debit: ['Retiros /', 'Withdrawals'],
    credit: ['Depósitos /', 'Deposits'],
    balance: ['Saldo /', 'Balance'],
  },
};

/** Headings over a balance column printed only while the account is overdrawn, as different banks word them. */
export const OVERDRAWN_HEADINGS: Array<[string, string?]> = [
  ['Overdrawn'],
  ['Overdraft', 'Balance'],
  ['Negative', 'Balance'],
  ['OD Balance'],
  ['Amount', 'Overdrawn'],
];

/** Rows at the foot of each page with that page's debits and credits, as different banks word them. */
export const PAGE_TOTAL_LABELS = ['Total for page', 'Page total', 'Totals this page', 'Page subtotal'];

/** A single activity table: the shape most families share, configured per family. */
export function activityTable(
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
    /** The date printed after the description ("Description | Date | Amount"), as some banks do. */
    dateAfter?: boolean;
    /** The columns in their printed order, instead of the usual date, text, amounts and balance. */
    order?: ColumnKind[];
    /** A column of its own for the balance while negative, printed without a sign, under this heading. */
    overdrawn?: [string, string?] | null;
    /** The type column prints the entry's type ("LOAN PMT", "CHECK") instead of "Credit" / "Debit". */
    entryTypes?: boolean;
    pageTotals?: string | null;
    spill?: boolean;
    centred?: boolean;
    amountsLast?: boolean;
  },
) {
  const { variation } = context;
  const dates: ColumnKind[] = variation.secondDate ? ['date', 'date2'] : ['date'];
  const text: ColumnKind[] = ['desc'];
  if (variation.refColumn) text.splice(variation.swapColumns ? 0 : 1, 0, 'ref');
  if (options.type) text.push('type');
  let kinds: ColumnKind[] = options.dateAfter ? [...text, ...dates] : [...dates, ...text];
  if (options.money === 'one') kinds.push('amount');
  else kinds.push(...(variation.swapColumns ? (['debit', 'credit'] as const) : (['credit', 'debit'] as const)));
  const balance = options.balance ?? 'every';
  if (balance !== 'none') kinds.push('balance');
  if (options.order) kinds = options.order.filter((kind) => kind !== 'balance' || balance !== 'none');
  if (options.overdrawn && balance !== 'none') kinds.push('overdrawn');
  // Two unlabelled amount columns and no balance would leave even a person guessing: such tables keep headings, and
  // so does a table with a type column.
  const unlabelled =
    (options.money === 'two' && balance === 'none') || (options.type === true && options.entryTypes === true);
  const headings =
    unlabelled && (options.headings ?? variation.headings) === 'none'
      ? 'one-line'
      : (options.headings ?? variation.headings);
  const headingsFor = HEADINGS[options.headingSet ?? 'plain'] ?? {};
  const columns = columnLayout(
    context,
    kinds,
    options.overdrawn ? { ...headingsFor, overdrawn: options.overdrawn } : headingsFor,
    // A type column fits its longest word; longer types wrap onto a second line.
    options.entryTypes ? { type: Math.ceil(context.sheet.widthOf('ADJUSTMENT') + 14) } : {},
  );
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
      dollarSigns: variation.dollarSigns,
      entryTypes: options.entryTypes ?? false,
      pageTotals: options.pageTotals ?? null,
      spill: options.spill ?? false,
      centred: options.centred ?? false,
      amountsLast: options.amountsLast ?? false,
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

export function openingClosingLines(context: StatementContext, opening: string, closing: string) {
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
