// Turns the lines of a text PDF into statement periods and transactions without knowing the bank. A transaction
// row is recognised by its shape (a date, then text, then one or more amounts), never by the table's headings;
// headings, section titles, signs and markers are evidence for which way money moved, and where a running balance
// is printed the balance's movement decides.
import { findFullDates, fromDayNumber, toDayNumber } from './dates';
import { MIN_TEXT_CHARS_PER_PAGE } from './policy';
import type { Line } from './text-layout';
import { MAX_LINE_CHARS, buildLines } from './text-layout';
import type {
  Direction,
  DirectionSource,
  PageText,
  ParseResult,
  ParsedSegment,
  ParsedStatement,
  StatementAccount,
  StatementLayout,
} from './types';
import {
  type AwaitingRow,
  type DraftSegment,
  type PrintedTotal,
  type Heading,
  type ReadRow,
  type Row,
  type RowPart,
  awaitingRow,
  continueAwaiting,
  datedParts,
  innerDateCells,
  readPart,
  signedCents,
  wrapsAwaiting,
} from './statement-rows';
import { CHECK_FACE, CHECK_IMAGES, POSTED_STATUS, ROW_STATUS, postingOf } from './statement-words';
import { type DescriptionsAbove, placeAbove } from './statement-above';
import {
  accountKind,
  datedWithin,
  detectAccount,
  detectBalanceLabels,
  type BalanceLabel,
  labelsAbove,
  asHeading,
  detectHeading,
  headingPart,
  detectPeriod,
  detectPeriodFields,
  detectCycleDays,
  type FieldLabel,
  detectSection,
  isContinuation,
  markRepeatedLines,
  mergeHeadings,
  repeatsCheck,
} from './statement-lines';
import { readColumns } from './statement-columns';
import { centredRows } from './statement-centred';
import { applyLabel, finishSegment } from './statement-segment';
import { findHolderNames } from './statement-holder';
import { detectTotals } from './statement-totals';
import { carriedRow, dayBalance, dayListing, joinedRow, undatedRow, type CarriedDate } from './statement-days';
import type { MonthHeading, RowDate } from './dates';
import { dayRowPart, monthHeadingOf } from './statement-months';

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
  // A line of many short runs can still grow past MAX_LINE_CHARS: no pattern runs on it either.
  const readable = centredRows(readColumns(lines.filter((line) => line.text.length <= MAX_LINE_CHARS)), isRowLine);
  markRepeatedLines(readable);
  const result = parseLines(readable, pageCount, false);
  if (result.ok || !result.reason.startsWith('No transaction table')) return result;
  const later = parseLines(readable, pageCount, true);
  return later.ok ? later : result;
}

