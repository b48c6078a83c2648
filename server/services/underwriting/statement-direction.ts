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
