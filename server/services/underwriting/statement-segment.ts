// One statement period finished: dates resolved, newest-first listings turned, directions decided and corrected by
// the printed balance, and the reconciliation (opening + credits - debits = closing, and every running balance).
import { fromDayNumber, rowDateResolver, toDayNumber } from './dates';
import { formatCents } from './money';
import type { BalanceCheck, Direction, ParsedSegment, ParsedTransaction } from './types';
import { type DraftSegment, type Row, signedCents, splitTrailingAmount } from './statement-rows';
import { type PeriodTotal, checksTotal, periodTotals } from './statement-totals';
import type { BalanceLabel } from './statement-lines';
import { describeRow, textColumns } from './statement-text-columns';
import {
  type PrintedBalance,
  amountCell,
  assignColumns,
  balanceGroups,
  conventionDirection,
  findBalanceColumn,
  inferConvention,
  mergeOverdrawnColumn,
  signedAt,
} from './statement-direction';

/**
 * An account's period with no activity: its own number, its period, and the same opening and closing balance
 * printed ("No activity this period"). Kept, so the account's months are covered and its balance known.
 */
function quietPeriod(draft: DraftSegment): { segment: ParsedSegment } | null {
  const { period, account, opening, closing } = draft;
  if (!period || !account || opening === null || opening !== closing) return null;
  return {
    segment: {
      periodStart: period.start,
      periodEnd: period.end,
      openingBalanceCents: opening,
      closingBalanceCents: closing,
      transactions: [],
      balanceCheck: {
        status: 'reconciled',
        expectedClosingCents: closing,
        differenceCents: 0,
        runningBalanceBreaks: 0,
        printedBalances: 0,
        note: null,
      },
      order: 'oldest-first',
      account,
    },
  };
}

