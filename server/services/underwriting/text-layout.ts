// Rebuilds visual lines and cells from positioned PDF text. Statements are tables drawn with absolute positions;
// the reader needs "what is on this row, and in which column", not the PDF's drawing order.
import { AMOUNT_MARKER, parseMoney, type ParsedMoney } from './money';
import type { PageText, TextItem } from './types';

/** `money` is the cell parsed as an amount once here, so the parser never re-runs the pattern per check. */
export type Cell = { text: string; x0: number; x1: number; money: ParsedMoney | null; font?: string };
/** `repeated`: the same text stands at the same place on most pages (a page's header or footer). */
export type Line = { page: number; y: number; fontSize: number; cells: Cell[]; text: string; repeated?: boolean };

/**
 * A statement line is well under this many characters; a longer text run or line is a hostile PDF's, and neither
 * the layout nor any pattern of the reader runs on it.
 */
export const MAX_LINE_CHARS = 400;

/**
 * Edges that line up: `count(x)` is how many of `edges` (whole points) lie within `reach` points of x. Used to find
 * a column from where its cells start or end, row after row, without a heading.
 */
export function alignedEdges(edges: number[], reach: number): (x: number) => number {
  const counts = new Map<number, number>();
  for (const edge of edges) counts.set(Math.round(edge), (counts.get(Math.round(edge)) ?? 0) + 1);
  return (x) => {
    let count = 0;
    for (let at = Math.round(x) - reach; at <= Math.round(x) + reach; at += 1) count += counts.get(at) ?? 0;
    return count;
  };
}

/** Lines of every page in reading order (top to bottom, page by page). */
export function buildLines(pages: PageText[]): Line[] {
  return pages.flatMap((page, index) => buildPageLines(page, page.pageNumber ?? index + 1));
}

/** Lines of one page, top to bottom. */
export function buildPageLines(page: PageText, pageNumber: number): Line[] {
  const lines: Line[] = [];
  const items = page.items
    .filter(
      (item) =>
        item.str.length <= MAX_LINE_CHARS &&
        item.str.trim().length > 0 &&
        Number.isFinite(item.x) &&
        Number.isFinite(item.y),
    )
    .sort((a, b) => b.y - a.y || a.x - b.x);
  let group: TextItem[] = [];
  let groupY = Number.NaN;
  for (const item of items) {
    // Baselines within 40% of the font size belong to one row (pdf.js reports slight offsets for bold runs).
    const tolerance = Math.max(1.5, item.fontSize * 0.4);
    if (group.length > 0 && Math.abs(item.y - groupY) > tolerance) {
      lines.push(toLine(group, pageNumber, groupY));
      group = [];
    }
    if (group.length === 0) groupY = item.y;
    group.push(item);
  }
  if (group.length > 0) lines.push(toLine(group, pageNumber, groupY));
  return lines;
}

function toLine(items: TextItem[], page: number, y: number): Line {
  const pieces = items.flatMap(splitWideGaps).sort((a, b) => a.x0 - b.x0);
  const fontSize = Math.max(...items.map((item) => item.fontSize));
  const cells: Cell[] = [];
  const merged = new Set<Cell>();
  for (const piece of pieces) {
    const last = cells.at(-1);
    const gap = last ? piece.x0 - last.x1 : Number.POSITIVE_INFINITY;
    // A marker or currency code printed beside its amount is part of it ("1,234.56 OD", "USD 45.00").
    const marked = last && gap <= fontSize * 0.8 ? markedAmount(last, piece) : null;
    if (last && marked) {
      [last.text, last.x1, last.money] = [marked.text, Math.max(last.x1, piece.x1), marked.money];
      continue;
    }
    // Amounts always stand alone: descriptions often run close to the amount column.
    const standsAlone =
      piece.money !== null || (last !== undefined && last.money !== null) || AMOUNT_MARKER.test(piece.text);
    if (last && !standsAlone && gap <= fontSize * 0.8) {
      last.text = gap > fontSize * 0.15 ? `${last.text} ${piece.text}` : `${last.text}${piece.text}`;
      last.x1 = Math.max(last.x1, piece.x1);
      merged.add(last);
    } else {
      cells.push({ ...piece });
    }
  }
  for (const cell of merged) cell.money = parseMoney(cell.text);
  return { page, y, fontSize, cells, text: cells.map((cell) => cell.text).join(' ') };
}

