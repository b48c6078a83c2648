// Statements of several accounts (checking, then savings) and several statements read together: each account gets
// its own period from the evidence on the page (titles, numbers, balances), and shared days count once.
import { describe, expect, it } from 'vitest';
import { computeInsights } from './insights';
import { page, parse, right } from './test-pages';

describe('accounts named after their rows began', () => {
  it('gives a savings title printed after the checking rows to the savings period, not to the checking one', () => {
    type Line = Array<[number, string]>;
    const account = (title: string, opening: string, rows: [string, string, string, string][]): Line[] => [
      [[40, title]],
      [[414, 'Statement Period 08/01/26 through 08/31/26']],
      [[48, 'Previous Balance'], right(300, opening)],
      [
        [40, 'Date'],
        [102, 'Transaction Description'],
        [464, 'Amount'],
        [541, 'Balance'],
      ],
      [[40, '08/01/26'], [102, 'BALANCE FORWARD'], right(580, opening)],
      ...rows.map(([date, text, amount, balance]): Line => [
        [40, date],
        [102, text],
        right(500, amount),
        right(580, balance),
      ]),
    ];
    const statement = parse([
      page([
        [[414, 'Statement Period 08/01/26 through 08/31/26']],
        [[40, 'Business Checking Summary']],
        [[48, 'Previous Balance'], right(300, '1,000.00')],
        [
          [40, 'Date'],
          [102, 'Transaction Description'],
          [464, 'Amount'],
          [541, 'Balance'],
        ],
        [[40, '08/01/26'], [102, 'BALANCE FORWARD'], right(580, '1,000.00')],
        [[40, '08/03/26'], [102, 'STRIPE TRANSFER'], right(500, '500.00'), right(580, '1,500.00')],
      ]),
      page([
        [[384, 'Main Street Bakery | Business Checking XXXXXX1470']],
        [
          [40, 'Date'],
          [102, 'Transaction Description'],
          [464, 'Amount'],
          [541, 'Balance'],
        ],
        [
          [40, '08/28/26'],
          [102, 'ONLINE TRANSFER FROM SAVINGS XXXXXX2299'],
          right(500, '200.00'),
          right(580, '1,700.00'),
        ],
        [[40, '08/31/26'], [102, 'MONTHLY SERVICE FEE'], right(500, '-30.00'), right(580, '1,670.00')],
        ...account('Business Savings Account Number XXXXXX2299', '4,000.00', [
          ['08/28/26', 'TRANSFER TO CHK XXXXXX1470', '-200.00', '3,800.00'],
          ['08/31/26', 'INTEREST PAYMENT', '1.50', '3,801.50'],
        ]),
      ]),
    ]);
    expect(statement.segments.map((segment) => [segment.account ?? null, segment.transactions.length])).toEqual([
      [{ last4: '1470', kind: 'checking' }, 3],
      [{ last4: '2299', kind: 'savings' }, 2],
    ]);
  });
});

describe('accounts told apart by their numbers and balances', () => {
  const heading: Array<[number, string]> = [
    [40, 'Date'],
    [90, 'Description'],
    [440, 'Amount'],
    [530, 'Balance'],
  ];
  it('starts the savings account where its rows stop following the checking balance, with no opening printed', () => {
    const statement = parse([
      page([
        [[40, '05/19/24 to 06/18/24']],
        [[40, 'Beginning Balance'], right(300, '1,000.00')],
        [
          [40, 'CHECKING'],
          [120, 'Account Number: XXXXXX2206'],
        ],
        heading,
        [[40, '05/20'], [90, 'CLOVER SETTLEMENT'], right(470, '300.00'), [474, 'CR'], right(560, '1,300.00')],
        [[40, '05/21'], [90, 'RENT PAYMENT'], right(470, '200.00'), [474, 'DR'], right(560, '1,100.00')],
        [
          [40, 'SAVINGS'],
          [120, 'Account Number: XXXXXX7781'],
        ],
        heading,
        [[40, '06/02'], [90, 'TRANSFER FROM CHECKING'], right(470, '50.00'), [474, 'CR'], right(560, '5,050.00')],
        [[40, '06/18'], [90, 'INTEREST PAYMENT'], right(470, '2.00'), [474, 'CR'], right(560, '5,052.00')],
      ]),
    ]);
    expect(statement.segments.map((segment) => [segment.account ?? null, segment.transactions.length])).toEqual([
      [{ last4: '2206', kind: 'checking' }, 2],
      [{ last4: '7781', kind: 'savings' }, 2],
    ]);
    expect(statement.segments[1]?.openingBalanceCents).toBe(5_000_00);
  });

  it('gives the rows to the account titled above them, not to the number the page header prints', () => {
    const statement = parse([
      page([
        [[40, '08/01/24 - 08/31/24']],
        [[40, 'Account Number: XXXXXX2412']],
        [[40, 'REGULAR SHARE SAVINGS Account Number: XXXXXX7781']],
        heading,
        [[40, 'Previous Balance'], right(560, '5,000.00')],
        [[40, '08/17'], [90, 'TRANSFER FROM CHECKING XXXXXX2412'], right(470, '100.00'), right(560, '5,100.00')],
        [[40, 'New Balance'], right(560, '5,100.00')],
        [[40, 'SHARE DRAFT CHECKING Account Number: XXXXXX2412']],
        heading,
        [[40, 'Previous Balance'], right(560, '1,000.00')],
        [[40, '08/01'], [90, 'TOAST INC DEP DEPOSIT'], right(470, '700.00'), right(560, '1,700.00')],
        [[40, '08/02'], [90, 'ACH DEBIT PINNACLE BIZ FUNDING'], right(470, '-200.00'), right(560, '1,500.00')],
        [[40, 'New Balance'], right(560, '1,500.00')],
      ]),
    ]);
    expect(statement.segments.map((segment) => [segment.account ?? null, segment.transactions.length])).toEqual([
      [{ last4: '7781', kind: 'savings' }, 1],
      [{ last4: '2412', kind: 'checking' }, 2],
    ]);
  });
});

