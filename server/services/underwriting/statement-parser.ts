// Turns the lines of a text PDF into statement periods and transactions without knowing the bank. A transaction
// row is recognised by its shape (a date, then text, then one or more amounts), never by the table's headings;
// headings, section titles, signs and markers are evidence for which way money moved, and where a running balance
// is printed the balance's movement decides.
import {
  findDateRange,
  findFullDates,
  fromDayNumber,
  parseRowDate,
  rowDateResolver,
  toDayNumber,
  type RowDate,
} from './dates';
import { formatCents, parseMoney, type ParsedMoney } from './money';
import { MIN_TEXT_CHARS_PER_PAGE } from './policy';
import type { Cell, Line } from './text-layout';
import { buildLines } from './text-layout';
import type {
  BalanceCheck,
  Direction,
  DirectionSource,
  PageText,
  ParseResult,
  ParsedSegment,
  ParsedStatement,
  ParsedTransaction,
  StatementAccount,
  StatementLayout,
} from './types';

type Role = 'credit' | 'debit' | 'balance' | 'amount';
type HeadingCell = { x0: number; x1: number; text: string };
type Heading = { cells: HeadingCell[]; page: number; y: number };
type MoneyCell = { x0: number; x1: number; text: string; money: ParsedMoney; column: number };

type Row = {
  page: number;
  y: number;
  fontSize: number;
  date: RowDate;
  /** A reference or check number printed in its own cell (kept out of the description). */
  reference: string | null;
  text: string[];
  continuation: string[];
  textX0: number;
  money: MoneyCell[];
  section: Direction | null;
  heading: Heading | null;
  typeWord: Direction | null;
  resolved: string | null;
  direction: Direction | null;
  source: DirectionSource | null;
  amountCents: number;
  balanceCents: number | null;
  corrected: boolean;
  /** The direction came only from the unsigned-amount default, so a balance that disagrees infers, not corrects. */
  weak: boolean;
  /** What the layout itself said (signs, columns, sections), before the balance was consulted. */
  layoutSource: DirectionSource | null;
};

/** A balance printed between rows ("Balance forward" at a page top): the balance before row `beforeRow`. */
type Checkpoint = { beforeRow: number; cents: number };

type DraftSegment = {
  period: { start: string; end: string } | null;
  opening: number | null;
  closing: number | null;
  openingDate: string | null;
  closingDate: string | null;
  rows: Row[];
  checkpoints: Checkpoint[];
  /** The latest full date printed outside the rows (a statement date), for statements that print no period. */
  anchor: string | null;
  /** A closing balance was printed after the rows began: a later opening balance starts another account. */
  closedAfterRows: boolean;
  account: StatementAccount | null;
};

// ---------------------------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------------------------

const OPENING_LABEL =
  /\b((beginning|opening|starting|previous|prior|last)( statement)?( ledger)? balance|balance (brought |carried )?forward|brought forward|balance last statement|balance at (the )?start( of (the )?period)?|opening ledger|last statement balance)\b/i;
const CLOSING_LABEL =
  /\b((ending|closing|new|current|this)( statement)?( ledger)? balance|statement balance|balance this statement|balance at (the )?end( of (the )?period)?|closing ledger)\b/i;
const NOT_A_STATEMENT_BALANCE = /\b(average|minimum|available|daily|collected|total|interest|ytd|year)\b/i;

const CREDIT_WORDS = /\b(credits?|deposits?|additions?|money in|paid in|receipts?|incoming|inflows?|interest paid)\b/i;
const DEBIT_WORDS =
  /\b(debits?|withdrawals?|subtractions?|checks?( paid)?|fees?|charges?|payments?|purchases?|money out|paid out|outgoing|outflows?)\b/i;
const BALANCE_WORDS = /\b(balance|running|ledger)\b/i;
const HEADING_WORDS =
  /\b(date|dt|description|details|transaction|txn|amount|balance|debits?|credits?|deposits?|withdrawals?|check|ref(erence)?|memo|payee|particulars|paid|money|type|kind|no\.?|number|serial|effective|eff|value|posting|posted|post|running|net|total|bank|customer|code)\b/i;
