// Layout shapes the reader was not written for, built as positioned text the way pdf.js reports it: what matters
// is that rows are read by their shape and directions by the evidence on the page.
import { describe, expect, it } from 'vitest';
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
  // April under a period, the column headings and a beginning balance of $1,000.00.
  const april = (rows: Array<Array<[number, string]>>) =>
    page([
      [[419, 'Statement Period: 04/01/2026 - 04/30/2026']],
      [
        [40, 'Date'],
        [80, 'Description'],
        [369, 'Withdrawals'],
        [460, 'Deposits'],
        [541, 'Balance'],
      ],
      [[40, '04/01'], [80, 'Beginning Balance'], right(580, '1,000.00')],
      ...rows,
    ]);

  it('keeps a wrapped line that starts with a date-like token outside the date column in the description', () => {
    const statement = parse([
      april([
        [
          [40, '04/22'],
          [80, 'ZELLE FROM JANE Q OWNER'],
        ],
        [[80, '04/22 REF 88123']],
        [[80, 'CONF 5521'], right(520, '1,500.00'), right(580, '2,500.00')],
        [[40, '04/23'], [80, 'CARD SALES'], right(520, '200.00'), right(580, '2,700.00')],
        [[40, '04/24'], [80, 'BILL PAY ACME'], [80 + 60, '04/24 REF 1'], right(430, '700.00'), right(580, '2,000.00')],
        [[40, '04/30'], [80, 'Ending Balance'], right(580, '2,000.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-22', 'ZELLE FROM JANE Q OWNER 04/22 REF 88123 CONF 5521', 1_500_00, 'credit'],
      ['2026-04-23', 'CARD SALES', 200_00, 'credit'],
      ['2026-04-24', 'BILL PAY ACME 04/24 REF 1', 700_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads the last line of the words with the amounts, whatever it starts with: a date-like token or a number', () => {
    const statement = parse([
      april([
        [
          [40, '04/22'],
          [80, 'ZELLE FROM JANE Q OWNER'],
        ],
        [[80, '04/22 REF 88123'], right(520, '1,500.00'), right(580, '2,500.00')],
        [
          [40, '04/23'],
          [80, 'SQUARE INC DEPOSIT 059277 PPD ID:'],
        ],
        [[80, '7829291506'], right(520, '200.00'), right(580, '2,700.00')],
        [
          [40, '04/24'],
          [80, 'REFUND OFFICE DEPOT'],
        ],
        [[80, '#4551'], right(520, '20.00'), right(580, '2,720.00')],
        [[40, '04/30'], [80, 'Ending Balance'], right(580, '2,720.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-22', 'ZELLE FROM JANE Q OWNER 04/22 REF 88123', 1_500_00, 'credit'],
      ['2026-04-23', 'SQUARE INC DEPOSIT 059277 PPD ID: 7829291506', 200_00, 'credit'],
      ['2026-04-24', 'REFUND OFFICE DEPOT #4551', 20_00, 'credit'],
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
