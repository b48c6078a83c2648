import { describe, expect, it } from 'vitest';
import { groupThousands } from './group-thousands';

describe('groupThousands', () => {
  it("writes whole numbers exactly as toLocaleString('en-US') does", () => {
    const values = [0, 7, 42, 999, 1000, 1001, 9999, 10_000, 100_000, 999_999, 1_000_000, 12_345_678, -1, -1000];
    for (let power = 0; power <= 15; power += 1) values.push(10 ** power - 1, 10 ** power, 10 ** power + 1);
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    for (const value of values) expect(groupThousands(value), String(value)).toBe(value.toLocaleString('en-US'));
    expect(groupThousands(100_000)).toBe('100,000');
    expect(groupThousands(-2_500)).toBe('-2,500');
  });

  it('leaves fractions and unsafe integers to Intl', () => {
    expect(groupThousands(1234.5)).toBe('1,234.5');
    expect(groupThousands(2 ** 60)).toBe((2 ** 60).toLocaleString('en-US'));
  });
});
