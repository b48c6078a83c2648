// Layouts real statements print that a reader meets sooner or later: pages of check images whose captions carry a
// check number, a date and an amount; several accounts of one customer in one statement (business checking, then
// the savings account the business sweeps money into, each with its own number, summary and activity); and the
// date printed after the description. Written from what such statements print.
import type { CorpusLedger, CorpusPeriod } from './corpus-ledger';
import { mulberry32, type LedgerEntry } from './ledger';
import { mdy, mdyy, money, type Sheet } from './corpus-print';
import {
  activityTable,
  letterhead,
  openingClosingLines,
  repeatedTop,
  summaryBox,
  type StatementContext,
} from './corpus-layout';
import { printDailyBalances, type PrintedEntry } from './corpus-tables';

// ---------------------------------------------------------------------------------------------------------------
// Check images
// ---------------------------------------------------------------------------------------------------------------

type Check = { number: string; date: string; amountCents: number };

/** Captions banks print under each check image (the image itself is a picture, not text). */
const CAPTIONS: Array<(check: Check, dateFormat: (iso: string) => string) => string> = [
  (c) => `Check #${c.number}   Paid ${mdy(c.date)}   Amount $${money(c.amountCents)}`,
  (c) => `${mdy(c.date)}   ${c.number}   $${money(c.amountCents)}`,
  (c) => `#${c.number}   $${money(c.amountCents)}   ${mdyy(c.date)}`,
  (c) => `Date: ${mdy(c.date)}  Check: ${c.number}  Amount: $${money(c.amountCents)}`,
  (c, format) => `${c.number}   ${format(c.date)}   ${money(c.amountCents)}`,
];
const TITLES = ['Check Images', 'IMAGES OF CHECKS PAID', 'Checks Presented', '', 'Check images for this statement'];

export const CHECK_IMAGE_STYLES = CAPTIONS.length;

/**
 * Pages of check images after the activity: boxes with a caption under each, two or three to a row, so a row of
 * captions prints as one line. The checks are already in the activity; the captions are not transactions.
 */
