// Transaction rows by shape: a date (or two), text and amounts on one line, wherever the date is printed; and the
// draft a statement period collects while its lines are read.
import { parseRowDate, weekdayIndexOf, type RowDate } from './dates';
import { AMOUNT_MARKER, parseMoney, type ParsedMoney } from './money';
import { alignedEdges, type Cell, type Line } from './text-layout';
import type { Direction, DirectionSource, StatementAccount } from './types';
import {
  CHECK_NUMBER,
  CLOSING_LABEL,
  NOT_A_STATEMENT_BALANCE,
  OPENING_LABEL,
  REFERENCE,
  TYPE_COLUMN,
  TYPE_WORD,
  isTotalLabel,
  typeWordDirection,
} from './statement-words';

export type HeadingCell = { x0: number; x1: number; text: string };
export type Heading = { cells: HeadingCell[]; page: number; y: number };
export type MoneyCell = { x0: number; x1: number; text: string; money: ParsedMoney; column: number };
/** A piece of a row's words where it is printed, so the description can be told from a neighbouring column's text. */
export type TextPiece = { text: string; x0: number; x1: number; font?: string };

export type Row = {
  page: number;
  y: number;
  fontSize: number;
  date: RowDate;
  /** A reference or check number printed in its own cell (kept out of the description). */
  reference: string | null;
  text: string[];
  /** The words of `text` where the row's own line printed them; null once they came from elsewhere (lines above). */
  pieces: TextPiece[] | null;
  /** Wrapped lines of the description below the row, each as the pieces it printed. */
  continuation: TextPiece[][];
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

/**
 * A period's total of one direction as printed, with the count of its items printed beside it, or (`of: 'checks'`)
 * the checks paid, printed with their amount, their count or both (statement-totals.ts).
 */
export type PrintedTotal = { direction: Direction; cents: number | null; count: number | null; of?: 'checks' };

/**
 * A balance printed between rows ("Balance forward" at a page top): the balance before row `beforeRow`; `at` is the
 * right edge of its amount when printed without a sign (a column may say what sign it has).
 */
export type Checkpoint = { beforeRow: number; cents: number; at?: number | null };

export type DraftSegment = {
  period: { start: string; end: string } | null;
  opening: number | null;
  closing: number | null;
  /** Right edges of the opening and closing balances' amounts when printed without a sign (see Checkpoint). */
  openingAt: number | null;
  closingAt: number | null;
  openingDate: string | null;
  closingDate: string | null;
  rows: Row[];
  checkpoints: Checkpoint[];
  /** The latest full date printed outside the rows (a statement date), for statements that print no period. */
  anchor: string | null;
  /** A closing balance was printed after the rows began: a later opening balance starts another account. */
  closedAfterRows: boolean;
  account: StatementAccount | null;
  /** The period's totals as printed ("Total deposits and other credits"), to check the rows read against. */
  totals: PrintedTotal[];
  /** Directions whose shares are printed beside the totals ("Service Charge"): their totals are not the whole. */
  shares: Direction[];
  /** Lines of words and amounts read as nothing (no row, balance, total or heading): where a lost row may be. */
  unread: UnreadLine[];
};

/** A line of words and amounts the reader made nothing of, printed before row `beforeRow` of its period. */
export type UnreadLine = { beforeRow: number; checkpointsBefore: number; cents: number[]; words: string; page: number };

/** The cell's text from word `take` on, its left edge moved by the share of the characters dropped. */
function tailCell(cell: Cell, take: number): Cell {
  const text = cell.text.split(' ').slice(take).join(' ');
  const share = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
  const x0 = cell.x0 + (cell.text.length - text.length) * share;
  return { ...cell, text, x0, money: parseMoney(text) };
}

// "07:24", "1:05 PM", "16:40:09": a time of day some statements print beside the row's date.
const TIME_OF_DAY = /^\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]\.?M\.?)?$/i;

