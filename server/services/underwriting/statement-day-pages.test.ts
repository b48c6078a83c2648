// A day's rows under day headings that run over a page break: the next page repeats the column headings and the
// rows continue there without a new day heading; they belong to the last day heading before the break.
import { describe, expect, it } from 'vitest';
import { page, parse, right, rowsOf } from './test-pages';

type Line = Array<[number, string]>;
const heading: Line = [
  [60, 'Description'],
  [380, 'Deposits'],
  [450, 'Withdrawals'],
  [530, 'Balance'],
];
const row = (text: string, deposit: string, withdrawal: string, balance: string): Line => [
  [60, text],
  ...(deposit ? [right(420, deposit)] : []),
  ...(withdrawal ? [right(500, withdrawal)] : []),
  right(570, balance),
];

describe('a day running over a page break', () => {
  it("gives the continued rows, the first included, to the day's heading before the break", () => {
    const statement = parse([
      page([
        [[40, 'Statement period May 1, 2026 - May 31, 2026']],
        [[40, 'Opening balance'], right(570, '50,000.00')],
        heading,
        [[40, 'Friday, May 15, 2026']],
        row('STRIPE PAYOUT', '2,000.00', '', '52,000.00'),
        row('GUSTO PAYROLL', '', '288.27', '51,711.73'),
      ]),
      page([
        heading,
        row('ADP PAYROLL FEES', '', '152.66', '51,559.07'),
        row('SQUARE DEPOSIT', '100.00', '', '51,659.07'),
        [[40, 'Monday, May 18, 2026']],
        row('OAK PROPERTIES RENT', '', '1,000.00', '50,659.07'),
        [[40, 'Closing balance'], right(570, '50,659.07')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-05-15', 'STRIPE PAYOUT', 2_000_00, 'credit'],
      ['2026-05-15', 'GUSTO PAYROLL', 288_27, 'debit'],
      ['2026-05-15', 'ADP PAYROLL FEES', 152_66, 'debit'],
      ['2026-05-15', 'SQUARE DEPOSIT', 100_00, 'credit'],
      ['2026-05-18', 'OAK PROPERTIES RENT', 1_000_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});

describe.each([
  ['1/2', (n: number) => `${n}/2`],
  ['- 1 -', (n: number) => `- ${n} -`],
  ['Page 1', (n: number) => `Page ${n}`],
  ['1 of 2', (n: number) => `${n} of 2`],
  ['Pg. 1/2', (n: number) => `Pg. ${n}/2`],
  ['Page 1/2', (n: number) => `Page ${n}/2`],
])('a page number printed as "%s"', (_name, printed) => {
  it.each([
    ['at the right', 540],
    ['where the descriptions start', 60],
    ['where the day headings start', 40],
  ])('is no day heading nor row, at the foot of a page or at its top (%s)', (_where, x) => {
    for (const top of [false, true]) {
      const number = (n: number): Line => [[x, printed(n)]];
      const statement = parse([
        page([
          ...(top ? [number(1)] : []),
          [[40, 'Statement period May 1, 2026 - May 31, 2026']],
          [[40, 'Opening balance'], right(570, '50,000.00')],
          heading,
          [[40, 'Friday, May 15, 2026']],
          row('STRIPE PAYOUT', '2,000.00', '', '52,000.00'),
          ...(top ? [] : [number(1)]),
        ]),
        page([
          ...(top ? [number(2)] : []),
          heading,
          row('ADP PAYROLL FEES', '', '152.66', '51,847.34'),
          [[40, 'Monday, May 18, 2026']],
          row('OAK PROPERTIES RENT', '', '1,000.00', '50,847.34'),
          [[40, 'Closing balance'], right(570, '50,847.34')],
          ...(top ? [] : [number(2)]),
        ]),
      ]);
      expect(rowsOf(statement)).toEqual([
        ['2026-05-15', 'STRIPE PAYOUT', 2_000_00, 'credit'],
        ['2026-05-15', 'ADP PAYROLL FEES', 152_66, 'debit'],
        ['2026-05-18', 'OAK PROPERTIES RENT', 1_000_00, 'debit'],
      ]);
      expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
    }
  });
});
