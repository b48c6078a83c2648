import { describe, expect, it } from 'vitest';
import { CHART_WEEKS, chartWeeks, toAnalyticsCharts, weekStartOf } from './analytics-charts';

describe('chart weeks', () => {
  it('start on Monday in UTC, whatever the day', () => {
    expect(weekStartOf(new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-23'); // a Thursday
    expect(weekStartOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23'); // Sunday night
    expect(weekStartOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30'); // Monday
    expect(weekStartOf(new Date('2027-01-01T08:00:00Z'))).toBe('2026-12-28'); // across the year end
  });

  it('are the last twelve Mondays, oldest first', () => {
    const weeks = chartWeeks(new Date('2026-11-26T10:00:00Z'));
    expect(weeks).toHaveLength(CHART_WEEKS);
    expect(weeks[0]).toBe('2026-09-07');
    expect(weeks.at(-1)).toBe('2026-11-23');
  });
});

describe('analytics chart figures', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('fill quiet weeks with zeros and show no decision time where nothing was decided', () => {
    const charts = toAnalyticsCharts({ submitted: [], decided: [], funded: [], cohort: [] }, now);
    expect(charts.weekly).toHaveLength(CHART_WEEKS);
    expect(charts.weekly.every((week) => week.applications === 0 && week.averageDecisionHours === null)).toBe(true);
    expect(charts.funnel.map((step) => step.percentOfSubmitted)).toEqual([0, 0, 0, 0]);
    expect(charts.averageDecisionHours).toBeNull();
    expect(charts.decisionTimes.map((bucket) => bucket.decisions)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('put each row in its week, funded volume in dollars, and build the funnel from the cohort', () => {
    const charts = toAnalyticsCharts(
      {
        submitted: [{ week: '2026-11-16', count: 7 }],
        decided: [
          { week: '2026-11-16', decided: 4, approved: 3, decisionSeconds: 4 * 3 * 3600, buckets: [1, 0, 3, 0, 0, 0] },
        ],
        funded: [{ week: '2026-11-23', loans: 2, principalCents: 3_550_050 }],
        cohort: [
          { status: 'pending', count: 3 },
          { status: 'declined', count: 1 },
          { status: 'approved', count: 2 },
          { status: 'funded', count: 1 },
        ],
      },
      now,
    );
    expect(charts.weekly.at(-2)).toMatchObject({
      weekStart: '2026-11-16',
      applications: 7,
      approvals: 3,
      averageDecisionHours: 3,
    });
    expect(charts.weekly.at(-1)).toMatchObject({ weekStart: '2026-11-23', fundedLoans: 2, fundedVolume: 35_500.5 });
    expect(charts.funnel).toEqual([
      { stage: 'Submitted', count: 7, percentOfSubmitted: 100 },
      { stage: 'Decided', count: 4, percentOfSubmitted: 57.1 },
      { stage: 'Approved', count: 3, percentOfSubmitted: 42.9 },
      { stage: 'Funded', count: 1, percentOfSubmitted: 14.3 },
    ]);
    expect(charts.decisionTimes[2]).toEqual({ bucket: '4 to 24 hours', decisions: 3 });
  });
});
