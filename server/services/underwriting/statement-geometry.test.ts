// Tables read by their geometry: a balance column that moves to a column of its own while the account is overdrawn,
// a date column wherever it stands in the row, and a description column beside other text columns.
import { describe, expect, it } from 'vitest';
import { computeInsights } from './insights';
import { page, parse, right, rowsOf } from './test-pages';
import type { ParsedStatement } from './types';

type Cells = Array<[number, string]>;

const balancesOf = (statement: ParsedStatement) =>
  statement.segments.flatMap((segment) => segment.transactions.map((t) => t.balanceCents));

describe('a balance printed in a column of its own while the account is overdrawn', () => {
  // Debits, credits, the balance while positive and, without a sign, while negative.
  const at = { debit: 340, credit: 410, balance: 480, overdrawn: 560 };
  const row = (date: string, words: string, debit: string | null, credit: string | null, balance: Cells[number]) =>
    [
      [40, date],
      [90, words],
      ...(debit ? [right(at.debit, debit)] : []),
      ...(credit ? [right(at.credit, credit)] : []),
      balance,
    ] as Cells;
  const positive = (text: string) => right(at.balance, text);
  const negative = (text: string) => right(at.overdrawn, text);
  const statement = (heading: Cells | null, secondPage: boolean) => {
    const first: Cells[] = [
      [[40, 'Statement Period: 08/01/2026 through 08/31/2026']],
      [[40, 'Beginning Balance'], right(250, '1,000.00')],
      ...(heading ? [heading] : []),
      row('08/03', 'WIRE OUT GRANITE LEASING', '3,000.00', null, negative('2,000.00')),
      row('08/04', 'SQUARE DEPOSIT', null, '500.00', negative('1,500.00')),
      row('08/05', 'CARD SALES', null, '300.00', negative('1,200.00')),
      row('08/06', 'BANK SERVICE FEE', '100.00', null, negative('1,300.00')),
    ];
    const rest: Cells[] = [
      row('08/07', 'STRIPE PAYOUT', null, '2,000.00', positive('700.00')),
      row('08/10', 'OFFICE DEPOT', '50.00', null, positive('650.00')),
      [[40, 'Ending Balance'], right(250, '650.00')],
    ];
    // A page's balance forward printed where the balance stood: in the overdrawn column.
    if (!secondPage) return parse([page([...first, ...rest])]);
    const top: Cells[] = [...(heading ? [heading] : []), [[90, 'BALANCE FORWARD'], negative('1,300.00')]];
    return parse([page(first), page([...top, ...rest])]);
  };
  const expected = [
    ['2026-08-03', 'WIRE OUT GRANITE LEASING', 3_000_00, 'debit'],
    ['2026-08-04', 'SQUARE DEPOSIT', 500_00, 'credit'],
    ['2026-08-05', 'CARD SALES', 300_00, 'credit'],
    ['2026-08-06', 'BANK SERVICE FEE', 100_00, 'debit'],
    ['2026-08-07', 'STRIPE PAYOUT', 2_000_00, 'credit'],
    ['2026-08-10', 'OFFICE DEPOT', 50_00, 'debit'],
  ];

  const headingFor = (wording: string): Cells => [
    [40, 'Date'],
    [90, 'Description'],
    [310, 'Debits'],
    [380, 'Credits'],
    [450, 'Balance'],
    [520, wording],
  ];

  it.each(['Overdrawn', 'Overdraft Balance', 'Negative Balance', 'OD'])(
    'reads the amounts under "%s" as negative balances, so no row flips and the period reconciles',
    (wording) => {
      const heading = headingFor(wording);
      for (const secondPage of [false, true]) {
        const read = statement(heading, secondPage);
        expect(rowsOf(read)).toEqual(expected);
        expect(balancesOf(read)).toEqual([-2_000_00, -1_500_00, -1_200_00, -1_300_00, 700_00, 650_00]);
        expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
        expect(read.warnings).toEqual([]);
      }
    },
  );

  it('reads a balance forward printed in the overdrawn column as negative when the rows leave that column empty', () => {
    const read = parse([
      page([
        [[40, 'Statement Period: 08/01/2026 through 08/31/2026']],
        headingFor('Amount Overdrawn'),
        [[90, 'BALANCE FORWARD'], negative('500.00')],
        row('08/03', 'SQUARE DEPOSIT', null, '800.00', positive('300.00')),
        row('08/04', 'OFFICE DEPOT', '50.00', null, positive('250.00')),
      ]),
    ]);
    expect(read.segments[0]?.openingBalanceCents).toBe(-500_00);
    expect(rowsOf(read).map((item) => item[3])).toEqual(['credit', 'debit']);
    expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
  });

  it('reads an account overdrawn all period, its balances only in the overdrawn column, by its signed closing', () => {
    const read = parse([
      page([
        [[40, 'Statement Period: 08/01/2026 through 08/31/2026']],
        [[40, 'Beginning Balance'], right(250, '$0.00')],
        [[40, 'Ending Balance'], right(250, '-$250.00')],
        row('08/03', 'RENT PAYMENT', '300.00', null, negative('300.00')),
        row('08/04', 'SQUARE DEPOSIT', null, '100.00', negative('200.00')),
        row('08/05', 'OFFICE DEPOT', '50.00', null, negative('250.00')),
      ]),
    ]);
    expect(rowsOf(read).map((item) => item[3])).toEqual(['debit', 'credit', 'debit']);
    expect(balancesOf(read)).toEqual([-300_00, -200_00, -250_00]);
    expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
  });

  it('reads an account opened at zero and overdrawn since, without headings, by where its zero balance stands', () => {
    // A zero balance is never overdrawn: printed where positive balances stand, the rows' balances printed in another
    // column are the overdrawn ones; so is the closing balance printed at their place.
    const read = parse([
      page([
        [[40, 'Statement Period: 08/01/2026 through 08/31/2026']],
        [[40, '08/01'], [90, 'Beginning Balance'], positive('0.00')],
        row('08/03', 'RENT PAYMENT', '300.00', null, negative('300.00')),
        row('08/04', 'SQUARE DEPOSIT', null, '100.00', negative('200.00')),
        row('08/05', 'OFFICE DEPOT', '50.00', null, negative('250.00')),
        row('08/06', 'CARD SALES', null, '150.00', negative('100.00')),
        [[40, '08/31'], [90, 'Ending Balance'], negative('100.00')],
      ]),
    ]);
    expect(rowsOf(read).map((item) => item[3])).toEqual(['debit', 'credit', 'debit', 'credit']);
    expect(balancesOf(read)).toEqual([-300_00, -200_00, -250_00, -100_00]);
    expect(read.segments[0]?.closingBalanceCents).toBe(-100_00);
    expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
  });

  it('finds the overdrawn column by the balance alone when no heading is printed', () => {
    const read = statement(null, false);
    expect(rowsOf(read)).toEqual(expected);
    expect(balancesOf(read)).toEqual([-2_000_00, -1_500_00, -1_200_00, -1_300_00, 700_00, 650_00]);
    expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
  });
});

