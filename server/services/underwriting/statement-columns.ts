// A page printed in two columns side by side (docs/product.md 4.1): landscape statements that list deposits on the
// left half and withdrawals on the right, or one listing that flows down the left column and on down the right. The
// evidence is the column heading printed twice on one line ("Date Description Amount Date Description Amount"). From
// that line to the end of the page (or a line printed across the boundary), the left halves are read first, then
// the right halves, each as a page of its own would be; a title line right above the heading with a cell on each side
// ("Deposits and Credits" ... "Withdrawals and Debits") is split with them.
import { DESCRIPTION_HEADING, HEADING_WORDS } from './statement-words';
import type { Cell, Line } from './text-layout';

/** Where the second copy of a heading printed twice on the line starts, or null. */
function repeatedHeading(line: Line): number | null {
  const cells = line.cells;
  if (cells.length < 4 || cells.length % 2 !== 0 || cells.some((cell) => cell.money)) return null;
  const half = cells.length / 2;
  const left = cells.slice(0, half).map((cell) => cell.text.toLowerCase());
  const right = cells.slice(half).map((cell) => cell.text.toLowerCase());
  if (left.some((text, index) => text !== right[index])) return null;
  if (!left.every((text) => HEADING_WORDS.test(text))) return null;
  // A listing has a description column; a grid of checks ("Check No. Date Amount" printed twice or three times) is
  // read group by group where it stands.
  if (!left.some((text) => DESCRIPTION_HEADING.test(text))) return null;
  return cells[half]?.x0 ?? null;
}

const lineOf = (line: Line, cells: Cell[]): Line => ({
  ...line,
  cells,
  text: cells.map((cell) => cell.text).join(' '),
});

/** Both halves of a line, split at `boundary`; null when a cell is printed across it. */
function halves(line: Line, boundary: number, margin: number): [Cell[], Cell[]] | null {
  if (line.cells.some((cell) => cell.x0 < boundary - margin && cell.x1 > boundary + margin)) return null;
  const left = line.cells.filter((cell) => cell.x0 < boundary - margin);
  return [left, line.cells.filter((cell) => !left.includes(cell))];
}

/** The lines in reading order, with every two-column stretch read as its left column, then its right column. */
export function readColumns(lines: Line[]): Line[] {
  const out: Line[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as Line;
    const boundary = repeatedHeading(line);
    if (boundary === null) {
      out.push(line);
      index += 1;
      continue;
    }
    const margin = line.fontSize;
    const left: Line[] = [];
    const right: Line[] = [];
    // A title above the heading with a cell on each side belongs to both columns.
    const title = out.at(-1);
    const titleHalves = title && title.page === line.page ? halves(title, boundary, margin) : null;
    if (title && titleHalves && titleHalves[0].length > 0 && titleHalves[1].length > 0) {
      out.pop();
      left.push(lineOf(title, titleHalves[0]));
      right.push(lineOf(title, titleHalves[1]));
    }
    let next = index;
    for (; next < lines.length; next += 1) {
      const current = lines[next] as Line;
      if (current.page !== line.page) break;
      const split = halves(current, boundary, margin);
      if (!split) break;
      if (split[0].length > 0) left.push(lineOf(current, split[0]));
      if (split[1].length > 0) right.push(lineOf(current, split[1]));
    }
    out.push(...left, ...right);
    index = next;
  }
  return out;
}
