// Layout shapes the reader was not written for, built as positioned text the way pdf.js reports it: what matters
// is that rows are read by their shape and directions by the evidence on the page.
import { describe, expect, it } from 'vitest';
import { computeInsights } from './insights';
import { page, parse, right, rowsOf } from './test-pages';

describe('reading statement shapes', () => {
  it('tells withdrawals from deposits in unlabelled columns by the running balance, and flags nothing', () => {
    const statement = parse([
      page([
        [[40, 'Aug 1 - Aug 31, 2026']],
        [[40, 'Opening balance'], right(300, '1,000.00')],
        [[40, '08/03'], [90, 'SQUARE DEPOSIT'], right(420, '500.00'), right(560, '1,500.00')],
        [[40, '08/04'], [90, 'RENT'], right(350, '700.00'), right(560, '800.00')],
        [[40, '08/05'], [90, 'CARD SALES'], right(420, '200.00'), right(560, '1,000.00')],
        [[40, 'Closing balance'], right(300, '1,000.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'SQUARE DEPOSIT', 500_00, 'credit'],
      ['2026-08-04', 'RENT', 700_00, 'debit'],
      ['2026-08-05', 'CARD SALES', 200_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('follows the running balance over headings that say the opposite, and says so', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 08/01/2026 to 08/31/2026']],
        [[40, 'Beginning balance'], right(300, '1,000.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [330, 'Deposits'],
          [390, 'Withdrawals'],
          [520, 'Balance'],
        ],
        // The first row sits in the "Deposits" column but the balance fell: a withdrawal.
        [[40, '08/03'], [90, 'WIRE OUT'], right(370, '100.00'), right(560, '900.00')],
        [[40, '08/04'], [90, 'SALES'], right(370, '50.00'), right(560, '950.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[3])).toEqual(['debit', 'credit']);
    expect(statement.segments[0]?.transactions[0]?.correctedByBalance).toBe(true);
    expect(statement.warnings.join(' ')).toMatch(/read against the printed running balance/);
  });

  it('ignores daily balance grids, summaries with counts and check numbers, and names a check by its number', () => {
    const statement = parse([
      page([
        [[40, 'For the period 08/01/26 to 08/31/26']],
        [[40, 'Beginning Balance'], right(330, '$2,000.00')],
        [[40, 'Deposits and Additions'], right(250, '2'), right(330, '$800.00')],
        [[40, 'Checks Paid'], right(250, '1'), right(330, '-$250.00')],
        [[40, 'Ending Balance'], right(330, '$2,550.00')],
        [[40, 'DEPOSITS AND ADDITIONS']],
        [[40, '08/03'], [100, 'MOBILE DEPOSIT'], right(560, '300.00')],
        [[40, '08/10'], [100, 'ZELLE FROM HARBOR'], right(560, '500.00')],
        [[100, 'Total Deposits and Additions'], right(560, '$800.00')],
        [[40, 'CHECKS PAID']],
        [[40, '1043'], [120, '08/05'], right(560, '$250.00')],
        [[40, 'DAILY ENDING BALANCE']],
        [
          [40, '08/03'],
          right(150, '2,300.00'),
          [220, '08/05'],
          right(330, '2,050.00'),
          [400, '08/10'],
          right(510, '2,550.00'),
        ],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'MOBILE DEPOSIT', 300_00, 'credit'],
      ['2026-08-05', 'CHECK 1043', 250_00, 'debit'],
      ['2026-08-10', 'ZELLE FROM HARBOR', 500_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads a newest-first listing oldest first and takes a balance forward row as the page opening balance', () => {
    const statement = parse([
      page([
        [[40, 'Date range: Aug 1, 2026 - Aug 31, 2026']],
        [[40, 'Aug 5, 2026'], [120, 'CARD SALES'], right(450, '$40.00'), right(560, '$1,030.00')],
        [[40, 'Aug 4, 2026'], [120, 'FEE'], right(450, '-$10.00'), right(560, '$990.00')],
        [[40, 'Aug 3, 2026'], [120, 'SALES'], right(450, '$100.00'), right(560, '$1,000.00')],
      ]),
    ]);
    expect(statement.segments[0]?.order).toBe('newest-first');
    expect(rowsOf(statement).map((row) => row[0])).toEqual(['2026-08-03', '2026-08-04', '2026-08-05']);
    expect(statement.segments[0]?.openingBalanceCents).toBe(900_00);
    const forward = parse([
      page([
        [[40, 'STATEMENT PERIOD 08/01/26 THRU 08/31/26']],
        [[90, 'BALANCE FORWARD'], right(560, '1,000.00')],
        [[40, '08-03'], [90, 'SALES'], right(450, '100.00'), right(560, '1,100.00')],
      ]),
      page([
        [[90, 'BALANCE FORWARD'], right(560, '1,100.00')],
        [[40, '08-04'], [90, 'SUPPLIES'], right(450, '40.00-'), right(560, '1,060.00')],
      ]),
    ]);
    expect(forward.segments).toHaveLength(1);
    expect(forward.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
  });

  it('merges wrapped descriptions, leaves reference and second-date columns out, and crosses New Year', () => {
    const statement = parse([
      page([
        [[40, 'December 15, 2025 through January 14, 2026']],
        [
          [40, 'Posting'],
          [90, 'Value'],
          [150, 'Bank'],
          [230, 'Transaction'],
          [440, 'Debit'],
          [520, 'Credit'],
        ],
        [
          [40, 'Date'],
          [90, 'Date'],
          [150, 'Reference'],
          [230, 'Details'],
          [440, 'Amount'],
          [520, 'Amount'],
        ],
        [[40, '12/30'], [90, '12/29'], [150, '204396'], [230, 'PINECREST ADVANCE'], right(470, '389.00')],
        [[230, 'ACH DEBIT 7107723']],
        [[40, '01/02'], [90, '01/02'], [150, '204397'], [230, 'STRIPE PAYOUT'], right(560, '1,200.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2025-12-30', 'PINECREST ADVANCE ACH DEBIT 7107723', 389_00, 'debit'],
      ['2026-01-02', 'STRIPE PAYOUT', 1_200_00, 'credit'],
    ]);
  });

  it('reads each account of a statement that lists checking and then savings as its own period', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period 08/01/26 - 08/31/26']],
        [[40, 'BUSINESS CHECKING 0001']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '08/01'], [90, 'Beginning Balance'], right(560, '1,000.00')],
        [[40, '08/03'], [90, 'SALES'], right(450, '300.00'), right(560, '1,300.00')],
        [[40, '08/04'], [90, 'TRANSFER TO SHARES'], right(450, '-100.00'), right(560, '1,200.00')],
        [[40, '08/31'], [90, 'Ending Balance'], right(560, '1,200.00')],
        [[40, 'SHARE SAVINGS 0000']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '08/01'], [90, 'Beginning Balance'], right(560, '5,000.00')],
        [[40, '08/04'], [90, 'TRANSFER FROM CHECKING'], right(450, '100.00'), right(560, '5,100.00')],
        [[40, '08/31'], [90, 'Ending Balance'], right(560, '5,100.00')],
      ]),
    ]);
    expect(
      statement.segments.map((segment) => [
        segment.openingBalanceCents,
        segment.closingBalanceCents,
        segment.balanceCheck.status,
        segment.transactions.length,
      ]),
    ).toEqual([
      [1_000_00, 1_200_00, 'reconciled', 2],
      [5_000_00, 5_100_00, 'reconciled', 1],
    ]);
  });

  it.each([
    ['Analyzed Business Checking', 'Mkt Rate Sav'],
    ['DDA', 'Money Market Savings'],
    ['Commercial Chk', 'SAVINGS ACCOUNT SUMMARY'],
    ['BUSINESS OPERATING ACCOUNT', 'Premium Business Svgs'],
  ])('names the accounts of one file from their titles: "%s" checking, "%s" savings', (checking, savings) => {
    const account = (
      title: string,
      number: string,
      opening: string,
      row: Array<[number, string]>,
    ): Array<Array<[number, string]>> => [
      [[40, title]],
      [[40, `Account Number: ${number}`]],
      [[40, 'Beginning Balance'], right(560, opening)],
      row,
    ];
    const statement = parse([
      page([
        [
          [40, 'ACME TOOLS LLC'],
          [380, 'Primary Account: 0000004821'],
        ],
        [[40, 'Statement Period 08/01/26 - 08/31/26']],
        ...account(checking, '0000004821', '1,000.00', [
          [40, '08/03'],
          [90, 'SALES'],
          right(450, '300.00'),
          right(560, '1,300.00'),
        ]),
        [[40, 'Ending Balance'], right(560, '1,300.00')],
        ...account(savings, '0000004822', '5,000.00', [
          [40, '08/04'],
          [90, 'INTEREST'],
          right(450, '1.00'),
          right(560, '5,001.00'),
        ]),
        [[40, 'Ending Balance'], right(560, '5,001.00')],
      ]),
    ]);
    expect(statement.segments.map((segment) => [segment.account?.last4, segment.account?.kind])).toEqual([
      ['4821', 'checking'],
      ['4822', 'savings'],
    ]);
  });

  it('reads a table whose date comes after the description', () => {
    const statement = parse([
      page([
        [[40, 'Activity from 03/01/2026 to 03/31/2026']],
        [
          [40, 'Description'],
          [250, 'Date'],
          [420, 'Amount'],
        ],
        [[40, 'SHOPIFY PAYOUT 5120682'], [250, '03/02/2026'], right(450, '$1,250.00')],
        [[40, 'OFFICE DEPOT'], [250, '03/03/2026'], right(450, '-$75.10')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-03-02', 'SHOPIFY PAYOUT 5120682', 1_250_00, 'credit'],
      ['2026-03-03', 'OFFICE DEPOT', 75_10, 'debit'],
    ]);
  });

  it('dates yearless rows from the statement date when no period is printed', () => {
    const statement = parse([
      page([
        [[40, 'Statement date: 02/28/2026']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
        ],
        [[40, '02/03'], [90, 'SALES'], right(450, '100.00')],
        [[40, '02/04'], [90, 'RENT'], right(450, '-40.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[0])).toEqual(['2026-02-03', '2026-02-04']);
  });
});

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

describe('amounts printed on the last line of a wrapped description', () => {
  it('reads the row from its dated first line and the amounts below it', () => {
    const statement = parse([
      page([
        [[419, 'Statement Period: 03/01/2026 - 03/31/2026']],
        [
          [40, 'Date'],
          [80, 'Transaction Description'],
          [369, 'Withdrawals'],
          [460, 'Deposits'],
          [541, 'Balance'],
        ],
        [[40, '03/01'], [80, 'Beginning Balance'], right(580, '1,000.00')],
        [
          [40, '03/01'],
          [80, 'ACH DEBIT BRIARWOOD REALTY RENT'],
        ],
        [[86, 'CO ID 1735610569'], right(430, '600.00'), right(580, '400.00')],
        [[40, '03/02'], [80, 'STRIPE TRANSFER ST-849ADX'], right(520, '250.00'), right(580, '650.00')],
        [
          [40, '03/06'],
          [80, 'GUSTO PAYROLL'],
        ],
        [[86, 'NET 779643 PPD']],
        [right(430, '100.00'), right(580, '550.00')],
        [[40, '03/09'], [80, 'DEPOSIT'], right(520, '50.00'), right(580, '600.00')],
        // A customer whose name begins with "Total", on the wrapped line after the entry's type.
        [
          [40, '03/10'],
          [80, 'ACH CREDIT'],
        ],
        [[80, 'TOTAL HOME SERVICES PAYMENT']],
        [[80, 'CO ID 7486838'], right(520, '400.00'), right(580, '1,000.00')],
        [[40, '03/31'], [80, 'Ending Balance'], right(580, '1,000.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-03-01', 'ACH DEBIT BRIARWOOD REALTY RENT CO ID 1735610569', 600_00, 'debit'],
      ['2026-03-02', 'STRIPE TRANSFER ST-849ADX', 250_00, 'credit'],
      ['2026-03-06', 'GUSTO PAYROLL NET 779643 PPD', 100_00, 'debit'],
      ['2026-03-09', 'DEPOSIT', 50_00, 'credit'],
      ['2026-03-10', 'ACH CREDIT TOTAL HOME SERVICES PAYMENT CO ID 7486838', 400_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});

describe('a time of day after the date', () => {
  it('reads neither the time nor a lone type word as the description, and keeps the row', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 05/01/2025 to 05/31/2025']],
        [[40, 'Beginning balance'], right(300, '1,000.00')],
        [[40, '05/08/2025 07:24'], [128, 'DEPOSIT'], right(500, '500.00'), right(580, '1,500.00')],
        [
          [40, '05/09/2025'],
          [90, '1:05 PM'],
          [128, 'BANKCARD 8076 MTOT DEP'],
          right(500, '250.00'),
          right(580, '1,750.00'),
        ],
        [[40, '05/12/2025 16:40:09 CITY WATER'], right(500, '-50.00'), right(580, '1,700.00')],
        [[40, 'Ending balance'], right(300, '1,700.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2025-05-08', 'DEPOSIT', 500_00, 'credit'],
      ['2025-05-09', 'BANKCARD 8076 MTOT DEP', 250_00, 'credit'],
      ['2025-05-12', 'CITY WATER', 50_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});

describe('a period printed as its closing date and length', () => {
  it('takes each statement period from "Closing Date" and "Days in this cycle"', () => {
    const month = (closing: string, days: string, opening: string, rows: [string, string, string, string][]) =>
      page([
        [right(560, `Statement Closing Date: ${closing}`)],
        [
          [394, `Days in this cycle: ${days}`],
          [477, 'Member Number: ****5257'],
        ],
        [[48, 'Previous Statement Balance'], right(300, opening)],
        [
          [40, 'Date'],
          [80, 'Description'],
          [440, 'Withdrawals'],
          [500, 'Deposits'],
          [545, 'Balance'],
        ],
        ...rows.map(([date, text, amount, balance]) => [
          [40, date] as [number, string],
          [80, text] as [number, string],
          right(amount.startsWith('-') ? 480 : 520, amount.replace('-', '')),
          right(580, balance),
        ]),
      ]);
    const statement = parse([
      month('06/30/2026', '30', '1,000.00', [
        ['06/01', 'STRIPE TRANSFER', '500.00', '1,500.00'],
        ['06/29', 'RENT', '-700.00', '800.00'],
      ]),
      month('07/31/2026', '31', '800.00', [
        ['07/01', 'STRIPE TRANSFER', '200.00', '1,000.00'],
        ['07/30', 'PAYROLL', '-100.00', '900.00'],
      ]),
    ]);
    expect(statement.segments.map((segment) => [segment.periodStart, segment.periodEnd])).toEqual([
      ['2026-06-01', '2026-06-30'],
      ['2026-07-01', '2026-07-31'],
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-06-01', 'STRIPE TRANSFER', 500_00, 'credit'],
      ['2026-06-29', 'RENT', 700_00, 'debit'],
      ['2026-07-01', 'STRIPE TRANSFER', 200_00, 'credit'],
      ['2026-07-30', 'PAYROLL', 100_00, 'debit'],
    ]);
    expect(statement.warnings).toEqual([]);
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

describe('a transaction whose description begins with balance words', () => {
  it('reads it as a row when it prints an amount and a running balance, and still takes a lone balance as a label', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 06/01/2025 through 06/30/2025']],
        [[40, 'Beginning balance'], right(300, '1,000.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [380, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '06/01'], [90, 'Balance forward'], right(560, '1,000.00')],
        [
          [40, '06/02'],
          [90, 'BEGINNING BALANCE ADJ TRANSFER FROM SAVINGS REF #44812'],
          right(420, '250.00'),
          right(560, '1,250.00'),
        ],
        [[40, '06/03'], [90, 'CARD SALES'], right(420, '300.00'), right(560, '1,550.00')],
        [[40, '06/04'], [90, 'NEW BALANCE TRANSFER TO PAYROLL ACCOUNT'], right(420, '-50.00'), right(560, '1,500.00')],
        [[40, 'Ending balance'], right(300, '1,500.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2025-06-02', 'BEGINNING BALANCE ADJ TRANSFER FROM SAVINGS REF #44812', 250_00, 'credit'],
      ['2025-06-03', 'CARD SALES', 300_00, 'credit'],
      ['2025-06-04', 'NEW BALANCE TRANSFER TO PAYROLL ACCOUNT', 50_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});

describe('a date printed only on the first row of its day', () => {
  it('gives the rows below it that date, across a page break, and reads no summary line as a row', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 05/10/2024 through 06/09/2024']],
        [[40, 'Deposits and Other Credits'], right(300, '$1,350.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [330, 'Debits'],
          [410, 'Credits'],
          [520, 'Balance'],
        ],
        [[40, '05/10'], [90, 'TOAST INC DEP DEPOSIT'], right(450, '1,000.00'), right(560, '2,000.00')],
        [[90, 'DEBIT CARD PURCHASE DEPOT SUPPLY'], right(370, '200.00'), right(560, '1,800.00')],
        [[90, 'ACH DEBIT FORWARD CAPITAL LLC'], right(370, '100.00'), right(560, '1,700.00')],
        [[40, '05/13'], [90, 'MOBILE DEPOSIT REF 1333'], right(450, '300.00'), right(560, '2,000.00')],
        [[90, 'CHECK 1123'], right(370, '50.00'), right(560, '1,950.00')],
        [[40, 'Page 1 of 2']],
      ]),
      page([
        [[40, 'Account Number XXXXXX7840']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [330, 'Debits'],
          [410, 'Credits'],
          [520, 'Balance'],
        ],
        [[90, 'ACH CREDIT BALANCE STAFFING INC'], right(450, '50.00'), right(560, '2,000.00')],
        [[40, '05/14'], [90, 'ADP PAYROLL NET PAY'], right(370, '500.00'), right(560, '1,500.00')],
        [[40, 'Ending Balance'], right(300, '1,500.00')],
        [[40, 'Checks Paid'], right(300, '$50.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2024-05-10', 'TOAST INC DEP DEPOSIT', 1_000_00, 'credit'],
      ['2024-05-10', 'DEBIT CARD PURCHASE DEPOT SUPPLY', 200_00, 'debit'],
      ['2024-05-10', 'ACH DEBIT FORWARD CAPITAL LLC', 100_00, 'debit'],
      ['2024-05-13', 'MOBILE DEPOSIT REF 1333', 300_00, 'credit'],
      ['2024-05-13', 'CHECK 1123', 50_00, 'debit'],
      ['2024-05-13', 'ACH CREDIT BALANCE STAFFING INC', 50_00, 'credit'],
      ['2024-05-14', 'ADP PAYROLL NET PAY', 500_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});

describe('dates printed run together, as mainframe prints do', () => {
  it('reads "03AUG26" rows and a "01AUG26 TO 31AUG26" period', () => {
    const statement = parse([
      page([
        [[40, '01AUG26 TO 31AUG26']],
        [[40, 'BEGINNING BALANCE 1,000.00']],
        [
          [40, 'DATE'],
          [90, 'DESCRIPTION'],
          [330, 'DEBITS'],
          [410, 'CREDITS'],
          [520, 'BALANCE'],
        ],
        [[40, '03AUG26'], [90, 'TOAST INC DEP DEPOSIT'], right(450, '500.00'), right(560, '1,500.00')],
        [[40, '04AUG2026'], [90, 'RENT PAYMENT OAK PROPERTIES'], right(370, '700.00'), right(560, '800.00')],
        [[40, 'ENDING BALANCE 800.00']],
      ]),
    ]);
    expect(statement.segments.map((segment) => [segment.periodStart, segment.periodEnd])).toEqual([
      ['2026-08-01', '2026-08-31'],
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-08-03', 'TOAST INC DEP DEPOSIT', 500_00, 'credit'],
      ['2026-08-04', 'RENT PAYMENT OAK PROPERTIES', 700_00, 'debit'],
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

describe('a balance summary printed across the page', () => {
  it('takes the opening and closing balances from the amounts under their labels', () => {
    const statement = parse([
      page([
        [[40, 'For the period 07/01/2024 to 07/31/2024']],
        [
          [40, 'Previous Balance'],
          [150, 'Deposits/Credits'],
          [260, 'Checks/Debits'],
          [370, 'Service Charge'],
          [480, 'Ending Balance'],
        ],
        [
          right(110, '$1,000.00'),
          right(220, '$500.00'),
          right(330, '$200.00'),
          right(440, '$15.00'),
          right(550, '$1,285.00'),
        ],
        [
          [40, '23 items'],
          [150, '14 items'],
        ],
        [[40, 'Deposits and Other Additions']],
        [
          [40, 'Date posted'],
          [100, 'Amount'],
          [200, 'Transaction description'],
        ],
        [[40, '07/02'], right(160, '500.00'), [200, 'TOAST INC DEP DEPOSIT']],
        [[40, 'Checks and Other Subtractions']],
        [
          [40, 'Date posted'],
          [100, 'Amount'],
          [200, 'Transaction description'],
        ],
        [[40, '07/03'], right(160, '200.00'), [200, 'RENT PAYMENT OAK PROPERTIES']],
        [[40, '07/31'], right(160, '15.00'), [200, 'SERVICE CHARGE']],
      ]),
    ]);
    const [segment] = statement.segments;
    expect([segment?.openingBalanceCents, segment?.closingBalanceCents, segment?.balanceCheck.status]).toEqual([
      1_000_00,
      1_285_00,
      'reconciled',
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2024-07-02', 'TOAST INC DEP DEPOSIT', 500_00, 'credit'],
      ['2024-07-03', 'RENT PAYMENT OAK PROPERTIES', 200_00, 'debit'],
      ['2024-07-31', 'SERVICE CHARGE', 15_00, 'debit'],
    ]);
  });
});
