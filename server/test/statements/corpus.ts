// A corpus of bank statement FAMILIES rendered as real text PDFs from a known ledger. Each family prints what a kind
// of US bank statement prints (national banks with sections and checking summaries, regional banks with balance
// forward rows, credit unions with a summary of accounts, online-banking printouts newest first, treasury reports
// with bank and customer references, mainframe prints in a monospace font, landscape layouts...), and every
// statement varies at random: column order, date format, headings on one or two lines or none, reference and
// second-date columns, wrapped descriptions, summary and daily balance tables, page breaks wherever rows run out.
// It is written from what statements print, not from how the reader reads them.
import { buildCorpusLedger, type CorpusLedger, type CorpusPeriod } from './corpus-ledger';
import { mulberry32, type LedgerEntry } from './ledger';
import {
  DATE_FORMATS,
  PERIOD_FORMATS,
  PRINTED_DESCRIPTIONS,
  Sheet,
  amountText,
  decorate,
  setThousandsSeparator,
} from './corpus-print';
import type { PrintedEntry } from './corpus-tables';
import { activityTable, holderBlock, type StatementContext } from './corpus-layout';
import { FAMILY_RENDERERS } from './corpus-families';
import { CHECK_IMAGE_STYLES, checkImagePages, savingsPeriods, type SavingsPeriod } from './corpus-gaps';
import { FAMILIES, type CaseOptions, type CorpusCase, type FamilyName, type Variation } from './corpus-types';

export { printedDescriptionOf } from './corpus-print';
export { FAMILIES, type CaseOptions, type CorpusCase, type FamilyName, type Variation } from './corpus-types';

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

/** Families that may print thousands set apart by a space. */
const SPACED_THOUSANDS: ReadonlySet<FamilyName> = new Set(['credit-union', 'plus-minus', 'national-negative-sections']);

function familyFont(family: FamilyName): 'Helvetica' | 'Times-Roman' {
  return family === 'credit-union' || family === 'cr-dr' || family === 'parentheses' ? 'Times-Roman' : 'Helvetica';
}

