import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatCurrency, formatFileSize } from './format';

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

describe('formatCurrency', () => {
  it('shows whole US dollars', () => {
    expect(formatCurrency(125000)).toBe('$125,000');
    expect(formatCurrency(1234.56)).toBe('$1,235');
  });
});

describe('formatCalendarDate', () => {
  it('never shifts a calendar date', () => {
    expect(formatCalendarDate('2017-04-01')).toBe('April 1, 2017');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});
