// Activity grouped by day, as online banks and some credit unions print it: a heading per day ("Monday, August 3"
// or "Aug 3, 2026", perhaps with that day's ending balance), then the day's rows with no date of their own: the
// description, a signed amount and, on some statements, the running balance. Days without activity print nothing.
// Some print a heading per month instead ("MAY 2026") over rows that print only their day.
import { amountText, mon, parts, wrapText } from './corpus-print';
import { letterhead, openingClosingLines, repeatedTop, type StatementContext } from './corpus-layout';
import { MONTH_NAMES, mulberry32 } from './ledger';

const DAY_BALANCE_LABELS = ['End of day balance', 'Ending daily balance', 'Daily balance'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function dayHeading(iso: string, withWeekday: boolean): string {
  const { y, m, d } = parts(iso);
  if (!withWeekday) return `${mon(m)} ${d}, ${y}`;
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? ''}, ${MONTH_NAMES[m - 1] ?? ''} ${d}`;
}

/** A month's heading as printed over its rows: "MAY 2026", "May, 2026", or after the first one "JUNE" alone. */
function monthHeading(iso: string, style: number, first: boolean): string {
  const { y, m } = parts(iso);
  const name = MONTH_NAMES[m - 1] ?? '';
  if (style === 1) return `${name}, ${y}`;
  return style === 2 && !first ? name.toUpperCase() : `${name.toUpperCase()} ${y}`;
}

/** Rows under a heading per month, each printing its day ("03") in a date column of its own. */
function monthGrouped(context: StatementContext, style: number) {
  const { sheet, variation, entries } = context;
  const running = variation.summary;
  const balanceX = sheet.width - 40;
  const amountX = running ? sheet.width - 140 : balanceX;
  sheet.line([{ text: 'Transaction history', x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  entries.forEach((entry, index) => {
    if (entries[index - 1]?.date.slice(0, 7) !== entry.date.slice(0, 7)) {
      sheet.ensure(2);
      sheet.y += 3;
      sheet.line([{ text: monthHeading(entry.date, style, index === 0), x: 40, bold: true }]);
    }
    const lines = variation.wrapDescriptions ? wrapText(sheet, entry.printed, 150) : [entry.printed];
    sheet.ensure(lines.length);
    const signed = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
    sheet.line([
      { text: entry.date.slice(8, 10), x: 40 },
      { text: lines[0] ?? '', x: 70 },
      { text: amountText(signed, variation.swapColumns ? 'plus-minus' : 'dollar-minus'), x: amountX, align: 'right' },
      ...(running
        ? [{ text: amountText(entry.balanceAfterCents, 'dollar-minus'), x: balanceX, align: 'right' as const }]
        : []),
    ]);
    for (const more of lines.slice(1)) sheet.line([{ text: more, x: 70 }]);
  });
}

export function dayGrouped(context: StatementContext) {
  const { sheet, variation, entries } = context;
  letterhead(context, 'Business Checking Activity', [`Account ${context.ledger.accountLast4}`]);
  sheet.onPageTop = repeatedTop(context);
  openingClosingLines(context, 'Beginning balance', 'Ending balance');
  // Its own random stream, so the choices do not move the other families' statements.
  const pick = mulberry32(variation.seed + 211);
  const withWeekday = pick() < 0.5;
  // The day's ending balance: none, beside the day's heading, or on a labelled line after the day's rows.
  const dayBalance = pick() < 0.5;
  const dayBalanceLine = !dayBalance && pick() < 0.5 ? (DAY_BALANCE_LABELS[Math.floor(pick() * 3)] ?? null) : null;
  // A day's balance beside its heading: the amount alone, or after "End of day balance" (apart, or in one piece).
  const headingLabel = (['none', 'apart', 'joined'] as const)[Math.floor(mulberry32(variation.seed + 223)() * 3)];
  // Or a heading per month ("MAY 2026", "May, 2026", or the month alone after the first) over rows that print only
  // their day.
  if (pick() < 0.3) {
    monthGrouped(context, Math.floor(pick() * 3));
    return;
  }
  const running = variation.summary;
  const balanceX = sheet.width - 40;
  const amountX = running ? sheet.width - 140 : balanceX;
  sheet.line([{ text: 'Transaction history', x: 36, bold: true, size: sheet.size + 2 }], sheet.size * 1.8);
  entries.forEach((entry, index) => {
    if (entries[index - 1]?.date !== entry.date) {
      const endOfDay = entries.findLast((other) => other.date === entry.date)?.balanceAfterCents ?? 0;
      sheet.ensure(2);
      sheet.y += 3;
      const endOfDayText = amountText(endOfDay, 'dollar-minus');
      sheet.line([
        { text: dayHeading(entry.date, withWeekday), x: 40, bold: true },
        ...(!dayBalance
          ? []
          : headingLabel === 'apart'
            ? [
                { text: 'End of day balance', x: balanceX - 150 },
                { text: endOfDayText, x: balanceX, align: 'right' as const },
              ]
            : headingLabel === 'joined'
              ? [{ text: `End of day balance ${endOfDayText}`, x: balanceX, align: 'right' as const }]
              : [{ text: endOfDayText, x: balanceX, align: 'right' as const }]),
      ]);
    }
    const lines = variation.wrapDescriptions ? wrapText(sheet, entry.printed, 150) : [entry.printed];
    sheet.ensure(lines.length);
    const signed = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
    sheet.line([
      { text: lines[0] ?? '', x: 60 },
      { text: amountText(signed, variation.swapColumns ? 'plus-minus' : 'dollar-minus'), x: amountX, align: 'right' },
      ...(running
        ? [{ text: amountText(entry.balanceAfterCents, 'dollar-minus'), x: balanceX, align: 'right' as const }]
        : []),
    ]);
    for (const more of lines.slice(1)) sheet.line([{ text: more, x: 60 }]);
    if (dayBalanceLine && entries[index + 1]?.date !== entry.date) {
      sheet.line([
        { text: dayBalanceLine, x: 60 },
        { text: amountText(entry.balanceAfterCents, 'dollar-minus'), x: balanceX, align: 'right' },
      ]);
    }
  });
}
