// The account holder's names from the address block at the top of the first page, found by the block's shape:
// 1-3 name lines directly above a US street (or P.O. box) line and a "CITY, ST 12345" line, printed in one column
// (left or right aligned) at an even line spacing. The bank's own name and address take the same shape: a block
// whose name reads like a bank's, or is printed on a line beside "Member FDIC", a phone number or a web address,
// is the bank's. When the blocks that remain disagree, no name is given: the reader never guesses.
import { findDateMentions } from './dates';
import type { Cell, Line } from './text-layout';
import { ACCOUNT_NUMBER } from './statement-words';

/** The address block sits near the top of the first page. */
const TOP_LINES = 40;
/** No address line is longer; longer cells are never matched (a hostile PDF's long run costs nothing). */
const MAX_ADDRESS_CHARS = 80;

const STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP AA AE AP'
  ).split(' '),
);
const ZIP = /^\d{5}(?:-\d{4})?$/;
const HOUSE_NUMBER = /^\d[\dA-Z]*(?:-\d+[A-Z]?)?$/i;
const PO_BOX = /^(?:P\.?\s?O\.?|POST OFFICE)\s*BOX\s+\S/i;
/** A second address line: suite, unit, floor, building or room. */
const UNIT_LINE = /^(?:STE|SUITE|UNIT|APT|FL|FLOOR|BLDG|BUILDING|RM|ROOM|DEPT|#)\b\.?\s*\S/i;
/** A bank's or credit union's name. */
const BANK_NAME =
  /\b(?:bank|banc|bancorp|bancshares|banking|credit union|fcu|n\.\s?a\.?|national association|savings and loan|trust company)(?=$|[\s,.])/i;
/** What only the bank prints beside its own name: deposit insurance, lending notice, phone, web address. */
const BANK_EVIDENCE =
  /\b(?:fdic|ncua|equal housing)\b|www\.|https?:|\.com\b|©|copyright|\d{3}[-.)\s]\s?\d{3}[-.]\d{4}\b/i;
/** Words a statement's titles and labels print, never a holder's name. */
const NOT_A_NAME =
  /\b(?:statement|account|acct|checking|savings|activity|summary|page|period|balance|customer|member|questions?|service|date|total|deposits?|withdrawals?|number|box)\b|[:@$]/i;
const DBA = /\s*\b(?:DBA|D\/B\/A|D\.B\.A\.?)\s+/i;

type Placed = { cell: Cell; line: Line };

const short = (cell: Cell) => cell.text.length <= MAX_ADDRESS_CHARS;
const words = (text: string) => text.trim().split(/\s+/);

function isCityLine(text: string): boolean {
  const parts = words(text.replace(/,/g, ' '));
  const zip = parts.at(-1) ?? '';
  const state = parts.at(-2) ?? '';
  return parts.length >= 3 && ZIP.test(zip) && STATES.has(state) && parts.slice(0, -2).every((w) => /[A-Za-z]/.test(w));
}

function isStreetLine(text: string): boolean {
  if (PO_BOX.test(text)) return true;
  const [number, ...rest] = words(text);
  return number !== undefined && HOUSE_NUMBER.test(number) && rest.some((word) => /[A-Za-z]{2}/.test(word));
}

function isNameLine(text: string, upperCase: boolean): boolean {
  if (text.length > 60 || words(text).length > 8 || !/[A-Za-z].*[A-Za-z]/.test(text)) return false;
  if (upperCase && text !== text.toUpperCase()) return false;
  if (NOT_A_NAME.test(text) || ACCOUNT_NUMBER.test(text) || BANK_EVIDENCE.test(text)) return false;
  if (isStreetLine(text) || isCityLine(text) || findDateMentions(text).length > 0) return false;
  // Mostly letters: a reference or a figure is no name.
  return text.replace(/[^A-Za-z]/g, '').length >= text.replace(/[^0-9]/g, '').length * 2;
}

