// Which days the statements cover: periods uploaded twice dropped, days two statements of one account share counted
// once, and the covered days as runs (gaps between them reported).
import { fromDayNumber, toDayNumber } from './dates';
import type { ParsedSegment, ParsedTransaction } from './types';
import type { DayRange, DuplicateSegment, OverlapSegment, Segment, StatementForInsights } from './insights-types';

function sameSegment(a: ParsedSegment, b: ParsedSegment): boolean {
  if (a.periodStart !== b.periodStart || a.periodEnd !== b.periodEnd) return false;
  if (a.openingBalanceCents !== b.openingBalanceCents || a.closingBalanceCents !== b.closingBalanceCents) return false;
  if (a.transactions.length !== b.transactions.length) return false;
  return a.transactions.every((transaction, index) => {
    const other = b.transactions[index];
    return (
      other?.date === transaction.date &&
      other.amountCents === transaction.amountCents &&
      other.direction === transaction.direction
    );
  });
}

const transactionKey = (transaction: ParsedTransaction) =>
  `${transaction.date}|${transaction.direction}|${transaction.amountCents}`;

/**
 * Drops statement periods uploaded twice (the same file, or the same month in two files), keeping the first, and
 * counts days that two statements of the same account share once: a printout overlapping a monthly statement adds
 * only its new days. Overlapping statements whose shared days hold different transactions are another account.
 */
export function dedupeSegments(statements: StatementForInsights[]): {
  segments: Segment[];
  duplicates: DuplicateSegment[];
  overlaps: OverlapSegment[];
} {
  const segments: Segment[] = [];
  const duplicates: DuplicateSegment[] = [];
  const overlaps: OverlapSegment[] = [];
  for (const { documentId, statement } of statements) {
    for (const segment of statement.segments) {
      const original = segments.find((kept) => sameSegment(kept, segment));
      if (original) {
        duplicates.push({
          documentId,
          periodStart: segment.periodStart,
          periodEnd: segment.periodEnd,
          duplicateOfDocumentId: original.documentId,
        });
        continue;
      }
      let kept: Segment = { ...segment, documentId };
      for (const earlier of segments) {
        const start = kept.periodStart > earlier.periodStart ? kept.periodStart : earlier.periodStart;
        const end = kept.periodEnd < earlier.periodEnd ? kept.periodEnd : earlier.periodEnd;
        if (start > end) continue;
        const inWindow = (transaction: ParsedTransaction) => transaction.date >= start && transaction.date <= end;
        const mine = kept.transactions.filter(inWindow).map(transactionKey);
        const theirs = new Map<string, number>();
        for (const key of earlier.transactions.filter(inWindow).map(transactionKey))
          theirs.set(key, (theirs.get(key) ?? 0) + 1);
        let shared = 0;
        for (const key of mine) {
          const count = theirs.get(key) ?? 0;
          if (count > 0) {
            shared += 1;
            theirs.set(key, count - 1);
          }
        }
        if (mine.length > 0 && shared < mine.length * 0.8) continue;
        overlaps.push({
          documentId,
          periodStart: segment.periodStart,
          periodEnd: segment.periodEnd,
          overlapStart: start,
          overlapEnd: end,
          overlapsDocumentId: earlier.documentId,
          droppedTransactions: mine.length,
        });
        kept = {
          ...kept,
          transactions: kept.transactions.filter((transaction) => !inWindow(transaction)),
          skipDays: [...(kept.skipDays ?? []), { start, end }],
        };
      }
      segments.push(kept);
    }
  }
  return { segments, duplicates, overlaps };
}

export function dayRanges(days: number[]): DayRange[] {
  const ranges: DayRange[] = [];
  for (const day of days) {
    const last = ranges.at(-1);
    if (last && toDayNumber(last.end) === day - 1) {
      last.end = fromDayNumber(day);
      last.days += 1;
    } else ranges.push({ start: fromDayNumber(day), end: fromDayNumber(day), days: 1 });
  }
  return ranges;
}