describe('statements read together', () => {
  it('counts days two statements of the account share once, and reports gaps', () => {
    const monthly = parse([
      page([
        [[40, 'Statement Period: 01/01/2026 through 01/31/2026']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
        ],
        [[40, '01/05'], [90, 'SALES'], right(450, '1,000.00')],
        [[40, '01/20'], [90, 'SALES'], right(450, '2,000.00')],
      ]),
    ]);
    const printout = parse([
      page([
        [[40, 'Date range: 01/15/2026 - 02/14/2026']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
        ],
        [[40, '01/20/2026'], [90, 'SALES'], right(450, '2,000.00')],
        [[40, '02/10/2026'], [90, 'SALES'], right(450, '500.00')],
      ]),
    ]);
    const april = parse([
      page([
        [[40, 'Statement Period: 04/01/2026 through 04/30/2026']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
        ],
        [[40, '04/05'], [90, 'SALES'], right(450, '3,000.00')],
      ]),
    ]);
    const insights = computeInsights([
      { documentId: 'jan', statement: monthly },
      { documentId: 'printout', statement: printout },
      { documentId: 'apr', statement: april },
    ]);
    expect(insights?.months.map((month) => [month.month, month.trueRevenueCents])).toEqual([
      ['2026-01', 3_000_00],
      ['2026-02', 500_00],
      ['2026-03', 0],
      ['2026-04', 3_000_00],
    ]);
    expect(insights?.overlaps).toEqual([
      expect.objectContaining({ documentId: 'printout', overlapStart: '2026-01-15', overlapEnd: '2026-01-31' }),
    ]);
    expect(insights?.gaps).toEqual([{ start: '2026-02-15', end: '2026-03-31', days: 45 }]);
    expect(insights?.revenueAverage.method).toBe('days-scaled');
    // January and April whole, February 14 of 28 days: 6,500.00 over 2.5 months.
    expect(insights?.averageMonthlyTrueRevenueCents).toBe(2_600_00);
  });
});

describe('a line listing several accounts', () => {
  it('gives each number the kind printed beside it, not every kind the line names', () => {
    type Line = Array<[number, string]>;
    const heading: Line = [
      [40, 'Date'],
      [100, 'Description'],
      [380, 'Credits'],
      [450, 'Debits'],
      [520, 'Balance'],
    ];
    const statement = (period: string, opening: string, checking: Line[], savings: Line[]) =>
      page([
        [[40, 'Initiate Business Checking']],
        [
          [40, 'MESA VERDE LANDSCAPING CO'],
          [400, 'Account number: 0000004159'],
        ],
        [[400, period]],
        [[40, 'Beginning balance'], right(300, opening)],
        // The checking account's totals, printed before the line that lists both accounts.
        [[40, 'Deposits/Credits'], right(300, checking[0]?.[2]?.[1] ?? '')],
        [[40, 'Withdrawals/Debits'], right(300, checking[1]?.[2]?.[1] ?? '')],
        [[40, 'Combined statement of your accounts: Business Checking ...4159, Business Savings ...8707']],
        [[40, 'BUSINESS CHECKING ACCOUNT ...4159']],
        heading,
        ...checking,
        [[40, 'BUSINESS SAVINGS ACCOUNT ...8707']],
        heading,
        ...savings,
      ]);
    const parsed = parse([
      statement(
        'Oct 1, 2024 - Oct 31, 2024',
        '1,000.00',
        [
          [[40, '10/1'], [100, 'SQUARE INC DEPOSIT'], right(420, '500.00'), right(580, '1,500.00')],
          [[40, '10/9'], [100, 'RENT PAYMENT OAKVIEW'], right(490, '300.00'), right(580, '1,200.00')],
        ],
        [[[40, '10/7'], [100, 'TRANSFER FROM CHK ...4159'], right(420, '600.00'), right(580, '9,600.00')]],
      ),
      statement(
        'Nov 1, 2024 - Nov 30, 2024',
        '1,200.00',
        [
          [[40, '11/4'], [100, 'SQUARE INC DEPOSIT'], right(420, '700.00'), right(580, '1,900.00')],
          [[40, '11/12'], [100, 'RENT PAYMENT OAKVIEW'], right(490, '300.00'), right(580, '1,600.00')],
        ],
        [[[40, '11/7'], [100, 'TRANSFER FROM CHK ...4159'], right(420, '600.00'), right(580, '10,200.00')]],
      ),
    ]);
    expect(
      parsed.segments.map((segment) => [segment.periodStart, segment.account, segment.balanceCheck.status]),
    ).toEqual([
      ['2024-10-01', { last4: '4159', kind: 'checking' }, 'reconciled'],
      ['2024-10-01', { last4: '8707', kind: 'savings' }, 'reconciled'],
      ['2024-11-01', { last4: '4159', kind: 'checking' }, 'reconciled'],
      ['2024-11-01', { last4: '8707', kind: 'savings' }, 'reconciled'],
    ]);
  });
});
