// Layouts written by people who had not read the reader: checks paid side by side, marked check numbers, periods
// printed as two labelled fields, rows grouped under day headings, type columns and keyed ACH fields.
import { describe, expect, it } from 'vitest';
import { LINEAR_TIME_TEST, slowCases } from '../../../src/shared/linear-time.test-helpers';
import { counterpartyOf } from './classify';
import { parseStatementPages } from './statement-parser';
import type { ParsedStatement } from './types';
import { page, parse, right, rowsOf } from './test-pages';

const opening = (cents: string): Array<[number, string]> => [[40, 'Beginning balance'], right(300, cents)];

describe('checks paid printed side by side', () => {
  it('reads every "number, date, amount" group on a line, check numbers with gap markers included', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 08/01/2026 to 08/31/2026']],
        opening('5,000.00'),
        [[40, 'CHECKS PAID']],
        [
          [40, 'Number'],
          [90, 'Date'],
          [160, 'Amount'],
          [240, 'Number'],
          [290, 'Date'],
          [360, 'Amount'],
        ],
        [[40, '1042'], [90, '08/03'], right(200, '125.00'), [240, '1043'], [290, '08/05'], right(400, '980.10')],
        [[40, '3015 *'], [90, '08/07'], right(200, '40.00'), [240, '2136*'], [290, '08/09'], right(400, '15.25')],
        [
          [40, '1044^'],
          [90, '08/11'],
          right(200, '7.00'),
          [240, '1045'],
          [290, '08/12'],
          right(400, '1.00'),
          [440, '1046'],
          [490, '08/13'],
          right(580, '2.00'),
        ],
        [[40, 'Ending balance'], right(300, '3,829.65')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'CHECK 1042', 125_00, 'debit'],
      ['2026-08-05', 'CHECK 1043', 980_10, 'debit'],
      ['2026-08-07', 'CHECK 3015', 40_00, 'debit'],
      ['2026-08-09', 'CHECK 2136', 15_25, 'debit'],
      ['2026-08-11', 'CHECK 1044', 7_00, 'debit'],
      ['2026-08-12', 'CHECK 1045', 1_00, 'debit'],
      ['2026-08-13', 'CHECK 1046', 2_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads four "number, Mon DD, amount" groups to a line, each a check, the date run into its amount or not', () => {
    const group = (x: number, number: string, date: string, amount: string, form: number): Array<[number, string]> =>
      form === 0
        ? [[x, `${number} ${date} ${amount}`]]
        : form === 1
          ? [
              [x, number],
              [x + 34, `${date} ${amount}`],
            ]
          : [[x, number], [x + 34, date], right(x + 120, amount)];
    for (const form of [0, 1, 2]) {
      const statement = parse([
        page([
          [[40, 'Statement period Nov 1, 2026 to Nov 30, 2026']],
          opening('10,000.00'),
          [[40, 'CHECKS PAID']],
          [
            ...group(40, '2233', 'Nov 06', '1,211.00', form),
            // A mark after a number that breaks the sequence, apart or up against it.
            ...group(170, '2234 *', 'Nov 10', '1,832.00', form),
            ...group(300, '2235^', 'Nov 14', '2,175.00', form),
            ...group(430, '2236', 'Nov 18', '940.00', form),
          ],
          [[40, 'Ending balance'], right(300, '3,842.00')],
        ]),
      ]);
      expect(rowsOf(statement)).toEqual([
        ['2026-11-06', 'CHECK 2233', 1_211_00, 'debit'],
        ['2026-11-10', 'CHECK 2234', 1_832_00, 'debit'],
        ['2026-11-14', 'CHECK 2235', 2_175_00, 'debit'],
        ['2026-11-18', 'CHECK 2236', 940_00, 'debit'],
      ]);
      expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
    }
  });

  it('reads groups printed "date, check number, amount"', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 08/01/2026 to 08/31/2026']],
        opening('1,000.00'),
        [[40, 'CHECKS PAID']],
        [[40, '08/03'], [90, '1042'], right(200, '125.00'), [240, '08/05'], [290, '1043 *'], right(400, '80.10')],
        [[40, 'Ending balance'], right(300, '794.90')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'CHECK 1042', 125_00, 'debit'],
      ['2026-08-05', 'CHECK 1043', 80_10, 'debit'],
    ]);
  });
});