export function checkImagePages(
  sheet: Sheet,
  period: CorpusPeriod,
  style: number,
  dateFormat: (iso: string) => string,
) {
  const checks: Check[] = period.entries
    .filter((entry) => entry.direction === 'debit' && /^CHECK \d+$/.test(entry.description))
    .map((entry) => ({
      number: /\d+/.exec(entry.description)?.[0] ?? '',
      date: entry.date,
      amountCents: entry.amountCents,
    }));
  if (checks.length === 0 || style <= 0) return;
  const caption = CAPTIONS[(style - 1) % CAPTIONS.length] ?? CAPTIONS[0];
  const title = TITLES[(style - 1) % TITLES.length] ?? '';
  const perRow = style % 2 === 0 ? 3 : 2;
  const step = (sheet.width - 72) / perRow;
  const boxHeight = perRow === 3 ? 70 : 90;
  const top = (continued: boolean) => {
    sheet.newPage();
    sheet.y = 40;
    if (title) sheet.line([{ text: continued ? `${title} (continued)` : title, x: 36, bold: true, size: 12 }], 24);
  };
  top(false);
  checks.forEach((check, index) => {
    const column = index % perRow;
    if (column === 0 && index > 0) sheet.y += boxHeight + 20;
    if (column === 0 && sheet.y + boxHeight + 12 > sheet.bottom) top(true);
    const x = 40 + column * step;
    sheet.doc.rect(x, sheet.y, step - 24, boxHeight).stroke();
    sheet.doc.font(sheet.font).fontSize(7);
    sheet.doc.text(caption?.(check, dateFormat) ?? '', x, sheet.y + boxHeight + 4, { lineBreak: false });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A savings account printed in the same statement
// ---------------------------------------------------------------------------------------------------------------

export type SavingsPeriod = CorpusPeriod & { last4: string };

/**
 * The business savings account behind the checking ledger's "TRANSFER TO/FROM SAV ...4821" rows: each transfer
 * mirrored, and the interest the bank pays at the end of each cycle. Balances run on from period to period.
 */
export function savingsPeriods(ledger: CorpusLedger): SavingsPeriod[] {
  const last4 = ledger.accountLast4 === '4821' ? '4822' : '4821';
  let balance = 12_500_00 + (Number(ledger.accountLast4) % 97) * 100_00;
  return ledger.periods.map((period) => {
    const opening = balance;
    const entries: LedgerEntry[] = [];
    const add = (date: string, description: string, amountCents: number, direction: 'credit' | 'debit') => {
      balance += direction === 'credit' ? amountCents : -amountCents;
      entries.push({
        date,
        description,
        amountCents,
        direction,
        category: direction === 'credit' ? 'own-transfer-in' : 'own-transfer-out',
        balanceAfterCents: balance,
      });
    };
    for (const entry of period.entries) {
      if (entry.category === 'own-transfer-out')
        add(entry.date, `ONLINE TRANSFER FROM CHK ...${ledger.accountLast4}`, entry.amountCents, 'credit');
      if (entry.category === 'own-transfer-in')
        add(entry.date, `ONLINE TRANSFER TO CHK ...${ledger.accountLast4}`, entry.amountCents, 'debit');
    }
    const interest = Math.max(1, Math.round(balance * 0.0004));
    balance += interest;
    entries.push({
      date: period.end,
      description: 'INTEREST PAYMENT',
      amountCents: interest,
      direction: 'credit',
      category: 'interest',
      balanceAfterCents: balance,
    });
    return { ...period, last4, openingBalanceCents: opening, closingBalanceCents: balance, entries };
  });
}

const SAVINGS_TITLES = [
  'BUSINESS SAVINGS',
  'Business Money Market Savings',
  'Statement Savings',
  'SAVINGS ACCOUNT',
  'Mkt Rate Sav',
  'Premium Business Svgs',
  'Money Market Account',
];
const CHECKING_TITLES = [
  'BUSINESS CHECKING',
  'Analyzed Business Checking',
  'DDA',
  'Commercial Chk',
  'Business Operating Account',
];

/** Business checking, then the savings account: each with its own number, summary and activity table. */
export function combinedAccounts(context: StatementContext, savings: SavingsPeriod, printedSavings: PrintedEntry[]) {
  const { sheet, ledger, variation } = context;
  letterhead(context, 'Business Banking Statement', [`Primary Account: 000000${ledger.accountLast4}`]);
  sheet.onPageTop = repeatedTop(context);
  // Banks title their accounts in their own words; the titles' choice has its own random stream.
  const pick = mulberry32(variation.seed + 401);
  const checkingTitle = CHECKING_TITLES[Math.floor(pick() * CHECKING_TITLES.length)] ?? 'BUSINESS CHECKING';
  const title = SAVINGS_TITLES[Math.floor(pick() * SAVINGS_TITLES.length)] ?? 'BUSINESS SAVINGS';
  // Some list the statement's accounts on one line first.
  if (pick() < 0.5)
    sheet.line([{ text: `Business Checking ...${ledger.accountLast4}, Business Savings ...${savings.last4}`, x: 36 }]);
  sheet.line([{ text: checkingTitle, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  sheet.line([{ text: `Account Number: 000000${ledger.accountLast4}`, x: 36 }]);
  summaryBox(context, [
    'Beginning Balance',
    'Deposits and Additions',
    'Withdrawals and Subtractions',
    'Ending Balance',
  ]);
  activityTable(context, { money: variation.refColumn ? 'two' : 'one', style: 'minus' });
  printDailyBalances(sheet, context.period, variation.dailyBalances, context.dateFormat, 'Daily Ending Balance');
  // The savings account: its own number; later page tops show either its number or the primary account's.
  const savingsContext: StatementContext = {
    ...context,
    ledger: { ...ledger, accountLast4: savings.last4 },
    period: savings,
    entries: printedSavings,
  };
  if (!variation.swapColumns) sheet.onPageTop = repeatedTop(savingsContext);
  sheet.ensure(10);
  sheet.y += 10;
  sheet.line([{ text: title, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  sheet.line([{ text: `Account Number: 000000${savings.last4}`, x: 36 }]);
  if (variation.summary)
    summaryBox(savingsContext, ['Beginning Balance', 'Deposits and Additions', 'Withdrawals', 'Ending Balance']);
  else openingClosingLines(savingsContext, 'Beginning Balance', 'Ending Balance');
  activityTable(savingsContext, { money: 'one', style: 'minus' });
}

// ---------------------------------------------------------------------------------------------------------------
// The date after the description
// ---------------------------------------------------------------------------------------------------------------

/** "Description | Posted | Amount | Balance": the date column follows the description, as some banks print it. */
export function dateAfterDescription(context: StatementContext) {
  const { sheet, period, variation } = context;
  letterhead(context, 'Business Checking Statement', [`Account ${context.ledger.accountLast4}`]);
  sheet.onPageTop = repeatedTop(context);
  if (variation.summary) summaryBox(context, ['Previous balance', 'Deposits', 'Withdrawals', 'New balance']);
  else openingClosingLines(context, 'Previous balance', 'New balance');
  activityTable(context, {
    money: variation.swapColumns ? 'two' : 'one',
    style: 'minus',
    headingSet: 'posting',
    dateAfter: true,
  });
  printDailyBalances(sheet, period, variation.dailyBalances, context.dateFormat, 'Daily balances');
}
