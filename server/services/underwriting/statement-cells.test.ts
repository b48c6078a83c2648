// What a cell of a row may carry besides its value: a weekday beside the date, a currency code or an overdrawn
// marker beside an amount, a count column before the description. Built as positioned text the way pdf.js reports it.
import { describe, expect, it } from 'vitest';
import { parseRowDate } from './dates';
import { parseMoney } from './money';
import { page, parse, right, rowsOf } from './test-pages';

type Cells = Array<[number, string]>;

/** A one-month statement (August 2026) with a summary and a signed amount and balance table. */
function signedTable(rows: Cells[], opening = '1,000.00', closing = '1,150.00'): Cells[] {
  return [
    [[40, 'Statement Period: 08/01/2026 - 08/31/2026']],
    [[40, 'Beginning Balance'], right(330, opening)],
    [[40, 'Ending Balance'], right(330, closing)],
    [
      [40, 'Date'],
      [95, 'Description'],
      [460, 'Amount'],
      [541, 'Balance'],
    ],
    ...rows,
  ];
}

describe('a weekday beside the row date', () => {
  it.each([
    ['before', (day: string, date: string) => `${day} ${date}`],
    ['after', (day: string, date: string) => `${date} ${day}`],
  ])('is part of the date cell when printed %s it', (_where, cell) => {
    const statement = parse([
      page(
        signedTable([
          [[40, cell('Mon', '08/03')], [95, 'BRIGHTLINE FUNDING'], right(490, '-50.00'), right(572, '950.00')],
          [[40, cell('Tue', '08/04')], [95, 'CARD SALES'], right(490, '300.00'), right(572, '1,250.00')],
          [[40, cell('Wed', '08/05')], [95, 'BRIGHTLINE FUNDING'], right(490, '-100.00'), right(572, '1,150.00')],
        ]),
      ),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'BRIGHTLINE FUNDING', 50_00, 'debit'],
      ['2026-08-04', 'CARD SALES', 300_00, 'credit'],
      ['2026-08-05', 'BRIGHTLINE FUNDING', 100_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads full, capitalised and punctuated names, and a weekday in a cell of its own', () => {
    const statement = parse([
      page(
        signedTable([
          [[40, 'MONDAY 08/03'], [95, 'RENT'], right(490, '-50.00'), right(572, '950.00')],
          [[40, 'Tue., Aug 4'], [95, 'CARD SALES'], right(490, '300.00'), right(572, '1,250.00')],
          [[40, '08/05'], [70, 'Wed'], [95, 'SUN COUNTRY AIRLINES'], right(490, '-100.00'), right(572, '1,150.00')],
        ]),
      ),
    ]);
    expect(rowsOf(statement).map((row) => [row[0], row[1]])).toEqual([
      ['2026-08-03', 'RENT'],
      ['2026-08-04', 'CARD SALES'],
      ['2026-08-05', 'SUN COUNTRY AIRLINES'],
    ]);
  });

  it('keeps a description word that only looks like a weekday when it is not beside the date', () => {
    const statement = parse([
      page(
        signedTable([
          [[40, '08/03'], [95, 'SUN COUNTRY AIRLINES'], right(490, '-50.00'), right(572, '950.00')],
          [[40, '08/04 TUE'], [95, 'CARD SALES'], right(490, '300.00'), right(572, '1,250.00')],
          [[40, '08/05 SUN LIFE INSURANCE'], right(490, '-100.00'), right(572, '1,150.00')],
        ]),
      ),
    ]);
    expect(rowsOf(statement).map((row) => row[1])).toEqual([
      'SUN COUNTRY AIRLINES',
      'CARD SALES',
      'SUN LIFE INSURANCE',
    ]);
  });

  it('is checked against a date that prints its year', () => {
    expect(parseRowDate('Mon 08/03/2026')).toEqual({ year: 2026, month: 8, day: 3 });
    expect(parseRowDate('08/03/2026 Monday')).toEqual({ year: 2026, month: 8, day: 3 });
    expect(parseRowDate('Sat 08/03/2026')).toBeNull();
    expect(parseRowDate('Mon')).toBeNull();
    expect(parseRowDate('Moon 08/03')).toBeNull();
  });
});

describe('a currency code beside an amount', () => {
  it.each([
    ['after the amount', (amount: string) => `${amount} USD`],
    ['before the amount', (amount: string) => `USD ${amount}`],
    ['after a dollar sign', (amount: string) => `$${amount} USD`.replace('$-', '-$')],
  ])('is read as money when printed %s', (_where, usd) => {
    const statement = parse([
      page(
        signedTable(
          [
            [[40, '2026-08-03'], [98, 'RENT PAYMENT'], right(490, usd('-50.00')), right(572, usd('950.00'))],
            [[40, '2026-08-04'], [98, 'CARD SALES'], right(490, usd('300.00')), right(572, usd('1,250.00'))],
            [[40, '2026-08-05'], [98, 'SUPPLIES'], right(490, usd('-100.00')), right(572, usd('1,150.00'))],
          ],
          usd('1,000.00'),
          usd('1,150.00'),
        ),
      ),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'RENT PAYMENT', 50_00, 'debit'],
      ['2026-08-04', 'CARD SALES', 300_00, 'credit'],
      ['2026-08-05', 'SUPPLIES', 100_00, 'debit'],
    ]);
    expect(statement.segments[0]).toMatchObject({ openingBalanceCents: 1_000_00, closingBalanceCents: 1_150_00 });
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it("is read in a cell of its own, and after a balance label in the label's cell", () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 08/01/2026 - 08/31/2026']],
        [[40, 'Starting balance: 1,000.00 USD']],
        [[40, 'Ending balance: USD 1,150.00']],
        [[40, '08/03'], [95, 'RENT PAYMENT'], [420, 'USD'], right(490, '-50.00')],
        [[40, '08/04'], [95, 'CARD SALES'], [420, 'USD'], right(490, '200.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[1])).toEqual(['RENT PAYMENT', 'CARD SALES']);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
    expect(statement.segments[0]).toMatchObject({ openingBalanceCents: 1_000_00, closingBalanceCents: 1_150_00 });
  });

  it('goes with an amount printed up against its description', () => {
    const statement = parse([
      page(
        signedTable(
          [
            [
              [40, '08/03'],
              [95, 'ACH DEBIT ACME SUPPLY -50.00 USD'],
            ],
            [
              [40, '08/04'],
              [95, 'CARD SALES 200.00 USD'],
            ],
          ],
          '1,000.00',
          '1,150.00',
        ),
      ),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'ACH DEBIT ACME SUPPLY', 50_00, 'debit'],
      ['2026-08-04', 'CARD SALES', 200_00, 'credit'],
    ]);
  });

  it('parses the code on either side, and nothing else as a code', () => {
    expect(parseMoney('-45.00 USD')).toMatchObject({ cents: 45_00, isNegative: true });
    expect(parseMoney('USD 45.00')).toMatchObject({ cents: 45_00, isNegative: false });
    expect(parseMoney('usd -1,045.00')).toMatchObject({ cents: 1_045_00, isNegative: true });
    expect(parseMoney('$45.00 USD')).toMatchObject({ cents: 45_00, isNegative: false });
    expect(parseMoney('45.00 ABC')).toBeNull();
    expect(parseMoney('USD')).toBeNull();
  });
});

describe('an overdrawn balance marked OD', () => {
  it('is negative in the summary and on the rows, and never part of the description', () => {
    const pages = (od: (amount: string) => string) => [
      page([
        [[40, 'Statement Period: 08/01/2026 - 08/31/2026']],
        [[40, 'Beginning Balance on August 1, 2026'], right(340, '100.00')],
        [[40, 'Ending Balance on August 31, 2026'], right(340, od('150.00'))],
        [
          [40, 'Date'],
          [90, 'Description'],
          [396, 'Debits'],
          [467, 'Credits'],
          [541, 'Balance'],
        ],
        [[40, '08/03'], [90, 'RENT PAYMENT'], right(420, '500.00'), right(572, od('400.00'))],
        [[40, '08/04'], [90, 'ACH DEBIT RAPIDFUND CAPITAL LLC'], right(420, '50.00'), right(572, od('450.00'))],
        [[40, '08/05'], [90, 'CARD SALES'], right(495, '600.00'), right(572, '150.00')],
        [[40, '08/06'], [90, 'ACH DEBIT RAPIDFUND CAPITAL LLC'], right(420, '300.00'), right(572, od('150.00'))],
      ]),
    ];
    for (const od of [(a: string) => `${a} OD`, (a: string) => `${a}OD`]) {
      const statement = parse(pages(od));
      expect(rowsOf(statement)).toEqual([
        ['2026-08-03', 'RENT PAYMENT', 500_00, 'debit'],
        ['2026-08-04', 'ACH DEBIT RAPIDFUND CAPITAL LLC', 50_00, 'debit'],
        ['2026-08-05', 'CARD SALES', 600_00, 'credit'],
        ['2026-08-06', 'ACH DEBIT RAPIDFUND CAPITAL LLC', 300_00, 'debit'],
      ]);
      const segment = statement.segments[0];
      expect(segment?.transactions.map((t) => t.balanceCents)).toEqual([-400_00, -450_00, 150_00, -150_00]);
      expect(segment).toMatchObject({ openingBalanceCents: 100_00, closingBalanceCents: -150_00 });
      expect(segment?.balanceCheck.status).toBe('reconciled');
    }
  });

  it('is read in a cell of its own right after the balance', () => {
    const statement = parse([
      page(
        signedTable(
          [
            [[40, '08/03'], [95, 'RENT'], right(490, '-1,500.00'), right(560, '500.00'), [563, 'OD']],
            [[40, '08/04'], [95, 'CARD SALES'], right(490, '1,650.00'), right(560, '1,150.00')],
          ],
          '1,000.00',
          '1,150.00',
        ),
      ),
    ]);
    expect(rowsOf(statement).map((row) => row[1])).toEqual(['RENT', 'CARD SALES']);
    expect(statement.segments[0]?.transactions[0]?.balanceCents).toBe(-500_00);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it("is negative after a balance label in the label's cell", () => {
    const statement = parse([
      page(
        signedTable([])
          .slice(0, 1)
          .concat([
            [[40, 'Beginning Balance 100.00']],
            [[40, 'Ending Balance 150.00 OD']],
            [[40, '08/03'], [95, 'RENT PAYMENT'], right(490, '-250.00')],
          ]),
      ),
    ]);
    expect(statement.segments[0]).toMatchObject({ openingBalanceCents: 100_00, closingBalanceCents: -150_00 });
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('parses the marker and the minus it stands for', () => {
    expect(parseMoney('4,444.78 OD')).toMatchObject({ cents: 4_444_78, isNegative: true });
    expect(parseMoney('4,444.78OD')).toMatchObject({ cents: 4_444_78, isNegative: true });
    expect(parseMoney('4,444.78 DR')).toMatchObject({ cents: 4_444_78, isNegative: true });
  });
});

describe('a count column before the description', () => {
  it('is neither description nor amount, whatever the count', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 08/01/2026 - 08/31/2026']],
        [[40, 'Beginning Balance'], right(340, '1,000.00')],
        [[40, 'Ending Balance'], right(340, '2,035.00')],
        [[40, 'Deposits']],
        [
          [40, 'Date'],
          [99, 'Items'],
          [135, 'Description'],
          [542, 'Amount'],
        ],
        [[40, '08/03'], right(120, '1'), [135, 'MERCHANT BNKCD DEPOSIT 727131327'], right(572, '500.00')],
        [[40, '08/04'], right(120, '26'), [135, 'DEPOSIT'], right(572, '639.83')],
        [[40, '08/05'], right(120, '3'), [135, 'BRANCH DEPOSIT'], right(572, '100.17')],
        [[40, '08/06'], right(120, '1'), [135, 'ZELLE FROM J SMITH REF 32277202'], right(572, '30.00')],
        [[90, 'Total Deposits'], right(572, '1,270.00')],
        [[40, 'Withdrawals and Debits']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [542, 'Amount'],
        ],
        [[40, '08/07'], [90, 'RENT PAYMENT'], right(572, '235.00')],
        [[90, 'Total Withdrawals and Debits'], right(572, '235.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'MERCHANT BNKCD DEPOSIT 727131327', 500_00, 'credit'],
      ['2026-08-04', 'DEPOSIT', 639_83, 'credit'],
      ['2026-08-05', 'BRANCH DEPOSIT', 100_17, 'credit'],
      ['2026-08-06', 'ZELLE FROM J SMITH REF 32277202', 30_00, 'credit'],
      ['2026-08-07', 'RENT PAYMENT', 235_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});