/**
 * The cell printed in the same column right above `below` (left edges or right edges together), skipping lines
 * that print nothing in that column, within `reach` points; null when there is none.
 */
function above(lines: Line[], index: number, below: Cell, reach: number, align: 'left' | 'right'): Placed | null {
  const base = lines[index];
  if (!base) return null;
  for (let at = index - 1; at >= 0; at -= 1) {
    const line = lines[at];
    if (!line || line.page !== base.page || line.y - base.y > reach) return null;
    const tolerance = Math.max(2, line.fontSize * 0.4);
    const cell = line.cells.find((item) =>
      align === 'left' ? Math.abs(item.x0 - below.x0) <= tolerance : Math.abs(item.x1 - below.x1) <= tolerance,
    );
    if (cell) return { cell, line };
  }
  return null;
}

/** The name lines of the address block ending with the city line at `index`, top first; null for no block. */
function blockNames(lines: Line[], index: number, city: Cell): string[] | null {
  const cityLine = lines[index];
  if (!cityLine) return null;
  const reach = cityLine.fontSize * 2.2;
  for (const align of ['left', 'right'] as const) {
    const street: Placed[] = [];
    let top: Placed = { cell: city, line: cityLine };
    for (let step = 0; step < 2; step += 1) {
      const next = above(lines, lines.indexOf(top.line), top.cell, reach, align);
      if (!next || !short(next.cell)) break;
      const text = next.cell.text;
      if (isStreetLine(text) || (step === 0 && UNIT_LINE.test(text))) {
        street.push(next);
        top = next;
      } else break;
    }
    const first = street.at(-1);
    if (!first || !isStreetLine(first.cell.text)) continue;
    // The block's lines are evenly spaced; a title printed further above is not part of it.
    const ys = [cityLine.y, ...street.map((item) => item.line.y)];
    const spacing = Math.max(...ys.slice(1).map((y, at) => y - (ys[at] ?? y)));
    const upperCase = [city, ...street.map((item) => item.cell)].every((cell) => cell.text === cell.text.toUpperCase());
    const names: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      const next = above(lines, lines.indexOf(top.line), top.cell, spacing * 1.25, align);
      if (!next || !short(next.cell) || !isNameLine(next.cell.text, upperCase)) break;
      names.unshift(next.cell.text);
      top = next;
    }
    return names;
  }
  return null;
}

/** Names as the holder's other records print them: upper case, single spaces, "X DBA Y" as two names. */
function normalise(names: string[]): string[] {
  const out = names
    .flatMap((name) => name.split(DBA))
    .map((name) =>
      name
        .replace(/\s+/g, ' ')
        .replace(/[\s,.;]+$/, '')
        .trim()
        .toUpperCase(),
    )
    .filter((name) => /[A-Z]{2}/.test(name));
  return [...new Set(out)];
}

/** The account holder's names printed in the statement's header, upper case; empty when not found for sure. */
export function findHolderNames(lines: Line[]): string[] {
  const firstPage = lines[0]?.page;
  const top = lines.filter((line) => line.page === firstPage).slice(0, TOP_LINES);
  const bankLines = lines
    .filter((line) => line.text.length <= 200 && BANK_EVIDENCE.test(line.text))
    .map((line) => line.text.toUpperCase());
  const isBanks = (names: string[]) =>
    names.some((name) => BANK_NAME.test(name) || bankLines.some((text) => name.length >= 4 && text.includes(name)));
  const blocks: string[][] = [];
  top.forEach((line, index) => {
    for (const cell of line.cells) {
      if (!short(cell) || !isCityLine(cell.text)) continue;
      const names = blockNames(top, index, cell);
      if (!names || names.length === 0) continue;
      const upper = names.map((name) => name.replace(/\s+/g, ' ').trim().toUpperCase());
      if (!isBanks(upper)) blocks.push(normalise(names));
    }
  });
  const [first, ...others] = blocks;
  if (!first) return [];
  return others.every((other) => other.join('|') === first.join('|')) ? first : [];
}
