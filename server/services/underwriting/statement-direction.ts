// Which way money moved: amount columns grouped by their edges, the running balance column found by its movement,
// and each column's convention (fixed direction, signs, markers) read from the page and checked against the balance.
import type { Direction, DirectionSource } from './types';
import { type Role, roleOf } from './statement-words';
import { type Checkpoint, type HeadingCell, type MoneyCell, type Row, signedCents } from './statement-rows';

/** Groups money cells into columns by their right edge (amounts are right-aligned in every layout seen). */
export function assignColumns(rows: Row[]): number {
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
export function findBalanceColumn(
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
    const { hits, eligible } = balanceFit(rows, (cell) => (cell.column === column ? signedCents(cell.money) : null), {
      opening,
      checkpoints,
    });
    const qualifies = hits >= 1 && hits >= eligible * 0.5;
    const named = (headingVotes.get(column) ?? 0) > 0 && eligible === 0 && hits === 0;
    if (!qualifies && !named) continue;
    const score = hits + (headingVotes.has(column) ? 0.5 : 0);
    if (!best || score > best.hits) best = { column, hits: score };
  }
  return best?.column ?? null;
}

/**
 * How well the cells `balanceOf` reads as balances follow the rows: between two printed balances, the amounts of the
 * rows in between (perhaps the balance's own row alone) must add up to its movement. `eligible` counts the movements
 * that could be checked, `hits` those that add up; `agree` counts the single rows whose movement goes the way their
 * amount's sign or column heading says, less those that go the other way.
 */
function balanceFit(
  rows: Row[],
  balanceOf: (cell: MoneyCell) => number | null,
  start: { opening: number | null; checkpoints: Checkpoint[] },
): { hits: number; eligible: number; agree: number; last: number | null } {
  let previous: number | null = start.opening;
  let pending: Array<{ row: Row; cell: MoneyCell }> | null = [];
  let hits = 0;
  let eligible = 0;
  let agree = 0;
  const before = new Map<number, Checkpoint>();
  for (const item of start.checkpoints) if (!before.has(item.beforeRow)) before.set(item.beforeRow, item);
  rows.forEach((row, index) => {
    const checkpoint = before.get(index);
    if (checkpoint && pending?.length === 0) previous = checkpoint.cents;
    // The row's balance (its first cell read as one) and its one other amount, if it prints exactly one.
    let balance: number | null = null;
    let other: MoneyCell | null = null;
    let others = 0;
    for (const item of row.money) {
      const value = balanceOf(item);
      if (value !== null && balance === null) balance = value;
      else if (value === null && item.money.cents !== 0) [other, others] = [item, others + 1];
    }
    if (pending && others === 1 && other) pending.push({ row, cell: other });
    else pending = null;
    if (balance === null) return;
    // Some banks print the balance only on a day's last row: the day's amounts must add up to its movement.
    if (previous !== null && pending && pending.length > 0 && pending.length <= 14) {
      eligible += 1;
      const movement = balance - previous;
      if (
        reachable(
          pending.map((item) => item.cell.money.cents),
          movement,
        )
      )
        hits += 1;
      const [only] = pending;
      const said = only && pending.length === 1 ? saidDirection(only.row, only.cell) : null;
      if (said && Math.abs(movement) === only?.cell.money.cents) agree += movement > 0 === (said === 'credit') ? 1 : -1;
    }
    previous = balance;
    pending = [];
  });
  return { hits, eligible, agree, last: previous };
}

/** The direction an amount's own sign or its column's heading says, if any. */
function saidDirection(row: Row, cell: MoneyCell): Direction | null {
  if (cell.money.isNegative) return 'debit';
  if (cell.money.hasSign) return 'credit';
  const role = headingRole(row, cell);
  return role === 'credit' || role === 'debit' ? role : null;
}

/** A heading over a balance column printed only while the account is overdrawn. */
const OVERDRAWN_HEADING = /\b(overdrawn|overdraft|negative|od|deficit|debit balance)\b/i;

/** A balance printed unsigned where the table prints balances, and the right edge it was printed at. */
export type PrintedBalance = { cents: number; at: number | null };

/**
 * Some statements print the running balance in one of two columns: "Balance" while it is positive and "Overdrawn"
 * (any wording) while it is negative, without a sign. Two columns never printed on one row are one balance column,
 * the second's amounts negative, when that reading follows the rows better than reading them positive (or as well,
 * under a heading that says overdrawn). The second column's cells join the first, made negative; balances printed at
 * its edge (a balance forward row, the closing balance row) are negative too, also where no row prints an amount
 * there (a balance forward in an overdrawn column the period's rows leave empty). A statement overdrawn all period
 * prints only the second column: its amounts are negative when that follows a signed opening balance better. Never
 * against the rows' own signs or debit and credit headings. Returns the edges of the column made negative.
 */
