import { describe, expect, it } from 'vitest';
import { asUtcDate, isoFromDb } from './dates';

describe('isoFromDb', () => {
  it('writes what Date#toJSON writes for the same DATETIME text', () => {
    for (const text of [
      '2026-11-25 21:41:24',
      '1999-12-31 23:59:59',
      '2026-01-02 03:04:05.1',
      '2026-01-02 03:04:05.12',
      '2026-01-02 03:04:05.123',
      '2026-01-02 03:04:05.123456',
    ]) {
      expect(isoFromDb(text)).toBe(asUtcDate(text).toJSON());
    }
  });

  it('takes a Date as well', () => {
    expect(isoFromDb(new Date(Date.UTC(2026, 10, 25, 8, 9, 10, 11)))).toBe('2026-11-25T08:09:10.011Z');
  });
});