/** The cells after a row's date without a time of day printed next to it (in a cell of its own or leading one). */
function withoutTimeOfDay(cells: Cell[]): Cell[] {
  const first = cells[0];
  if (!first) return cells;
  const words = first.text.split(' ');
  for (const take of [2, 1]) {
    if (words.length < take || !TIME_OF_DAY.test(words.slice(0, take).join(' '))) continue;
    return words.length === take ? cells.slice(1) : [tailCell(first, take), ...cells.slice(1)];
  }
  return cells;
}

/** The cells after a row's date, without a weekday or a time of day printed next to it. */
function afterDate(cells: Cell[]): Cell[] {
  const first = cells[0];
  return withoutTimeOfDay(first && weekdayIndexOf(first.text) !== null ? cells.slice(1) : cells);
}

/**
 * A date at the very start of the cells (a cell, or the first words of one), perhaps with its weekday in a cell of
 * its own before or after it; the rest of the row after it.
 */
function readLeadingDate(cells: Cell[]): { date: RowDate; rest: Cell[] } | null {
  const first = cells[0];
  if (!first) return null;
  // Eight digits ("20260501") are a date only on a line that prints an amount: alone, a reference wrapped there.
  const forms = { compact: cells.some((cell) => cell.money) };
  const whole = parseRowDate(first.text, forms);
  if (whole) return { date: whole, rest: afterDate(cells.slice(1)) };
  const second = cells[1];
  const dated = second && weekdayIndexOf(first.text) !== null ? parseRowDate(second.text, forms) : null;
  if (dated) return { date: dated, rest: afterDate(cells.slice(2)) };
  const words = first.text.split(' ');
  for (const take of [4, 3, 2, 1]) {
    if (words.length <= take) continue;
    const date = parseRowDate(words.slice(0, take).join(' '), forms);
    if (!date) continue;
    // A word after a yearless date that runs on into the description may be the description's ("08/05 SUN LIFE").
    if (date.year === null && take > 1 && weekdayIndexOf(words[take - 1] ?? '') !== null) continue;
    return { date, rest: afterDate([tailCell(first, take), ...cells.slice(1)]) };
  }
  return null;
}

export type RowPart = { date: RowDate; reference: string | null; cells: Cell[] };

/** The digits of a check number cell ("1042", "3015 *", "2136*", "1044^"), or null. */
export function checkNumber(text: string): string | null {
  return CHECK_NUMBER.test(text) ? text.replace(/\D/g, '') : null;
}

/** The cell after a check number at `index`, past its gap mark when printed in a cell of its own ("2136", "*"). */
function afterCheckNumber(cells: Cell[], index: number): number {
  return /^[*^]$/.test(cells[index + 1]?.text ?? '') ? index + 2 : index + 1;
}

/**
 * A check number printed before the date ("1042  08/03  125.00"), its gap mark perhaps in a cell of its own: the
 * number, the date, and the cells after the date.
 */
function leadingCheck(cells: Cell[]): { reference: string; date: RowDate; rest: Cell[] } | null {
  const first = cells[0];
  if (!first) return null;
  const reference = checkNumber(first.text);
  if (reference) {
    const lead = readLeadingDate(cells.slice(afterCheckNumber(cells, 0)));
    return lead ? { reference, ...lead } : null;
  }
  // The group run together in one piece of text ("2233 Nov 06 1,211.00", "1006 * Mar 09 8,297.23"): a number
  // (its gap mark perhaps apart), a date, then an amount.
  const words = first.text.split(' ', 3);
  const take = /^[*^]$/.test(words[1] ?? '') ? 2 : 1;
  const runTogether = words.length > take ? checkNumber(words.slice(0, take).join(' ')) : null;
  if (!runTogether || readLeadingDate(cells)) return null;
  const lead = readLeadingDate([tailCell(first, take), ...cells.slice(1)]);
  return lead?.rest[0]?.money ? { reference: runTogether, ...lead } : null;
}

/**
 * Checks paid printed number, amount, then date, several to a line ("5166  7,860.00  5/4    5168  4,056.47  5/26"):
 * one part per check when the whole line is such groups, a gap mark perhaps in a cell of its own after the number.
 */
