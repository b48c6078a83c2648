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

  it("takes each statement's period from its own header grid, the period's dates under one label", () => {
    // Three statements back to back, each under "Statement Period | Account Number | Statement Date | Enclosures".
    const statement = (month: string, last: string, statementDate: string, opening: string, closing: string) =>
      page([
        [
          [40, 'Statement Period'],
          [200, 'Account Number'],
          [320, 'Statement Date'],
          [440, 'Enclosures'],
        ],
        [
          [40, `${month}/01/2026`],
          [100, `${month}/${last}/2026`],
          [200, 'XXXXXX1234'],
          [320, statementDate],
          [440, '0'],
        ],
        [[40, 'Beginning Balance'], right(330, opening)],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, `${month}/10`], [90, 'CARD SETTLEMENT'], right(470, '100.00'), right(560, closing)],
        [[40, 'Ending Balance'], right(330, closing)],
      ]);
    const pages = [
      statement('03', '31', '04/02/2026', '1,000.00', '1,100.00'),
      statement('04', '30', '05/01/2026', '1,100.00', '1,200.00'),
      statement('05', '31', '06/02/2026', '1,200.00', '1,300.00'),
    ];
    expect(periodOf(pages)).toEqual([
      ['2026-03-01', '2026-03-31', 'reconciled'],
      ['2026-04-01', '2026-04-30', 'reconciled'],
      ['2026-05-01', '2026-05-31', 'reconciled'],
    ]);
    expect(parse(pages).segments.map((segment) => segment.closingBalanceCents)).toEqual([1_100_00, 1_200_00, 1_300_00]);
  });

  it("gives a period first printed in a later statement's grid to that statement, not to the rows before it", () => {
    const pages = [
      page([
        [[40, 'Statement Date: 03/31/2026']],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '03/10'], [90, 'CARD SETTLEMENT'], right(470, '100.00'), right(560, '1,100.00')],
        [[40, 'Ending Balance'], right(330, '1,100.00')],
      ]),
      page([
        [
          [40, 'Statement Period'],
          [200, 'Account Number'],
          [320, 'Statement Date'],
        ],
        [
          [40, '04/01/2026'],
          [100, '04/30/2026'],
          [200, 'XXXXXX1234'],
          [320, '04/30/2026'],
        ],
        [[40, 'Beginning Balance'], right(330, '1,100.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '04/10'], [90, 'CARD SETTLEMENT'], right(470, '100.00'), right(560, '1,200.00')],
        [[40, 'Ending Balance'], right(330, '1,200.00')],
      ]),
    ];
    const read = parse(pages).segments;
    expect(
      read.map((segment) => [segment.periodEnd, segment.closingBalanceCents, segment.transactions.length]),
    ).toEqual([
      ['2026-03-10', 1_100_00, 1],
      ['2026-04-30', 1_200_00, 1],
    ]);
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

describe('statements told apart by their balances’ dates alone', () => {
  it('opens the next month at an opening balance dated after the closing balance, with no period printed', () => {
    const month = (opening: string, closing: string, first: string, second: string, start: string) =>
      page([
        [[40, `Beginning balance on ${first}`], right(330, opening)],
        [[40, `Ending balance on ${second}`], right(330, closing)],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [
          [40, `${start}/03`],
          [90, 'RENT PAYMENT'],
          right(470, '-500.00'),
          right(560, (Number(opening.replace(',', '')) - 500).toFixed(2)),
        ],
        [[40, `${start}/27`], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, closing)],
      ]);
    const statement = [
      month('1,000.00', '800.00', 'August 1, 2026', 'August 31, 2026', '08'),
      month('800.00', '600.00', 'September 1, 2026', 'September 30, 2026', '09'),
    ];
    expect(periodOf(statement)).toEqual([
      ['2026-08-01', '2026-08-31', 'reconciled'],
      ['2026-09-01', '2026-09-30', 'reconciled'],
    ]);
  });
});

describe('statements back to back with undated balances and no running balance', () => {
  it('opens the next statement where a beginning balance carries the last closing forward after rows', () => {
    const month = (date: string, opening: string, closing: string, rows: Array<[string, string, string]>) =>
      page([
        [
          [40, 'CHASEWOOD BANK, N.A.'],
          [400, `Statement Date: ${date}`],
        ],
        [[40, 'CHECKING SUMMARY']],
        [[40, 'Beginning Balance'], right(560, opening)],
        [[40, 'Deposits and Additions'], right(560, '300.00')],
        [[40, 'Other Withdrawals and Fees'], right(560, '-500.00')],
        [[40, 'Ending Balance'], right(560, closing)],
        [[40, 'TRANSACTION DETAIL']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [520, 'Amount'],
        ],
        ...rows.map(([day, text, amount]): Array<[number, string]> => [[40, day], [90, text], right(560, amount)]),
      ]);
    const statement = [
      month('November 30, 2024', '$1,000.00', '$800.00', [
        ['11/04/24', 'RENT PAYMENT', '-500.00'],
        ['11/27/24', 'CARD SETTLEMENT', '300.00'],
      ]),
      month('December 31, 2024', '$800.00', '$600.00', [
        ['12/03/24', 'RENT PAYMENT', '-500.00'],
        ['12/27/24', 'CARD SETTLEMENT', '300.00'],
      ]),
    ];
    const parsed = parse(statement);
    expect(
      parsed.segments.map((segment) => [
        segment.openingBalanceCents,
        segment.closingBalanceCents,
        segment.transactions.length,
        segment.balanceCheck.status,
      ]),
    ).toEqual([
      [1_000_00, 800_00, 2, 'reconciled'],
      [800_00, 600_00, 2, 'reconciled'],
    ]);
  });
});

describe('a period printed as the previous and this statement’s dates', () => {
  it('starts the day after the previous statement date and ends on the closing date', () => {
    const statement = [
      page([
        [[40, 'Previous Statement Date: June 30, 2026']],
        [[40, 'Statement Closing Date: July 31, 2026']],
        [[40, 'Previous Balance'], right(330, '1,000.00')],
        [[40, 'New Balance'], right(330, '800.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '07/03'], [90, 'RENT PAYMENT'], right(470, '-500.00'), right(560, '500.00')],
        [[40, '07/27'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
      ]),
    ];
    expect(periodOf(statement)).toEqual([['2026-07-01', '2026-07-31', 'reconciled']]);
  });
});
