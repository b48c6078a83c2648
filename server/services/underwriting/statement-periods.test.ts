// Statement periods printed the ways banks print them when no "from - to" range stands on one line.
import { describe, expect, it } from 'vitest';
import { page, parse, right } from './test-pages';

const rows = (): Array<Array<[number, string]>> => [
  [
    [40, 'Date'],
    [90, 'Description'],
    [440, 'Amount'],
    [520, 'Balance'],
  ],
  [[40, '02/03'], [90, 'RENT PAYMENT'], right(470, '-500.00'), right(560, '500.00')],
  [[40, '02/27'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
];
const periodOf = (pages: ReturnType<typeof page>[]) =>
  parse(pages).segments.map((segment) => [segment.periodStart, segment.periodEnd, segment.balanceCheck.status]);

describe('statement periods', () => {
  it('reads "Statement Period:" and "through" printed on two lines', () => {
    const statement = [
      page([
        [[300, 'Statement Period: Feb 1, 2025']],
        [[300, 'through Feb 28, 2025']],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [[40, 'Ending Balance'], right(330, '800.00')],
        ...rows(),
      ]),
    ];
    expect(periodOf(statement)).toEqual([['2025-02-01', '2025-02-28', 'reconciled']]);
  });

  it('reads a header grid of the statement date and the days in the period', () => {
    const statement = [
      page([
        [
          [40, 'ACCOUNT NUMBER'],
          [200, 'STATEMENT DATE'],
          [320, 'DAYS IN PERIOD'],
          [440, 'PAGE'],
        ],
        [
          [40, '238600871469'],
          [200, '02/28/25'],
          [320, '28'],
          [440, '1 of 2'],
        ],
        [[40, 'BALANCE LAST STATEMENT'], right(330, '1,000.00')],
        [[40, 'BALANCE THIS STATEMENT'], right(330, '800.00')],
        ...rows(),
      ]),
    ];
    expect(periodOf(statement)).toEqual([['2025-02-01', '2025-02-28', 'reconciled']]);
  });

  it('starts the period the day after the previous balance is dated, and reads a total after "="', () => {
    const statement = [
      page([
        [[40, 'Your previous balance as of 01/31/2025'], right(400, '$1,000.00')],
        [[40, 'Deposits, credits and interest'], right(400, '+ 300.00')],
        [[40, 'Your new balance as of 02/28/2025'], right(400, '= $800.00')],
        ...rows(),
      ]),
    ];
    expect(periodOf(statement)).toEqual([['2025-02-01', '2025-02-28', 'reconciled']]);
  });

  it('reads a date range named as such beside a balance, and no year-to-date range', () => {
    const statement = [
      page([
        [[40, 'Date range: 02/01/2025 - 02/28/2025'], [300, 'Current balance:'], right(420, '$800.00')],
        [[40, 'Year to date 01/01/2025 - 02/28/2025'], [300, 'Fees'], right(420, '$35.00')],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        ...rows(),
      ]),
    ];
    expect(periodOf(statement).map((period) => period.slice(0, 2))).toEqual([['2025-02-01', '2025-02-28']]);
  });
});