function checkAmountDateParts(cells: Cell[]): RowPart[] | null {
  const parts: RowPart[] = [];
  let index = 0;
  while (index < cells.length) {
    const reference = cells[index] ? checkNumber(cells[index]?.text ?? '') : null;
    if (!reference) return null;
    index = afterCheckNumber(cells, index);
    const amount = cells[index];
    const dated = cells[index + 1];
    if (!amount?.money || !dated || dated.money) return null;
    const date = parseRowDate(dated.text);
    if (!date) return null;
    parts.push({ date, reference, cells: [amount] });
    index += 2;
  }
  return parts.length > 0 ? parts : null;
}

/** The row a line prints with its date in cell `index` (a second date beside it is no part of the row either). */
function datedAt(line: Line, index: number): RowPart | null {
  const cells = line.cells;
  const date = cells[index] ? parseRowDate(cells[index].text) : null;
  if (!date) return null;
  const next = cells[index + 1];
  const after = cells.slice(next && !next.money && parseRowDate(next.text) ? index + 2 : index + 1);
  return { date, reference: null, cells: [...cells.slice(0, index), ...after] };
}

/**
 * A date printed after the description ("Description | Date | Amount"), as a few exports do: only tried when no
 * row starts with a date, so ordinary statements never read a date inside a description as the row's date.
 */
function laterDatePart(line: Line): RowPart[] {
  const cells = line.cells;
  for (let index = 1; index < Math.min(cells.length, 4); index += 1) {
    const cell = cells[index];
    if (!cell || cell.money || !parseRowDate(cell.text)) continue;
    const part = datedAt(line, index);
    const before = cells.slice(0, index);
    if (!part || before.some((item) => item.money) || !part.cells.slice(index).some((item) => item.money)) return [];
    return [part];
  }
  return [];
}

/**
 * Rows whose date stands in a column of its own after other cells, wherever that column is: a debit amount or a
 * description first and the posting date near the right end ("125.00  CHECK 1043  08/14", "DEPOSIT  2,500.00
 * 08/15  14,211.07"). A line qualifies when it does not start with a date, prints an amount and words (or a check
 * number) and a cell that is a date alone; the dates must stand in one column, starting or ending within a few
 * points of each other on `least` lines or more, so a date inside a description is never taken for the row's.
 */
export function innerDateCells(lines: Line[], least: number): Map<Line, number> {
  const found: Array<{ line: Line; index: number; x0: number; x1: number }> = [];
  for (const line of lines) {
    const cells = line.cells;
    if (cells.length < 3 || cells.length > 24 || !cells.some((cell) => cell.money)) continue;
    if (readLeadingDate(cells) || leadingCheck(cells)) continue;
    const index = cells.findIndex((cell, at) => at > 0 && !cell.money && parseRowDate(cell.text) !== null);
    const cell = cells[index];
    if (!cell) continue;
    const words = cells.some(
      (other, at) => at !== index && !other.money && (/[A-Za-z]{2}/.test(other.text) || checkNumber(other.text)),
    );
    if (words) found.push({ line, index, x0: Math.round(cell.x0), x1: Math.round(cell.x1) });
  }
  const starts = alignedEdges(
    found.map((item) => item.x0),
    3,
  );
  const ends = alignedEdges(
    found.map((item) => item.x1),
    3,
  );
  const cells = new Map<Line, number>();
  for (const item of found) if (starts(item.x0) >= least || ends(item.x1) >= least) cells.set(item.line, item.index);
  return cells;
}

/**
 * Splits a line into dated parts: one for a row, several for grids ("08/01 12.00 08/02 15.00 ..."). `dateCell`: the
 * cell of a date column found after other cells (innerDateCells).
 */
