import { describe, expect, it } from 'vitest';
import {
  ABOUT_COUNTERS,
  HERO_COUNTERS,
  counterDurationMs,
  counterValueAt,
  formatCountPlus,
  formatFundingMillions,
  formatMillionsPlus,
  formatUsers,
  widestCounterText,
} from './counters';

describe('counter formats', () => {
  it('shows active users as a number below a thousand and in K above', () => {
    expect(formatUsers(0)).toBe('0+');
    expect(formatUsers(200)).toBe('200+');
    expect(formatUsers(1000)).toBe('1K+');
    expect(formatUsers(1200)).toBe('1.2K+');
    expect(formatUsers(9800)).toBe('9.8K+');
    expect(formatUsers(10_000)).toBe('10K+');
  });

  it('shows hero funding in millions, then $1B+ at the target', () => {
    expect(formatFundingMillions(0)).toBe('$0M+');
    expect(formatFundingMillions(480)).toBe('$480M+');
    expect(formatFundingMillions(980)).toBe('$980M+');
    expect(formatFundingMillions(1000)).toBe('$1B+');
  });

  it('shows About page counters as $…M+ and …+', () => {
    expect(formatMillionsPlus(10)).toBe('$10M+');
    expect(formatMillionsPlus(1000)).toBe('$1000M+');
    expect(formatCountPlus(100)).toBe('100+');
    expect(formatCountPlus(10_000)).toBe('10,000+');
  });
});

describe('counter schedules', () => {
  it('counts hero users in steps of 200 every 50 ms to 10K+', () => {
    expect(HERO_COUNTERS.activeUsers).toMatchObject({ target: 10_000, step: 200, intervalMs: 50 });
    expect(counterValueAt(HERO_COUNTERS.activeUsers, 1)).toBe(200);
    expect(counterValueAt(HERO_COUNTERS.activeUsers, 50)).toBe(10_000);
    expect(counterValueAt(HERO_COUNTERS.activeUsers, 60)).toBe(10_000);
    expect(HERO_COUNTERS.activeUsers.format(counterValueAt(HERO_COUNTERS.activeUsers, 50))).toBe('10K+');
    expect(HERO_COUNTERS.funding.format(HERO_COUNTERS.funding.target)).toBe('$1B+');
  });

  it('keeps hero animations within 1.5-2.5 s', () => {
    for (const spec of Object.values(HERO_COUNTERS)) {
      expect(counterDurationMs(spec)).toBeGreaterThanOrEqual(1500);
      expect(counterDurationMs(spec)).toBeLessThanOrEqual(2500);
    }
  });

  it('runs the About counters over 5 seconds in steps of 10 and 100', () => {
    expect(ABOUT_COUNTERS.funding).toMatchObject({ target: 1000, step: 10 });
    expect(ABOUT_COUNTERS.clients).toMatchObject({ target: 10_000, step: 100 });
    expect(counterDurationMs(ABOUT_COUNTERS.funding)).toBe(5000);
    expect(counterDurationMs(ABOUT_COUNTERS.clients)).toBe(5000);
    expect(ABOUT_COUNTERS.funding.format(1000)).toBe('$1000M+');
    expect(ABOUT_COUNTERS.clients.format(10_000)).toBe('10,000+');
  });
});

describe('widestCounterText', () => {
  it('finds the longest text on the way, which may be longer than the final one', () => {
    expect(widestCounterText(HERO_COUNTERS.funding)).toBe('$100M+');
    expect(widestCounterText(HERO_COUNTERS.activeUsers)).toBe('1.2K+');
    expect(widestCounterText(ABOUT_COUNTERS.funding)).toBe('$1000M+');
    expect(widestCounterText(ABOUT_COUNTERS.clients)).toBe('10,000+');
  });
});
