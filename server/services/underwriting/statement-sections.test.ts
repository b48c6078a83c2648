// Blocks of a statement that list money but are not the period's posted transactions: items still pending, holds,
// check images. And a period printed in two forms on different pages of one statement.
import { describe, expect, it } from 'vitest';
import { accountKind } from './statement-lines';
import { page, parse, right, rowsOf } from './test-pages';

/** April's period, opening 1,000.00 and closing 800.00 (the two posted rows below move it so). */
const aprilSummary = (): Array<Array<[number, string]>> => [
  [[40, 'Statement Period: 04/01/2026 - 04/30/2026']],
  [[40, 'Beginning Balance'], right(330, '1,000.00')],
  [[40, 'Ending Balance'], right(330, '800.00')],
];

const posted = (): Array<Array<[number, string]>> => [
  [[40, 'Posted Transactions']],
  [
    [40, 'Date'],
    [90, 'Description'],
    [440, 'Amount'],
    [520, 'Balance'],
  ],
  [[40, '04/01'], [90, 'RENT PAYMENT'], right(470, '-500.00'), right(560, '500.00')],
  [[40, '04/02'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
];

describe('blocks that are not posted transactions', () => {
  it('leaves out pending items and holds listed before the posted rows', () => {
    const statement = parse([
      page([
        ...aprilSummary(),
        [[40, 'Pending Transactions (not yet posted; not included in balances)']],
        [[40, '04/30'], [90, 'CARD AUTH HOME DEPOT'], right(470, '-312.18')],
        [[40, '04/30'], [90, 'MERCHANT DEPOSIT PENDING'], right(470, '2,145.00')],
        [[40, 'Holds']],
        [[40, '04/28'], [90, 'DEPOSIT HOLD RELEASES 05/03'], right(470, '1,500.00')],
        ...posted(),
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-01', 'RENT PAYMENT', 500_00, 'debit'],
      ['2026-04-02', 'CARD SETTLEMENT', 300_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('leaves out pending items listed after the posted rows, under their own column heading', () => {
    const statement = parse([
      page([
        ...aprilSummary(),
        ...posted(),
        [[40, 'PENDING ITEMS']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
        ],
        [[40, '04/30'], [90, 'ACH DEBIT RAPIDFUND CAPITAL'], right(470, '-425.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toHaveLength(2);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads the rows after a line that only mentions pending items in passing', () => {
    const statement = parse([
      page([
        ...aprilSummary(),
        [[40, 'Pending deposits: none']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '04/01'], [90, 'RENT PAYMENT'], right(470, '-500.00'), right(560, '500.00')],
        [[40, '04/02'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toHaveLength(2);
  });

  it('reads no row from a page of check images, whatever its title also names', () => {
    const statement = parse([
      page([...aprilSummary(), ...posted()]),
      page([
        [[40, 'Check Images - Account XXXXXX9589']],
        [
          [40, 'KESTREL AUTO REPAIR INC'],
          [200, '2861'],
        ],
        [[150, '04/25/2026']],
        [
          [40, 'PAY TO THE ORDER OF SUPPLIER'],
          [200, '$1,400.16'],
        ],
        [[40, 'Check #2861 Posted 04/28 Amount 1,400.16']],
      ]),
    ]);
    expect(rowsOf(statement)).toHaveLength(2);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads a check image box as no row even without a check images title', () => {
    const statement = parse([
      page([
        ...aprilSummary(),
        ...posted(),
        [
          [40, 'KESTREL AUTO REPAIR INC'],
          [200, '2861'],
        ],
        [[150, '04/25/2026']],
        [
          [40, 'PAY TO THE ORDER OF SUPPLIER'],
          [200, '$1,400.16'],
        ],
      ]),
    ]);
    expect(rowsOf(statement)).toHaveLength(2);
  });

  it('keeps one period printed in words on the first page and in figures on the next, beside an address', () => {
    const statement = parse([
      page([
        [
          [40, 'KESTREL AUTO REPAIR INC'],
          [300, 'Account Number: XXXXXX9589'],
        ],
        [
          [40, '1420 COMMERCE BLVD STE 4'],
          [300, 'April 1, 2026 to April 30, 2026'],
        ],
        [[40, 'Beginning Balance on April 1, 2026'], right(330, '1,000.00')],
        [[40, 'Ending Balance on April 30, 2026'], right(330, '800.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, 'Apr 1'], [90, 'RENT PAYMENT'], right(470, '-500.00'), right(560, '500.00')],
      ]),
      page([
        [[40, 'KESTREL AUTO REPAIR INC Account XXXXXX9589 04/01/2026 - 04/30/2026 Page 2']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, 'Apr 2'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
      ]),
    ]);
    expect(statement.segments).toHaveLength(1);
    expect(statement.segments[0]).toMatchObject({ periodStart: '2026-04-01', periodEnd: '2026-04-30' });
    expect(rowsOf(statement)).toHaveLength(2);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('takes a period printed first over the second page as the period of the rows before it, when they fall in it', () => {
    const pages = (firstDate: string) => [
      page([
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, firstDate], [90, 'RENT PAYMENT'], right(470, '-500.00'), right(560, '500.00')],
      ]),
      page([
        [[40, 'Account XXXXXX9589 04/01/2026 - 04/30/2026 Page 2']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '04/02'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
        [[40, 'Ending Balance'], right(330, '800.00')],
      ]),
    ];
    const one = parse(pages('04/01'));
    expect(one.segments.map((segment) => [segment.periodStart, segment.transactions.length])).toEqual([
      ['2026-04-01', 2],
    ]);
    expect(one.segments[0]?.balanceCheck.status).toBe('reconciled');
    // Rows of another month before it are another statement's.
    expect(parse(pages('03/01/2026')).segments.map((segment) => segment.periodStart)).toEqual([
      '2026-03-01',
      '2026-04-01',
    ]);
  });

  it('gives each row the description printed above it when the dated lines print only the entry type', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 06/01/2026 - 06/30/2026']],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [
          [40, 'Date'],
          [90, 'Transaction'],
          [300, 'Withdrawals'],
          [380, 'Deposits'],
          [520, 'Balance'],
        ],
        [[40, 'CHECK 3956']],
        [[40, '06/01'], [90, 'Check'], right(350, '500.00'), right(560, '500.00')],
        [[40, 'MERCHANT BNKCD DEPOSIT 501172899']],
        [[40, '06/01'], [90, 'Credit'], right(430, '300.00'), right(560, '800.00')],
        [[40, 'ACH DEBIT BRIGHTLINE FUNDING']],
        [[40, 'ID 99812 WEEKLY']],
        [[40, '06/02'], [90, 'Debit'], right(350, '226.00'), right(560, '574.00')],
        [[40, 'Ending Balance'], right(330, '574.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-06-01', 'CHECK 3956', 500_00, 'debit'],
      ['2026-06-01', 'MERCHANT BNKCD DEPOSIT 501172899', 300_00, 'credit'],
      ['2026-06-02', 'ACH DEBIT BRIGHTLINE FUNDING ID 99812 WEEKLY', 226_00, 'debit'],
    ]);
  });

  it('keeps the lines under a row that prints its own words with that row, whatever its neighbours print', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 06/01/2026 - 06/30/2026']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
        ],
        [[40, 'DEPOSITS AND CREDITS']],
        [[40, '06/01'], [90, 'DEPOSIT'], right(470, '500.00')],
        [[40, '06/02'], [90, 'DEPOSIT'], right(470, '300.00')],
        [[90, 'BRANCH 0012']],
        [[40, '06/03'], [90, 'ZELLE FROM HARBOR'], right(470, '226.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[1])).toEqual(['DEPOSIT', 'DEPOSIT BRANCH 0012', 'ZELLE FROM HARBOR']);
  });

  it('reads each account of a summary of accounts as its own statement, titled with a dash before its number', () => {
    const account = (title: string, opening: string, closing: string, rows: Array<Array<[number, string]>>) => [
      [[40, title]] as Array<[number, string]>,
      [[40, 'Beginning Balance on April 1, 2026'], right(330, opening)] as Array<[number, string]>,
      [[40, 'Ending Balance on April 30, 2026'], right(330, closing)] as Array<[number, string]>,
      [
        [40, 'Date'],
        [90, 'Description'],
        [440, 'Amount'],
        [520, 'Balance'],
      ] as Array<[number, string]>,
      ...rows,
    ];
    const statement = parse([
      page([
        [[40, 'Statement Period: 04/01/2026 - 04/30/2026']],
        [[40, 'Summary of Accounts']],
        [[40, 'Business Checking XXXXXX9589'], right(330, '1,000.00'), right(420, '800.00')],
        [[40, 'Business Savings XXXXXX1177'], right(330, '5,000.00'), right(420, '5,500.00')],
        ...account('Business Checking - XXXXXX9589', '1,000.00', '800.00', [
          [[40, '04/10'], [90, 'ONLINE TRANSFER TO SAVINGS'], right(470, '-500.00'), right(560, '500.00')],
          [[40, '04/12'], [90, 'CARD SETTLEMENT'], right(470, '300.00'), right(560, '800.00')],
        ]),
        ...account('Business Savings - XXXXXX1177', '5,000.00', '5,500.00', [
          [[40, '04/10'], [90, 'ONLINE TRANSFER FROM CHECKING'], right(470, '500.00'), right(560, '5,500.00')],
        ]),
      ]),
    ]);
    expect(
      statement.segments.map((segment) => [segment.account, segment.transactions.length, segment.balanceCheck.status]),
    ).toEqual([
      [{ last4: '9589', kind: 'checking' }, 2, 'reconciled'],
      [{ last4: '1177', kind: 'savings' }, 1, 'reconciled'],
    ]);
  });

  it('keeps an account with no activity in the period as a period of its own with no rows', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 05/01/2026 - 05/31/2026']],
        [[40, 'Business Checking XXXXXX3735']],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [[40, 'Ending Balance'], right(330, '800.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [440, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '05/10'], [90, 'RENT PAYMENT'], right(470, '-200.00'), right(560, '800.00')],
        [[40, 'Business Savings XXXXXX6068']],
        [[40, 'Beginning Balance on May 1, 2026'], right(330, '8,460.09')],
        [[40, 'Ending Balance on May 31, 2026'], right(330, '8,460.09')],
        [[40, 'No activity this period.']],
      ]),
    ]);
    expect(
      statement.segments.map((segment) => [
        segment.account,
        segment.periodStart,
        segment.openingBalanceCents,
        segment.closingBalanceCents,
        segment.transactions.length,
        segment.balanceCheck.status,
      ]),
    ).toEqual([
      [{ last4: '3735', kind: 'checking' }, '2026-05-01', 1_000_00, 800_00, 1, 'reconciled'],
      [{ last4: '6068', kind: 'savings' }, '2026-05-01', 8_460_09, 8_460_09, 0, 'reconciled'],
    ]);
  });

  it('takes a section title followed on its line by a count and a footnote', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 01/01/2025 - 01/31/2025']],
        [[40, 'Beginning Balance'], right(330, '1,000.00')],
        [[40, 'Ending Balance'], right(330, '600.00')],
        [
          [40, 'Checks Paid'],
          [106, 'No. Checks: 2'],
          [177, '*Indicates break in serial sequence'],
        ],
        [
          [40, 'DATE'],
          [85, 'SERIAL NO.'],
          [258, 'AMOUNT'],
          [305, 'DATE'],
          [350, 'SERIAL NO.'],
          [523, 'AMOUNT'],
        ],
        [[40, '01/03'], [85, '3536'], right(293, '300.00'), [305, '01/10'], [350, '3537'], right(558, '100.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => [row[2], row[3]])).toEqual([
      [300_00, 'debit'],
      [100_00, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads no row of page totals, however the bank words it', () => {
    for (const label of ['Page total', 'Totals this page', 'Total for page 1', 'Page subtotal']) {
      const statement = parse([
        page([
          ...aprilSummary(),
          [
            [40, 'Date'],
            [90, 'Description'],
            [300, 'Debits'],
            [380, 'Credits'],
            [520, 'Balance'],
          ],
          [[40, '04/01'], [90, 'RENT PAYMENT'], right(350, '500.00'), right(560, '500.00')],
          [[90, label], right(350, '500.00'), right(430, '0.00')],
        ]),
        page([
          [[40, '04/02'], [90, 'CARD SETTLEMENT'], right(430, '300.00'), right(560, '800.00')],
          [[90, label], right(350, '0.00'), right(430, '300.00')],
        ]),
      ]);
      expect(rowsOf(statement), label).toEqual([
        ['2026-04-01', 'RENT PAYMENT', 500_00, 'debit'],
        ['2026-04-02', 'CARD SETTLEMENT', 300_00, 'credit'],
      ]);
      expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
    }
  });

  it('reads a section title printed in two languages by its halves', () => {
    const statement = parse([
      page([
        ...aprilSummary(),
        [[40, 'Depósitos y otros créditos / Deposits and other credits']],
        [[40, '04/02'], [90, 'CARD SETTLEMENT'], right(470, '300.00')],
        [[40, 'Retiros y otros débitos / Withdrawals and other debits']],
        [[40, '04/01'], [90, 'RENT PAYMENT'], right(470, '500.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-01', 'RENT PAYMENT', 500_00, 'debit'],
      ['2026-04-02', 'CARD SETTLEMENT', 300_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('takes a certificate of deposit for a savings account, not an operating one', () => {
    expect(accountKind('C20 12 MONTH CERTIFICATE')).toBe('savings');
    expect(accountKind('SHARE CERTIFICATE')).toBe('savings');
  });

  it("does not take a bank's name for the account's kind", () => {
    expect(
      [
        'HOMESTEAD SAVINGS AND TRUST CO',
        'HOMESTEAD SAVINGS & TRUST COMPANY STATEMENT OF ACCOUNT',
        'Ironwood Savings Bank',
        'First Federal Savings and Loan Association',
        'Lakeside Federal Savings, FSB',
        'Harbor Savings Institution',
      ].map(accountKind),
    ).toEqual([null, null, null, null, null, null]);
    expect(
      ['HOMESTEAD SAVINGS AND TRUST CO BUSINESS CHECKING', 'Business Savings', 'SAVINGS ACCOUNT 8707'].map(accountKind),
    ).toEqual(['checking', 'savings', 'savings']);
  });

  it('leaves out the rows an online-banking export marks pending, and keeps the status out of descriptions', () => {
    const statement = parse([
      page([
        [[40, 'Transactions from 03/01/2025 to 03/31/2025']],
        [
          [40, 'Status'],
          [85, 'Date'],
          [140, 'Description'],
          [460, 'Amount'],
          [539, 'Balance'],
        ],
        [[40, 'Pending'], [85, '03/31/2025'], [140, 'MERCHANT DEPOSIT'], right(490, '$1,246.30')],
        [
          [40, 'Posted'],
          [85, '03/31/2025'],
          [140, 'ACH DEBIT FORWARD CAPITAL LLC'],
          right(490, '-$25.00'),
          right(570, '$975.00'),
        ],
        [[40, 'Posted'], [85, '03/30/2025'], [140, 'CARD SETTLEMENT'], right(490, '$500.00'), right(570, '$1,000.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2025-03-30', 'CARD SETTLEMENT', 500_00, 'credit'],
      ['2025-03-31', 'ACH DEBIT FORWARD CAPITAL LLC', 25_00, 'debit'],
    ]);
  });
});