describe('a date column wherever it stands in the row', () => {
  // A community bank's layout: debits left of the description, credits after it, the posting date near the right.
  const community = (headings: boolean) =>
    parse([
      page([
        [[40, 'STATEMENT PERIOD 08/01/26 THRU 08/31/26']],
        [[40, 'BALANCE LAST STATEMENT'], right(250, '12,000.00')],
        ...(headings
          ? [
              [
                [40, 'DEBITS'],
                [120, 'DESCRIPTION'],
                [380, 'CREDITS'],
                [430, 'DATE'],
                [520, 'BALANCE'],
              ] as Cells,
            ]
          : []),
        [right(90, '125.00'), [120, 'CHECK 1043'], [430, '08/14']],
        [[120, 'DEPOSIT'], right(410, '2,500.00'), [430, '08/15'], right(560, '14,375.00')],
        [right(90, '40.00'), [120, 'CARD PURCHASE OFFICE DEPOT'], [430, '08/17'], right(560, '14,335.00')],
        [[120, 'ZELLE FROM HARBOR LANE CAFE'], right(410, '600.00'), [430, '08/18'], right(560, '14,935.00')],
        [[40, 'BALANCE THIS STATEMENT'], right(250, '14,935.00')],
      ]),
    ]);

  it('reads debits printed before the description and the date near the right end, with or without headings', () => {
    for (const headings of [true, false]) {
      const read = community(headings);
      expect(rowsOf(read)).toEqual([
        ['2026-08-14', 'CHECK 1043', 125_00, 'debit'],
        ['2026-08-15', 'DEPOSIT', 2_500_00, 'credit'],
        ['2026-08-17', 'CARD PURCHASE OFFICE DEPOT', 40_00, 'debit'],
        ['2026-08-18', 'ZELLE FROM HARBOR LANE CAFE', 600_00, 'credit'],
      ]);
      expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
    }
  });

  it('reads no date from a description when the other rows print none in that place', () => {
    const read = parse([
      page([
        [[40, 'Statement Period: 08/01/2026 through 08/31/2026']],
        [[40, 'Beginning Balance'], right(250, '1,000.00')],
        [[40, '08/03'], [90, 'SQUARE DEPOSIT'], right(450, '100.00'), right(560, '1,100.00')],
        [[40, 'INVOICE'], [90, '08/01'], [130, 'PAID BY HARBOR LANE'], right(450, '50.00'), right(560, '1,150.00')],
        [[40, '08/05'], [90, 'OFFICE DEPOT'], right(450, '-25.00'), right(560, '1,125.00')],
      ]),
    ]);
    expect(rowsOf(read).map((row) => row[0])).toEqual(['2026-08-03', '2026-08-05']);
  });
});

