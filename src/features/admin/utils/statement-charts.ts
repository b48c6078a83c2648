import type { ChartTable } from '@/components/chart-figure';
import { formatUsdCents } from '@shared/format';
import type { AnalysisMonth } from './analysis';

// The statement chart's figures as text: its table and the one-line summary that names the chart.

export function statementChartTable(months: AnalysisMonth[]): ChartTable {
  return {
    columns: ['Month', 'True revenue', 'Ending balance'],
    rows: months.map((month) => ({
      key: month.month,
      cells: [month.month, formatUsdCents(month.trueRevenue), formatUsdCents(month.endingBalance)],
    })),
  };
}

export function statementChartSummary(months: AnalysisMonth[]): string {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return 'No months were read from the statements.';
  const span = first === last ? first.month : `${first.month} to ${last.month}`;
  const ending =
    last.endingBalance === null ? '' : `; ending balance ${formatUsdCents(last.endingBalance)} in ${last.month}`;
  return `${months.length} month${months.length === 1 ? '' : 's'}, ${span}: true revenue ${formatUsdCents(
    last.trueRevenue,
  )} in ${last.month}${ending}.`;
}
