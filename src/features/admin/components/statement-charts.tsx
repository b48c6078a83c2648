import { Chart, useChart } from '@chakra-ui/charts';
import { Box } from '@chakra-ui/react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, chartColor } from '@/components/chart-figure';
import { formatUsd } from '@shared/format';
import { statementChartSummary, statementChartTable } from '../utils/statement-charts';
import type { AnalysisMonth } from '../utils/analysis';

// Loaded with the application detail's Analysis tab only (React.lazy in underwriting-analysis.tsx).

const moneyTick = (value: number) => formatUsd(value);

/** Monthly true revenue (bars) and the ending balance (line) from the statements read. */
export default function StatementCharts({ months }: { months: AnalysisMonth[] }) {
  const chart = useChart({
    data: months,
    series: [
      { name: 'trueRevenue', label: 'True revenue', color: 'blue.solid' },
      { name: 'endingBalance', label: 'Ending balance', color: 'orange.solid' },
    ],
  });
  return (
    <Box mb="4">
      <ChartFigure
        title="Monthly revenue and ending balance"
        summary={statementChartSummary(months)}
        table={statementChartTable(months)}
      >
        <Chart.Root chart={chart} h={{ base: '56', md: '64' }} aspectRatio="auto">
          <ComposedChart data={chart.data} responsive accessibilityLayer={false}>
            <CartesianGrid stroke={chartColor(chart, 'border.muted')} vertical={false} />
            <XAxis dataKey={chart.key('month')} axisLine={false} tickLine={false} />
            <YAxis tickFormatter={moneyTick} axisLine={false} tickLine={false} width={72} />
            <Tooltip
              cursor={{ fill: chartColor(chart, 'bg.muted') }}
              content={<Chart.Tooltip formatter={(value) => formatUsd(Number(value))} />}
            />
            <Legend content={<Chart.Legend />} />
            <Bar
              dataKey={chart.key('trueRevenue')}
              name="trueRevenue"
              fill={chartColor(chart, 'blue.solid')}
              isAnimationActive={false}
            />
            <Line
              dataKey={chart.key('endingBalance')}
              name="endingBalance"
              stroke={chartColor(chart, 'orange.solid')}
              strokeWidth={2}
              dot
              connectNulls
              isAnimationActive={false}
            />
          </ComposedChart>
        </Chart.Root>
      </ChartFigure>
    </Box>
  );
}