function parseLines(lines: Line[], pageCount: number, dateAnywhere: boolean): ParseResult {
  const segments: DraftSegment[] = [];
  const warnings: string[] = [];
  // Totals printed once the current period closed, or under another account's number: the next period's, if any.
  let heldTotals: { totals: PrintedTotal[]; shares: Direction[] } = { totals: [], shares: [] };
  const newSegment = (period: DraftSegment['period']): DraftSegment => {
    const segment: DraftSegment = {
      period,
      opening: null,
      closing: null,
      openingAt: null,
      closingAt: null,
      openingDate: null,
      closingDate: null,
      rows: [],
      checkpoints: [],
      anchor: null,
      closedAfterRows: false,
      account: null,
      unread: [],
      ...heldTotals,
    };
    heldTotals = { totals: [], shares: [] };
    segments.push(segment);
    return segment;
  };
  // An account number other than the current period's, printed since its rows began: the next opening balance
  // that is not a page's balance forward starts that account's statement.
  let pendingAccount: StatementAccount | null = null;
  let titleKind: StatementAccount['kind'] = null;
  let imagesPage: number | null = null;
  // Under a title over items not posted in the period (pending, holds): how many rows it has left out.
  let unposted: { skipped: number } | null = null;
  let segment: DraftSegment | null = null;
  // Statements listing several accounts (checking, then savings) close one account before opening the next; the
  // next one is a statement period of its own.
  const accountFor = (current: DraftSegment, label: BalanceLabel): DraftSegment => {
    if (label.kind === 'closing') {
      if (current.rows.length > 0) current.closedAfterRows = true;
      return current;
    }
    const forward = current.rows.at(-1)?.money.some((cell) => signedCents(cell.money) === label.cents) ?? false;
    const another = pendingAccount !== null && current.rows.length > 0 && !forward;
    // An opening balance dated after the end the current statement printed (its period, or its closing balance's
    // date) opens the next statement, even where its amount carries the last balance forward.
    const end = current.period?.end ?? current.closingDate;
    const later = current.rows.length > 0 && label.date !== null && end !== null && label.date > end;
    // With no period or dates printed, a beginning balance after rows that carries the closing balance this statement
    // printed forward (and is not its own opening, nor worded as a page's balance forward) begins the next statement.
    const carried =
      current.period === null &&
      current.rows.length > 0 &&
      !label.forward &&
      current.opening !== null &&
      label.cents === current.closing &&
      label.cents !== current.opening;
    if (!current.closedAfterRows && !another && !later && !carried) return current;
    section = null;
    heading = null;
    unposted = null;
    const next = newSegment(current.period);
    next.account = pendingAccount;
    pendingAccount = null;
    return next;
  };
  let section: Direction | null = null;
  let above: DescriptionsAbove | null = null;
  let heading: Heading | null = null;
  let lastHeading: Heading | null = null;
  let lastRow: Row | null = null;
  let awaiting: AwaitingRow | null = null;
  // The row that took the last wrapped line, and that line's index.
  let wrapped: { row: Row; index: number } | null = null;
  const startPeriod = (period: { start: string; end: string }) => {
    const current: DraftSegment | null = segment;
    if (current?.period && current.period.start === period.start && current.period.end === period.end) return;
    // A period first printed over a later page (its first page printed one the reader did not find) is the period
    // of the rows before it when they all fall in it, however it is printed: a later statement's own grid never
    // takes the rows (and balances) of the statement before it.
    const before = current?.rows.map((row) => row.date) ?? [];
    if (current && !current.period && datedWithin(before, period)) current.period = period;
    else {
      // The account numbered since the last statement's rows is this statement's.
      segment = newSegment(period);
      [segment.account, pendingAccount] = [pendingAccount, null];
    }
    section = null;
    heading = null;
    dayDate = null;
    carry = null;
    unposted = null;
  };
  // The two labelled fields of a period printed apart, and labels waiting for their dates on the line below.
  const fields: {
    start: string | null;
    end: string | null;
    days: number | null;
    page: number;
    labels: FieldLabel[];
  } = {
    start: null,
    end: null,
    days: null,
    page: 0,
    labels: [],
  };
  const listing = dayListing(lines);
  // A date column after other cells: on three lines at least, or on two when no row starts with its date.
  const innerDates = innerDateCells(lines, dateAnywhere ? 2 : 3);
  const days = listing.headings;
  let dayDate: RowDate | null = null;
  // The latest month heading over rows that print only their day ("MAY 2026" over "03").
  let monthHeading: MonthHeading | null = null;
  // The last line of a day's listing read so far (its heading, a row, a wrapped line, a day balance).
  let listingLine = -1;
  // The last line that printed an amount, before the current one.
  let lastAmountLine = -1;
  // The date of the listing's last dated row, for rows printed below it without one.
  let carry: CarriedDate | null = null;

  for (const [index, line] of lines.entries()) {
    const amountBefore = lastAmountLine;
    if (line.cells.some((cell) => cell.money)) lastAmountLine = index;
    if (lastRow && lastRow.page !== line.page) lastRow = null;
    if (imagesPage !== null && imagesPage !== line.page) imagesPage = null;
    // A check's face is a check image (its amount and date are the check's, already listed as a row).
    if (CHECK_FACE.test(line.text)) imagesPage = line.page;
    if (days.has(index)) {
      dayDate = days.get(index) ?? null;
      lastRow = null;
      listingLine = index;
      continue;
    }
    // A day's balance line ("End of day balance", "Daily balance") is no transaction: the balance after its rows.
    const dayEnd = dayDate ? dayBalance(line) : null;
    if (dayEnd !== null) {
      segment ??= newSegment(null);
      segment.checkpoints.push({ beforeRow: segment.rows.length, cents: dayEnd });
      lastRow = null;
      listingLine = index;
      continue;
    }
    // A month heading over rows that print only their day; a wrapped description line ("RENT FOR" over "MAY 2026")
    // stays the row's.
    const month: MonthHeading | null =
      lastRow && isContinuation(line, lastRow, lines[index + 1]) ? null : monthHeadingOf(line, monthHeading);
    if (month) {
      [monthHeading, lastRow] = [month, null];
      continue;
    }
    // A date-like token starting a waiting row's wrapped line, outside the date column, is the description's.
    const ownDates: RowPart[] =
      awaiting && !dayDate && wrapsAwaiting(awaiting, line) ? [] : datedParts(line, dateAnywhere, innerDates.get(line));
    const dayPart = ownDates.length === 0 && monthHeading ? dayRowPart(line, monthHeading) : null;
    const parts = dayPart ? [dayPart] : ownDates;
    const dated = parts.map((part) => readPart(part, line));
    // Rows printing their own dates end the month headings' listing.
    if (ownDates.length > 0 && dated.some((read) => read.kind === 'row')) monthHeading = null;
    if (dated.some((read) => read.kind === 'row')) dayDate = null;
    const waited: AwaitingRow | ReadRow | null =
      parts.length === 0 && awaiting && !dayDate ? continueAwaiting(awaiting, line, lines[index + 1]) : null;
    awaiting = waited && 'part' in waited ? waited : null;
    if (awaiting) continue;
    const completed: ReadRow | null = waited && 'kind' in waited ? waited : null;
    // Under a day heading, a row prints no date of its own: it takes the heading's. One printed up against its
    // amount is read only where the listing runs on (the line above is its heading, a row or a wrapped line), or
    // where it ran to the foot of the page before (nothing between printed an amount: footers, page tops) and the
    // line names no balance, total or page.
    const nextToListing = listingLine === index - 1 && lines[index - 1]?.page === line.page;
    const overPage =
      listingLine >= 0 && (lines[listingLine]?.page ?? line.page) < line.page && amountBefore <= listingLine;
    const runsOn = nextToListing || (overPage && !/\b(balance|total|page)\b/i.test(line.text));
    const undated: Line | null =
      dated.length === 0 && dayDate
        ? ((runsOn ? joinedRow(line, listing.amountEdges) : null) ?? (undatedRow(line) ? line : null))
        : null;
    // Below a dated row, a row in its columns that prints no date takes that row's date.
    const carried: CarriedDate | null =
      dated.length === 0 &&
      !dayDate &&
      !completed &&
      carry &&
      (nextToListing || overPage) &&
      carriedRow(line, carry, heading)
        ? carry
        : null;
    const reads: ReadRow[] = completed
      ? [completed]
      : undated && dayDate
        ? [readPart({ date: dayDate, reference: null, cells: undated.cells }, undated)]
        : carried
          ? [readPart({ date: carried.date, reference: null, cells: line.cells }, line)]
          : dated;
    if (imagesPage !== null && reads.length > 0) continue;
    if (unposted && reads.length > 0) {
      unposted.skipped += 1;
      continue;
    }
    if (reads.some((read) => read.kind !== 'skip')) {
      let accepted = false;
      for (const read of reads) {
        if (read.kind === 'row') {
          // A status cell beside the words: a row not yet posted is left out, and the status is no description.
          const status = read.row.text.length > 1 ? read.row.text.find((text) => ROW_STATUS.test(text)) : undefined;
          if (status && !POSTED_STATUS.test(status)) continue;
          if (status) {
            read.row.text = read.row.text.filter((text) => text !== status);
            read.row.pieces = read.row.pieces?.filter((piece) => piece.text !== status) ?? null;
          }
          segment ??= newSegment(null);
          if (repeatsCheck(read.row, segment.rows)) continue;
          // Rows under another account's number that do not follow this account's running balance are that
          // account's, even where it prints no opening balance of its own.
          const previous = segment.rows.at(-1);
          if (pendingAccount && segment.account && previous && !followsBalance(previous, read.row)) {
            segment = newSegment(segment.period);
            [segment.account, pendingAccount, section] = [pendingAccount, null, null];
          }
          titleKind = null;
          if (above) above = placeAbove(above, read.row);
          read.row.section = section;
          read.row.heading = heading;
          if (pendingAccount && !segment.account) [segment.account, pendingAccount] = [pendingAccount, null];
          segment.rows.push(read.row);
          lastRow = read.row;
          accepted = true;
          if (!dayDate) carry = carryFrom(read.row, carry);
        } else if (read.kind === 'label') {
          const label: BalanceLabel = { kind: read.label, cents: read.cents, date: null, at: read.at };
          segment = accountFor(segment ?? newSegment(null), label);
          applyLabel(segment, label, warnings);
        }
      }
      if (!accepted) lastRow = null;
      else listingLine = index;
      lastHeading = null;
      continue;
    }
    // A dated line with amounts but no words is a daily balance list or grid: not a row, not a continuation.
    const datedAmounts = reads.length > 0 && line.cells.some((cell) => cell.money);
    const continuing = lastRow !== null && !datedAmounts && isContinuation(line, lastRow, lines[index + 1]);
    // A dated line is a row waiting for its amounts or a note, never an account's title.
    const account = continuing || parts.length > 0 ? null : detectAccount(line, titleKind);
    if (account) {
      segment ??= newSegment(null);
      // Printed after rows began, a number may head the next account (its opening balance follows) or repeat this
      // one's on a continuation page (its rows follow): it waits for that evidence.
      // Before any row, the account titled with its kind takes over from a bare number (a page header's).
      const bare = segment.account !== null && segment.account.kind === null && account.kind !== null;
      if (segment.rows.length === 0 && (!segment.account || (bare && segment.account.last4 !== account.last4))) {
        segment.account = account;
        pendingAccount = null;
      } else if (segment.account && segment.account.last4 === account.last4) {
        // The number printed again under the account's own title ("BUSINESS CHECKING") names its kind.
        segment.account.kind ??= account.kind;
        pendingAccount = null;
      } else pendingAccount = account;
      titleKind = null;
    } else if (!continuing && line.cells.length <= 2 && line.text.split(' ').length <= 6) {
      titleKind = accountKind(line.text) ?? titleKind;
    }
    const period = detectPeriod(line);
    if (period) {
      startPeriod(period);
      lastRow = null;
      continue;
    }
    if (fields.page !== line.page)
      Object.assign(fields, { start: null, end: null, days: null, page: line.page, labels: [] });
    const found = detectPeriodFields(line, fields.labels);
    fields.labels = found.labels;
    for (const field of found.fields) fields[field.role] = field.iso;
    fields.days = found.days ?? detectCycleDays(line) ?? fields.days;
    // A closing date and the cycle's length in days, with no start printed: the period ends on the closing date.
    if (!fields.start && fields.end && fields.days)
      fields.start = fromDayNumber(toDayNumber(fields.end) - fields.days + 1);
    if (
      fields.start &&
      fields.end &&
      fields.start <= fields.end &&
      toDayNumber(fields.end) - toDayNumber(fields.start) <= 400
    ) {
      startPeriod({ start: fields.start, end: fields.end });
      Object.assign(fields, { start: null, end: null, days: null });
      if (!continuing) lastRow = null;
    }
    const totals = continuing ? null : detectTotals(line, lines[index - 1]);
    const totalsPrinted = totals !== null && (totals.totals.length > 0 || totals.shares.length > 0);
    if (totals && totalsPrinted) {
      const held = !segment || segment.closedAfterRows || pendingAccount !== null;
      const into = held ? heldTotals : segment;
      into?.totals.push(...totals.totals);
      into?.shares.push(...totals.shares);
    }
    const printed = detectBalanceLabels(line);
    const labels = printed.length > 0 ? printed : labelsAbove(lines[index - 1], line);
    if (labels.length > 0) {
      if (labels.some((label) => label.kind === 'closing')) [dayDate, carry] = [null, null];
      for (const label of labels) {
        segment = accountFor(segment ?? newSegment(null), label);
        applyLabel(segment, label, warnings);
      }
      lastRow = null;
      continue;
    }
    // A dated line is a row's, whatever words it prints ("CHECK 5169  Withdrawal" waiting for its amounts).
    const columnHeading = parts.length > 0 ? null : detectHeading(line);
    if (columnHeading) {
      // The headings repeated atop the next page while a day's rows run over the break: the rows that follow, with
      // no day heading of their own, are still that day's.
      const repeated =
        dayDate !== null &&
        heading !== null &&
        listingLine >= 0 &&
        (lines[listingLine]?.page ?? line.page) < line.page &&
        amountBefore <= listingLine &&
        headingWords(heading) === headingWords(columnHeading);
      if (repeated) listingLine = index;
      else dayDate = null;
      // The heading's upper line, printed with fewer cells, was taken for the wrapped words of the row above it.
      const before = lines[index - 1];
      const upper = wrapped?.index === index - 1 && before && headingPart(before, columnHeading) ? before : null;
      if (upper) wrapped?.row.continuation.pop();
      const merged: Heading = upper
        ? mergeHeadings(asHeading(upper), columnHeading)
        : lastHeading &&
            lastHeading.page === columnHeading.page &&
            lastHeading.y - columnHeading.y < line.fontSize * 2.4
          ? mergeHeadings(lastHeading, columnHeading)
          : columnHeading;
      heading = merged;
      lastHeading = merged;
      // A table found to print descriptions above its rows keeps doing so over its repeated headings.
      above = { lines: [], first: null, on: above?.on ?? false };
      imagesPage = null;
      // A heading after the left-out rows starts another table; one right under the title is that block's own.
      if (unposted && unposted.skipped > 0) unposted = null;
      lastRow = null;
      continue;
    }
    // The heading's lower line, printed with fewer cells: the rest of a heading word cut in two.
    if (lastHeading && parts.length === 0 && headingPart(line, lastHeading)) {
      heading = lastHeading = mergeHeadings(lastHeading, asHeading(line));
      continue;
    }
    lastHeading = null;
    // Short lines only: a statement date is printed on a line of its own, and a hostile PDF's endless line must
    // not cost a scan per character.
    for (const date of line.text.length <= 160 ? findFullDates(line.text) : []) {
      segment ??= newSegment(null);
      if (!segment.anchor || date > segment.anchor) segment.anchor = date;
    }
    if (above && parts.length === 0 && !line.cells.some((cell) => cell.money)) {
      // Under a table that prints descriptions above its rows, text lines wait for the row below.
      above.lines.push(line.text);
      if (above.on) {
        listingLine = index;
        continue;
      }
    }
    if (continuing && lastRow) {
      lastRow.continuation.push(line.cells.map(({ text, x0, x1 }) => ({ text, x0, x1 })));
      wrapped = { row: lastRow, index };
      lastRow.y = line.y;
      listingLine = index;
      continue;
    }
    lastRow = null;
    awaiting = imagesPage === null ? awaitingRow(parts, dated, line) : null;
    if (CHECK_IMAGES.test(line.text) && line.text.length <= 60) imagesPage = line.page;
    const posting = line.cells.some((cell) => cell.money) ? null : postingOf(line.text);
    if (posting === 'unposted') {
      unposted = { skipped: 0 };
      continue;
    }
    if (posting === 'posted') unposted = null;
    const change = parts.length > 0 ? null : detectSection(line);
    if (change) {
      unposted = null;
      section = change.direction;
      heading = null;
      dayDate = null;
    }
    if (segment && !totalsPrinted && imagesPage === null && !unposted) noteUnread(segment, line);
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
  const statement: ParsedStatement = {
    pageCount,
    layout: layoutOf(sources),
    segments: finished,
    warnings,
    holderNames: findHolderNames(lines),
  };
  return { ok: true, statement };
}

// Words of lines that are no row when read as nothing: totals, balances, summaries, fees to date.
const NOT_A_ROW = /\b(?:total|subtotal|balance|average|summary|year[- ]to[- ]date|ytd|page)\b/i;

/**
 * A line of words and amounts read as nothing: kept (a few hundred a period at most), so a total the rows fall short
 * of by one of its amounts can find the row that was lost.
 */
function noteUnread(segment: DraftSegment, line: Line) {
  if (segment.unread.length >= 300 || line.text.length > 200 || NOT_A_ROW.test(line.text)) return;
  const cents = line.cells.flatMap((cell) => (cell.money ? [cell.money.cents] : []));
  const words = line.cells
    .filter((cell) => !cell.money)
    .map((cell) => cell.text)
    .join(' ')
    .trim();
  if (cents.length === 0 || !/[A-Za-z]{2}/.test(words)) return;
  segment.unread.push({
    beforeRow: segment.rows.length,
    checkpointsBefore: segment.checkpoints.length,
    cents,
    words,
    page: line.page,
  });
}

/** A line that prints a row: a date where rows print theirs, and an amount. */
function isRowLine(line: Line): boolean {
  return line.cells.some((cell) => cell.money) && datedParts(line).length > 0;
}

function layoutOf(sources: Set<DirectionSource>): StatementLayout {
  const kinds = new Set([...sources].map((source) => (source === 'balance' || source === 'type' ? 'sign' : source)));
  if (kinds.size !== 1) return kinds.size === 0 ? 'signed-amount' : 'mixed';
  if (kinds.has('section')) return 'sections';
  if (kinds.has('column')) return 'debit-credit-columns';
  return 'signed-amount';
}

/**
 * A row's date, description start and amount edges for the undated rows below it; amount edges gather up the table
 * in one set (whole points: at most a page's width of them).
 */
function carryFrom(row: Row, previous: CarriedDate | null): CarriedDate {
  const edges = previous?.edges ?? new Set<number>();
  for (const cell of row.money) edges.add(Math.round(cell.x1));
  return { date: row.date, textX0: row.textX0, edges };
}

/**
 * Whether a row's running balance follows the row before it (the earlier balance plus or minus this row's amount),
 * or cannot be told (either prints no amount and balance). False only when both print them and they disagree.
 */
function followsBalance(previous: Row, row: Row): boolean {
  const before = previous.money.at(-1);
  const after = row.money.at(-1);
  const amount = row.money[0];
  if (previous.money.length < 2 || row.money.length < 2 || !before || !after || !amount) return true;
  const change = signedCents(after.money) - signedCents(before.money);
  return Math.abs(Math.abs(change) - Math.abs(signedCents(amount.money))) <= 1;
}

/** A heading's words left to right, to tell a heading repeated on the next page. */
function headingWords(heading: Heading): string {
  return heading.cells.map((cell) => cell.text.trim().toLowerCase()).join(' ');
}
