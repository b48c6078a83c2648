// Rows that print only their day in the date column, under a month heading ("MAY 2026", "April, 2026").
import { describe, expect, it } from 'vitest';
import { page, parse, right, rowsOf } from './test-pages';

type Line = Array<[number, string]>;
const heading: Line = [
  [40, 'Date'],
  [80, 'Description'],
  [380, 'Withdrawals'],
  [450, 'Deposits'],
  [530, 'Balance'],
];
const row = (day: string, text: string, withdrawal: string, deposit: string, balance: string): Line => [
  [40, day],
  [80, text],
  ...(withdrawal ? [right(420, withdrawal)] : []),
  ...(deposit ? [right(490, deposit)] : []),
  right(570, balance),
];

describe('days under a month heading', () => {
  it('dates each row by its day in the month of the latest heading', () => {
    const statement = parse([
      page([
        [[40, 'Statement period: April 15, 2026 - May 31, 2026']],
        [[40, 'Beginning balance'], right(570, '10,000.00')],
        heading,
        [[40, 'April, 2026']],
        row('19', 'STRIPE TRANSFER', '', '2,000.00', '12,000.00'),
        row('30', 'GUSTO PAYROLL', '1,500.00', '', '10,500.00'),
        [[40, 'MAY 2026']],
        row('03', 'SQUARE INC DEPOSIT', '', '800.00', '11,300.00'),
        row('19', 'OAK PROPERTIES RENT', '2,000.00', '', '9,300.00'),
        [[40, 'Ending balance'], right(570, '9,300.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-19', 'STRIPE TRANSFER', 2_000_00, 'credit'],
      ['2026-04-30', 'GUSTO PAYROLL', 1_500_00, 'debit'],
      ['2026-05-03', 'SQUARE INC DEPOSIT', 800_00, 'credit'],
      ['2026-05-19', 'OAK PROPERTIES RENT', 2_000_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('rolls the year from a December heading to a January one printed without its year', () => {
    const statement = parse([
      page([
        [[40, 'Statement period: December 15, 2025 - January 14, 2026']],
        [[40, 'Beginning balance'], right(570, '5,000.00')],
        heading,
        [[40, 'DECEMBER 2025']],
        row('28', 'STRIPE TRANSFER', '', '1,000.00', '6,000.00'),
        [[40, 'JANUARY']],
        row('02', 'OAK PROPERTIES RENT', '2,000.00', '', '4,000.00'),
        [[40, 'Ending balance'], right(570, '4,000.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((item) => item[0])).toEqual(['2025-12-28', '2026-01-02']);
  });

  it('reads newest first, the month alone rolling the year back', () => {
    const statement = parse([
      page([
        [[40, 'Statement period: December 15, 2025 - January 14, 2026']],
        heading,
        [[40, 'JANUARY 2026']],
        row('05', 'OAK PROPERTIES RENT', '2,000.00', '', '4,000.00'),
        row('02', 'SQUARE INC DEPOSIT', '', '500.00', '6,000.00'),
        [[40, 'DECEMBER']],
        row('28', 'STRIPE TRANSFER', '', '1,000.00', '5,500.00'),
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2025-12-28', 'STRIPE TRANSFER', 1_000_00, 'credit'],
      ['2026-01-02', 'SQUARE INC DEPOSIT', 500_00, 'credit'],
      ['2026-01-05', 'OAK PROPERTIES RENT', 2_000_00, 'debit'],
    ]);
  });

  it('dates no number that is not a day of the month, nor a check number or a count', () => {
    const statement = parse([
      page([
        [[40, 'Statement period: April 1, 2026 - April 30, 2026']],
        [[40, 'APRIL 2026']],
        [[40, '3'], [80, 'Deposits/Credits'], right(490, '2,000.00')],
        heading,
        row('31', 'STRIPE TRANSFER', '', '2,000.00', '12,000.00'),
        row('1042', 'CHECK', '300.00', '', '11,700.00'),
        row('07', 'DEPOSIT', '', '800.00', '12,500.00'),
        row('9', 'ATM CARD', '60.00', '', '12,440.00'),
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-07', 'DEPOSIT', 800_00, 'credit'],
      ['2026-04-09', 'ATM CARD', 60_00, 'debit'],
    ]);
  });

  it('takes no wrapped "MAY 2026" under a row for a heading', () => {
    const statement = parse([
      page([
        [[40, 'Statement period: May 1, 2026 - May 31, 2026']],
        heading,
        [[40, '05/04'], [80, 'OAK PROPERTIES RENT FOR'], right(420, '2,000.00'), right(570, '8,000.00')],
        [[80, 'MAY 2026']],
        [[40, '05/06'], [80, 'SQUARE INC DEPOSIT'], right(490, '800.00'), right(570, '8,800.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((item) => item[1])).toEqual([
      'OAK PROPERTIES RENT FOR MAY 2026',
      'SQUARE INC DEPOSIT',
    ]);
  });

  it('reads a row whose description runs into its amount as one piece of text', () => {
    const statement = parse([
      page([
        [[40, 'Statement period: May 1, 2026 - May 31, 2026']],
        [[40, 'Beginning balance'], right(570, '0.00')],
        [[40, 'MAY 2026']],
        [[40, '04'], [80, 'SQUARE INC DEPOSIT'], right(500, '+2,500.00')],
        [
          [40, '09'],
          [80, 'ACH DEBIT MERIDIAN WHOLESALE RESTAURANT SUPPLY COMPANY INV 372899 TRACE# 6732180 -1,000.00'],
        ],
        [[40, '12'], [80, 'GUSTO PAYROLL'], right(500, '-400.00')],
        [
          [40, '1'],
          [80, 'Deposits/Credits 2,500.00'],
        ],
        [[40, 'Ending balance'], right(570, '1,100.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-05-04', 'SQUARE INC DEPOSIT', 2_500_00, 'credit'],
      [
        '2026-05-09',
        'ACH DEBIT MERIDIAN WHOLESALE RESTAURANT SUPPLY COMPANY INV 372899 TRACE# 6732180',
        1_000_00,
        'debit',
      ],
      ['2026-05-12', 'GUSTO PAYROLL', 400_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});