export function datedParts(line: Line, dateAnywhere = false, dateCell?: number): RowPart[] {
  const checks = checkAmountDateParts(line.cells);
  if (checks) return checks;
  const inner = dateCell === undefined ? null : datedAt(line, dateCell);
  if (inner) return [inner];
  if (dateAnywhere && !readLeadingDate(line.cells)) return laterDatePart(line);
  const numbered = leadingCheck(line.cells);
  const reference = numbered?.reference ?? null;
  const lead = numbered ?? readLeadingDate(line.cells);
  if (!lead) return [];
  let rest = lead.rest;
  // A second date column (value, effective or transaction date) right after the first.
  const maybeDate = rest[0] && /^(\d|[A-Za-z]{3,9}\.?\s?\d)/.test(rest[0].text);
  const second = maybeDate ? readLeadingDate(rest) : null;
  if (second && rest[0] && parseRowDate(rest[0].text)) rest = second.rest;
  else if (second && rest[0] && rest[0].money === null) rest = second.rest;
  const parts: RowPart[] = [{ date: lead.date, reference, cells: [] }];
  let seenMoney = false;
  let index = 0;
  while (index < rest.length) {
    const cell = rest[index];
    if (!cell) break;
    if (seenMoney && cell.money === null) {
      // Another group on the same line (checks paid side by side: "1042 08/03 125.00   1043 08/05 980.10", the date
      // perhaps run into its amount: "Nov 10 1,832.00"); the rest of the line after its date reads on.
      const after = rest.slice(index);
      const check = leadingCheck(after);
      const next = check ? null : readLeadingDate(after);
      const group = check ?? (next && (parseRowDate(cell.text) || next.rest[0]?.money) ? next : null);
      if (group) {
        parts.push({ date: group.date, reference: check?.reference ?? null, cells: [] });
        [rest, index, seenMoney] = [group.rest, 0, false];
        continue;
      }
    }
    if (cell.money) seenMoney = true;
    parts[parts.length - 1]?.cells.push(cell);
    index += 1;
  }
  return parts;
}

export type ReadRow =
  | { kind: 'row'; row: Row }
  | { kind: 'label'; label: 'opening' | 'closing'; cents: number; at: number | null }
  | { kind: 'skip' };

