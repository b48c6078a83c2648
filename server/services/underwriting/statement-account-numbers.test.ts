// Accounts headed with their full, unmasked numbers ("Account # 409-2205850"): each account is its own period, and
// one account's signed amounts do not decide how another account's unsigned amounts are read.
import { describe, expect, it } from 'vitest';
import { LINEAR_TIME_TEST, slowCases } from '../../../src/shared/linear-time.test-helpers';
import { ACCOUNT_NUMBER } from './statement-words';
import { page, parse, right } from './test-pages';

type Line = Array<[number, string]>;
const heading: Line = [
  [40, 'POSTING DATE'],
  [110, 'DESCRIPTION'],
  [520, 'AMOUNT'],
];
const row = (date: string, text: string, amount: string): Line => [[40, date], [110, text], right(560, amount)];

function statementWith(checking: string, savings: string) {
  return parse([
    page([
      [[400, 'Statement Period: May 1 2026-May 31 2026']],
      [
        [40, 'TD BUSINESS CONVENIENCE PLUS'],
        [330, `Account # ${checking}`],
      ],
      [[40, 'Beginning Balance'], right(300, '10,000.00')],
      [[40, 'Ending Balance'], right(300, '7,700.00')],
      [[40, 'Electronic Deposits']],
      heading,
      row('05/04', 'CCD DEPOSIT, STRIPE TRANSFER', '3,000.00'),
      [[40, 'Other Credits']],
      heading,
      row('05/10', 'DEPOSIT', '500.00'),
      [[40, 'Electronic Payments']],
      heading,
      row('05/12', 'CCD DEBIT, OAK PROPERTIES RENT', '4,000.00'),
      row('05/14', 'CCD DEBIT, GUSTO PAYROLL', '800.00'),
      [[40, 'Checks Paid']],
      heading,
      row('05/20', '1001', '1,000.00'),
    ]),
    page([
      [
        [40, 'TD BUSINESS SAVINGS'],
        [330, `Account # ${savings}`],
      ],
      [[40, 'Beginning Balance'], right(300, '5,000.00')],
      [[40, 'Ending Balance'], right(300, '3,805.00')],
      [[40, 'DEPOSITS'], right(300, '5.00')],
      [[40, 'WITHDRAWALS'], right(300, '-1,200.00')],
      [[40, 'Electronic Deposits']],
      heading,
      row('05/31', 'INTEREST PAYMENT', '5.00'),
      [[40, 'Electronic Payments']],
      heading,
      row('05/15', 'TRANSFER TO CHECKING', '-1,200.00'),
    ]),
  ]);
}

describe('accounts headed with their full numbers', () => {
  it.each([
    ['masked', 'XXXXXX5850', 'XXXXXX5868'],
    ['full, dashed', '409-2205850', '409-2205868'],
    ['full, in groups of four', '4092 2058 5850', '4092 2058 5868'],
  ])('splits the savings off and reads the checking debits unsigned (%s numbers)', (_name, checking, savings) => {
    const statement = statementWith(checking, savings);
    expect(statement.segments.map((segment) => [segment.account ?? null, segment.closingBalanceCents])).toEqual([
      [{ last4: '5850', kind: null }, 7_700_00],
      [{ last4: '5868', kind: 'savings' }, 3_805_00],
    ]);
    expect(statement.segments.map((segment) => segment.transactions.map((t) => [t.amountCents, t.direction]))).toEqual([
      [
        [3_000_00, 'credit'],
        [500_00, 'credit'],
        [4_000_00, 'debit'],
        [800_00, 'debit'],
        [1_000_00, 'debit'],
      ],
      [
        [1_200_00, 'debit'],
        [5_00, 'credit'],
      ],
    ]);
    expect(statement.warnings.join(' ')).not.toMatch(/closing balances/);
  });
});

describe('dashed account numbers', () => {
  it('are found in linear time', LINEAR_TIME_TEST, () => {
    expect(
      slowCases([
        ['after "Account #"', (value) => ACCOUNT_NUMBER.exec(`Account # ${value}`)],
        ['after "Savings"', (value) => ACCOUNT_NUMBER.exec(`Savings ${value}`)],
      ]),
    ).toEqual([]);
  });

  it('keeps the last four digits of a dashed number', () => {
    expect(ACCOUNT_NUMBER.exec('Account # 1234-5678')?.[1]).toBe('1234-5678');
    expect(ACCOUNT_NUMBER.exec('Account Number: 000000004821')?.[1]).toBe('000000004821');
  });

  it('reads a number printed in groups of four, never a phone number, an amount or a street number beside it', () => {
    expect(ACCOUNT_NUMBER.exec('Account 1234 5678 9012')?.[1]).toBe('1234 5678 9012');
    expect(ACCOUNT_NUMBER.exec('Account Number: 0001 2345 67')?.[1]).toBe('0001 2345 67');
    expect(ACCOUNT_NUMBER.exec('Account # 800 555 1212')).toBeNull();
    expect(ACCOUNT_NUMBER.exec('Account 1234 5678.90')?.[1]).not.toBe('1234 5678');
    expect(ACCOUNT_NUMBER.exec('Account 9529 1420 ORCHARD WAY STE 5')?.[1]).toBe('9529');
  });
});