/** An amount and the marker or currency code printed beside it, read as one amount; null when they are not. */
function markedAmount(last: Cell, piece: Cell): { text: string; money: ParsedMoney } | null {
  const before = last.money !== null && AMOUNT_MARKER.test(piece.text);
  const after = piece.money !== null && /^USD$/i.test(last.text);
  if (!before && !after) return null;
  const text = `${last.text} ${piece.text}`;
  const money = parseMoney(text);
  return money ? { text, money } : null;
}

/**
 * Some banks print a whole row as one string padded with spaces (fixed-width statements). Runs of two or more
 * spaces separate columns there; positions are interpolated from the character offsets.
 */
function splitWideGaps(item: TextItem): Cell[] {
  const text = item.str;
  const perChar = text.length > 0 ? item.width / text.length : 0;
  const cells: Cell[] = [];
  const pattern = /\S+(?: \S+)*/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const x0 = item.x + match.index * perChar;
    const x1 = x0 + match[0].length * perChar;
    cells.push({ text: match[0], x0, x1, money: parseMoney(match[0]), ...(item.font ? { font: item.font } : {}) });
  }
  if (cells.length === 1 && cells[0]) {
    // Keep pdf.js's measured width for the usual single run; interpolation is only an estimate.
    const leading = text.length - text.trimStart().length;
    cells[0].x0 = item.x + leading * perChar;
    cells[0].x1 = item.x + item.width - (text.length - text.trimEnd().length) * perChar;
  }
  return cells.flatMap(splitLeadingAmount);
}

/**
 * A run that starts with an amount and goes on with words or a date ("97.10 ACH DEBIT ...", "6,075.06 11/17"): pdf.js
 * joins an amount column printed close to the next column into one run. The amount is a cell of its own, and so is
 * each further amount the rest starts with. A run that is an amount with its marker ("45.00 CR") stays one.
 */
function splitLeadingAmount(cell: Cell): Cell[] {
  const cells: Cell[] = [];
  let rest = cell;
  while (!rest.money) {
    const space = rest.text.indexOf(' ');
    const head = space > 0 ? rest.text.slice(0, space) : '';
    // Amounts print their cents: a first word without a point is no amount (most runs stop here).
    const money = head.includes('.') ? parseMoney(head) : null;
    const tail = rest.text.slice(space + 1).trimStart();
    if (!money || !tail) break;
    // Where the run splits, by the share of its width the characters before it take.
    const share = (rest.x1 - rest.x0) / Math.max(1, ems(rest.text));
    cells.push({ ...rest, text: head, x1: rest.x0 + ems(head) * share, money });
    const x0 = rest.x0 + ems(rest.text.slice(0, rest.text.length - tail.length)) * share;
    rest = { ...rest, text: tail, x0, money: parseMoney(tail) };
  }
  cells.push(rest);
  return cells;
}

/**
 * A run's width in ems as a proportional font prints it (figures and capitals wider than points, commas and spaces):
 * a split inside a run lands within a point or two of where the next column starts, where counting characters
 * would put it most of a word off.
 */
function ems(text: string): number {
  let width = 0;
  for (const char of text) {
    if (char >= '0' && char <= '9') width += 0.556;
    else if (char === ' ' || char === '.' || char === ',' || char === ':' || char === '/') width += 0.278;
    else if (char >= 'A' && char <= 'Z') width += 0.68;
    else if (char >= 'a' && char <= 'z') width += 0.5;
    else width += 0.6;
  }
  return width;
}