function pickDateFormat(family: FamilyName, variation: Variation): (iso: string) => string {
  const allowed = FAMILY_DATE_FORMATS[family] ?? DATE_FORMATS.map((_, index) => index);
  const index = allowed[variation.dateFormat % allowed.length] ?? 0;
  return DATE_FORMATS[index] ?? ((iso: string) => iso);
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
  savings: SavingsPeriod[] = [],
) {
  const sheet = new Sheet({
    landscape: family === 'landscape',
    mono: family === 'mainframe',
    font: familyFont(family),
    size: family === 'mainframe' ? 7 : variation.fontSize,
  });
  const rand = mulberry32(variation.seed);
  const dateFormat = pickDateFormat(family, variation);
  sheet.continuedText = variation.continued ? 'Continued on next page' : null;
  // Thousands set apart by a space ("12 345.67") now and then (its own random stream).
  const spaced = SPACED_THOUSANDS.has(family) && mulberry32(variation.seed + 653)() < 0.3;
  setThousandsSeparator(spaced ? ' ' : ',');
  for (const period of periods) {
    sheet.pagesInStatement = 0;
    const before = sheet.doc.bufferedPageRange().count;
    const entries = printed(period.entries, rand, variation.decorate);
    const account = savings.find((item) => item.start === period.start);
    FAMILY_RENDERERS[family]({
      sheet,
      ledger,
      period,
      variation,
      rand,
      dateFormat,
      entries,
      ...(account ? { savings: { period: account, entries: printed(account.entries, rand, variation.decorate) } } : {}),
    });
    sheet.continuedText = null;
    // National banks print the images of the checks paid after the activity; others may.
    const images =
      family === 'national-sections' && variation.summary ? variation.checkImages || 1 : variation.checkImages;
    if (family !== 'date-after-description') checkImagePages(sheet, period, images, dateFormat);
    sheet.continuedText = variation.continued ? 'Continued on next page' : null;
    const after = sheet.doc.bufferedPageRange().count;
    for (let page = 1; page <= after - before; page += 1) sheet.statementPageOf.push(page);
  }
  // The page's number: "Page 2", "- 2 -", "2 of 5" or "Pg. 2/5" (its own random stream).
  const numbering = Math.floor(mulberry32(variation.seed + 641)() * 4);
  setThousandsSeparator(',');
  return sheet.finish((page, of, statementPage) => {
    const number = [`Page ${statementPage}`, `- ${statementPage} -`, `${page} of ${of}`, `Pg. ${page}/${of}`][
      numbering
    ];
    return [`Member FDIC  ${ledger.bankName}  Questions? Call 1-800-555-0100`, number ?? `Page ${statementPage}`];
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
  // A table (its cells at the top of each row, or centred on the row as browsers print table cells), or a banking
  // app's cards.
  const style = variation.seed % 3;
  if (style === 2) printCards(context);
  else
    activityTable(context, {
      money: 'one',
      style: 'dollar-minus',
      balanceStyle: 'dollar-minus',
      newestFirst: true,
      type: true,
      centred: style === 1,
    });
  return sheet.finish((page, of) => [
    `https://online.${ledger.bankName.toLowerCase().replace(/[^a-z]+/g, '')}.example/accounts/activity`,
    `${page}/${of}`,
  ]);
}

/**
 * A banking app's export, newest first: each entry a card of its date, words and kind over its labelled amounts; some
 * apps print the amount and the balance on a line each (three-line cards), and some print the amount unsigned after
 * "Debit" or "Credit" instead of the entry's kind.
 */
function printCards(context: StatementContext) {
  const { sheet, entries, dateFormat } = context;
  // Drawn from a stream of its own, so the rest of the printout prints as before.
  const pick = mulberry32(context.variation.seed + 907);
  const threeLines = pick() < 0.4;
  const debitCredit = pick() < 0.4;
  for (const entry of [...entries].reverse()) {
    if (threeLines || debitCredit) {
      printCard(context, entry, threeLines, debitCredit);
      continue;
    }
    sheet.ensure(3);
    const signed = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
    // An app leaves the bank's ids off a description too long for its line; the entry's kind follows the words.
    const words = sheet.widthOf(entry.printed) <= 340 ? entry.printed : entry.source.description;
    PRINTED_DESCRIPTIONS.set(entry.source, words);
    sheet.line([
      { text: dateFormat(entry.date), x: 36 },
      { text: words, x: 120 },
      { text: entry.direction === 'credit' ? 'Deposit' : 'Withdrawal', x: Math.max(480, 144 + sheet.widthOf(words)) },
    ]);
    sheet.line(
      [
        { text: 'Amount', x: 36 },
        { text: amountText(signed, 'dollar-minus'), x: 80 },
        { text: 'Balance', x: 200 },
        { text: amountText(entry.balanceAfterCents, 'dollar-minus'), x: 240 },
      ],
      sheet.size * 2.4,
    );
  }
}

/** One card of the other shapes: three lines (words, amount, balance), and "Debit"/"Credit" before an unsigned amount. */
function printCard(context: StatementContext, entry: PrintedEntry, threeLines: boolean, debitCredit: boolean) {
  const { sheet, dateFormat } = context;
  sheet.ensure(4);
  const signed = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
  const words = sheet.widthOf(entry.printed) <= 340 ? entry.printed : entry.source.description;
  PRINTED_DESCRIPTIONS.set(entry.source, words);
  const kind = entry.direction === 'credit' ? 'Deposit' : 'Withdrawal';
  sheet.line([
    { text: dateFormat(entry.date), x: 36 },
    { text: words, x: 120 },
    ...(debitCredit ? [] : [{ text: kind, x: Math.max(480, 144 + sheet.widthOf(words)) }]),
  ]);
  const amount = debitCredit
    ? [
        { text: entry.direction === 'credit' ? 'Credit' : 'Debit', x: 36 },
        { text: amountText(entry.amountCents, 'dollar-minus'), x: 80 },
      ]
    : [{ text: amountText(signed, 'dollar-minus'), x: 36 }];
  const balance = [
    { text: 'Balance', x: threeLines ? 36 : 200 },
    { text: amountText(entry.balanceAfterCents, 'dollar-minus'), x: threeLines ? 80 : 240 },
  ];
  if (threeLines) {
    sheet.line(amount);
    sheet.line(balance, sheet.size * 2.4);
  } else sheet.line([...amount, ...balance], sheet.size * 2.4);
}

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
    // A combined statement shows the transfers between the two accounts.
    noise: options.family === 'combined-accounts' ? { ...options.noise, transfers: true } : options.noise,
    // A printout is one continuous date range: it cannot leave a month out.
    dropCycle: options.family === 'online-printout' ? null : options.dropCycle,
  });
  // A combined statement prints the savings account the checking account's transfers go to and come from.
  const savings = options.family === 'combined-accounts' ? savingsPeriods(ledger) : [];
  let pdfs: Buffer[];
  if (options.family === 'online-printout') pdfs = [await renderPrintout(ledger, options.variation)];
  else if (SINGLE_FILE.has(options.family))
    pdfs = [await renderStatements(options.family, ledger, ledger.periods, options.variation)];
  else
    pdfs = await Promise.all(
      ledger.periods.map((period) => renderStatements(options.family, ledger, [period], options.variation, savings)),
    );
  return {
    family: options.family,
    ledger,
    variation: options.variation,
    pdfs,
    otherAccounts: savings.flatMap((period) => period.entries),
    holderNames: options.family === 'online-printout' ? [] : holderBlock(ledger, options.variation).names,
  };
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
      checkImages: bool(0.4) ? int(1, CHECK_IMAGE_STYLES) : 0,
      dollarSigns: bool(0.25),
      continued: bool(0.3),
    },
  };
}
