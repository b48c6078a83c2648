// Rows and balances printed in less common ways: a date on a day's first row only, dates run together, a balance
// summary printed across the page.
import { describe, expect, it } from 'vitest';
import { page, parse, right, rowsOf } from './test-pages';

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
