// Two layouts from smaller US banks, written from what such statements print. A community bank's ledger card: the
// debits column left of the description, the credits after it, then the posting date and the balance, the balance
// moving to an "Overdrawn" column of its own (no sign) while the account is negative, or marked "DR" or "OD". And a bilingual statement
// (Spanish over English) from a bank serving Spanish-speaking owners: labels, headings and section titles in both.
import { mulberry32, pick as pickFrom } from './ledger';
import { mdy, type Sheet } from './corpus-print';
import {
  OVERDRAWN_HEADINGS,
  PAGE_TOTAL_LABELS,
  activityTable,
  letterhead,
  openingClosingLines,
  repeatedTop,
  type StatementContext,
} from './corpus-layout';
import { printDailyBalances, printSection, type PrintedEntry } from './corpus-tables';

export function communityBank(context: StatementContext) {
  const { sheet, period, variation } = context;
  letterhead(context, 'BUSINESS CHECKING', [`ACCOUNT NO. ${context.ledger.accountLast4}`]);
  sheet.onPageTop = repeatedTop(context);
  // Its own random stream, so the other families' statements print as before.
  const pick = mulberry32(variation.seed + 503);
  const overdrawn = pick() < 0.5 ? pickFrom(pick, OVERDRAWN_HEADINGS) : null;
  const balance = pick() < 0.6 ? 'every' : 'end-of-day';
  const pageTotals = pick() < 0.3 ? pickFrom(pick, PAGE_TOTAL_LABELS) : null;
  // Without an overdrawn column, a negative balance carries a sign or a marker after it.
  const balanceStyle = pickFrom(pick, ['minus', 'trailing-minus', 'dr-suffix', 'od-suffix'] as const);
  openingClosingLines(context, 'BALANCE LAST STATEMENT', 'BALANCE THIS STATEMENT');
  activityTable(context, {
    money: 'two',
    headingSet: 'community',
    order: ['debit', 'desc', 'credit', 'date', 'balance'],
    balance,
    balanceStyle,
    overdrawn,
    pageTotals,
  });
  printDailyBalances(sheet, period, variation.dailyBalances, context.dateFormat, 'DAILY BALANCES');
}

/** Spanish first, then English, as bilingual statements print their words. */
const BOTH = {
  opening: 'Saldo anterior / Previous balance',
  closing: 'Saldo final / Ending balance',
  credits: 'Depósitos y otros créditos / Deposits and other credits',
  debits: 'Retiros y otros débitos / Withdrawals and other debits',
  creditsTotal: 'Total de depósitos / Total deposits',
  debitsTotal: 'Total de retiros / Total withdrawals',
  headings: ['Fecha / Date', 'Descripción / Description', 'Monto / Amount'] as [string, string, string],
};

export function bilingual(context: StatementContext) {
  const { sheet, period, variation } = context;
  letterhead(context, 'Estado de cuenta / Account statement', [
    `Período / Period: ${mdy(period.start)} - ${mdy(period.end)}`,
    `Cuenta / Account ${context.ledger.accountLast4}`,
  ]);
  sheet.onPageTop = repeatedTop(context);
  const pick = mulberry32(variation.seed + 509);
  openingClosingLines(context, BOTH.opening, BOTH.closing);
  if (pick() < 0.5) {
    activityTable(context, { money: 'two', headingSet: 'bilingual' });
  } else {
    const x = { date: 40, desc: 110, amount: sheet.width - 40 };
    const section = (title: string, entries: PrintedEntry[], totalLabel: string) =>
      printSection(sheet, title, entries, {
        dateFormat: context.dateFormat,
        negative: false,
        x,
        headings: variation.headings,
        totalLabel,
        headingWords: BOTH.headings,
      });
    // Titles on one line with a slash, or Spanish over English.
    const twoLines = pick() < 0.5;
    const title = (words: string) => (twoLines ? titleLines(sheet, words) : words);
    section(
      title(BOTH.credits),
      context.entries.filter((entry) => entry.direction === 'credit'),
      BOTH.creditsTotal,
    );
    section(
      title(BOTH.debits),
      context.entries.filter((entry) => entry.direction === 'debit'),
      BOTH.debitsTotal,
    );
  }
  printDailyBalances(sheet, period, variation.dailyBalances, context.dateFormat, 'Saldos diarios / Daily balances');
}

/** A bilingual title printed Spanish over English: the Spanish line here, the English one returned for the section. */
function titleLines(sheet: Sheet, words: string): string {
  const [spanish = words, english = words] = words.split(' / ');
  sheet.ensure(6);
  sheet.y += 4;
  sheet.line([{ text: spanish, x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.5);
  return english;
}
