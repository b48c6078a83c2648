import type { ChartTable } from '@/components/chart-figure';
import { formatCalendarDate, formatUsdCents } from '@shared/format';
import type { LoanProgressDto } from '@shared/schemas/client';

// A loan's balance chart as text: its table (what screen readers and tests read) and the sentence that names it.

export function balanceTable(progress: LoanProgressDto): ChartTable {
  return {
    columns: ['Date', 'Scheduled balance', 'Actual balance'],
    rows: progress.balanceHistory.map((point) => ({
      key: point.date,
      cells: [
        `${formatCalendarDate(point.date)}${point.isToday ? ' (today)' : ''}`,
        formatUsdCents(point.scheduledBalance),
        point.actualBalance === null ? '—' : formatUsdCents(point.actualBalance),
      ],
    })),
  };
}

export function balanceSummary(progress: LoanProgressDto): string {
  const first = progress.balanceHistory[0];
  const last = progress.balanceHistory.at(-1);
  if (!first || !last) return 'No schedule yet.';
  return `From ${formatUsdCents(first.scheduledBalance)} at funding on ${formatCalendarDate(first.date)} to ${formatUsdCents(
    last.scheduledBalance,
  )} by ${formatCalendarDate(last.date)} as scheduled; ${formatUsdCents(progress.remaining)} left today.`;
}