describe('statement periods printed as two labelled fields', () => {
  const activity: Array<Array<[number, string]>> = [
    opening('1,000.00'),
    [
      [40, 'Date'],
      [90, 'Description'],
      [400, 'Amount'],
      [520, 'Balance'],
    ],
    [[40, '08/03'], [90, 'CARD SALES'], right(450, '100.00'), right(560, '1,100.00')],
    [[40, '08/20'], [90, 'RENT'], right(450, '-50.00'), right(560, '1,050.00')],
  ];
  const periodOf = (statement: ParsedStatement) => [
    statement.segments[0]?.periodStart,
    statement.segments[0]?.periodEnd,
  ];

  it.each([
    ['Statement Begin Date', 'Statement Ending'],
    ['Beginning Date:', 'Ending Date:'],
    ['From', 'Through'],
    ['Opening date', 'Closing date'],
  ])('reads "%s" and "%s" on two lines', (start, end) => {
    const statement = parse([
      page([
        [
          [40, 'ACME BAKERY LLC'],
          [400, `${start} 07/28/2026`],
        ],
        [
          [40, '1420 ORCHARD WAY'],
          [400, end],
          [490, '08/27/2026'],
        ],
        ...activity,
      ]),
    ]);
    expect(periodOf(statement)).toEqual(['2026-07-28', '2026-08-27']);
  });

  it('reads the two fields of a header box, labels above their dates', () => {
    const statement = parse([
      page([
        [
          [300, 'Beginning Date'],
          [420, 'Ending Date'],
          [520, 'Page'],
        ],
        [
          [300, '07/28/2026'],
          [420, '08/27/2026'],
          [520, '1'],
        ],
        ...activity,
      ]),
    ]);
    expect(periodOf(statement)).toEqual(['2026-07-28', '2026-08-27']);
  });

  it('keeps reading a period printed in one line', () => {
    const statement = parse([page([[[40, 'Statement Period: 07/28/2026 through 08/27/2026']], ...activity])]);
    expect(periodOf(statement)).toEqual(['2026-07-28', '2026-08-27']);
  });
});

