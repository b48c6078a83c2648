// The statement families: each prints what one kind of US bank statement prints.
import type { FamilyName } from './corpus-types';
import { amountText, longDate, money, parts } from './corpus-print';
import { printDailyBalances, printChecks, printSection } from './corpus-tables';
import {
  OVERDRAWN_HEADINGS,
  PAGE_TOTAL_LABELS,
  activityTable,
  letterhead,
  openingClosingLines,
  repeatedTop,
  summaryBox,
  totals,
  type StatementContext,
} from './corpus-layout';

import { combinedAccounts, dateAfterDescription } from './corpus-gaps';
import { dayGrouped } from './corpus-days';
import { bilingual, communityBank } from './corpus-community';
import { mulberry32, pick as pickFrom } from './ledger';

/**
 * The later variations a family may print, drawn from a stream of their own so each family's earlier statements
 * print as before: a balance column of its own while overdrawn, a total row at the foot of each page, a long
 * description running on over the empty amount column beside it, a type column wording each entry, amounts printed
 * on a wrapped description's last line.
 */
function laterVariations(context: StatementContext) {
  const pick = mulberry32(context.variation.seed + 601);
  const draw = <T>(share: number, items: readonly T[]): T | null => (pick() < share ? pickFrom(pick, items) : null);
  return {
    overdrawn: draw(0.4, OVERDRAWN_HEADINGS),
    pageTotals: draw(0.4, PAGE_TOTAL_LABELS),
    spill: pick() < 0.4,
    entryTypes: pick() < 0.5,
    amountsLast: pick() < 0.35,
  };
}

/** The opening and closing balances' labels: "Opening balance", or now and then "Opening Cash Balance". */
function balanceWords(context: StatementContext): [string, string] {
  return mulberry32(context.variation.seed + 613)() < 0.35
    ? ['Opening Cash Balance', 'Closing Cash Balance']
    : ['Opening balance', 'Closing balance'];
}

/** Treasury reports' balances, ledger and available, two to a line. */
function balanceLines(context: StatementContext) {
  const { sheet, period } = context;
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
}

/** Treasury reports' summary as a grid: labels on one line, each value under its label, item counts between. */
function treasuryGrid(context: StatementContext) {
  const { sheet, period } = context;
  const t = totals(period);
  const cells: Array<[string, string]> = [
    ['Opening Ledger', amountText(period.openingBalanceCents, 'minus')],
    ['Total Credits', money(t.creditCents)],
    ['# Credits', String(t.credits.length)],
    ['Total Debits', money(t.debitCents)],
    ['# Debits', String(t.debits.length)],
    ['Closing Ledger', amountText(period.closingBalanceCents, 'minus')],
  ];
  const step = (sheet.width - 72) / cells.length;
  sheet.line(cells.map(([label], index) => ({ text: label, x: 36 + index * step })));
  sheet.line(cells.map(([, value], index) => ({ text: value, x: 36 + index * step })));
}

/** Four groups to a line, "Nov 06" dates, groups printed as one piece of text, a counted title, each now and then. */
function checksLater(pick: () => number): { groups?: number; monthDay: boolean; together: boolean; counted: boolean } {
  const four = pick() < 0.25;
  return { ...(four ? { groups: 4 } : {}), monthDay: pick() < 0.4, together: pick() < 0.3, counted: pick() < 0.4 };
}

export const FAMILY_RENDERERS: Record<FamilyName, (context: StatementContext) => void> = {
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
    // The checks' print layout has its own random stream, so the rest of the statement prints as before.
    const pick = mulberry32(variation.seed + 101);
    printChecks(
      sheet,
      checks,
      context.dateFormat,
      { number: 40, date: 120, amount: sheet.width - 40 },
      {
        groups: 1 + Math.floor(pick() * 3),
        dateFirst: pick() < 0.3,
        mark: ([' *', '*', '^', ''] as const)[Math.floor(pick() * 4)] ?? '',
        // Drawn after the rest, so earlier seeds print their tables as before but for these.
        ...checksLater(pick),
      },
    );
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
    const later = laterVariations(context);
    activityTable(context, {
      money: 'two',
      balance: 'end-of-day',
      headingSet: 'plain',
      pageTotals: later.pageTotals,
      spill: later.spill,
    });
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
    const later = laterVariations(context);
    activityTable(context, {
      money: 'two',
      headings: variation.headings === 'none' ? 'two-line' : variation.headings,
      balanceForward: 'every-page',
      balanceForwardLabel: 'BALANCE FORWARD',
      overdrawn: later.overdrawn,
      pageTotals: later.pageTotals,
      amountsLast: later.amountsLast,
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
    const { sheet } = context;
    letterhead(context, 'Treasury Management - Account Activity Report', [`Account: ${context.ledger.accountLast4}`]);
    sheet.onPageTop = repeatedTop(context);
    if (mulberry32(context.variation.seed + 619)() < 0.4) treasuryGrid(context);
    else balanceLines(context);
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
    const later = laterVariations(context);
    activityTable(context, {
      money: 'two',
      headingSet: 'posting',
      type: later.entryTypes,
      entryTypes: later.entryTypes,
      spill: later.spill,
    });
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
    // Some print a running balance beside the marked credits, some only the amounts.
    activityTable(context, { money: 'one', style: 'cr-only', balance: context.variation.summary ? 'every' : 'none' });
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
    openingClosingLines(context, ...balanceWords(context));
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
    openingClosingLines(context, ...balanceWords(context));
    activityTable(context, { money: 'two', headings: 'none', overdrawn: laterVariations(context).overdrawn });
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
  // Checking and savings of one customer in one statement, each with its own number, summary and activity.
  'combined-accounts': (context) => {
    if (!context.savings) throw new Error('combined statements print a savings account');
    combinedAccounts(context, context.savings.period, context.savings.entries);
  },
  'date-after-description': dateAfterDescription,
  'day-grouped': dayGrouped,
  'community-bank': communityBank,
  bilingual,
};
