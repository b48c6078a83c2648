// A page printed in two columns side by side: the heading printed twice on one line, read left column first.
import { describe, expect, it } from 'vitest';
import { page, parse, right, rowsOf } from './test-pages';

describe('two columns on one page', () => {
  it('reads deposits on the left half and withdrawals on the right half, each under its own title', () => {
    const statement = parse([
      page([
        [[40, 'April 1, 2026 through April 30, 2026']],
        [
          [40, 'Beginning balance 1,000.00'],
          [300, 'Ending balance 1,150.00'],
        ],
        [
          [40, 'Deposits and Credits'],
          [420, 'Withdrawals and Debits'],
        ],
        [
          [40, 'Date'],
          [90, 'Description'],
          [340, 'Amount'],
          [420, 'Date'],
          [470, 'Description'],
          [720, 'Amount'],
        ],
        [
          [40, '04/01'],
          [90, 'CARD SETTLEMENT'],
          right(370, '500.00'),
          [420, '04/02'],
          [470, 'RENT PAYMENT'],
          right(750, '300.00'),
        ],
        [
          [40, '04/03'],
          [90, 'ZELLE FROM HARBOR'],
          right(370, '100.00'),
          [420, '04/04'],
          [470, 'SUPPLIER ACH'],
          right(750, '200.00'),
        ],
        [[40, '04/05'], [90, 'CASH DEPOSIT'], right(370, '50.00')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-04-01', 'CARD SETTLEMENT', 500_00, 'credit'],
      ['2026-04-02', 'RENT PAYMENT', 300_00, 'debit'],
      ['2026-04-03', 'ZELLE FROM HARBOR', 100_00, 'credit'],
      ['2026-04-04', 'SUPPLIER ACH', 200_00, 'debit'],
      ['2026-04-05', 'CASH DEPOSIT', 50_00, 'credit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads one listing that runs down the left column and on down the right one, its balance unbroken', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 04/01/2026 - 04/30/2026']],
        [
          [40, 'Previous balance 1,000.00'],
          [300, 'New balance 1,150.00'],
        ],
        [
          [40, 'Date'],
          [90, 'Description'],
          [300, 'Amount'],
          [350, 'Balance'],
          [420, 'Date'],
          [470, 'Description'],
          [680, 'Amount'],
          [730, 'Balance'],
        ],
        [
          [40, '04/01'],
          [90, 'RENT PAYMENT'],
          right(330, '-300.00'),
          right(380, '700.00'),
          [420, '04/20'],
          [470, 'CARD SETTLEMENT'],
          right(710, '400.00'),
          right(760, '1,200.00'),
        ],
        [
          [40, '04/02'],
          [90, 'CARD SETTLEMENT'],
          right(330, '100.00'),
          right(380, '800.00'),
          [420, '04/30'],
          [470, 'SERVICE FEE'],
          right(710, '-50.00'),
          right(760, '1,150.00'),
        ],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[0])).toEqual(['2026-04-01', '2026-04-02', '2026-04-20', '2026-04-30']);
    expect(statement.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
  });
});

describe('a description printed up against its amount', () => {
  // One piece of text "... XXXXXX8821 5,120.88": a long description running into a left-aligned amount column.
  it('splits the amount off the words when the row has only its running balance besides', () => {
    const statement = parse([
      page([
        [[40, 'June 1, 2026 through June 30, 2026']],
        [[40, 'Beginning balance 1,000.00']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [330, 'Amount'],
          [430, 'Balance'],
        ],
        [[40, '06/01'], [90, 'CLOVER MERCH DEP 686109'], [330, '3,719.43'], right(480, '4,719.43')],
        [[40, '06/02'], [90, 'ONLINE TRANSFER FROM SUMMIT RIDGE SAVINGS XXXXXX8821 5,120.88'], right(480, '9,840.31')],
        [[40, '06/03'], [90, 'UBER TRIP CARD 4417'], [330, '-295.40'], right(480, '9,544.91')],
        [[40, 'Ending balance 9,544.91']],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-06-01', 'CLOVER MERCH DEP 686109', 3_719_43, 'credit'],
      ['2026-06-02', 'ONLINE TRANSFER FROM SUMMIT RIDGE SAVINGS XXXXXX8821', 5_120_88, 'credit'],
      ['2026-06-03', 'UBER TRIP CARD 4417', 295_40, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});
