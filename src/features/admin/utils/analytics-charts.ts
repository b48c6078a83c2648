import type { ChartTable } from '@/components/chart-figure';
import type { RouterOutputs } from '@/lib/trpc';
import { formatCalendarDate, formatUsd } from '@shared/format';

// The Analytics charts' figures as the text of their tables (what screen readers and tests read).

export type AnalyticsChartsData = RouterOutputs['admin']['analyticsCharts'];

const count = (value: number) => value.toLocaleString('en-US');
const hours = (value: number | null) => (value === null ? '—' : `${value} hours`);

export function weeklyApplicationsTable(data: AnalyticsChartsData): ChartTable {
  return {
    columns: ['Week of', 'Applications', 'Approvals', 'Average time to decision'],
    rows: data.weekly.map((week) => ({
      key: week.weekStart,
      cells: [
        formatCalendarDate(week.weekStart),
        count(week.applications),
        count(week.approvals),
        hours(week.averageDecisionHours),
      ],
    })),
  };
}

export function fundedVolumeTable(data: AnalyticsChartsData): ChartTable {
  return {
    columns: ['Week of', 'Loans funded', 'Funded volume'],
    rows: data.weekly.map((week) => ({
      key: week.weekStart,
      cells: [formatCalendarDate(week.weekStart), count(week.fundedLoans), formatUsd(week.fundedVolume)],
    })),
  };
}

export function funnelTable(data: AnalyticsChartsData): ChartTable {
  return {
    columns: ['Stage', 'Applications', 'Share of submitted'],
    rows: data.funnel.map((step) => ({
      key: step.stage,
      cells: [step.stage, count(step.count), `${step.percentOfSubmitted}%`],
    })),
  };
}

/** "6 submitted, 5 decided (83.3%), 4 approved (66.7%), 2 funded (33.3%)." */
export function funnelSummary(data: AnalyticsChartsData): string {
  const [first, ...rest] = data.funnel;
  if (!first) return 'No applications.';
  return `${[
    `${count(first.count)} ${first.stage.toLowerCase()}`,
    ...rest.map((step) => `${count(step.count)} ${step.stage.toLowerCase()} (${step.percentOfSubmitted}%)`),
  ].join(', ')}.`;
}

export function decisionTimesTable(data: AnalyticsChartsData): ChartTable {
  return {
    columns: ['Time to decision', 'Decisions'],
    rows: data.decisionTimes.map((bucket) => ({ key: bucket.bucket, cells: [bucket.bucket, count(bucket.decisions)] })),
  };
}
