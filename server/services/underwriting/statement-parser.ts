// Turns the lines of a text PDF into statement periods and transactions without knowing the bank. It reads the
// table's own column headings and section headings, so it is driven by what the statement says, not by positions
// tuned to one layout (issue 5, item 1).
import { findFullDates, parseRowDate, rowDateResolver, type RowDate } from './dates';
import { formatCents, parseMoney, type ParsedMoney } from './money';
import { MIN_TEXT_CHARS_PER_PAGE } from './policy';
import type { Cell, Line } from './text-layout';
import { buildLines } from './text-layout';
import type {
  BalanceCheck,
  Direction,
  PageText,
  ParseResult,
  ParsedSegment,
  ParsedStatement,
  ParsedTransaction,
  StatementLayout,
} from './types';

type ColumnKind = 'date' | 'description' | 'amount' | 'debit' | 'credit' | 'balance' | 'other';
type Column = { kind: ColumnKind; x0: number; x1: number };
type SectionKind = 'credits' | 'debits' | 'ignore' | 'activity';
type DirectionSource = 'section' | 'column' | 'sign' | 'running-balance';

type DraftTransaction = {
  rowDate: RowDate;
  description: string;
  amountCents: number;
  direction: Direction;
  /** The printed amount carried no sign and nothing else decided the direction yet. */
  isUnsigned: boolean;
  balanceCents: number | null;
  page: number;
  source: DirectionSource;
};

type DraftSegment = {
  period: { start: string; end: string } | null;
  opening: number | null;
  closing: number | null;
  openingDate: string | null;
  closingDate: string | null;
  transactions: DraftTransaction[];
};

const NUMERIC_KINDS = new Set<ColumnKind>(['amount', 'debit', 'credit', 'balance']);

function normalizeLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/\((continued|cont'?d?\.?)\)|[-\u2013]\s*continued|\bcontinued\b/g, '')
    .replace(/\(\s*[$+-]\s*\)|[:*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function classifyHeaderCell(raw: string): ColumnKind | null {
  const text = normalizeLabel(raw);
  if (
    /^(date|post(ing|ed)? date|date posted|trans(action)?\.? date|value date|eff(ective|\.)? date|posted)$/.test(text)
  )
    return 'date';
  if (
    /^(description|transaction details|details|transaction|transaction description|memo|payee|particulars|narrative|description of transaction|activity)$/.test(
      text,
    )
  )
    return 'description';
  if (
    /^(debits?|withdrawals?|withdrawals? ?(\/|and|&) ?debits?|debits? ?(\/|and|&) ?withdrawals?|payments?|money out|paid out|charges|debit amount|withdrawal amount|subtractions|checks? ?(\/|and|&) ?debits?)$/.test(
      text,
    )
  )
    return 'debit';
  if (
    /^(credits?|deposits?|deposits? ?(\/|and|&) ?credits?|credits? ?(\/|and|&) ?deposits?|money in|paid in|receipts|credit amount|deposit amount|additions)$/.test(
      text,
    )
  )
    return 'credit';
  if (/^(amount|amount \$|transaction amount|amt|amount \(\$\)|amount usd)$/.test(text)) return 'amount';
  if (/^(balance|running balance|ledger balance|balance \$|account balance|balance \(\$\)|balance usd)$/.test(text))
    return 'balance';
  if (/^(check ?(no|number|#)\.?|ref(erence)?( no\.?)?|type|serial( no\.?)?|category|chq no\.?)$/.test(text))
    return 'other';
  return null;
}

/** A table heading row: a date column, a description column and at least one money column. */
function detectHeader(line: Line): Column[] | null {
  if (line.cells.length < 3) return null;
  const columns: Column[] = [];
  let unknown = 0;
  for (const cell of line.cells) {
    const kind = classifyHeaderCell(cell.text);
    if (kind) columns.push({ kind, x0: cell.x0, x1: cell.x1 });
    else unknown += 1;
  }
  const kinds = new Set(columns.map((column) => column.kind));
  const hasMoney = kinds.has('amount') || kinds.has('debit') || kinds.has('credit');
  if (!kinds.has('date') || !kinds.has('description') || !hasMoney) return null;
  return unknown <= 1 ? columns : null;
}

function detectSection(line: Line): SectionKind | null {
  if (line.cells.some((cell) => cell.money)) return null;
  const text = normalizeLabel(line.text);
  if (text.length === 0 || text.length > 60) return null;
  if (
    /^(daily (ending |ledger |closing )?balances?( summary)?|balance summary|account summary|summary of (your )?account|interest summary|(overdraft|nsf) (and returned item )?fees? summary|total (fees|overdraft))/.test(
      text,
    )
  )
    return 'ignore';
  if (
    /^(deposits?|credits?|additions|other credits|electronic (deposits|credits)|deposits? ?(\/|and|&) ?(other )?(credits|additions)|money in|incoming)\b/.test(
      text,
    )
  )
    return /withdrawal|debit/.test(text) ? null : 'credits';
  if (
    /^(withdrawals?|debits?|checks?( paid)?|other (withdrawals|debits)|electronic (withdrawals|debits|payments)|fees( and charges)?|service (fees|charges)|card (purchases|transactions)|atm (and|&) debit card (withdrawals|subtractions)|subtractions|money out|outgoing|payments)\b/.test(
      text,
    )
  )
    return 'debits';
  if (/^(transaction (detail|details|history)|account activity|activity detail|transactions)$/.test(text))
    return 'activity';
  return null;
}

const OPENING_LABEL =
  /\b((beginning|opening|starting|previous|prior) (ledger )?balance|balance (brought )?forward|balance last statement|balance at start)\b/i;
const CLOSING_LABEL = /\b((ending|closing|new|statement) (ledger )?balance|balance this statement|balance at end)\b/i;
const NOT_A_STATEMENT_BALANCE = /\b(average|minimum|available|daily|collected|carried forward|total)\b/i;

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
        found.push({ kind, cents: signedCents(money), date: dates[0] ?? null });
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

function signedCents(money: ParsedMoney): number {
  return money.isNegative ? -money.cents : money.cents;
}

const PERIOD_CONTEXT = /period|statement|from|through|thru|dates?|cycle/i;

function detectPeriod(line: Line): { start: string; end: string } | null {
  if (!PERIOD_CONTEXT.test(line.text)) return null;
  if (OPENING_LABEL.test(line.text) || CLOSING_LABEL.test(line.text)) return null;
  // A dated row with an amount is a transaction ("TRANSFER FROM SAV 01/04/2024"), whatever words it contains.
  if (line.cells.some((cell) => cell.money) && readLeadingDate(line.cells)) return null;
  const dates = findFullDates(line.text);
  if (dates.length !== 2) return null;
  const [start, end] = dates as [string, string];
  if (start > end) return null;
  // A "period" longer than ~13 months is something else (an account opening date next to today).
  const spanDays = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  return spanDays <= 400 ? { start, end } : null;
}

type MoneyCell = { cell: Cell; money: ParsedMoney };

function assignColumns(moneyCells: MoneyCell[], columns: Column[]): Map<MoneyCell, Column> {
  const numeric = columns.filter((column) => NUMERIC_KINDS.has(column.kind));
  const candidates: Array<{ moneyCell: MoneyCell; column: Column; distance: number }> = [];
  for (const moneyCell of moneyCells) {
    for (const column of numeric) {
      const { cell } = moneyCell;
      const distance = Math.min(
        Math.abs(cell.x1 - column.x1),
        Math.abs(cell.x0 - column.x0),
        Math.abs((cell.x0 + cell.x1) / 2 - (column.x0 + column.x1) / 2),
      );
      if (distance <= 60) candidates.push({ moneyCell, column, distance });
    }
  }
  candidates.sort((a, b) => a.distance - b.distance);
  const assigned = new Map<MoneyCell, Column>();
  const used = new Set<Column>();
  for (const candidate of candidates) {
    if (assigned.has(candidate.moneyCell) || used.has(candidate.column)) continue;
    assigned.set(candidate.moneyCell, candidate.column);
    used.add(candidate.column);
  }
  return assigned;
}

/** Splits a leading date off the first cell when pdf.js ran the date and description together. */
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
    return { date, rest: [{ ...first, text, money: parseMoney(text) }, ...cells.slice(1)] };
  }
  return null;
}

type RowParse = { transaction: DraftTransaction } | { balanceOnly: { cents: number } } | null;

function parseRow(line: Line, columns: Column[], section: SectionKind | null): RowParse {
  const leading = readLeadingDate(line.cells);
  if (!leading) return null;
  const moneyCells: MoneyCell[] = [];
  const textCells: Cell[] = [];
  for (const cell of leading.rest) {
    const money = cell.money;
    if (money) moneyCells.push({ cell, money });
    else if (/^(CR|DR)$/i.test(cell.text) && moneyCells.length > 0) {
      const last = moneyCells.at(-1);
      if (last) last.money = parseMoney(`${last.cell.text} ${cell.text}`) ?? last.money;
    } else textCells.push(cell);
  }
  if (moneyCells.length === 0) return null;
  const assigned = assignColumns(moneyCells, columns);
  let amount: { money: ParsedMoney; kind: ColumnKind } | null = null;
  let balanceCents: number | null = null;
  for (const moneyCell of moneyCells) {
    const column = assigned.get(moneyCell);
    if (!column) continue;
    if (column.kind === 'balance') balanceCents = signedCents(moneyCell.money);
    else if (!amount || (amount.money.cents === 0 && moneyCell.money.cents !== 0))
      amount = { money: moneyCell.money, kind: column.kind };
  }
  const description = textCells
    .map((cell) => cell.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!amount) return balanceCents !== null ? { balanceOnly: { cents: balanceCents } } : null;
  let direction: Direction;
  let source: DirectionSource;
  let isUnsigned = false;
  if (amount.kind === 'debit' || amount.kind === 'credit') {
    direction = amount.kind;
    source = 'column';
  } else if (section === 'credits' || section === 'debits') {
    direction = section === 'credits' ? 'credit' : 'debit';
    source = 'section';
  } else {
    direction = amount.money.isNegative ? 'debit' : 'credit';
    source = 'sign';
    isUnsigned = !amount.money.hasSign;
  }
  return {
    transaction: {
      rowDate: leading.date,
      description,
      amountCents: amount.money.cents,
      direction,
      isUnsigned,
      balanceCents,
      page: line.page,
      source,
    },
  };
}

function isContinuation(
  line: Line,
  previous: { page: number; y: number; fontSize: number },
  columns: Column[],
): boolean {
  if (line.page !== previous.page) return false;
  const gap = previous.y - line.y;
  if (gap <= 0 || gap > previous.fontSize * 2.1) return false;
  if (line.cells.some((cell) => cell.money) || readLeadingDate(line.cells)) return false;
  const description = columns.find((column) => column.kind === 'description');
  const firstNumeric = Math.min(
    ...columns.filter((column) => NUMERIC_KINDS.has(column.kind)).map((column) => column.x0),
  );
  if (!description) return false;
  return line.cells.every((cell) => cell.x0 >= description.x0 - 6 && cell.x0 < firstNumeric);
}

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

  const segments: DraftSegment[] = [];
  const warnings: string[] = [];
  const newSegment = (period: DraftSegment['period']): DraftSegment => {
    const segment: DraftSegment = {
      period,
      opening: null,
      closing: null,
      openingDate: null,
      closingDate: null,
      transactions: [],
    };
    segments.push(segment);
    return segment;
  };
  let segment: DraftSegment | null = null;
  let columns: Column[] | null = null;
  let section: SectionKind | null = null;
  let previousRow: { page: number; y: number; fontSize: number; transaction: DraftTransaction } | null = null;
  let datedRowsWithoutTable = 0;

  for (const line of lines) {
    const period = detectPeriod(line);
    if (period) {
      const current: DraftSegment | null = segment;
      const samePeriod = current?.period && current.period.start === period.start && current.period.end === period.end;
      if (!samePeriod) {
        if (current && !current.period && current.transactions.length === 0 && current.opening === null)
          current.period = period;
        else segment = newSegment(period);
        section = null;
      }
      previousRow = null;
      continue;
    }
    const header = detectHeader(line);
    if (header) {
      columns = header;
      previousRow = null;
      continue;
    }
    if (previousRow && columns && isContinuation(line, previousRow, columns)) {
      previousRow.transaction.description = `${previousRow.transaction.description} ${line.text}`.trim();
      previousRow.y = line.y;
      continue;
    }
    const heading = detectSection(line);
    if (heading) {
      section = heading;
      previousRow = null;
      continue;
    }
    const labels = detectBalanceLabels(line);
    if (labels.length > 0) {
      segment ??= newSegment(null);
      for (const label of labels) {
        if (label.kind === 'opening') {
          if (segment.opening === null) {
            segment.opening = label.cents;
            segment.openingDate = label.date;
          } else if (segment.opening !== label.cents) {
            warnings.push(
              `Two different opening balances printed (${formatCents(segment.opening)} and ${formatCents(label.cents)}).`,
            );
          }
        } else if (segment.closing === null) {
          segment.closing = label.cents;
          segment.closingDate = label.date;
        } else if (segment.closing !== label.cents) {
          warnings.push(
            `Two different closing balances printed (${formatCents(segment.closing)} and ${formatCents(label.cents)}).`,
          );
        }
      }
      previousRow = null;
      continue;
    }
    if (section === 'ignore') continue;
    if (/^total\b/i.test(line.text)) {
      previousRow = null;
      continue;
    }
    if (!columns) {
      if (readLeadingDate(line.cells) && line.cells.some((cell) => cell.money)) datedRowsWithoutTable += 1;
      continue;
    }
    const row = parseRow(line, columns, section);
    if (row && 'transaction' in row) {
      segment ??= newSegment(null);
      segment.transactions.push(row.transaction);
      previousRow = { page: line.page, y: line.y, fontSize: line.fontSize, transaction: row.transaction };
      continue;
    }
    previousRow = null;
  }

  const finished: ParsedSegment[] = [];
  const sources = new Set<DirectionSource>();
  for (const draft of segments) {
    const result = finishSegment(draft, warnings);
    if (!result) continue;
    finished.push(result.segment);
    for (const source of result.sources) sources.add(source);
  }
  const transactionCount = finished.reduce((sum, item) => sum + item.transactions.length, 0);
  if (transactionCount === 0) {
    if (datedRowsWithoutTable > 0) {
      return {
        ok: false,
        reason: 'Unknown statement layout: dated rows with amounts but no recognisable column headings.',
      };
    }
    return { ok: false, reason: 'No transaction table found: this does not look like a bank statement.' };
  }
  const statement: ParsedStatement = { pageCount, layout: layoutOf(sources), segments: finished, warnings };
  return { ok: true, statement };
}

function layoutOf(sources: Set<DirectionSource>): StatementLayout {
  const kinds = new Set([...sources].map((source) => (source === 'running-balance' ? 'sign' : source)));
  if (kinds.size !== 1) return 'mixed';
  if (kinds.has('section')) return 'sections';
  if (kinds.has('column')) return 'debit-credit-columns';
  return 'signed-amount';
}

function finishSegment(
  draft: DraftSegment,
  warnings: string[],
): { segment: ParsedSegment; sources: Set<DirectionSource> } | null {
  if (draft.transactions.length === 0 && (draft.opening === null || draft.closing === null)) return null;
  inferUnsignedDirections(draft, warnings);
  let period = draft.period;
  if (!period && draft.openingDate && draft.closingDate && draft.openingDate <= draft.closingDate) {
    period = { start: draft.openingDate, end: draft.closingDate };
  }
  const resolved: ParsedTransaction[] = [];
  let unresolved = 0;
  const resolveDate = rowDateResolver(period);
  for (const transaction of draft.transactions) {
    const date = resolveDate(transaction.rowDate);
    if (!date) {
      unresolved += 1;
      continue;
    }
    resolved.push({
      date,
      description: transaction.description,
      amountCents: transaction.amountCents,
      direction: transaction.direction,
      balanceCents: transaction.balanceCents,
      page: transaction.page,
    });
  }
  if (unresolved > 0) {
    warnings.push(
      period
        ? `${unresolved} transaction date(s) fall outside the statement period and were left out.`
        : `${unresolved} transaction(s) without a statement period or year were left out.`,
    );
  }
  if (resolved.length === 0 && draft.transactions.length > 0) return null;
  if (!period) {
    const dates = resolved.map((transaction) => transaction.date).sort();
    const first = dates[0];
    const last = dates.at(-1);
    if (!first || !last) return null;
    period = { start: first, end: last };
    warnings.push('No statement period printed; using the first and last transaction dates.');
  }
  const balanceCheck = checkBalances(draft, resolved);
  // Chronological order for daily balances; a stable sort keeps the printed order within a day.
  const transactions = resolved
    .map((transaction, index) => ({ transaction, index }))
    .sort((a, b) => a.transaction.date.localeCompare(b.transaction.date) || a.index - b.index)
    .map(({ transaction }) => transaction);
  const opening = draft.opening ?? derivedOpening(resolved);
  const closing =
    draft.closing ?? resolved.findLast((transaction) => transaction.balanceCents !== null)?.balanceCents ?? null;
  return {
    segment: {
      periodStart: period.start,
      periodEnd: period.end,
      openingBalanceCents: opening,
      closingBalanceCents: closing,
      transactions,
      balanceCheck,
    },
    sources: new Set(draft.transactions.map((transaction) => transaction.source)),
  };
}

function signedAmount(transaction: { amountCents: number; direction: Direction }): number {
  return transaction.direction === 'credit' ? transaction.amountCents : -transaction.amountCents;
}

function derivedOpening(transactions: ParsedTransaction[]): number | null {
  const first = transactions[0];
  if (!first || first.balanceCents === null) return null;
  return first.balanceCents - signedAmount(first);
}

/**
 * A single Amount column printed without any signs cannot say which rows are debits. When a running balance is
 * printed, its movement can; use it rather than calling every row a deposit.
 */
function inferUnsignedDirections(draft: DraftSegment, warnings: string[]) {
  const signedRows = draft.transactions.filter((transaction) => transaction.source === 'sign');
  if (signedRows.length === 0 || signedRows.some((transaction) => !transaction.isUnsigned)) return;
  let previous = draft.opening;
  let inferred = 0;
  for (const transaction of draft.transactions) {
    if (transaction.source === 'sign' && previous !== null && transaction.balanceCents !== null) {
      const delta = transaction.balanceCents - previous;
      if (delta === -transaction.amountCents) {
        transaction.direction = 'debit';
        transaction.source = 'running-balance';
        inferred += 1;
      } else if (delta === transaction.amountCents) {
        transaction.source = 'running-balance';
      }
    }
    previous = transaction.balanceCents ?? (previous === null ? null : previous + signedAmount(transaction));
  }
  if (inferred > 0) warnings.push(`Amounts carry no sign; ${inferred} debit(s) inferred from the running balance.`);
}

function checkBalances(draft: DraftSegment, printedOrder: ParsedTransaction[]): BalanceCheck {
  const net = printedOrder.reduce((sum, transaction) => sum + signedAmount(transaction), 0);
  let breaks = 0;
  let printedBalances = 0;
  let running: number | null = draft.opening;
  for (const transaction of printedOrder) {
    const expected: number | null = running === null ? null : running + signedAmount(transaction);
    if (transaction.balanceCents !== null) {
      printedBalances += 1;
      if (expected !== null && expected !== transaction.balanceCents) breaks += 1;
      running = transaction.balanceCents;
    } else {
      running = expected;
    }
  }
  const breakNote = breaks > 0 ? ` ${breaks} row(s) disagree with the printed running balance.` : '';
  if (draft.opening !== null && draft.closing !== null) {
    const expected = draft.opening + net;
    const difference = draft.closing - expected;
    if (difference === 0 && breaks === 0) {
      return {
        status: 'reconciled',
        expectedClosingCents: expected,
        differenceCents: 0,
        runningBalanceBreaks: 0,
        note: null,
      };
    }
    const note =
      difference === 0
        ? `Opening and closing balances agree, but${breakNote}`
        : `Opening ${formatCents(draft.opening)} plus the transactions read gives ${formatCents(expected)}, but the closing balance printed is ${formatCents(draft.closing)} (off by ${formatCents(difference)}).${breakNote}`;
    return {
      status: 'mismatch',
      expectedClosingCents: expected,
      differenceCents: difference,
      runningBalanceBreaks: breaks,
      note,
    };
  }
  if (breaks > 0) {
    return {
      status: 'mismatch',
      expectedClosingCents: null,
      differenceCents: null,
      runningBalanceBreaks: breaks,
      note: breakNote.trim(),
    };
  }
  if (printedBalances > 0) {
    return {
      status: 'reconciled',
      expectedClosingCents: null,
      differenceCents: null,
      runningBalanceBreaks: 0,
      note: 'Checked against the printed running balance (no opening/closing balance printed).',
    };
  }
  return {
    status: 'unverifiable',
    expectedClosingCents: null,
    differenceCents: null,
    runningBalanceBreaks: 0,
    note: 'No balances printed, so the transactions cannot be cross-checked.',
  };
}