export function readPart(part: RowPart, line: Line): ReadRow {
  const money: MoneyCell[] = [];
  const pieces: TextPiece[] = [];
  let reference = part.reference;
  let typeWord: Direction | null = null;
  let typeText: TextPiece | null = null;
  let textX0 = Number.POSITIVE_INFINITY;
  let typeCellX0: number | null = null;
  for (const [index, cell] of part.cells.entries()) {
    if (cell.money) {
      money.push({ x0: cell.x0, x1: cell.x1, text: cell.text, money: cell.money, column: -1 });
      continue;
    }
    const last = money.at(-1);
    if (AMOUNT_MARKER.test(cell.text) && last) {
      last.money = parseMoney(`${last.text} ${cell.text}`) ?? last.money;
      last.x1 = cell.x1;
      continue;
    }
    if (TYPE_WORD.test(cell.text)) {
      typeWord = typeWordDirection(cell.text);
      typeText = pieceOf(cell);
      continue;
    }
    if (TYPE_COLUMN.test(cell.text)) {
      typeText ??= pieceOf(cell);
      typeCellX0 ??= cell.x0;
      continue;
    }
    // "-" or "*" in an empty column is a placeholder, not part of the description; nor is a currency code apart.
    if (/^[-\u2013\u2014.*$]+$/.test(cell.text) || /^USD$/i.test(cell.text)) continue;
    if (pieces.length === 0 && money.length === 0 && countBeforeWords(cell, part.cells.slice(index + 1))) continue;
    if (REFERENCE.test(cell.text)) {
      reference ??= checkNumber(cell.text) ?? cell.text;
      continue;
    }
    pieces.push(pieceOf(cell));
    textX0 = Math.min(textX0, cell.x0);
  }
  // A lone "DEPOSIT" is the description itself, not a type column; so is an entry's type printed above the rest of
  // its description, where the wrapped lines begin ("ACH CREDIT" over "TOTAL HOME SERVICES PAYMENT").
  if (pieces.length === 0 && typeText) {
    pieces.push(typeText);
    typeWord = null;
  } else if (typeText && typeCellX0 !== null && Math.abs(typeCellX0 - textX0) <= 3) {
    pieces.unshift(typeText);
    textX0 = typeCellX0;
  }
  if (money.length === 0) {
    // A description printed up against its amount can arrive as one piece of text: split the amount off its end.
    const last = part.cells.at(-1);
    const split = last && pieces.at(-1)?.text === last.text ? splitTrailingAmount(last) : null;
    if (!split) return { kind: 'skip' };
    pieces[pieces.length - 1] = pieceOf(split.words);
    money.push({ ...split.amount, column: -1 });
  }
  const text = pieces.map((piece) => piece.text);
  const description = text.join(' ').replace(/\s+/g, ' ').trim();
  const lastMoney = money.at(-1);
  if (
    /balance|forward|ledger/i.test(description) &&
    (OPENING_LABEL.test(description) || CLOSING_LABEL.test(description)) &&
    !(money.length >= 2 && wordsBesideLabel(description) >= 2)
  ) {
    if (NOT_A_STATEMENT_BALANCE.test(description) || !lastMoney) return { kind: 'skip' };
    const cents = signedCents(lastMoney.money);
    const label = OPENING_LABEL.test(description) ? 'opening' : 'closing';
    return { kind: 'label', label, cents, at: unsignedAt(lastMoney) };
  }
  if (/^(total|subtotal|daily|average)\b/i.test(description) || isTotalLabel(description)) return { kind: 'skip' };
  // A date and amounts with no words (a daily balance list or grid) is not a transaction; a check number is.
  if (!/[A-Za-z]/.test(description)) {
    if (!reference || !checkNumber(reference)) return { kind: 'skip' };
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
      pieces,
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

const pieceOf = (cell: TextPiece): TextPiece => ({
  text: cell.text,
  x0: cell.x0,
  x1: cell.x1,
  ...(cell.font ? { font: cell.font } : {}),
});

/**
 * A small whole number in a cell of its own before the description's words (an "Items" count column): neither words
 * nor an amount, since amounts print their cents. Longer numbers there are references (REFERENCE).
 */
function countBeforeWords(cell: Cell, after: Cell[]): boolean {
  return /^\d{1,2}$/.test(cell.text) && after.some((next) => !next.money && /[A-Za-z]/.test(next.text));
}

/**
 * Words a description prints besides its balance label. A transaction may begin with balance words ("BEGINNING
 * BALANCE ADJ TRANSFER FROM SAVINGS"): with an amount and a running balance beside it and words of its own, it is a
 * row, not the label of a balance.
 */
function wordsBesideLabel(description: string): number {
  const rest = description.replace(OPENING_LABEL, ' ').replace(CLOSING_LABEL, ' ');
  return rest.split(/\s+/).filter((word) => /^[A-Za-z]{3,}$/.test(word) && !LABEL_FILLER.test(word)).length;
}
const LABEL_FILLER = /^(the|for|from|as|of|on|at|date|period|statement|balance|forward|ledger)$/i;

/**
 * A cell of words ending in an amount ("ACH DEBIT ... TRACE# 6537 -$100.00"): pdf.js hands a description printed up
 * against its amount over as one piece of text. The words and the amount as two cells (positions interpolated), or
 * null when the cell is not words then an amount.
 */
export function splitTrailingAmount(cell: Cell): { words: Cell; amount: Cell & { money: ParsedMoney } } | null {
  if (cell.money) return null;
  let tail = splitLastWord(cell.text);
  // A marker or currency code after the amount goes with it ("... 45.00 CR", "... -45.00 USD").
  const inner = tail && AMOUNT_MARKER.test(tail.last) ? splitLastWord(tail.rest) : null;
  if (tail && inner) tail = { rest: inner.rest, last: `${inner.last} ${tail.last}` };
  const money = tail ? parseMoney(tail.last) : null;
  if (!tail || !money || !/[A-Za-z]/.test(tail.rest)) return null;
  const share = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
  const x0 = cell.x1 - tail.last.length * share;
  return {
    words: { ...cell, text: tail.rest, x1: cell.x0 + tail.rest.length * share, money: null },
    amount: { ...cell, text: tail.last, x0, money },
  };
}

/** Text and its last word, split at the last run of spaces (no pattern, so a hostile line costs one pass). */
function splitLastWord(text: string): { rest: string; last: string } | null {
  const trimmed = text.trimEnd();
  const space = Math.max(trimmed.lastIndexOf(' '), trimmed.lastIndexOf('\t'));
  if (space <= 0) return null;
  const rest = trimmed.slice(0, space).trimEnd();
  return rest ? { rest, last: trimmed.slice(space + 1) } : null;
}

/** The right edge of an amount printed without a sign, or null. */
export function unsignedAt(cell: { x1: number; money: ParsedMoney }): number | null {
  return cell.money.hasSign ? null : cell.x1;
}

export function signedCents(money: ParsedMoney): number {
  return money.isNegative ? -money.cents : money.cents;
}

/**
 * A dated line with words but no amount, whose amounts some statements print on the description's last line: the
 * part so far, where it stands, and the words of the lines that continued it.
 */
export type AwaitingRow = {
  part: RowPart;
  page: number;
  y: number;
  fontSize: number;
  textX0: number;
  /** Where the row's date starts: the date column. */
  dateX0: number;
  /** A card's amount, printed alone on the line after its words, waiting for the balance on the line below. */
  held?: Cell[];
};

/** The dated line `line` as a row waiting for its amounts, when it is one (a single dated part, words, no amount). */
export function awaitingRow(parts: RowPart[], reads: ReadRow[], line: Line): AwaitingRow | null {
  const part = parts[0];
  if (parts.length !== 1 || !part || reads[0]?.kind !== 'skip' || line.cells.some((cell) => cell.money)) return null;
  const words = part.cells.filter((cell) => /[A-Za-z]/.test(cell.text));
  if (words.length === 0 || line.text.length > 400) return null;
  const textX0 = Math.min(...words.map((cell) => cell.x0));
  return { part, page: line.page, y: line.y, fontSize: line.fontSize, textX0, dateX0: line.cells[0]?.x0 ?? 0 };
}

/**
 * A wrapped line of a waiting row's description that starts with a date-like token ("ZELLE FROM JANE Q OWNER" over
 * "04/22 REF 88123"), with or without the row's amounts after it: it starts in the description's column, right of
 * the date column, where no row prints its date.
 */
export function wrapsAwaiting(awaiting: AwaitingRow, line: Line): boolean {
  const first = line.cells[0];
  if (!first || first.money || line.page !== awaiting.page) return false;
  return first.x0 > awaiting.dateX0 + 4 && first.x0 >= awaiting.textX0 - 4;
}

/**
 * The next line after a row waiting for its amounts: more words of its description (indented under it, no amount),
 * its amounts (perhaps after the description's last words): the row; anything else ends the wait.
 */
export function continueAwaiting(awaiting: AwaitingRow, line: Line, next?: Line): AwaitingRow | ReadRow | null {
  const gap = awaiting.y - line.y;
  if (line.page !== awaiting.page || gap <= 0 || gap > awaiting.fontSize * 2.3) return null;
  const card = (cells: Cell[]) => {
    const read = readPart({ ...awaiting.part, cells: [...awaiting.part.cells, ...cells] }, line);
    return read.kind === 'row' ? read : null;
  };
  // A card of three lines: the amount held on the line before, the balance after it on this one.
  if (awaiting.held) {
    const balance = loneAmount(line, true);
    // Apps print both at the card's left edge, whatever their widths: each is set at an edge of its own, right of
    // anything on the page, so the cards' amounts and balances read as two columns.
    const at = (cell: Cell, edge: number): Cell => ({ ...cell, x0: edge - (cell.x1 - cell.x0), x1: edge });
    const amounts = awaiting.held.map((cell) => at(cell, BESIDE));
    return balance ? card([...amounts, at(balance, BESIDE * 2)]) : null;
  }
  // An entry printed as a card: its amounts on the next line, each after its label, wherever that line starts.
  const labelled = labelledAmounts(line);
  const lone = labelled?.length === 1 ? labelled[0] : !labelled ? loneAmount(line, false) : null;
  // The amount alone on its line, the balance alone on the next: the amount waits for it.
  const following = next && next.page === line.page && line.y - next.y > 0 && line.y - next.y <= line.fontSize * 2.3;
  if (lone && following && loneAmount(next, true)) return { ...awaiting, held: [lone], y: line.y };
  if (labelled || lone) return card(labelled ?? (lone ? [lone] : []));
  if (line.cells.some((cell) => cell.x0 < awaiting.textX0 - 4)) return null;
  const cells = withWrappedWords(awaiting, line.cells);
  if (!line.cells.some((cell) => cell.money)) {
    return line.cells.length <= 3 ? { ...awaiting, part: { ...awaiting.part, cells }, y: line.y } : null;
  }
  const read = readPart({ ...awaiting.part, cells }, line);
  return read.kind === 'row' ? read : null;
}

/**
 * The cells of a waiting row's wrapped line, its first piece of words (where the description starts) joined to the
 * description's last words: the wrapped words are the description's, never a reference or a count however they read
 * ("7829291506", "#4551").
 */
function withWrappedWords(awaiting: AwaitingRow, cells: Cell[]): Cell[] {
  const before = awaiting.part.cells;
  const [first, ...rest] = cells;
  const index = before.findLastIndex((cell) => !cell.money && /[A-Za-z]/.test(cell.text));
  const words = before[index];
  if (!first || first.money || !words || Math.abs(first.x0 - awaiting.textX0) > 8) return [...before, ...cells];
  const joined = { ...words, text: `${words.text} ${first.text}`, x1: Math.max(words.x1, first.x1) };
  return [...before.slice(0, index), joined, ...before.slice(index + 1), ...rest];
}

/** An unsigned amount after "Debit" is money out, after "Credit" money in: the label signs it. */
function signedBy(label: string, cell: Cell): Cell {
  const money = cell.money;
  if (!money || money.hasSign || !/^(?:debit|credit)\b/i.test(label)) return cell;
  return { ...cell, money: { ...money, hasSign: true, isNegative: /^debit/i.test(label) } };
}

/**
 * A line of one amount alone, after a balance label when `balance` ("Balance $36.54"), else unlabelled ("-$2,131.55"),
 * as a card of three lines prints its amount and its balance: the amount, or null.
 */
function loneAmount(line: Line, balance: boolean): Cell | null {
  const [first, second, ...rest] = line.cells;
  if (!first || rest.length > 0) return null;
  if (!second) {
    if (first.money) return first;
    const split = balance ? splitTrailingAmount(first) : null;
    return split && BALANCE_LABEL.test(split.words.text) ? split.amount : null;
  }
  return balance && !first.money && BALANCE_LABEL.test(first.text) && second.money ? second : null;
}

/** Where a card of three lines sets its amount (and twice as far, its balance): right of anything on a page. */
const BESIDE = 10_000;
const BALANCE_LABEL = /^(?:running |available |ledger |new )?balance\s*:?$/i;

/** A label printed before an entry's amount on a card ("Amount", "Balance", "Running balance:"). */
const AMOUNT_LABEL = /^(?:(?:transaction )?amount|(?:running |available |ledger |new )?balance|debit|credit)\s*:?$/i;

/**
 * A line of labelled amounts only ("Amount -$2,131.55   Balance -$36.54"), as a banking app prints an entry's
 * amounts under its dated line: the amounts, the entry's own before the balance; null for any other line (a
 * balance alone is no entry's amount).
 */
export function labelledAmounts(line: Line): Cell[] | null {
  const amounts: Array<{ cell: Cell; balance: boolean }> = [];
  let label: string | null = null;
  for (const cell of line.cells) {
    const split = cell.money ? null : splitTrailingAmount(cell);
    const text = split ? split.words.text : cell.text;
    if (!cell.money && !AMOUNT_LABEL.test(text)) return null;
    if (!cell.money) label = text;
    const amount = cell.money ? cell : split?.amount;
    if (!amount) continue;
    if (label === null) return null;
    amounts.push({ cell: signedBy(label, amount), balance: /balance/i.test(label) });
    label = null;
  }
  if (!amounts.some((item) => !item.balance) || label !== null) return null;
  return [...amounts.filter((item) => !item.balance), ...amounts.filter((item) => item.balance)].map(
    (item) => item.cell,
  );
}
