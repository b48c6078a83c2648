import { BarList, Chart, useChart, type BarListData } from '@chakra-ui/charts';
import { Alert, HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, chartColor } from '@/components/chart-figure';
import { trpc } from '@/lib/trpc';
import { formatCalendarDate, formatDateTime, formatUsd } from '@shared/format';
import {
  decisionTimesTable,
  fundedVolumeTable,
  funnelSummary,
  funnelTable,
  weeklyApplicationsTable,
  type AnalyticsChartsData,
} from '../utils/analytics-charts';

// Drawn with recharts through @chakra-ui/charts; this module loads with the Analytics tab only (React.lazy), so
// neither library is in any page's first download.

const CHART_HEIGHT = { base: '56', md: '64' };
const weekTick = (week: string) => formatCalendarDate(week).replace(/, \d{4}$/, '');
const weekLabel = (label: unknown) => `Week of ${formatCalendarDate(String(label))}`;
const countTick = (value: number) => value.toLocaleString('en-US');
const moneyTick = (value: number) => formatUsd(value);

/** Analytics charts: applications, approvals and funded volume per week; the funnel; decision times. */
export default function AnalyticsCharts() {
  const query = trpc.admin.analyticsCharts.useQuery(undefined, { staleTime: 30_000 });
  if (query.isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading charts" />
      </HStack>
    );
  }
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to load the charts</Alert.Title>
      </Alert.Root>
    );
  }
  const data = query.data;
  return (
    <>
      <Text mt="8" mb="3" fontSize="sm" color="fg.muted">
        Last {data.weeks} weeks, from the week of {formatCalendarDate(data.from)}; weeks start on Monday (UTC). As of{' '}
        {formatDateTime(data.asOf)}.
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8">
        <WeeklyApplicationsChart data={data} />
        <FundedVolumeChart data={data} />
        <FunnelChart data={data} />
        <DecisionTimesChart data={data} />
      </SimpleGrid>
    </>
  );
}

type BarSeries = { name: string; label: string; color: string };

/** One bar chart of the tab: a bar per series for each row, a count or money axis. */
function Bars(props: {
  rows: Record<string, unknown>[];
  xKey: string;
  series: BarSeries[];
  money?: boolean;
  weekly?: boolean;
}) {
  const chart = useChart({ data: props.rows, series: props.series });
  const valueText = props.money ? moneyTick : countTick;
  return (
    <Chart.Root chart={chart} h={CHART_HEIGHT} aspectRatio="auto">
      <BarChart data={chart.data} responsive accessibilityLayer={false}>
        <CartesianGrid stroke={chartColor(chart, 'border.muted')} vertical={false} />
        <XAxis
          dataKey={props.xKey}
          tickFormatter={props.weekly ? weekTick : undefined}
          interval={props.weekly ? 'preserveEnd' : 0}
          fontSize={props.weekly ? undefined : 11}
          axisLine={false}
          tickLine={false}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={valueText}
          axisLine={false}
          tickLine={false}
          width={props.money ? 72 : 48}
        />
        <Tooltip
          cursor={{ fill: chartColor(chart, 'bg.muted') }}
          content={<Chart.Tooltip formatter={(value) => valueText(Number(value))} />}
          labelFormatter={props.weekly ? weekLabel : undefined}
        />
        {props.series.length > 1 && <Legend content={<Chart.Legend />} />}
        {props.series.map((item) => (
          <Bar
            key={item.name}
            dataKey={item.name}
            name={item.label}
            fill={chartColor(chart, item.color)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

function WeeklyApplicationsChart({ data }: { data: AnalyticsChartsData }) {
  const total = data.weekly.reduce((sum, week) => sum + week.applications, 0);
  const approvals = data.weekly.reduce((sum, week) => sum + week.approvals, 0);
  return (
    <ChartFigure
      title="Applications and approvals per week"
      summary={`${countTick(total)} applications and ${countTick(approvals)} approvals in ${data.weeks} weeks.`}
      table={weeklyApplicationsTable(data)}
    >
      <Bars
        rows={data.weekly}
        xKey="weekStart"
        weekly
        series={[
          { name: 'applications', label: 'Applications', color: 'blue.solid' },
          { name: 'approvals', label: 'Approvals', color: 'green.solid' },
        ]}
      />
    </ChartFigure>
  );
}

function FundedVolumeChart({ data }: { data: AnalyticsChartsData }) {
  const total = data.weekly.reduce((sum, week) => sum + week.fundedVolume, 0);
  return (
    <ChartFigure
      title="Funded volume per week"
      summary={`${formatUsd(total)} funded in ${data.weeks} weeks.`}
      table={fundedVolumeTable(data)}
    >
      <Bars
        rows={data.weekly}
        xKey="weekStart"
        weekly
        money
        series={[{ name: 'fundedVolume', label: 'Funded volume', color: 'brand.solid' }]}
      />
    </ChartFigure>
  );
}

function FunnelChart({ data }: { data: AnalyticsChartsData }) {
  const chart = useChart<BarListData>({
    data: data.funnel.map((step) => ({ name: step.stage, value: step.count })),
    series: [{ name: 'name', color: 'blue.subtle' }],
  });
  const percentOf = new Map(data.funnel.map((step) => [step.stage, step.percentOfSubmitted]));
  return (
    <ChartFigure title="Funnel: submitted to funded" summary={funnelSummary(data)} table={funnelTable(data)}>
      <BarList.Root chart={chart} barSize="10">
        <BarList.Content>
          <BarList.Bar
            label={({ payload }) => (
              <Text as="span" textStyle="sm">
                {payload.name} ({percentOf.get(payload.name) ?? 0}%)
              </Text>
            )}
          />
          <BarList.Value valueFormatter={countTick} />
        </BarList.Content>
      </BarList.Root>
      <Text mt="2" fontSize="xs" color="fg.muted">
        Applications submitted in these weeks, by where they stand now.
      </Text>
    </ChartFigure>
  );
}

function DecisionTimesChart({ data }: { data: AnalyticsChartsData }) {
  const average =
    data.averageDecisionHours === null ? 'no decisions yet' : `average ${data.averageDecisionHours} hours`;
  return (
    <ChartFigure
      title="Time from submission to decision"
      summary={`Decisions made in ${data.weeks} weeks by how long they took; ${average}.`}
      table={decisionTimesTable(data)}
    >
      <Bars
        rows={data.decisionTimes}
        xKey="bucket"
        series={[{ name: 'decisions', label: 'Decisions', color: 'orange.solid' }]}
      />
      <Text mt="2" fontSize="xs" color="fg.muted">
        {data.averageDecisionHours === null
          ? 'No decisions in these weeks.'
          : `Average ${data.averageDecisionHours} hours from submission to decision.`}
      </Text>
    </ChartFigure>
  );
}
