import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatFileSize,
  formatLongDate,
  formatUsd,
  formatUsdCents,
  formatUsdExact,
  shortId,
} from './format';

describe('money', () => {
  it('shows money in USD, whole dollars in lists and cents for balances', () => {
    expect(formatUsd(125_000)).toBe('$125,000');
    expect(formatUsd(null)).toBe('—');
    expect(formatUsdCents(1234.5)).toBe('$1,234.50');
  });

  it('shows whole dollars without decimals', () => {
    expect(formatUsd(52_000)).toBe('$52,000');
    expect(formatUsd(1_299.6)).toBe('$1,300');
    expect(formatUsdExact(1_300.25)).toBe('$1,300.25');
    expect(formatUsdExact(1_300)).toBe('$1,300');
  });

  it('shows whole US dollars', () => {
    expect(formatUsd(125000)).toBe('$125,000');
    expect(formatUsd(1234.56)).toBe('$1,235');
  });

  it('shows whole dollars with thousands separators', () => {
    expect(formatUsd(100_000)).toBe('$100,000');
    expect(formatUsd(4707.35)).toBe('$4,707');
    expect(formatUsd(0)).toBe('$0');
  });
});

describe('ids', () => {
  it('shows ids as their first 8 characters in upper case', () => {
    expect(shortId('3f2a1b9c-0000-4000-8000-000000000000')).toBe('3F2A1B9C');
  });

  it('shows the first 8 characters of an id in upper case', () => {
    expect(shortId('3f2a9c1e-7b44-4d1a-9b1e-1234567890ab')).toBe('3F2A9C1E');
  });
});

describe('dates', () => {
  it('keeps calendar dates on their day whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatCalendarDate(null)).toBe('—');
  });

  it('never shifts a due date by the time zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('never shifts a calendar date', () => {
    expect(formatLongDate('2017-04-01')).toBe('April 1, 2017');
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});

describe('formatFileSize', () => {
  it('shows Bytes, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.25 GB');
  });
});