const NOT_A_SECTION = /\b(total|summary|statement|account|balance|page|period|member|customer|number)\b/i;
const IGNORED_SECTION = /\b(daily|summary|balances|check images?|worksheet|interest rate)\b/i;
const TYPE_WORD = /^(credit|debit|deposit|withdrawal|cr|dr)$/i;
/** An account's number printed on a line of its own ("Account Number: 000000004821", "Acct ending in 4821"). */
const ACCOUNT_NUMBER =
  /\b(?:account|acct|a\/c)\b(?:\s*(?:number|no\.?|#|ending(?: in)?))?\s*[:#]?\s*[*.xX#-]*\s*(\d{4,17})\b/i;
// "Ironwood Savings Bank" names the bank, not the account.
const SAVINGS_ACCOUNT =
  /\b(savings(?! (bank|and loan|& loan|association|institution|fsb))|money market|share account)\b/i;
const CHECKING_ACCOUNT = /\b(checking|operating|demand deposit|share draft)\b/i;
/** A page of check images: the captions under the images repeat checks already listed, so they are not rows. */
const CHECK_IMAGES = /\b(check images?|images? of (paid )?checks|check copies|item images)\b/i;
/** Words a check image caption prints around the check's number, date and amount. */
const CAPTION_WORDS = /\b(check|chk|ck|no|number|serial|paid|posted|date|amount|image)\b|[#:.]/gi;
const REFERENCE = /^[#*]?[A-Z]{0,4}[-#:]?\d[\d-]{2,}\*?\^?$/i;

function roleOf(text: string): Role | null {
  const credit = CREDIT_WORDS.test(text);
  const debit = DEBIT_WORDS.test(text);
  if (credit && !debit) return 'credit';
  if (debit && !credit) return /\bcheck\b.*\b(no|number|#)/i.test(text) ? null : 'debit';
  if (BALANCE_WORDS.test(text)) return 'balance';
  if (/\b(amount|net|amt)\b/i.test(text) || (credit && debit)) return 'amount';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------------

/** A date at the very start of the cells (a cell, or the first words of one); the rest of the row after it. */
function readLeadingDate(cells: Cell[]): { date: RowDate; rest: Cell[] } | null {
  const first = cells[0];
  if (!first) return null;
  const whole = parseRowDate(first.text);
  if (whole) return { date: whole, rest: cells.slice(1) };
  const words = first.text.split(' ');
  for (const take of [3, 2, 1]) {
    if (words.length <= take) continue;
    const date = parseRowDate(words.slice(0, take).join(' '));
    if (!date) continue;
    const text = words.slice(take).join(' ');
    const share = (first.x1 - first.x0) / Math.max(1, first.text.length);
    const x0 = first.x0 + (first.text.length - text.length) * share;
    return { date, rest: [{ ...first, text, x0, money: parseMoney(text) }, ...cells.slice(1)] };
  }
  return null;
}

type RowPart = { date: RowDate; reference: string | null; cells: Cell[] };

/**
 * A date printed after the description ("Description | Date | Amount"), as a few exports do: only tried when no
 * row starts with a date, so ordinary statements never read a date inside a description as the row's date.
 */
function laterDatePart(line: Line): RowPart[] {
  const cells = line.cells;
  for (let index = 1; index < Math.min(cells.length, 4); index += 1) {
    const cell = cells[index];
    if (!cell || cell.money || !parseRowDate(cell.text)) continue;
    const before = cells.slice(0, index);
    // A second date (posted and transaction dates side by side) is not part of the description.
    const next = cells[index + 1];
    const after = cells.slice(next && !next.money && parseRowDate(next.text) ? index + 2 : index + 1);
    if (before.some((item) => item.money) || !after.some((item) => item.money)) return [];
    const date = parseRowDate(cell.text);
    return date ? [{ date, reference: null, cells: [...before, ...after] }] : [];
  }
  return [];
}

/** Splits a line into dated parts: one for a row, several for grids ("08/01 12.00 08/02 15.00 ..."). */
function datedParts(line: Line, dateAnywhere = false): RowPart[] {
  if (dateAnywhere && !readLeadingDate(line.cells)) return laterDatePart(line);
  let cells = line.cells;
  let reference: string | null = null;
  const head = cells[0];
  // A check or reference number printed before the date.
  if (head && /^\d{2,10}\*?\^?$/.test(head.text) && cells[1] && readLeadingDate(cells.slice(1))) {
    reference = head.text.replace(/\D/g, '');
    cells = cells.slice(1);
  }
  const lead = readLeadingDate(cells);
  if (!lead) return [];
  let rest = lead.rest;
  // A second date column (value, effective or transaction date) right after the first.
  const maybeDate = rest[0] && /^(\d|[A-Za-z]{3,9}\.?\s?\d)/.test(rest[0].text);
  const second = maybeDate ? readLeadingDate(rest) : null;
  if (second && rest[0] && parseRowDate(rest[0].text)) rest = second.rest;
  else if (second && rest[0] && rest[0].money === null) rest = second.rest;
  const parts: RowPart[] = [{ date: lead.date, reference, cells: [] }];
  let seenMoney = false;
  for (let index = 0; index < rest.length; index += 1) {
    const cell = rest[index];
    if (!cell) continue;
    if (seenMoney && cell.money === null) {
      const next = readLeadingDate(rest.slice(index));
      if (next && parseRowDate(cell.text)) {
        parts.push({ date: next.date, reference: null, cells: [] });
        seenMoney = false;
        continue;
      }
    }
    if (cell.money) seenMoney = true;
    parts[parts.length - 1]?.cells.push(cell);
  }
  return parts;
}

type ReadRow =
  { kind: 'row'; row: Row } | { kind: 'label'; label: 'opening' | 'closing'; cents: number } | { kind: 'skip' };

function readPart(part: RowPart, line: Line): ReadRow {
  const money: MoneyCell[] = [];
  const text: string[] = [];
  let reference = part.reference;
  let typeWord: Direction | null = null;
  let typeText: string | null = null;
  let textX0 = Number.POSITIVE_INFINITY;
  for (const cell of part.cells) {
    if (cell.money) {
      money.push({ x0: cell.x0, x1: cell.x1, text: cell.text, money: cell.money, column: -1 });
      continue;
    }
    const last = money.at(-1);
    if (/^(CR|DR)$/i.test(cell.text) && last) {
      last.money = parseMoney(`${last.text} ${cell.text}`) ?? last.money;
      last.x1 = cell.x1;
      continue;
    }
    if (TYPE_WORD.test(cell.text)) {
      typeWord = /^(credit|deposit|cr)$/i.test(cell.text) ? 'credit' : 'debit';
      typeText = cell.text;
      continue;
    }
    // "-" or "*" in an empty column is a placeholder, not part of the description.
    if (/^[-\u2013\u2014.*$]+$/.test(cell.text)) continue;
    if (REFERENCE.test(cell.text)) {
      reference ??= cell.text;
      continue;
    }
    text.push(cell.text);
    textX0 = Math.min(textX0, cell.x0);
  }
  // A lone "DEPOSIT" is the description itself, not a type column.
  if (text.length === 0 && typeText) {
    text.push(typeText);
    typeWord = null;
  }
  if (money.length === 0) {
    // A description printed up against its amount can arrive as one piece of text: split the amount off its end.
    const lastText = text.at(-1);
    const tail = lastText ? /^(.*[A-Za-z].*?)\s+(\S+)$/.exec(lastText) : null;
    const amount = tail?.[2] ? parseMoney(tail[2]) : null;
    const cell = part.cells.at(-1);
    if (!tail?.[1] || !amount || !cell || cell.money) return { kind: 'skip' };
    text[text.length - 1] = tail[1];
    const x0 = cell.x1 - ((tail[2]?.length ?? 0) / cell.text.length) * (cell.x1 - cell.x0);
    money.push({ x0, x1: cell.x1, text: tail[2] ?? '', money: amount, column: -1 });
  }
  const description = text.join(' ').replace(/\s+/g, ' ').trim();
  const lastMoney = money.at(-1);
  if (
    /balance|forward|ledger/i.test(description) &&
    (OPENING_LABEL.test(description) || CLOSING_LABEL.test(description))
  ) {
    if (NOT_A_STATEMENT_BALANCE.test(description) || !lastMoney) return { kind: 'skip' };
    const cents = signedCents(lastMoney.money);
    return { kind: 'label', label: OPENING_LABEL.test(description) ? 'opening' : 'closing', cents };
  }
  if (/^(total|subtotal|daily|average)\b/i.test(description)) return { kind: 'skip' };
  // A date and amounts with no words (a daily balance list or grid) is not a transaction; a check number is.
  if (!/[A-Za-z]/.test(description)) {
    if (!reference || !/^\d{2,8}$/.test(reference)) return { kind: 'skip' };
  }
  return {
    kind: 'row',
    row: {
      page: line.page,
      y: line.y,
      fontSize: line.fontSize,
      date: part.date,
      reference,
      text,
      continuation: [],
      textX0: Number.isFinite(textX0) ? textX0 : (part.cells[0]?.x0 ?? 0),
      money,
      section: null,
      heading: null,
      typeWord,
      resolved: null,
      direction: null,
      source: null,
      amountCents: 0,
      balanceCents: null,
      corrected: false,
      weak: false,
      layoutSource: null,
    },
  };
}

function signedCents(money: ParsedMoney): number {
  return money.isNegative ? -money.cents : money.cents;
}

// ---------------------------------------------------------------------------------------------------------------
// Lines that are not rows
// ---------------------------------------------------------------------------------------------------------------

type BalanceLabel = { kind: 'opening' | 'closing'; cents: number; date: string | null };

/** Opening/closing balance labels anywhere on a line, each with the nearest money to its right. */
function detectBalanceLabels(line: Line): BalanceLabel[] {
  const found: BalanceLabel[] = [];
  line.cells.forEach((cell, index) => {
    const kind = OPENING_LABEL.test(cell.text) ? 'opening' : CLOSING_LABEL.test(cell.text) ? 'closing' : null;
    if (!kind || NOT_A_STATEMENT_BALANCE.test(cell.text)) return;
    const dates = findFullDates(cell.text);
    const inline = trailingMoney(cell.text);
    if (inline) {
      found.push({ kind, cents: signedCents(inline), date: dates[0] ?? null });
      return;
    }
    for (const next of line.cells.slice(index + 1)) {
      if (OPENING_LABEL.test(next.text) || CLOSING_LABEL.test(next.text)) break;
      const money = next.money;
      if (money) {
        const after = line.cells[line.cells.indexOf(next) + 1];
        const marked = after && /^(CR|DR)$/i.test(after.text) ? parseMoney(`${next.text} ${after.text}`) : null;
        found.push({ kind, cents: signedCents(marked ?? money), date: dates[0] ?? null });
        break;
      }
    }
  });
  return found;
}

function trailingMoney(text: string): ParsedMoney | null {
  const match = /(?:^|\s|:)([-\u2212(]?\s?-?\$?\s?[\d,]*\.\d{2}\)?-?(?:\s?(?:CR|DR))?)\s*$/i.exec(text);
  return match?.[1] ? parseMoney(match[1]) : null;
}

function detectPeriod(line: Line): { start: string; end: string } | null {
  if (OPENING_LABEL.test(line.text) || CLOSING_LABEL.test(line.text)) return null;
  if (line.cells.some((cell) => cell.money)) return null;
  return findDateRange(line.text);
}

/** An account number printed on a line without amounts, with the account's kind when the line names it. */
function detectAccount(line: Line, titleKind: StatementAccount['kind']): StatementAccount | null {
  if (line.text.length > 120 || line.cells.some((cell) => cell.money)) return null;
  const match = ACCOUNT_NUMBER.exec(line.text);
  if (!match?.[1]) return null;
  return { last4: match[1].slice(-4), kind: accountKind(line.text) ?? titleKind };
}

function accountKind(text: string): StatementAccount['kind'] {
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
function repeatsCheck(row: Row, earlier: Row[]): boolean {
  const number = checkNumberOf(row);
  if (!number || row.text.join(' ').replace(CAPTION_WORDS, '').replace(/\d+/g, '').trim() !== '') return false;
  const amounts = new Set(row.money.map((cell) => cell.money.cents));
  return earlier.some(
    (other) => checkNumberOf(other) === number && other.money.some((cell) => amounts.has(cell.money.cents)),
  );
}

/** A column heading line: no amounts, and at least two cells worded like column headings. */
function detectHeading(line: Line): Heading | null {
  if (line.cells.length < 2 || line.cells.some((cell) => cell.money)) return null;
  let worded = 0;
  for (const cell of line.cells) {
    if (cell.text.split(' ').length > 4) return null;
    if (HEADING_WORDS.test(cell.text)) worded += 1;
  }
  if (worded < 2) return null;
  return {
    cells: line.cells.map((cell) => ({ x0: cell.x0, x1: cell.x1, text: cell.text })),
    page: line.page,
    y: line.y,
  };
}

/** Headings printed on two lines ("Posting / Date", "Withdrawals / Debits") become one heading. */
function mergeHeadings(upper: Heading, lower: Heading): Heading {
  const cells = upper.cells.map((cell) => ({ ...cell }));
  for (const cell of lower.cells) {
    const above = cells.find((item) => item.x0 <= cell.x1 + 2 && cell.x0 <= item.x1 + 2);
    if (above) {
      above.text = `${above.text} ${cell.text}`;
      above.x0 = Math.min(above.x0, cell.x0);
      above.x1 = Math.max(above.x1, cell.x1);
    } else cells.push({ ...cell });
  }
  return { cells, page: lower.page, y: lower.y };
}

type SectionChange = { direction: Direction | null } | null;

function detectSection(line: Line): SectionChange {
  if (line.cells.length > 3 || line.cells.some((cell) => cell.money)) return null;
  const text = line.text.replace(/\((continued|cont'?d?\.?)\)|[-\u2013]\s*continued|\bcontinued\b/gi, '').trim();
  if (text.length === 0 || text.length > 60 || text.split(' ').length > 8) return null;
  if (IGNORED_SECTION.test(text)) return { direction: null };
  if (NOT_A_SECTION.test(text)) return null;
  const role = roleOf(text);
  if (role === 'credit' || role === 'debit') return { direction: role };
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------------------------

export const NO_TEXT_LAYER_REASON = 'The PDF has no text layer (a scan or photo).';

/** Parses page text into a statement; pure, so tests and the worker share it. */
export function parseStatementPages(pages: PageText[]): ParseResult {
  return parseStatementLines(buildLines(pages), pages.length);
}

/** Parses the lines of a whole statement (in page order) into periods and transactions. */
export function parseStatementLines(lines: Line[], pageCount: number): ParseResult {
  const characters = lines.reduce((sum, line) => sum + line.text.length, 0);
  if (lines.length === 0 || characters < MIN_TEXT_CHARS_PER_PAGE * Math.max(1, pageCount)) {
    return { ok: false, reason: NO_TEXT_LAYER_REASON, code: 'no-text-layer' };
  }
  const result = parseLines(lines, pageCount, false);
  if (result.ok || !result.reason.startsWith('No transaction table')) return result;
  const later = parseLines(lines, pageCount, true);
  return later.ok ? later : result;
}

function parseLines(lines: Line[], pageCount: number, dateAnywhere: boolean): ParseResult {
  const segments: DraftSegment[] = [];
  const warnings: string[] = [];
  const newSegment = (period: DraftSegment['period']): DraftSegment => {
    const segment: DraftSegment = {
      period,
      opening: null,
      closing: null,
      openingDate: null,
      closingDate: null,
      rows: [],
      checkpoints: [],
      anchor: null,
      closedAfterRows: false,
      account: null,
    };
    segments.push(segment);
    return segment;
  };
  // An account number other than the current period's, printed since its rows began: the next opening balance
  // that is not a page's balance forward starts that account's statement.
  let pendingAccount: StatementAccount | null = null;
  let titleKind: StatementAccount['kind'] = null;
  let imagesPage: number | null = null;
  let segment: DraftSegment | null = null;
  // Statements listing several accounts (checking, then savings) close one account before opening the next; the
  // next one is a statement period of its own.
  const accountFor = (current: DraftSegment, kind: 'opening' | 'closing', cents: number): DraftSegment => {
    if (kind === 'closing') {
      if (current.rows.length > 0) current.closedAfterRows = true;
      return current;
    }
    const forward = current.rows.at(-1)?.money.some((cell) => signedCents(cell.money) === cents) ?? false;
    const another = pendingAccount !== null && current.rows.length > 0 && !forward;
    if (!current.closedAfterRows && !another) return current;
    section = null;
    heading = null;
    const next = newSegment(current.period);
    next.account = pendingAccount;
    pendingAccount = null;
    return next;
  };
  let section: Direction | null = null;
  let heading: Heading | null = null;
  let lastHeading: Heading | null = null;
  let lastRow: Row | null = null;

  for (const line of lines) {
    if (lastRow && lastRow.page !== line.page) lastRow = null;
    if (imagesPage !== null && imagesPage !== line.page) imagesPage = null;
    const reads = datedParts(line, dateAnywhere).map((part) => readPart(part, line));
    if (imagesPage !== null && reads.length > 0) continue;
    if (reads.some((read) => read.kind !== 'skip')) {
      let accepted = false;
      for (const read of reads) {
        if (read.kind === 'row') {
          segment ??= newSegment(null);
          if (repeatsCheck(read.row, segment.rows)) continue;
          titleKind = null;
          read.row.section = section;
          read.row.heading = heading;
          segment.rows.push(read.row);
          lastRow = read.row;
          accepted = true;
        } else if (read.kind === 'label') {
          segment = accountFor(segment ?? newSegment(null), read.label, read.cents);
          applyLabel(segment, { kind: read.label, cents: read.cents, date: null }, warnings);
        }
      }
      if (!accepted) lastRow = null;
      lastHeading = null;
      continue;
    }
    // A dated line with amounts but no words is a daily balance list or grid: not a row, not a continuation.
    const datedAmounts = reads.length > 0 && line.cells.some((cell) => cell.money);
    const continuing = lastRow !== null && !datedAmounts && isContinuation(line, lastRow);
    const account = continuing ? null : detectAccount(line, titleKind);
    if (account) {
      segment ??= newSegment(null);
      if (!segment.account) segment.account = account;
      else if (segment.account.last4 !== account.last4) pendingAccount = account;
      else pendingAccount = null;
      titleKind = null;
    } else if (!continuing && line.cells.length <= 2 && line.text.split(' ').length <= 6) {
      titleKind = accountKind(line.text) ?? titleKind;
    }
    const period = detectPeriod(line);
    if (period) {
      const current: DraftSegment | null = segment;
      const samePeriod = current?.period && current.period.start === period.start && current.period.end === period.end;
      if (!samePeriod) {
        if (current && !current.period && current.rows.length === 0) current.period = period;
        else segment = newSegment(period);
        section = null;
        heading = null;
      }
      lastRow = null;
      continue;
    }
    const labels = detectBalanceLabels(line);
    if (labels.length > 0) {
      for (const label of labels) {
        segment = accountFor(segment ?? newSegment(null), label.kind, label.cents);
        applyLabel(segment, label, warnings);
      }
      lastRow = null;
      continue;
    }
    const found = detectHeading(line);
    if (found) {
      const merged: Heading =
        lastHeading && lastHeading.page === found.page && lastHeading.y - found.y < line.fontSize * 2.4
          ? mergeHeadings(lastHeading, found)
          : found;
      heading = merged;
      lastHeading = merged;
      imagesPage = null;
      lastRow = null;
      continue;
    }
    lastHeading = null;
    // Short lines only: a statement date is printed on a line of its own, and a hostile PDF's endless line must
    // not cost a scan per character.
    for (const date of line.text.length <= 160 ? findFullDates(line.text) : []) {
      segment ??= newSegment(null);
      if (!segment.anchor || date > segment.anchor) segment.anchor = date;
    }
    if (continuing && lastRow) {
      lastRow.continuation.push(line.text);
      lastRow.y = line.y;
      continue;
    }
    lastRow = null;
    if (CHECK_IMAGES.test(line.text) && line.text.length <= 60) imagesPage = line.page;
    const change = detectSection(line);
    if (change) {
      section = change.direction;
      heading = null;
    }
  }

  const finished: ParsedSegment[] = [];
  const sources = new Set<DirectionSource>();
  let undecided = 0;
  for (const draft of segments) {
    const result = finishSegment(draft, warnings);
    if (result === 'undecided') {
      undecided += 1;
      continue;
    }
    if (!result) continue;
    finished.push(result.segment);
    for (const transaction of result.segment.transactions) sources.add(transaction.layoutSource ?? 'sign');
  }
  const transactionCount = finished.reduce((sum, item) => sum + item.transactions.length, 0);
  if (transactionCount === 0) {
    if (undecided > 0) {
      return {
        ok: false,
        reason:
          'Unknown statement layout: the amounts carry no sign, heading, section or running balance that says which are deposits.',
      };
    }
    return { ok: false, reason: 'No transaction table found: this does not look like a bank statement.' };
  }
  if (undecided > 0)
    warnings.push(`${undecided} statement period(s) left out: deposits and withdrawals could not be told apart.`);
  const statement: ParsedStatement = { pageCount, layout: layoutOf(sources), segments: finished, warnings };
  return { ok: true, statement };
}

function applyLabel(segment: DraftSegment, label: BalanceLabel, warnings: string[]) {
  if (label.kind === 'opening') {
    if (segment.rows.length > 0) {
      // "Balance forward" after rows: the page's opening balance, a checkpoint for the running balance.
      segment.checkpoints.push({ beforeRow: segment.rows.length, cents: label.cents });
      return;
    }
    if (segment.opening === null) {
      segment.opening = label.cents;
      segment.openingDate = label.date;
    } else if (segment.opening !== label.cents) {
      warnings.push(
        `Two different opening balances printed (${formatCents(segment.opening)} and ${formatCents(label.cents)}).`,
      );
    }
    return;
  }
  if (segment.closing === null || segment.closing === label.cents) {
    segment.closing = label.cents;
    segment.closingDate ??= label.date;
  } else {
    warnings.push(
      `Two different closing balances printed (${formatCents(segment.closing)} and ${formatCents(label.cents)}).`,
    );
  }
}

function isContinuation(line: Line, row: Row): boolean {
  if (line.page !== row.page) return false;
  const gap = row.y - line.y;
  if (gap <= 0 || gap > row.fontSize * 2.3) return false;
  // A title printed in a larger size below the last row is not part of its description.
  if (Math.abs(line.fontSize - row.fontSize) > 0.6) return false;
  if (line.cells.some((cell) => cell.money)) return false;
  const firstMoney = Math.min(...row.money.map((cell) => cell.x0));
  // Descriptions printed after the amounts wrap to the right of them.
  const rightOfAmounts = row.textX0 > firstMoney;
  return line.cells.every((cell) => cell.x0 >= row.textX0 - 4 && (rightOfAmounts || cell.x1 <= firstMoney + 2));
}

function layoutOf(sources: Set<DirectionSource>): StatementLayout {
  const kinds = new Set([...sources].map((source) => (source === 'balance' || source === 'type' ? 'sign' : source)));
  if (kinds.size !== 1) return kinds.size === 0 ? 'signed-amount' : 'mixed';
  if (kinds.has('section')) return 'sections';
  if (kinds.has('column')) return 'debit-credit-columns';
  return 'signed-amount';
}

// ---------------------------------------------------------------------------------------------------------------
// Columns and direction
// ---------------------------------------------------------------------------------------------------------------

/** Groups money cells into columns by their right edge (amounts are right-aligned in every layout seen). */
function assignColumns(rows: Row[]): number {
  const cells = rows.flatMap((row) => row.money).sort((a, b) => a.x1 - b.x1);
  let column = -1;
  let previous = Number.NEGATIVE_INFINITY;
  for (const cell of cells) {
    if (cell.x1 - previous > 8) column += 1;
    cell.column = column;
    previous = cell.x1;
  }
  const byRightEdge = column + 1;
  // Left-aligned amount columns share no right edge: there, cells whose extents overlap form a column, as long
  // as no row puts two amounts into one.
  if (byRightEdge <= 4) return byRightEdge;
  const saved = cells.map((cell) => cell.column);
  const sorted = [...cells].sort((a, b) => a.x0 - b.x0);
  let overlapColumn = -1;
  let reach = Number.NEGATIVE_INFINITY;
  for (const cell of sorted) {
    if (cell.x0 > reach + 1) overlapColumn += 1;
    cell.column = overlapColumn;
    reach = Math.max(reach, cell.x1);
  }
  const clash = rows.some((row) => new Set(row.money.map((cell) => cell.column)).size < row.money.length);
  if (!clash && overlapColumn + 1 < byRightEdge) return overlapColumn + 1;
  cells.forEach((cell, index) => {
    cell.column = saved[index] ?? cell.column;
  });
  return byRightEdge;
}

function headingRole(row: Row, cell: MoneyCell): Role | null {
  if (!row.heading) return null;
  let best: { role: Role | null; distance: number } | null = null;
  for (const item of row.heading.cells) {
    const overlaps = item.x0 <= cell.x1 + 4 && cell.x0 <= item.x1 + 4;
    const distance = overlaps ? 0 : Math.min(Math.abs(item.x1 - cell.x1), Math.abs(item.x0 - cell.x0));
    if (distance > 30) continue;
    if (!best || distance < best.distance) best = { role: roleOfHeading(item.text, item, cell), distance };
  }
  return best?.role ?? null;
}

/** A heading cell's role; when several headings ran together into one cell, only the words above the amount count. */
function roleOfHeading(text: string, cell: HeadingCell, money: MoneyCell): Role | null {
  const role = roleOf(text);
  if (role !== 'amount' || !/\s/.test(text)) return role;
  const perChar = (cell.x1 - cell.x0) / Math.max(1, text.length);
  const words: string[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const x0 = cell.x0 + (match.index ?? 0) * perChar;
    const x1 = x0 + match[0].length * perChar;
    if (x1 > money.x0 - 2 && x0 < money.x1 + 2) words.push(match[0]);
  }
  return words.length > 0 ? (roleOf(words.join(' ')) ?? role) : role;
}

/** The column holding the running balance: the one whose movement row to row equals the row's amount. */
function findBalanceColumn(
  rows: Row[],
  columns: number,
  opening: number | null,
  checkpoints: Checkpoint[],
): number | null {
  let best: { column: number; hits: number } | null = null;
  const headingVotes = new Map<number, number>();
  for (const row of rows)
    for (const cell of row.money)
      if (headingRole(row, cell) === 'balance') headingVotes.set(cell.column, (headingVotes.get(cell.column) ?? 0) + 1);
  for (let column = 0; column < columns; column += 1) {
    let previous: number | null = opening;
    let pending: number[] | null = [];
    let hits = 0;
    let eligible = 0;
    rows.forEach((row, index) => {
      const checkpoint = checkpoints.find((item) => item.beforeRow === index);
      if (checkpoint && pending?.length === 0) previous = checkpoint.cents;
      const cell = row.money.find((item) => item.column === column);
      const others = row.money.filter((item) => item.column !== column && item.money.cents !== 0);
      if (pending && others.length === 1) pending.push(others[0]?.money.cents ?? 0);
      else pending = null;
      if (!cell) return;
      const balance = signedCents(cell.money);
      // Some banks print the balance only on a day's last row: the day's amounts must add up to its movement.
      if (previous !== null && pending && pending.length > 0 && pending.length <= 14) {
        eligible += 1;
        if (reachable(pending, balance - previous)) hits += 1;
      }
      previous = balance;
      pending = [];
    });
    const qualifies = hits >= 1 && hits >= eligible * 0.5;
    const named = (headingVotes.get(column) ?? 0) > 0 && eligible === 0 && hits === 0;
    if (!qualifies && !named) continue;
    const score = hits + (headingVotes.has(column) ? 0.5 : 0);
    if (!best || score > best.hits) best = { column, hits: score };
  }
  return best?.column ?? null;
}

/** Whether some choice of signs for `amounts` adds up to `target`. */
function reachable(amounts: number[], target: number): boolean {
  let sums = new Set<number>([0]);
  for (const amount of amounts) {
    const next = new Set<number>();
    for (const sum of sums) {
      next.add(sum + amount);
      next.add(sum - amount);
    }
    sums = next;
  }
  return sums.has(target);
}

type Convention = Map<number, Direction | 'signed' | 'unsigned' | 'unmarked-credit' | 'unmarked-debit'>;

function conventionDirection(
  row: Row,
  cell: MoneyCell,
  convention: Convention,
): { direction: Direction; source: DirectionSource; weak?: boolean } | null {
  const { money } = cell;
  if (money.isNegative) return { direction: 'debit', source: 'sign' };
  if (money.hasSign) return { direction: 'credit', source: 'sign' };
  const rule = convention.get(cell.column);
  if (rule === 'credit' || rule === 'debit') return { direction: rule, source: 'column' };
  if (rule === 'unmarked-credit' || rule === 'unmarked-debit')
    return { direction: rule === 'unmarked-credit' ? 'credit' : 'debit', source: 'sign' };
  if (row.section) return { direction: row.section, source: 'section' };
  if (row.typeWord) return { direction: row.typeWord, source: 'type' };
  if (rule === 'unsigned') return { direction: 'credit', source: 'sign', weak: true };
  return null;
}

/**
 * How each amount column says which way money moved: a fixed direction (separate deposit and withdrawal columns,
 * from headings or from the running balance), or 'signed' (markers; unmarked amounts take the direction opposite
 * to the one the markers show).
 */
function inferConvention(rows: Row[], amountColumns: number[], balanceGroups: BalanceGroup[]): Convention {
  const convention: Convention = new Map();
  const fixed: number[] = [];
  for (const column of amountColumns) {
    const cells = rows.flatMap((row) =>
      row.money.filter((cell) => cell.column === column).map((cell) => ({ row, cell })),
    );
    const negative = cells.filter(({ cell }) => cell.money.isNegative).length;
    const positive = cells.filter(({ cell }) => cell.money.hasSign && !cell.money.isNegative).length;
    if (negative > 0 && positive === 0) convention.set(column, 'unmarked-credit');
    else if (positive > 0 && negative === 0) convention.set(column, 'unmarked-debit');
    else if (negative > 0 && positive > 0) convention.set(column, 'signed');
    else {
      const roles = cells.map(({ row, cell }) => headingRole(row, cell));
      const credit = roles.filter((role) => role === 'credit').length;
      const debit = roles.filter((role) => role === 'debit').length;
      const amount = roles.filter((role) => role === 'amount').length;
      if (credit > debit) convention.set(column, 'credit');
      else if (debit > credit) convention.set(column, 'debit');
      // A signed "Amount" column where nothing is marked negative: the amounts read as deposits unless a printed
      // running balance says otherwise (then they are inferred from it, not corrected).
      else if (amount > 0) convention.set(column, 'unsigned');
      fixed.push(column);
    }
  }
  // Unmarked columns: where a running balance is printed, try each reading and keep the one the balances agree with.
  const open = fixed.filter(
    (column) => !rows.some((row) => row.section && row.money.some((cell) => cell.column === column)),
  );
  if (open.length >= 2 && open.length <= 3 && balanceGroups.length > 0) {
    let best: { convention: Convention; score: number } | null = null;
    const combos = 1 << open.length;
    for (let mask = 0; mask < combos; mask += 1) {
      const candidate: Convention = new Map(convention);
      open.forEach((column, index) => candidate.set(column, mask & (1 << index) ? 'debit' : 'credit'));
      const score = balanceGroups.filter((group) => groupMatches(group, candidate)).length;
      const current = open.every((column) => convention.get(column) === candidate.get(column));
      if (!best || score > best.score || (score === best.score && current)) best = { convention: candidate, score };
    }
    if (best && best.score > 0) return best.convention;
  }
  return convention;
}

type BalanceGroup = { rows: Row[]; delta: number };

function amountCell(row: Row, balanceColumn: number | null): MoneyCell | null {
  const cells = row.money.filter((cell) => cell.column !== balanceColumn);
  return cells.find((cell) => cell.money.cents !== 0) ?? cells[0] ?? null;
}

function groupMatches(group: BalanceGroup, convention: Convention): boolean {
  let total = 0;
  for (const row of group.rows) {
    const cell = row.money.find((item) => convention.has(item.column) && item.money.cents !== 0) ?? null;
    if (!cell) return false;
    const decided = conventionDirection(row, cell, convention);
    if (!decided) return false;
    total += decided.direction === 'credit' ? cell.money.cents : -cell.money.cents;
  }
  return total === group.delta;
}

/** Runs of rows between printed balances, each with the balance movement across it. */
function balanceGroups(
  rows: Row[],
  balanceColumn: number | null,
  opening: number | null,
  checkpoints: Checkpoint[],
): BalanceGroup[] {
  if (balanceColumn === null) return [];
  const groups: BalanceGroup[] = [];
  let previous: number | null = opening;
  let current: Row[] = [];
  rows.forEach((row, index) => {
    const checkpoint = checkpoints.find((item) => item.beforeRow === index);
    if (checkpoint && current.length === 0) previous = checkpoint.cents;
    current.push(row);
    const cell = row.money.find((item) => item.column === balanceColumn);
    if (!cell) return;
    const balance = signedCents(cell.money);
    if (previous !== null) groups.push({ rows: current, delta: balance - previous });
    previous = balance;
    current = [];
  });
  return groups;
}

function finishSegment(draft: DraftSegment, warnings: string[]): { segment: ParsedSegment } | 'undecided' | null {
  if (draft.rows.length === 0) return null;
  let period = draft.period;
  if (!period && draft.openingDate && draft.closingDate && draft.openingDate <= draft.closingDate) {
    period = { start: draft.openingDate, end: draft.closingDate };
  }
  // No period printed: yearless rows take their year from the latest date the statement prints (its statement or
  // closing date), looking back two months from it.
  const anchor =
    !period && draft.anchor ? { start: fromDayNumber(toDayNumber(draft.anchor) - 62), end: draft.anchor } : null;
  const resolveDate = rowDateResolver(period ?? anchor);
  let rows = draft.rows.filter((row) => {
    row.resolved = resolveDate(row.date);
    return row.resolved !== null;
  });
  const unresolved = draft.rows.length - rows.length;
  if (unresolved > 0) {
    warnings.push(
      period
        ? `${unresolved} transaction date(s) fall outside the statement period and were left out.`
        : `${unresolved} transaction(s) without a statement period or year were left out.`,
    );
  }
  if (rows.length === 0) return null;
  let checkpoints = draft.checkpoints.map((checkpoint) => ({
    beforeRow:
      checkpoint.beforeRow - draft.rows.slice(0, checkpoint.beforeRow).filter((row) => row.resolved === null).length,
    cents: checkpoint.cents,
  }));
  // Newest-first listings: read them oldest first, so balances and days run forwards.
  let rising = 0;
  let falling = 0;
  for (let index = 1; index < rows.length; index += 1) {
    const a = rows[index - 1]?.resolved ?? '';
    const b = rows[index]?.resolved ?? '';
    if (b > a) rising += 1;
    else if (b < a) falling += 1;
  }
  const newestFirst = falling > rising;
  if (newestFirst) {
    rows = [...rows].reverse();
    checkpoints = [];
  }
  const columns = assignColumns(rows);
  // Newest-first listings print no opening balance row; the closing balance is the first row's balance.
  const opening = newestFirst
    ? draft.opening
    : (draft.opening ?? checkpoints.find((item) => item.beforeRow === 0)?.cents ?? null);
  const balanceColumn = columns > 1 ? findBalanceColumn(rows, columns, opening, checkpoints) : null;
  const amountColumns = [...Array(columns).keys()].filter((column) => column !== balanceColumn);
  const groups = balanceGroups(rows, balanceColumn, opening, checkpoints);
  const convention = inferConvention(rows, amountColumns, groups);

  let corrected = 0;
  let undecided = 0;
  for (const row of rows) {
    const cell = amountCell(row, balanceColumn);
    const balance = balanceColumn === null ? undefined : row.money.find((item) => item.column === balanceColumn);
    row.balanceCents = balance ? signedCents(balance.money) : null;
    if (!cell) continue;
    row.amountCents = cell.money.cents;
    const decided = conventionDirection(row, cell, convention);
    if (decided) {
      row.direction = decided.direction;
      row.source = decided.source;
      row.layoutSource = decided.source;
      row.weak = decided.weak ?? false;
    }
  }
  let inferred = 0;
  // The balance wins: a single row between two printed balances takes the direction of the movement; a longer
  // run that does not add up is solved when exactly one reading of its rows matches the movement.
  for (const group of groups) {
    const live = group.rows.filter((row) => amountCell(row, balanceColumn));
    const sum = live.reduce(
      (total, row) => total + (row.direction === 'debit' ? -row.amountCents : row.amountCents),
      0,
    );
    if (sum === group.delta && live.every((row) => row.direction)) {
      for (const row of live) row.source = live.length === 1 ? 'balance' : row.source;
      continue;
    }
    if (live.length === 0 || live.length > 12) continue;
    const solutions: number[] = [];
    for (let mask = 0; mask < 1 << live.length && solutions.length < 2; mask += 1) {
      let total = 0;
      live.forEach((row, index) => {
        total += mask & (1 << index) ? -row.amountCents : row.amountCents;
      });
      if (total === group.delta) solutions.push(mask);
    }
    const only = solutions.length === 1 ? solutions[0] : undefined;
    if (only === undefined) continue;
    live.forEach((row, index) => {
      const direction: Direction = only & (1 << index) ? 'debit' : 'credit';
      if (row.direction && row.direction !== direction && row.weak) inferred += 1;
      else if (row.direction && row.direction !== direction) {
        row.corrected = true;
        corrected += 1;
      }
      row.direction = direction;
      row.source = 'balance';
    });
  }
  const transactions: ParsedTransaction[] = [];
  for (const row of rows) {
    if (!amountCell(row, balanceColumn)) continue;
    if (!row.direction) {
      undecided += 1;
      continue;
    }
    transactions.push({
      date: row.resolved ?? '',
      description: describe(row),
      amountCents: row.amountCents,
      direction: row.direction,
      balanceCents: row.balanceCents,
      page: row.page,
      directionSource: row.source ?? 'sign',
      layoutSource: row.layoutSource ?? 'sign',
      ...(row.corrected ? { correctedByBalance: true } : {}),
    });
  }
  if (undecided > 0 && transactions.length === 0) return 'undecided';
  if (undecided > 0)
    warnings.push(`${undecided} row(s) left out: nothing on the statement says which way the money moved.`);
  if (inferred > 0) warnings.push(`Amounts carry no sign; ${inferred} debit(s) inferred from the running balance.`);
  if (corrected > 0)
    warnings.push(`${corrected} row(s) read against the printed running balance, which disagreed with the layout.`);
  if (!period) {
    const dates = transactions.map((transaction) => transaction.date).sort();
    const first = dates[0];
    const last = dates.at(-1);
    if (!first || !last) return null;
    period = { start: first, end: last };
    warnings.push('No statement period printed; using the first and last transaction dates.');
  }
  const printedOrder = transactions;
  const openingCents = opening ?? derivedOpening(printedOrder);
  const closing =
    draft.closing ?? printedOrder.findLast((transaction) => transaction.balanceCents !== null)?.balanceCents ?? null;
  const rowIndex = new Map(rows.map((row, index) => [row, index]));
  const checks = checkBalances(
    { opening: openingCents, closing, openingPrinted: opening !== null, closingPrinted: draft.closing !== null },
    printedOrder,
    checkpoints.map((checkpoint) => ({
      // Index among the transactions kept (rows without an amount are balance lines).
      beforeTransaction: rows
        .slice(0, checkpoint.beforeRow)
        .filter((row) => rowIndex.has(row) && amountCell(row, balanceColumn) && row.direction).length,
      cents: checkpoint.cents,
    })),
    corrected,
  );
  const sorted = transactions
    .map((transaction, index) => ({ transaction, index }))
    .sort((a, b) => a.transaction.date.localeCompare(b.transaction.date) || a.index - b.index)
    .map(({ transaction }) => transaction);
  return {
    segment: {
      periodStart: period.start,
      periodEnd: period.end,
      openingBalanceCents: openingCents,
      closingBalanceCents: closing,
      transactions: sorted,
      balanceCheck: checks,
      order: newestFirst ? 'newest-first' : 'oldest-first',
      ...(draft.account ? { account: draft.account } : {}),
    },
  };
}

/** The description without reference numbers, type words and second dates, with its wrapped lines joined. */
function describe(row: Row): string {
  const text = [...row.text, ...row.continuation].join(' ').replace(/\s+/g, ' ').trim();
  if (/[A-Za-z]/.test(text)) return text;
  return row.reference ? `CHECK ${row.reference}` : text;
}

function signedAmount(transaction: { amountCents: number; direction: Direction }): number {
  return transaction.direction === 'credit' ? transaction.amountCents : -transaction.amountCents;
}

function derivedOpening(transactions: ParsedTransaction[]): number | null {
  const first = transactions[0];
  if (!first || first.balanceCents === null) return null;
  return first.balanceCents - signedAmount(first);
}

function checkBalances(
  balances: { opening: number | null; closing: number | null; openingPrinted: boolean; closingPrinted: boolean },
  printedOrder: ParsedTransaction[],
  checkpoints: Array<{ beforeTransaction: number; cents: number }>,
  corrected: number,
): BalanceCheck {
  const net = printedOrder.reduce((sum, transaction) => sum + signedAmount(transaction), 0);
  let breaks = 0;
  let printedBalances = 0;
  let running: number | null = balances.opening;
  printedOrder.forEach((transaction, index) => {
    for (const checkpoint of checkpoints) {
      if (checkpoint.beforeTransaction !== index) continue;
      if (running !== null && running !== checkpoint.cents) breaks += 1;
      running = checkpoint.cents;
    }
    const expected: number | null = running === null ? null : running + signedAmount(transaction);
    if (transaction.balanceCents !== null) {
      printedBalances += 1;
      if (expected !== null && expected !== transaction.balanceCents) breaks += 1;
      running = transaction.balanceCents;
    } else {
      running = expected;
    }
  });
  const base = { runningBalanceBreaks: breaks, correctedRows: corrected, printedBalances };
  const breakNote = breaks > 0 ? ` ${breaks} row(s) disagree with the printed running balance.` : '';
  if (balances.opening !== null && balances.closing !== null && (balances.closingPrinted || balances.openingPrinted)) {
    const expected = balances.opening + net;
    const difference = balances.closing - expected;
    if (difference === 0 && breaks === 0) {
      return {
        status: 'reconciled',
        expectedClosingCents: expected,
        differenceCents: 0,
        ...base,
        note: null,
      };
    }
    const note =
      difference === 0
        ? `Opening and closing balances agree, but${breakNote}`
        : `Opening ${formatCents(balances.opening)} plus the transactions read gives ${formatCents(expected)}, but the closing balance printed is ${formatCents(balances.closing)} (off by ${formatCents(difference)}).${breakNote}`;
    return { status: 'mismatch', expectedClosingCents: expected, differenceCents: difference, ...base, note };
  }
  if (breaks > 0) {
    return { status: 'mismatch', expectedClosingCents: null, differenceCents: null, ...base, note: breakNote.trim() };
  }
  if (printedBalances > 0) {
    return {
      status: 'reconciled',
      expectedClosingCents: null,
      differenceCents: null,
      ...base,
      note: 'Checked against the printed running balance (no opening/closing balance printed).',
    };
  }
  return {
    status: 'unverifiable',
    expectedClosingCents: null,
    differenceCents: null,
    ...base,
    note: 'No balances printed, so the transactions cannot be cross-checked.',
  };
}