describe('a description column beside other text columns', () => {
  const days = ['03', '04', '05', '06', '07', '10', '11', '12', '13', '14', '17', '18'];
  /** Daily debits to one funder, the type column printing different words on different days. */
  const funderPage = (type: (day: number) => Cells[], headings = true) => {
    let balance = 10_000_00;
    const money = (cents: number) =>
      `${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    const rows: Cells[] = days.flatMap((day, index): Cells[] => {
      balance -= 389_00;
      const [first, ...wrapped] = type(index);
      return [[[40, `08/${day}`], ...(first ?? []), right(450, '-389.00'), right(560, money(balance))], ...wrapped];
    });
    return parse([
      page([
        [[40, 'Statement period 08/01/2026 to 08/31/2026']],
        [[40, 'Beginning balance'], right(300, '10,000.00')],
        ...(headings
          ? [
              [
                [40, 'Date'],
                [90, 'Description'],
                [260, 'Type'],
                [420, 'Amount'],
                [520, 'Balance'],
              ] as Cells,
            ]
          : []),
        ...rows,
        [[40, 'Ending balance'], right(300, money(balance))],
      ]),
    ]);
  };
  const positionsOf = (statement: ParsedStatement) =>
    (computeInsights([{ documentId: 'd1', statement }])?.financingPositions ?? []).map((position) => [
      position.counterparty,
      position.amountCents,
      position.frequency,
    ]);

  it('keeps a type column out of the description, so a funder is one position whatever its type says', () => {
    const types = ['LOAN PMT', 'ACH DEBIT', 'LOAN PMT', 'WEB PMT'];
    const statement = funderPage((index) => [
      [
        [90, 'FORWARD CAPITAL LLC'],
        [260, types[index % types.length] ?? ''],
      ],
    ]);
    const transactions = statement.segments[0]?.transactions ?? [];
    expect(new Set(transactions.map((t) => t.description))).toEqual(new Set(['FORWARD CAPITAL LLC']));
    expect(transactions[0]?.entryType).toBe('LOAN PMT');
    expect(positionsOf(statement)).toEqual([['FORWARD CAPITAL LLC', 389_00, 'daily']]);
  });

  it('keeps each column to itself when the description and the type wrap, found by alignment without headings', () => {
    const statement = funderPage(
      (index) =>
        index % 2 === 0
          ? [
              [
                [90, 'FORWARD CAPITAL LLC'],
                [260, 'LOAN PMT'],
              ],
            ]
          : [
              [
                [90, 'FORWARD CAPITAL'],
                [260, 'LOAN'],
              ],
              [
                [90, 'LLC'],
                [260, 'PMT'],
              ],
            ],
      false,
    );
    const transactions = statement.segments[0]?.transactions ?? [];
    expect(transactions).toHaveLength(12);
    expect(new Set(transactions.map((t) => `${t.description} / ${t.entryType ?? ''}`))).toEqual(
      new Set(['FORWARD CAPITAL LLC / LOAN PMT']),
    );
    expect(positionsOf(statement)).toEqual([['FORWARD CAPITAL LLC', 389_00, 'daily']]);
  });

  it('gives no row a heading word cut in two over the next table', () => {
    const read = parse([
      page([
        [[40, 'Statement period 08/01/2026 to 08/31/2026']],
        [
          [40, 'DATE'],
          [90, 'DESCRIPTION'],
          [420, 'AMOUNT'],
          [520, 'BALANCE'],
        ],
        [[40, '08/03'], [90, 'FORWARD CAPITAL LLC'], right(450, '-389.00'), right(560, '611.00')],
        // The next table's heading, its description heading cut over two lines and printed bottom-aligned.
        [[90, 'DESC']],
        [
          [40, 'DATE'],
          [90, 'RIPTION'],
          [420, 'AMOUNT'],
          [520, 'BALANCE'],
        ],
        [[40, '08/04'], [90, 'SQUARE DEPOSIT'], right(450, '100.00'), right(560, '711.00')],
      ]),
    ]);
    expect(rowsOf(read).map((row) => row[1])).toEqual(['FORWARD CAPITAL LLC', 'SQUARE DEPOSIT']);
  });

  it('gives no description the second line of a heading over a table that prints descriptions above its rows', () => {
    const read = parse([
      page([
        [[40, 'Statement Period: 06/01/2026 - 06/30/2026']],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [
          [40, 'DATE'],
          [90, 'DESC'],
          [300, 'WITHDRAWALS'],
          [380, 'DEPOSITS'],
          [520, 'BALANCE'],
        ],
        [[90, 'RIPTION']],
        [[40, 'ACH DEBIT FORWARD CAPITAL LLC']],
        [[40, '06/01'], [90, 'Debit'], right(350, '389.00'), right(560, '611.00')],
        [[40, 'MERCHANT BNKCD DEPOSIT 501172899']],
        [[40, '06/02'], [90, 'Credit'], right(430, '300.00'), right(560, '911.00')],
        [[40, 'Ending Balance'], right(330, '911.00')],
      ]),
    ]);
    expect(rowsOf(read)).toEqual([
      ['2026-06-01', 'ACH DEBIT FORWARD CAPITAL LLC', 389_00, 'debit'],
      ['2026-06-02', 'MERCHANT BNKCD DEPOSIT 501172899', 300_00, 'credit'],
    ]);
  });
});
