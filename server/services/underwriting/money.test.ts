import { describe, expect, it } from 'vitest';
import { centsToDollars, formatCents, parseMoney } from './money';

describe('parseMoney', () => {
  it.each([
    ['1,234.56', 123_456, false],
    ['1234.56', 123_456, false],
    ['$1,234,567.89', 123_456_789, false],
    ['.50', 50, false],
    ['-1,234.56', 123_456, true],
    ['-$12.00', 1_200, true],
    ['$-12.00', 1_200, true],
    ['(1,234.56)', 123_456, true],
    ['($45.00)', 4_500, true],
    ['1,234.56-', 123_456, true],
    ['45.00 CR', 4_500, false],
    ['45.00 DR', 4_500, true],
    ['+45.00', 4_500, false],
    // Credit unions sign every amount after it: "2,325.54+" and "765.37-".
    ['2,325.54+', 232_554, false],
    ['= $33,686.06', 3_368_606, false],
    // Typeset minus signs: the minus sign itself and the en and em dashes printed in its place.
    ['\u2212$1,234.56', 123_456, true],
    ['\u2013$1,234.56', 123_456, true],
    ['\u2014 1,234.56', 123_456, true],
    ['1,234.56\u2013', 123_456, true],
    // Thousands set apart by a space, a no-break space or a thin space, as some statements print them.
    ['12 345.67', 1_234_567, false],
    ['-1 234 567.89', 123_456_789, true],
    ['$4\u00a0231.04', 423_104, false],
    ['126\u202f764.18', 12_676_418, false],
  ])('reads %s as %i cents (negative: %s)', (text, cents, isNegative) => {
    expect(parseMoney(text)).toMatchObject({ cents, isNegative });
  });

  it('counts a trailing plus as a printed sign', () => {
    expect(parseMoney('2,325.54+')).toMatchObject({ isNegative: false, hasSign: true });
  });

  it.each([
    '01/05',
    '1234',
    'CHECK 1043',
    '12.5',
    '(12.00',
    '1,23.45',
    '',
    'ABC',
    '12 34.56',
    '1 234,567.00',
    '1  234.56',
  ])('rejects %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});

describe('money output', () => {
  it('rounds cents to whole dollars half away from zero', () => {
    expect([centsToDollars(12_349), centsToDollars(12_350), centsToDollars(-12_350)]).toEqual([123, 124, -124]);
  });

  it('formats cents for reasoning lines', () => {
    expect([formatCents(123_456_789), formatCents(-5), formatCents(0)]).toEqual(['$1,234,567.89', '-$0.05', '$0.00']);
  });
});