export function finishSegment(
  draft: DraftSegment,
  warnings: string[],
): { segment: ParsedSegment } | 'undecided' | null {
  if (draft.rows.length === 0) return quietPeriod(draft);
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
    at: checkpoint.at ?? null,
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
  const first = newestFirst ? undefined : checkpoints.find((item) => item.beforeRow === 0);
  const printedOpening: PrintedBalance | null =
    draft.opening !== null
      ? { cents: draft.opening, at: draft.openingAt }
      : first
        ? { cents: first.cents, at: first.at ?? null }
        : null;
  // Balances printed in a column of their own while the account is overdrawn are negative, wherever printed in it.
  const closingPrinted = draft.closing === null ? null : { cents: draft.closing, at: draft.closingAt };
  const overdrawn =
    columns >= 2
      ? mergeOverdrawnColumn(rows, columns, { opening: printedOpening, checkpoints, closing: closingPrinted })
      : null;
  const signed = (balance: PrintedBalance) => (overdrawn ? signedAt(balance, overdrawn, -1) : balance.cents);
  checkpoints = checkpoints.map((item) => ({ ...item, cents: signed({ cents: item.cents, at: item.at ?? null }) }));
  const opening = printedOpening ? signed(printedOpening) : null;
  const printedClosing = closingPrinted ? signed(closingPrinted) : null;
  const balanceColumn = columns > 1 ? findBalanceColumn(rows, columns, opening, checkpoints) : null;
  if (balanceColumn !== null) amountsJoinedToWords(rows, balanceColumn);
  // An overdrawn column merged into the balance column is left empty.
  const amountColumns = [...Array(columns).keys()].filter(
    (column) => column !== balanceColumn && rows.some((row) => row.money.some((cell) => cell.column === column)),
  );
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
  const printedTotals = periodTotals(draft.totals, draft.shares);
  const mirrored = mirroredReading(rows, balanceColumn, printedTotals);
  if (mirrored) {
    // The rows' directions and unsigned balances were read the wrong way round: the totals printed say so.
    for (const row of mirrored) row.direction = row.direction === 'credit' ? 'debit' : 'credit';
    for (const row of rows) if (row.balanceCents !== null) row.balanceCents = 0 - row.balanceCents;
    checkpoints = checkpoints.map((item) => ({ ...item, cents: 0 - item.cents }));
  }
  const transactions: ParsedTransaction[] = [];
  // Each row's place among the transactions, for a lost row's place after it.
  const placeOf = new Map<Row, number>();
  const textColumnsOfRows = textColumns(rows);
  for (const row of rows) {
    if (!amountCell(row, balanceColumn)) continue;
    if (!row.direction) {
      undecided += 1;
      continue;
    }
    const { description, entryType } = describeRow(row, textColumnsOfRows);
    placeOf.set(row, transactions.length);
    transactions.push({
      date: row.resolved ?? '',
      description: /[A-Za-z]/.test(description) || !row.reference ? description : `CHECK ${row.reference}`,
      ...(entryType ? { entryType } : {}),
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
  const openingCents = (mirrored && opening !== null ? 0 - opening : opening) ?? derivedOpening(printedOrder);
  // A balance printed after the last row (the last day's balance) is the closing balance when none is labelled.
  const closing =
    (mirrored && printedClosing !== null ? 0 - printedClosing : printedClosing) ??
    checkpoints.find((checkpoint) => checkpoint.beforeRow === rows.length)?.cents ??
    printedOrder.findLast((transaction) => transaction.balanceCents !== null)?.balanceCents ??
    null;
  const lost = newestFirst
    ? { notes: [], unread: [], inserted: [] }
    : recoverLostRows(draft, printedTotals, transactions, placeOf, {
        opening: opening === null ? null : openingCents,
        closing: printedClosing === null ? null : closing,
      });
  for (const note of lost.notes) warnings.push(note);
  const rowIndex = new Map(rows.map((row, index) => [row, index]));
  const checks = checkBalances(
    { opening: openingCents, closing, openingPrinted: opening !== null, closingPrinted: printedClosing !== null },
    printedOrder,
    checkpoints.map((checkpoint, index) => ({
      // Index among the transactions kept (rows without an amount are balance lines), lost rows found included.
      beforeTransaction:
        rows
          .slice(0, checkpoint.beforeRow)
          .filter((row) => rowIndex.has(row) && amountCell(row, balanceColumn) && row.direction).length +
        lost.inserted.filter((item) => index >= item.checkpointsBefore).length,
      cents: checkpoint.cents,
    })),
    corrected,
  );
  const totalNotes = [
    ...totalsDisagree(printedTotals, transactions),
    ...lost.unread,
    ...checksDisagree(checksTotal(draft.totals), transactions),
  ];
  const balanceCheck: BalanceCheck =
    totalNotes.length === 0
      ? checks
      : { ...checks, status: 'mismatch', note: [checks.note, ...totalNotes].filter(Boolean).join(' ') };
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
      balanceCheck,
      order: newestFirst ? 'newest-first' : 'oldest-first',
      ...(draft.account ? { account: draft.account } : {}),
    },
  };
}

/**
 * The rows, when every direction and balance came from unsigned amounts and balances under no heading, section or
 * type word, and the totals printed are the rows' read the other way round (credits read as the debits printed, and
 * debits as the credits): the reading is mirrored. Null otherwise.
 */
function mirroredReading(
  rows: Row[],
  balanceColumn: number | null,
  totals: Partial<Record<Direction, PeriodTotal>>,
): Row[] | null {
  const printed = { credit: totals.credit?.cents, debit: totals.debit?.cents };
  if (printed.credit === undefined || printed.debit === undefined || printed.credit === printed.debit) return null;
  const read = { credit: 0, debit: 0 };
  const live: Row[] = [];
  for (const row of rows) {
    const cell = amountCell(row, balanceColumn);
    if (!cell || !row.direction) continue;
    if (row.heading || row.section || row.typeWord || row.money.some((item) => item.money.hasSign)) return null;
    read[row.direction] += row.amountCents;
    live.push(row);
  }
  return read.credit === printed.debit && read.debit === printed.credit ? live : null;
}

/**
 * Where the rows read differ from the period's totals printed, in amount or in the count of items printed beside a
 * total, in words staff can check against the page.
 */
function totalsDisagree(printed: Partial<Record<Direction, PeriodTotal>>, transactions: ParsedTransaction[]): string[] {
  const notes: string[] = [];
  for (const direction of ['credit', 'debit'] as const) {
    const total = printed[direction];
    if (total === undefined) continue;
    const own = transactions.filter((item) => item.direction === direction);
    const read = own.reduce((sum, item) => sum + item.amountCents, 0);
    const name = direction === 'credit' ? 'deposits and credits' : 'withdrawals and debits';
    if (read !== total.cents)
      notes.push(
        `The statement prints total ${name} of ${formatCents(total.cents)}; the rows read add up to ${formatCents(read)}.`,
      );
    else if (total.count !== null && total.count !== own.length)
      notes.push(`The statement prints ${total.count} ${name}; ${own.length} rows of them were read.`);
  }
  return notes;
}

/**
 * Rows lost to the reading that the totals printed bring back: where the rows read of a direction fall short of its
 * printed total by an amount that one line of the period printed with words and that was read as nothing, and the
 * closing balance printed is off by that amount the same way, the line is a row of that direction, dated as the row
 * before it (added to `transactions`, with a warning). Where the balances do not confirm it, the note names the line.
 */
function recoverLostRows(
  draft: DraftSegment,
  totals: Partial<Record<Direction, PeriodTotal>>,
  transactions: ParsedTransaction[],
  placeOf: Map<Row, number>,
  balances: { opening: number | null; closing: number | null },
): { notes: string[]; unread: string[]; inserted: Array<{ checkpointsBefore: number }> } {
  const found = { notes: [] as string[], unread: [] as string[], inserted: [] as Array<{ checkpointsBefore: number }> };
  const insert: Array<{ at: number; transaction: ParsedTransaction }> = [];
  const net = transactions.reduce((sum, transaction) => sum + signedAmount(transaction), 0);
  for (const direction of ['credit', 'debit'] as const) {
    const total = totals[direction];
    if (!total) continue;
    const read = transactions.reduce((sum, item) => sum + (item.direction === direction ? item.amountCents : 0), 0);
    const missing = total.cents - read;
    const lines = missing > 0 ? draft.unread.filter((item) => item.cents.includes(missing)) : [];
    const [line] = lines;
    if (!line || lines.length > 1) continue;
    const words = line.words.length > 60 ? `${line.words.slice(0, 57)}...` : line.words;
    const sign = direction === 'credit' ? 1 : -1;
    const confirmed =
      balances.opening !== null &&
      balances.closing !== null &&
      balances.closing - (balances.opening + net) === sign * missing;
    if (!confirmed) {
      found.unread.push(`${formatCents(missing)} printed on page ${line.page} ("${words}") was not read as a row.`);
      continue;
    }
    const before = draft.rows.slice(0, line.beforeRow).findLast((row) => placeOf.has(row));
    const at = before ? (placeOf.get(before) ?? -1) + 1 : 0;
    const date = transactions[at > 0 ? at - 1 : 0]?.date;
    if (!date) continue;
    found.inserted.push({ checkpointsBefore: line.checkpointsBefore });
    insert.push({
      at,
      transaction: {
        date,
        description: line.words,
        amountCents: missing,
        direction,
        balanceCents: null,
        page: line.page,
        directionSource: 'balance',
        layoutSource: 'balance',
      },
    });
    found.notes.push(
      `A line printing ${formatCents(missing)} ("${words}") was not read as a row; the total and the closing balance printed show it is one, so it is counted.`,
    );
  }
  for (const item of insert.sort((a, b) => b.at - a.at)) transactions.splice(item.at, 0, item.transaction);
  return found;
}

// A check read as a row: its word and number first ("CHECK 1043", "Check # 1043 ACME SUPPLY", "CHK 1043").
const CHECK_ROW = /^(?:check|chk|ck)\b\s*(?:no\.?|#)?\s*\d{2,}/i;

/** Where the checks read differ from the checks paid the statement prints, in amount or in number. */
function checksDisagree(
  printed: { cents: number | null; count: number | null } | null,
  transactions: ParsedTransaction[],
): string[] {
  if (!printed) return [];
  const checks = transactions.filter((item) => item.direction === 'debit' && CHECK_ROW.test(item.description));
  const read = checks.reduce((sum, item) => sum + item.amountCents, 0);
  if (printed.cents !== null && printed.cents !== read)
    return [
      `The statement prints checks paid of ${formatCents(printed.cents)}; the checks read add up to ${formatCents(read)}.`,
    ];
  if (printed.count !== null && printed.count !== checks.length)
    return [`The statement prints ${printed.count} checks paid; ${checks.length} were read.`];
  return [];
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

/** A balance label read into the period: its opening or closing balance, or a page's balance forward. */
export function applyLabel(segment: DraftSegment, label: BalanceLabel, warnings: string[]) {
  if (label.kind === 'opening') {
    // A line printing both balances is the statement's summary, wherever it stands.
    if (segment.rows.length > 0 && !label.summary) {
      // "Balance forward" after rows: the page's opening balance, a checkpoint for the running balance.
      segment.checkpoints.push({ beforeRow: segment.rows.length, cents: label.cents, at: label.at ?? null });
      return;
    }
    if (segment.opening === null) {
      segment.opening = label.cents;
      segment.openingAt = label.at ?? null;
      segment.openingDate = label.date;
    } else if (segment.opening !== label.cents && !sameBalance(segment.opening, label)) {
      warnings.push(
        `Two different opening balances printed (${formatCents(segment.opening)} and ${formatCents(label.cents)}).`,
      );
    }
    return;
  }
  if (segment.closing === null || segment.closing === label.cents) {
    segment.closingAt = segment.closing === null ? (label.at ?? null) : segment.closingAt;
    segment.closing = label.cents;
    segment.closingDate ??= label.date;
  } else if (!sameBalance(segment.closing, label)) {
    warnings.push(
      `Two different closing balances printed (${formatCents(segment.closing)} and ${formatCents(label.cents)}).`,
    );
  }
}

/**
 * A balance printed again without its sign, in a column that gives it its sign (an overdrawn column), is the same
 * balance: the one printed with its sign stands.
 */
function sameBalance(cents: number, label: BalanceLabel): boolean {
  return label.at !== null && label.at !== undefined && cents < 0 && label.cents === -cents;
}

/**
 * A row whose only amount is its running balance printed its own amount up against its words (a long description
 * running into a left-aligned amount column: "... SAVINGS XXXXXX8821 5,120.88" arrives as one piece of text). The
 * amount is split off the words' end and takes the amount column whose amounts end nearest to it.
 */
function amountsJoinedToWords(rows: Row[], balanceColumn: number): void {
  // Each amount column's mean right edge, summed in one pass (a hostile file may hold hundreds of thousands of cells).
  const sums = new Map<number, { total: number; count: number }>();
  for (const row of rows) {
    for (const cell of row.money) {
      if (cell.column === balanceColumn) continue;
      const sum = sums.get(cell.column) ?? { total: 0, count: 0 };
      sum.total += cell.x1;
      sum.count += 1;
      sums.set(cell.column, sum);
    }
  }
  const edges = [...sums].map(([column, { total, count }]) => ({ column, x1: total / count }));
  if (edges.length === 0) return;
  for (const row of rows) {
    if (!row.pieces || row.money.some((cell) => cell.column !== balanceColumn)) continue;
    const last = row.pieces.at(-1);
    if (!last || row.text.at(-1) !== last.text) continue;
    const split = splitTrailingAmount({ ...last, money: null });
    if (!split) continue;
    const nearest = edges.reduce((best, edge) =>
      Math.abs(edge.x1 - split.amount.x1) < Math.abs(best.x1 - split.amount.x1) ? edge : best,
    );
    const words = { ...last, text: split.words.text, x1: split.words.x1 };
    row.pieces = [...row.pieces.slice(0, -1), words];
    row.text = [...row.text.slice(0, -1), split.words.text];
    const { x0, x1, text, money } = split.amount;
    row.money = [{ x0, x1, text, money, column: nearest.column }, ...row.money];
  }
}
