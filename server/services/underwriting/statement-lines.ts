// Lines that are not transaction rows: balance labels, periods, account numbers, column headings, section titles,
// wrapped description lines, and check captions that only repeat a listed check.
import {
  findDateMentions,
  findDateRange,
  findFullDates,
  fromDayNumber,
  isoDate,
  toDayNumber,
  type RowDate,
} from './dates';
import { parseMoney, type ParsedMoney } from './money';
import type { Line } from './text-layout';
import type { Direction, StatementAccount } from './types';
import { type Heading, type Row, signedCents, unsignedAt } from './statement-rows';
import { pageNumberLines } from './statement-days';
import {
  ACCOUNT_NUMBER,
  CAPTION_WORDS,
  CHECKING_ACCOUNT,
  CLOSING_LABEL,
  HEADING_WORDS,
  IGNORED_SECTION,
  NOT_A_SECTION,
  NOT_A_STATEMENT_BALANCE,
  OPENING_LABEL,
  PAGE_FURNITURE,
  SAVINGS_ACCOUNT,
  roleOf,
} from './statement-words';

/** `summary`: the line prints both the opening and the closing balance (a summary, not a page's balance forward). */
export type BalanceLabel = {
  kind: 'opening' | 'closing';
  cents: number;
  date: string | null;
  summary?: boolean;
  /** The right edge of the amount when printed without a sign. */
  at?: number | null;
  /** Worded as a balance brought or carried forward (a page's opening), not a statement's beginning balance. */
  forward?: boolean;
};

const LABEL_STARTS = new RegExp(`${OPENING_LABEL.source}|${CLOSING_LABEL.source}`, 'gi');

/** A cell's text cut before each balance label it prints ("Beginning balance $1.00   Ending balance $2.00"). */
function labelPieces(text: string): string[] {
  const starts = [...text.matchAll(LABEL_STARTS)].map((match) => match.index ?? 0).filter((start) => start > 0);
  return [0, ...starts].map((start, index, all) => text.slice(start, all[index + 1] ?? text.length));
}

/** Opening/closing balance labels anywhere on a line, each with the nearest money to its right. */
export function detectBalanceLabels(line: Line): BalanceLabel[] {
  const found = line.cells.flatMap((cell, index) =>
    labelPieces(cell.text).flatMap((piece, part, pieces) => cellLabel(line, index, piece, part === pieces.length - 1)),
  );
  const summary = found.some((label) => label.kind === 'opening') && found.some((label) => label.kind === 'closing');
  return summary ? found.map((label) => ({ ...label, summary })) : found;
}

/**
 * A summary printed across the page: balance labels on one line ("Previous Balance | Deposits | ... | Ending
 * Balance") and their amounts on the line right below, each under its label; counts of items ("# Credits") may sit
 * between them. Both balances, or none.
 */
export function labelsAbove(above: Line | undefined, line: Line): BalanceLabel[] {
  if (!above || above.page !== line.page || above.y - line.y <= 0 || above.y - line.y > line.fontSize * 2.5) return [];
  if (line.cells.length < 2 || line.cells.some((cell) => !cell.money && !/^\d{1,6}$/.test(cell.text))) return [];
  const words = above.cells.filter((cell) => !cell.money);
  const found: BalanceLabel[] = [];
  for (const cell of line.cells) {
    if (!cell.money) continue;
    const label = labelOver(words, cell);
    if (!label || NOT_A_STATEMENT_BALANCE.test(label.text)) continue;
    const kind = OPENING_LABEL.test(label.text) ? 'opening' : CLOSING_LABEL.test(label.text) ? 'closing' : null;
    if (kind) found.push({ kind, cents: signedCents(cell.money), date: null, summary: true });
  }
  const both = found.some((label) => label.kind === 'opening') && found.some((label) => label.kind === 'closing');
  return both ? found : [];
}