export function mergeOverdrawnColumn(
  rows: Row[],
  columns: number,
  start: { opening: PrintedBalance | null; checkpoints: Checkpoint[]; closing: PrintedBalance | null },
): { x0: number; x1: number } | null {
  if (columns > MAX_BALANCE_COLUMNS) return null;
  const cellsOf = [...Array(columns).keys()].map((column) =>
    rows.flatMap((row) => row.money.filter((cell) => cell.column === column)),
  );
  const printedOn = rows.map((row) => new Set(row.money.map((cell) => cell.column)));
  const plain = { opening: start.opening?.cents ?? null, checkpoints: start.checkpoints };
  // Columns that move as a balance moves (in either sign); -1: no column for positive balances (the account was
  // overdrawn all period, after a signed opening balance).
  const fits = [...Array(columns).keys()].map(
    (column) => balanceFit(rows, (cell) => (cell.column === column ? cell.money.cents : null), plain).hits,
  );
  const moving = [...Array(columns).keys()].filter((column) => (fits[column] ?? 0) > 0);
  // A table that moves negative balances to a column of their own prints no sign in its balance column: where the
  // column moving most like a balance prints a minus, there is no such column.
  const signed = (column: number) => (cellsOf[column] ?? []).some((cell) => cell.money.hasSign);
  const likeliest = fits.indexOf(Math.max(...fits));
  if (likeliest >= 0 && (cellsOf[likeliest] ?? []).some((cell) => cell.money.isNegative)) return null;
  const positives = moving.filter((column) => !signed(column));
  // The columns that may print the negative balances: amount columns without signs, and the place of a balance
  // printed without a sign where no row prints an amount (a balance forward in an overdrawn column left empty).
  const candidates: Array<{ column: number; cells: MoneyCell[]; edges: { x0: number; x1: number } }> = [];
  cellsOf.forEach((cells, column) => {
    if (cells.length > 0 && !cells.some((cell) => cell.money.hasSign))
      candidates.push({ column, cells, edges: edgesOf(cells) });
  });
  const columnEdges = cellsOf.filter((cells) => cells.length > 0).map(edgesOf);
  for (const printed of [start.opening, ...start.checkpoints, start.closing]) {
    const at = printed?.at;
    if (at === null || at === undefined) continue;
    if ([...columnEdges, ...candidates.map((item) => item.edges)].some((edges) => near(at, edges))) continue;
    candidates.push({ column: -2, cells: [], edges: { x0: at, x1: at } });
  }
  // A zero balance is never overdrawn: where it is printed, positive balances stand.
  const zeros = [start.opening, ...start.checkpoints, start.closing].flatMap((printed) =>
    printed && printed.cents === 0 && printed.at !== null && printed.at !== undefined ? [printed.at] : [],
  );
  let best: { positive: number; negative: (typeof candidates)[number]; hits: number } | null = null;
  for (const positive of [...positives, -1]) {
    for (const negative of candidates) {
      const { column, edges } = negative;
      if (column === positive || (positive < 0 && !moving.includes(column))) continue;
      if (printedOn.some((on) => on.has(positive) && on.has(column))) continue;
      // The reading's fit, the closing balance printed counted as one more balance to follow.
      const read = (sign: number) => {
        const fit = balanceFit(
          rows,
          (cell) =>
            cell.column === positive
              ? signedCents(cell.money)
              : cell.column === column
                ? sign * cell.money.cents
                : null,
          {
            opening: start.opening ? signedAt(start.opening, edges, sign) : null,
            checkpoints: start.checkpoints.map((item) => ({
              ...item,
              cents: signedAt({ cents: item.cents, at: item.at ?? null }, edges, sign),
            })),
          },
        );
        if (!start.closing || fit.last === null) return fit;
        const closes = fit.last === signedAt(start.closing, edges, sign);
        return { ...fit, hits: fit.hits + (closes ? 1 : 0), eligible: fit.eligible + 1 };
      };
      const asNegative = read(-1);
      const asPositive = read(1);
      const named = rows.some((row) =>
        row.money.some((cell) => cell.column === column && OVERDRAWN_HEADING.test(headingText(row, cell))),
      );
      // A zero balance printed away from this column, where positive balances stand (the other column, or a place
      // right of the rows' amounts where no row prints one), says this column holds the negative ones.
      const zeroElsewhere = zeros.some(
        (at) =>
          !near(at, edges) &&
          (positive >= 0
            ? near(at, edgesOf(cellsOf[positive] ?? []))
            : columnEdges.every((other) => at > other.x1 + 8 || near(other.x1, edges))),
      );
      // Never against the rows' own words (signs, debit and credit headings); a tie is broken by them, then, between
      // two columns, by a heading that says overdrawn (over a lone column it may be a neighbour's run into its own),
      // then by where a zero balance stands.
      const tie = asNegative.hits === asPositive.hits;
      const better =
        asNegative.agree >= asPositive.agree &&
        (asNegative.hits > asPositive.hits ||
          (tie && asNegative.agree > asPositive.agree) ||
          (tie && positive >= 0 && named) ||
          (tie && asNegative.agree === asPositive.agree && zeroElsewhere));
      if (!better || asNegative.hits < 2 || asNegative.hits < asNegative.eligible * 0.5) continue;
      // Two columns before one: the lone column (tried last) must do better.
      if (!best || asNegative.hits > best.hits) best = { positive, negative, hits: asNegative.hits };
    }
  }
  if (!best) return null;
  const { positive, negative } = best;
  for (const cell of negative.cells) {
    cell.money = { ...cell.money, isNegative: true, hasSign: true };
    cell.column = positive < 0 ? negative.column : positive;
  }
  return negative.edges;
}