describe('rows grouped under day headings', () => {
  it('gives each row its heading date, with or without the day balance after the heading', () => {
    const statement = parse([
      page([
        [[40, 'Statement period Aug 1, 2026 - Aug 31, 2026']],
        opening('1,000.00'),
        [[40, 'Monday, August 3'], right(560, '1,050.00')],
        [[60, 'STRIPE PAYOUT'], right(450, '+80.00'), right(560, '1,080.00')],
        [[60, 'OFFICE SUPPLY CO'], right(450, '-30.00'), right(560, '1,050.00')],
        [[40, 'Aug 5, 2026']],
        [[60, 'SQUARE DEPOSIT'], right(450, '+20.00'), right(560, '1,070.00')],
        [[60, 'INV 5521 WRAPPED'], right(450, '-10.00'), right(560, '1,060.00')],
        [[60, 'DESCRIPTION CONTINUES']],
        [[40, 'Ending balance'], right(300, '1,060.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'STRIPE PAYOUT', 80_00, 'credit'],
      ['2026-08-03', 'OFFICE SUPPLY CO', 30_00, 'debit'],
      ['2026-08-05', 'SQUARE DEPOSIT', 20_00, 'credit'],
      ['2026-08-05', 'INV 5521 WRAPPED DESCRIPTION CONTINUES', 10_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('keeps a heading printed at the foot of a page for the rows on the next page', () => {
    const statement = parse([
      page([
        [[40, 'Statement period Aug 1, 2026 - Aug 31, 2026']],
        opening('1,000.00'),
        [[40, 'Tuesday, August 4']],
        [[40, 'Member FDIC  Page 1']],
      ]),
      page([[[40, 'Account ending 4821']], [[60, 'STRIPE PAYOUT'], right(450, '+80.00'), right(560, '1,080.00')]]),
    ]);
    expect(rowsOf(statement)).toEqual([['2026-08-04', 'STRIPE PAYOUT', 80_00, 'credit']]);
  });

  // pdf.js hands a description printed up against its amount over as one piece of text.
  it('reads a row whose long description runs up against its amount (one piece of text)', () => {
    const statement = parse([
      page([
        [[40, 'Statement period Aug 1, 2026 - Aug 31, 2026']],
        opening('1,000.00'),
        [[40, 'Monday, August 24']],
        [[60, 'ACH DEBIT MERIDIAN WHOLESALE SUPPLY INV 919022 TRACE# 653712965016216 -$100.00']],
        [[40, 'Tuesday, August 25']],
        [[60, 'STRIPE PAYOUT'], right(560, '$80.00')],
        [[40, 'Ending balance'], right(300, '980.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-24', 'ACH DEBIT MERIDIAN WHOLESALE SUPPLY INV 919022 TRACE# 653712965016216', 100_00, 'debit'],
      ['2026-08-25', 'STRIPE PAYOUT', 80_00, 'credit'],
    ]);
  });
  it('reads a joined row that opens the next page, under a heading at the foot of the page or mid-day', () => {
    const statement = parse([
      page([
        [[40, 'Statement period Aug 1, 2026 - Aug 31, 2026']],
        opening('1,000.00'),
        [[40, 'Monday, August 3']],
        [[60, 'STRIPE PAYOUT'], right(560, '$80.00')],
        [[40, 'Tuesday, August 4']],
        [[40, 'Member FDIC  Page 1']],
      ]),
      page([
        [[40, 'Account ending 4821']],
        [[60, 'ACH DEBIT MERIDIAN WHOLESALE SUPPLY INV 919022 TRACE# 653712965016216 -$100.00']],
        [[60, 'CARD SALES'], right(560, '$30.00')],
        [[40, 'Wednesday, August 5']],
        [[60, 'SQUARE DEPOSIT'], right(560, '$20.00')],
        [[40, 'Member FDIC  Page 2']],
      ]),
      page([
        [[40, 'Account ending 4821']],
        [[60, 'ACH DEBIT HARBOR INSURANCE PREMIUM POLICY 55102 PPD ID 99120 -$45.00']],
        [[40, 'Ending balance'], right(300, '985.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'STRIPE PAYOUT', 80_00, 'credit'],
      ['2026-08-04', 'ACH DEBIT MERIDIAN WHOLESALE SUPPLY INV 919022 TRACE# 653712965016216', 100_00, 'debit'],
      ['2026-08-04', 'CARD SALES', 30_00, 'credit'],
      ['2026-08-05', 'SQUARE DEPOSIT', 20_00, 'credit'],
      ['2026-08-05', 'ACH DEBIT HARBOR INSURANCE PREMIUM POLICY 55102 PPD ID 99120', 45_00, 'debit'],
    ]);
  });
});

describe('rows under day headings printed up against their amounts', () => {
  it('splits the amount off when the running balance stands beside it, at the amount column of the other rows', () => {
    const statement = parse([
      page([
        [[40, 'Statement period Aug 1, 2026 - Aug 31, 2026']],
        opening('1,000.00'),
        [[40, 'Aug 3, 2026']],
        [[60, 'STRIPE PAYOUT'], right(450, '$80.00'), right(560, '$1,080.00')],
        [[40, 'Aug 20, 2026']],
        // The description and its amount as one piece of text, ending where the amount column ends.
        [
          right(450, 'ACH CREDIT BRIGHTWATER DENTAL GROUP INVOICE PAYMENT PPD ID: 5619509244 $100.00'),
          right(560, '$1,180.00'),
        ],
        [[40, 'Ending balance'], right(300, '1,180.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'STRIPE PAYOUT', 80_00, 'credit'],
      ['2026-08-20', 'ACH CREDIT BRIGHTWATER DENTAL GROUP INVOICE PAYMENT PPD ID: 5619509244', 100_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads no check caption or other text ending in an amount after a daily balance list as a row', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 06/01/2026 to 06/30/2026']],
        opening('1,000.00'),
        [[40, '06/03'], [90, 'CHECK 1508'], right(450, '-83.00'), right(560, '917.00')],
        [[40, '06/04'], [90, 'OVERDRAFT FEES REFUND'], right(450, '3.00'), right(560, '920.00')],
        [[40, 'DAILY ENDING BALANCE']],
        [[40, '06/03'], right(300, '917.00')],
        [[40, '06/04'], right(300, '920.00')],
      ]),
      page([
        [[40, 'Date: 06/03/2026 Check: 1508 Amount: $83.00']],
        [[40, 'Returned item fees this period $0.00']],
        [[40, 'Ending balance'], right(300, '920.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-06-03', 'CHECK 1508', 83_00, 'debit'],
      ['2026-06-04', 'OVERDRAFT FEES REFUND', 3_00, 'credit'],
    ]);
  });
});

describe('descriptions and counterparties', () => {
  it('keeps the words of a type column out of the description', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 08/01/2026 to 08/31/2026']],
        opening('1,000.00'),
        [
          [40, 'Date'],
          [90, 'Type'],
          [150, 'Description'],
          [400, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '08/03'], [90, 'ACH'], [150, 'STRIPE PAYOUT'], right(450, '100.00'), right(560, '1,100.00')],
        [[40, '08/04'], [90, 'POS'], [150, 'OFFICE DEPOT'], right(450, '-40.00'), right(560, '1,060.00')],
        [[40, '08/05'], [90, 'Deposit'], [150, 'MOBILE CHECK'], right(450, '10.00'), right(560, '1,070.00')],
        [[40, '08/06'], [90, 'Debit'], [150, 'CITY WATER'], right(450, '-5.00'), right(560, '1,065.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[1])).toEqual([
      'STRIPE PAYOUT',
      'OFFICE DEPOT',
      'MOBILE CHECK',
      'CITY WATER',
    ]);
  });

  it("names an ACH counterparty without the account holder's name after INDN:", () => {
    expect(counterpartyOf('PINECREST ADV DES:DEBIT ID:883 INDN:JOHN SMITH CO ID:12345 CCD')).toBe('PINECREST ADV');
    expect(counterpartyOf('PINECREST ADV INDN:ACME BAKERY LLC')).toBe('PINECREST ADV');
  });
});

// A hostile PDF can print a line of any length; every pattern the reader runs on a line must take time linear in it.
describe('reading hostile lines', () => {
  const read = (rows: Array<Array<[number, string]>>) => parseStatementPages([page(rows)]);
  it('runs in linear time', LINEAR_TIME_TEST, () => {
    expect(
      slowCases([
        ['one text run', (value) => read([[[40, value]]])],
        ['dated row', (value) => read([[[40, '08/03'], [90, value], right(900, '12.00')]])],
        [
          'dated row, amount in the text',
          (value) =>
            read([
              [
                [40, '08/03'],
                [90, `${value} 12.00`],
              ],
            ]),
        ],
        ['balance label', (value) => read([[[40, `Beginning balance ${value}`], right(900, '12.00')]])],
        [
          'period field',
          (value) =>
            read([
              [
                [40, `${value} From`],
                [90, '08/01/2026'],
              ],
              [[40, value]],
            ]),
        ],
        ['row under a day heading', (value) => read([[[40, 'Aug 3, 2026']], [[60, value], right(900, '1.00')]])],
        ['joined row under a day heading', (value) => read([[[40, 'Aug 3, 2026']], [[60, `${value} 1.00`]]])],
        [
          'address block',
          (value) => read([[[40, value]], [[40, `12 ${value}`]], [[40, `${value} TX 78701`]], [[40, '08/03 A 1.00']]]),
        ],
      ]),
    ).toEqual([]);
  });
});