/** The label printed over an amount on the line above: the nearest word cell reaching within 12 points of it. */
export function labelOver<T extends { x0: number; x1: number }>(
  words: T[],
  cell: { x0: number; x1: number },
): T | null {
  const middle = (cell.x0 + cell.x1) / 2;
  const distance = (word: T) => Math.abs((word.x0 + word.x1) / 2 - middle);
  const near = words.filter((word) => word.x0 - 12 <= cell.x1 && cell.x0 <= word.x1 + 12);
  return near.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

function cellLabel(line: Line, index: number, text: string, last: boolean): BalanceLabel[] {
  const kind = OPENING_LABEL.test(text) ? 'opening' : CLOSING_LABEL.test(text) ? 'closing' : null;
  if (!kind || NOT_A_STATEMENT_BALANCE.test(text)) return [];
  const printed = findFullDates(text)[0] ?? null;
  // The previous statement's balance is dated at that statement's end: this period starts the day after.
  const date =
    printed && kind === 'opening' && /\b(previous|prior|last|forward)\b/i.test(text)
      ? fromDayNumber(toDayNumber(printed) + 1)
      : printed;
  const forward = /\b(forward|brought|carried)\b/i.test(text) || undefined;
  const inline = trailingMoney(text);
  const cell = line.cells[index];
  if (inline)
    return [
      {
        kind,
        cents: signedCents(inline),
        date,
        at: last && cell ? unsignedAt({ ...cell, money: inline }) : null,
        forward,
      },
    ];
  if (!last) return [];
  for (const next of line.cells.slice(index + 1)) {
    if (OPENING_LABEL.test(next.text) || CLOSING_LABEL.test(next.text)) break;
    const money = next.money;
    if (money) {
      const after = line.cells[line.cells.indexOf(next) + 1];
      const marked = after && /^(CR|DR)$/i.test(after.text) ? parseMoney(`${next.text} ${after.text}`) : null;
      return [
        {
          kind,
          cents: signedCents(marked ?? money),
          date,
          at: unsignedAt({ x1: next.x1, money: marked ?? money }),
          forward,
        },
      ];
    }
  }
  return [];
}

function trailingMoney(text: string): ParsedMoney | null {
  const match = /(?:^|\s|:)([-\u2212(]?\s?-?\$?\s?[\d,]*\.\d{2}\)?-?(?:\s?(?:CR|DR|OD))?(?:\s?USD)?)\s*$/i.exec(text);
  return match?.[1] ? parseMoney(match[1]) : null;
}

export function detectPeriod(line: Line): { start: string; end: string } | null {
  // A range named as the period in a cell of its own may share the line with a balance ("Date range: 03/01/2025 -
  // 05/31/2025   Current balance: $66,275.11"); a year-to-date or total range never is the period.
  for (const cell of line.cells) {
    if (cell.money || !PERIOD_NAMED.test(cell.text) || NOT_THE_PERIOD.test(cell.text)) continue;
    if (OPENING_LABEL.test(cell.text) || CLOSING_LABEL.test(cell.text)) continue;
    const range = findDateRange(cell.text);
    if (range) return range;
  }
  if (OPENING_LABEL.test(line.text) || CLOSING_LABEL.test(line.text)) return null;
  if (line.cells.some((cell) => cell.money)) return null;
  // A cell at a time first: text beside the period ("... STE 4" then "April 1, 2026 to April 30, 2026") must not
  // lend the range a day ("4 April").
  for (const cell of line.cells) {
    const range = findDateRange(cell.text);
    if (range) return range;
  }
  return findDateRange(line.text);
}

/** Every date falls in the period (a date without its year in either of the period's years). */
export function datedWithin(dates: RowDate[], period: { start: string; end: string }): boolean {
  const years = [...new Set([Number(period.start.slice(0, 4)), Number(period.end.slice(0, 4))])];
  return dates.every((date) =>
    (date.year === null ? years : [date.year]).some((year) => {
      const iso = isoDate(year, date.month, date.day);
      return iso !== null && iso >= period.start && iso <= period.end;
    }),
  );
}

const PERIOD_NAMED = /\b(date range|period|statement dates?|activity (?:from|for))\b/i;
const NOT_THE_PERIOD = /\b(year|ytd|total|interest|average)\b/i;

/** One end of a statement period printed as a labelled field ("Statement Begin Date 08/01/2026"). */
export type PeriodField = { role: 'start' | 'end'; iso: string };
/** A field's label printed above its date (the columns of a header box). */
export type FieldLabel = { role: 'start' | 'end' | 'previous' | 'days' | 'period'; x0: number; x1: number };
/** A label naming the whole period ("Statement Period"): the dates under it run from its start to its end. */
const PERIOD_FIELD = /^(?:statement |billing )?(?:period|cycle)(?: dates?)?\s*:?$/i;

const START_FIELD = /\b(?:begin(?:ning)?|start(?:ing)?|opening|from|period)(?: date)?\s*:?$/i;
const END_FIELD = /\b(?:end(?:ing)?|closing|through|thru|to|statement)(?: date)?\s*:?$/i;
/** A header grid's label over the cycle's length ("DAYS IN PERIOD", "Days in cycle"). */
const DAYS_FIELD = /^(?:number of )?days(?: in)?(?: (?:this|the))?(?: (?:statement )?(?:period|cycle))?\s*:?$/i;

/** The previous statement's date ("Previous Statement Date", "Last statement"): this period starts the day after. */
const PREVIOUS_FIELD =
  /\b(?:previous|prior|last)\s+(?:statement|closing|cycle)(?:\s+(?:closing|ending|end))?(?: date)?\s*:?$/i;

function fieldRole(label: string): 'start' | 'end' | 'previous' | null {
  // The label's last words decide; a label is short, so a long text is cut before matching.
  const text = label.trim().slice(-40);
  if (PREVIOUS_FIELD.test(text)) return 'previous';
  if (END_FIELD.test(text)) return 'end';
  return START_FIELD.test(text) ? 'start' : null;
}

/**
 * The period's start and end printed as two labelled fields, on one line or two: each dated cell takes the label
 * before its date (in the cell, in the cell before it, or in a label cell printed above it), and labels without a
 * date are kept for the line below.
 */
export function detectPeriodFields(
  line: Line,
  above: FieldLabel[],
): { fields: PeriodField[]; labels: FieldLabel[]; days: number | null } {
  const fields: PeriodField[] = [];
  const labels: FieldLabel[] = [];
  const spanned: string[] = [];
  let days: number | null = null;
  const under = (cell: { x0: number; x1: number }, role: 'dates' | 'days') =>
    above.find(
      (item) => (item.role === 'days') === (role === 'days') && item.x0 <= cell.x1 + 2 && cell.x0 <= item.x1 + 2,
    );
  line.cells.forEach((cell, index) => {
    if (cell.text.length > 160) return;
    const mentions = findDateMentions(cell.text).filter((mention) => mention.date.year !== null);
    if (mentions.length === 0) {
      // The cycle's length under its label in a header grid ("DAYS IN PERIOD" over "31").
      const count = /^\d{1,3}$/.test(cell.text) ? Number(cell.text) : 0;
      if (count >= 1 && count <= 400 && under(cell, 'days')) days = count;
      const role =
        cell.text.length > 40
          ? null
          : DAYS_FIELD.test(cell.text)
            ? 'days'
            : PERIOD_FIELD.test(cell.text.trim())
              ? 'period'
              : fieldRole(cell.text);
      if (role) labels.push({ role, x0: cell.x0, x1: cell.x1 });
      return;
    }
    let from = 0;
    for (const mention of mentions) {
      let label = cell.text.slice(from, mention.start);
      const before = line.cells[index - 1];
      if (from === 0 && !label.trim() && before) label = before.text;
      from = mention.end;
      const role = fieldRole(label) ?? under(cell, 'dates')?.role ?? null;
      const iso = isoDate(mention.date.year ?? 0, mention.date.month, mention.date.day);
      if (role === 'period' && iso) spanned.push(iso);
      if ((role === 'start' || role === 'end') && iso) fields.push({ role, iso });
      if (role === 'previous' && iso) fields.push({ role: 'start', iso: fromDayNumber(toDayNumber(iso) + 1) });
    }
  });
  // The dates under the period's label, in one cell or two: the first starts it, the last (if another) ends it.
  const [first, last] = [spanned[0], spanned.at(-1)];
  if (first) fields.push({ role: 'start', iso: first });
  if (last && spanned.length >= 2) fields.push({ role: 'end', iso: last });
  return { fields, labels, days };
}

// "Days in this cycle: 30", "Days in statement period 31": with a closing date, the period's length.
const CYCLE_DAYS = /\bdays (?:in )?(?:this |the )?(?:statement |billing )?(?:cycle|period)\b\s*:?\s*(\d{1,3})(?!\d)/i;

/** The number of days a statement says its period covers, when a short line prints it. */
export function detectCycleDays(line: Line): number | null {
  if (line.text.length > 160) return null;
  for (const cell of line.cells) {
    const days = Number(CYCLE_DAYS.exec(cell.text)?.[1] ?? 0);
    if (days >= 1 && days <= 400) return days;
  }
  return null;
}

/** An account number printed on a line without amounts, with the account's kind when the line names it. */
export function detectAccount(line: Line, titleKind: StatementAccount['kind']): StatementAccount | null {
  if (line.text.length > 120 || line.cells.some((cell) => cell.money)) return null;
  const match = ACCOUNT_NUMBER.exec(line.text);
  if (!match?.[1]) return null;
  // A line listing several accounts ("Business Checking ...4159, Business Savings ...8707"): the number's kind is
  // the one printed before the next number, not every kind the line names.
  NEXT_ACCOUNT_NUMBER.lastIndex = match.index + match[0].length;
  const next = NEXT_ACCOUNT_NUMBER.exec(line.text);
  const own = next ? line.text.slice(0, next.index) : line.text;
  return { last4: match[1].replace(/\D/g, '').slice(-4), kind: accountKind(own) ?? titleKind };
}

const NEXT_ACCOUNT_NUMBER = new RegExp(ACCOUNT_NUMBER.source, 'gi');

export function accountKind(text: string): StatementAccount['kind'] {
  if (SAVINGS_ACCOUNT.test(text)) return 'savings';
  return CHECKING_ACCOUNT.test(text) ? 'checking' : null;
}

/** The check number a row names (its own reference cell, or "Check 1234" in its words). */
function checkNumberOf(row: Row): string | null {
  const reference = row.reference?.replace(/\D/g, '');
  if (reference && /^\d{2,8}$/.test(reference)) return reference;
  return /\b(?:check|chk|ck)\s*(?:no\.?|number|#)?\s*#?(\d{2,8})\b/i.exec(row.text.join(' '))?.[1] ?? null;
}

/**
 * A caption under a check image, or a checks-paid summary repeating a check the activity already lists: only a
 * check number, a date and the same amount, and no other words.
 */
export function repeatsCheck(row: Row, earlier: Row[]): boolean {
  const number = checkNumberOf(row);
  if (!number || row.text.join(' ').replace(CAPTION_WORDS, '').replace(/\d+/g, '').trim() !== '') return false;
  const amounts = new Set(row.money.map((cell) => cell.money.cents));
  return earlier.some(
    (other) => checkNumberOf(other) === number && other.money.some((cell) => amounts.has(cell.money.cents)),
  );
}

/** A column heading line: no amounts, and at least two cells worded like column headings. */
export function detectHeading(line: Line): Heading | null {
  if (line.cells.length < 2 || line.cells.some((cell) => cell.money)) return null;
  let worded = 0;
  for (const cell of line.cells) {
    if (cell.text.split(' ').length > 4) return null;
    if (HEADING_WORDS.test(cell.text)) worded += 1;
  }
  if (worded < 2) return null;
  return asHeading(line);
}

/** A line as a heading's cells (a heading line printed with one cell, above or below the rest of the heading). */
export function asHeading(line: Line): Heading {
  return {
    cells: line.cells.map((cell) => ({ x0: cell.x0, x1: cell.x1, text: cell.text })),
    page: line.page,
    y: line.y,
  };
}

/**
 * A line printed right above or below a column heading that is part of it: no amount, and every cell stands over or
 * under a heading cell and completes the word it stands over or under ("DESC" over "RIPTION"), or, above it, is
 * made of heading words ("Transaction" over "Description"; below, such a line may be a section's title).
 */
export function headingPart(line: Line, heading: Heading): boolean {
  const above = line.y > heading.y;
  if (line.page !== heading.page || Math.abs(line.y - heading.y) > line.fontSize * 2.4) return false;
  if (line.cells.length === 0 || line.cells.some((cell) => cell.money)) return false;
  return line.cells.every((cell) => {
    const beside = heading.cells.find((item) => item.x0 <= cell.x1 + 2 && cell.x0 <= item.x1 + 2);
    if (!beside || cell.text.length > 30) return false;
    if (above && cell.text.split(' ').every((word) => HEADING_WORDS.test(word))) return true;
    // The word the two halves make where they meet, which neither half is alone.
    const words = (above ? `${cell.text}${beside.text}` : `${beside.text}${cell.text}`).split(' ');
    const word = (above ? words[0] : words.at(-1)) ?? '';
    return /^[A-Za-z]+$/.test(cell.text) && !HEADING_WORDS.test(cell.text) && HEADING_WORDS.test(word);
  });
}

/** Two lines of a heading cell: "Posting" and "Date" as two words, "DESC" and "RIPTION" as the one they cut. */
function joinHeadingText(upper: string, lower: string): string {
  const last = upper.split(' ').at(-1) ?? '';
  const first = lower.split(' ')[0] ?? '';
  const cut = !HEADING_WORDS.test(last) && !HEADING_WORDS.test(first) && HEADING_WORDS.test(`${last}${first}`);
  return cut ? `${upper}${lower}` : `${upper} ${lower}`;
}

/** Headings printed on two lines ("Posting / Date", "Withdrawals / Debits") become one heading. */
export function mergeHeadings(upper: Heading, lower: Heading): Heading {
  const cells = upper.cells.map((cell) => ({ ...cell }));
  for (const cell of lower.cells) {
    const above = cells.find((item) => item.x0 <= cell.x1 + 2 && cell.x0 <= item.x1 + 2);
    if (above) {
      above.text = joinHeadingText(above.text, cell.text);
      above.x0 = Math.min(above.x0, cell.x0);
      above.x1 = Math.max(above.x1, cell.x1);
    } else cells.push({ ...cell });
  }
  return { cells, page: lower.page, y: lower.y };
}

type SectionChange = { direction: Direction | null } | null;

export function detectSection(line: Line): SectionChange {
  if (line.cells.length > 3 || line.cells.some((cell) => cell.money)) return null;
  // The title alone when notes follow it on the line ("Checks Paid | No. Checks: 2 | *Indicates break in ...").
  const first = line.cells[0]?.text ?? '';
  return sectionOf(line.text) ?? (line.cells.length > 1 ? sectionOf(first) : null) ?? bilingualSection(line.text);
}

/**
 * A title printed in two languages, one after the other ("Depósitos y otros créditos / Deposits and other credits"):
 * the halves are read apart, and must not disagree.
 */
function bilingualSection(text: string): SectionChange {
  if (text.length > 120) return null;
  const halves = text.split(/\s[/|]\s/);
  if (halves.length !== 2) return null;
  const read = halves.map(sectionOf).filter((change): change is NonNullable<SectionChange> => change !== null);
  const [one, other] = read;
  return one && (!other || other.direction === one.direction) ? one : null;
}

function sectionOf(raw: string): SectionChange {
  const text = raw.replace(/\((continued|cont'?d?\.?)\)|[-\u2013]\s*continued|\bcontinued\b/gi, '').trim();
  if (text.length === 0 || text.length > 60 || text.split(' ').length > 8) return null;
  if (IGNORED_SECTION.test(text)) return { direction: null };
  if (NOT_A_SECTION.test(text)) return null;
  const role = roleOf(text);
  if (role === 'credit' || role === 'debit') return { direction: role };
  return null;
}

/**
 * Marks the lines whose text stands at the same height on more than half the pages, two at least, above or below
 * every line with an amount on each: a page's header or footer, whatever its words and font (a row's wrapped words
 * stand between amounts); and the lines that print a page's number alone.
 */
export function markRepeatedLines(lines: Line[]) {
  // A page's number changes from page to page, but is the page's furniture as much.
  for (const index of pageNumberLines(lines)) {
    const line = lines[index];
    if (line) line.repeated = true;
  }
  const pages = new Set(lines.map((line) => line.page)).size;
  if (pages < 2) return;
  const amounts = new Map<number, { top: number; bottom: number }>();
  for (const line of lines) {
    if (!line.cells.some((cell) => cell.money)) continue;
    const seen = amounts.get(line.page) ?? { top: line.y, bottom: line.y };
    amounts.set(line.page, { top: Math.max(seen.top, line.y), bottom: Math.min(seen.bottom, line.y) });
  }
  const places = new Map<string, Line[]>();
  for (const line of lines) {
    const zone = amounts.get(line.page);
    if (line.text.length > 160 || (zone && line.y <= zone.top && line.y >= zone.bottom)) continue;
    const key = `${Math.round(line.y / 3)}|${line.text}`;
    places.set(key, [...(places.get(key) ?? []), line]);
  }
  for (const group of places.values()) {
    const on = new Set(group.map((line) => line.page)).size;
    if (on >= 2 && on > pages / 2) for (const line of group) line.repeated = true;
  }
}

/**
 * A page's footer or a note under the table rather than more of the row's words: the page's furniture (page number,
 * web address, "Member FDIC", text every page prints at the same place), or text set in none of the fonts the row's words are set in, unless a line with an
 * amount follows it on the page (a description whose wrapped words another font prints, inside the table).
 */
export function isFooter(line: Line, row: Pick<Row, 'pieces'>, next: Line | undefined): boolean {
  if (line.repeated || (line.text.length <= 160 && PAGE_FURNITURE.test(line.text))) return true;
  if (next?.page === line.page && next.cells.some((cell) => cell.money)) return false;
  const fonts = new Set(row.pieces?.flatMap((piece) => (piece.font ? [piece.font] : [])));
  return fonts.size > 0 && line.cells.every((cell) => cell.font !== undefined && !fonts.has(cell.font));
}

/** Whether `line` carries on the description of `row`; `next` is the line after it. */
export function isContinuation(line: Line, row: Row, next?: Line): boolean {
  if (line.page !== row.page) return false;
  const gap = row.y - line.y;
  if (gap <= 0 || gap > row.fontSize * 2.3) return false;
  // A title printed in a larger size below the last row is not part of its description, nor is a page's footer.
  if (Math.abs(line.fontSize - row.fontSize) > 0.6 || isFooter(line, row, next)) return false;
  if (line.cells.some((cell) => cell.money)) return false;
  const firstMoney = Math.min(...row.money.map((cell) => cell.x0));
  // Descriptions printed after the amounts wrap to the right of them.
  const rightOfAmounts = row.textX0 > firstMoney;
  // Right of the amounts nothing bounds the wrapped words but the row's own: a wrapped line starts under them, not
  // further right (a page's "Continued on next page" note).
  const textEnd = row.pieces?.reduce((end, piece) => Math.max(end, piece.x1), row.textX0) ?? Number.POSITIVE_INFINITY;
  return line.cells.every(
    (cell) =>
      cell.x0 >= row.textX0 - 4 && (rightOfAmounts ? cell.x0 <= textEnd + row.fontSize : cell.x1 <= firstMoney + 2),
  );
}