/** Whether a right edge stands at a column's edges (as amounts right-aligned in it do). */
function near(at: number, edges: { x0: number; x1: number }): boolean {
  return at >= edges.x0 - 8 && at <= edges.x1 + 8;
}

/** More amount columns than a statement prints: no pair of them is looked at as one balance. */
const MAX_BALANCE_COLUMNS = 12;

function edgesOf(cells: MoneyCell[]): { x0: number; x1: number } {
  let [x0, x1] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const cell of cells) [x0, x1] = [Math.min(x0, cell.x1), Math.max(x1, cell.x1)];
  return { x0, x1 };
}

/** An unsigned balance printed at a column's edges takes `sign`; any other keeps its own. */
export function signedAt(balance: PrintedBalance, edges: { x0: number; x1: number }, sign: number): number {
  const inColumn = balance.at !== null && near(balance.at, edges);
  return inColumn ? sign * Math.abs(balance.cents) : balance.cents;
}

/** The heading text over a cell of a row, or ''. */
function headingText(row: Row, cell: MoneyCell): string {
  const over = row.heading?.cells.find((item) => item.x0 <= cell.x1 + 4 && cell.x0 <= item.x1 + 4);
  return over?.text ?? '';
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

export function conventionDirection(
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
export function inferConvention(rows: Row[], amountColumns: number[], balanceGroups: BalanceGroup[]): Convention {
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
  markerOnlyColumns(convention, fixed, rows);
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

/**
 * A table that marks only one direction ("1,250.00CR" beside unmarked amounts, which print a column of their own when
 * the marker shifts the amount's edge): the unmarked amounts are the other direction, unless a heading names them.
 */
function markerOnlyColumns(convention: Convention, fixed: number[], rows: Row[]) {
  const marks = new Set([...convention.values()].filter((rule) => rule.startsWith('unmarked-')));
  if (marks.size !== 1) return;
  const unmarked: Direction = marks.has('unmarked-debit') ? 'debit' : 'credit';
  for (const column of fixed) {
    const rule = convention.get(column);
    if (rule !== undefined && rule !== 'unsigned') continue;
    const told = rows.some((row) => (row.section || row.typeWord) && row.money.some((cell) => cell.column === column));
    if (!told) convention.set(column, unmarked);
  }
}

type BalanceGroup = { rows: Row[]; delta: number };

export function amountCell(row: Row, balanceColumn: number | null): MoneyCell | null {
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
export function balanceGroups(
  rows: Row[],
  balanceColumn: number | null,
  opening: number | null,
  checkpoints: Checkpoint[],
): BalanceGroup[] {
  if (balanceColumn === null) return checkpointGroups(rows, opening, checkpoints);
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

/** Without a balance column, the balances printed between rows (a day's balance, a page's balance forward). */
function checkpointGroups(rows: Row[], opening: number | null, checkpoints: Checkpoint[]): BalanceGroup[] {
  const groups: BalanceGroup[] = [];
  let previous: number | null = opening;
  let start = 0;
  for (const checkpoint of [...checkpoints].sort((a, b) => a.beforeRow - b.beforeRow)) {
    if (checkpoint.beforeRow > start && previous !== null)
      groups.push({ rows: rows.slice(start, checkpoint.beforeRow), delta: checkpoint.cents - previous });
    previous = checkpoint.cents;
    start = Math.max(start, checkpoint.beforeRow);
  }
  return groups;
}
