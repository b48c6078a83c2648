import { describe, expect, it } from 'vitest';
import { parseStatementPages } from './statement-parser';
import { page, parse, right } from './test-pages';

describe('statement parser', () => {
  it('reads fixed-width rows printed as one string per line', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 06/01/2025 - 06/30/2025']],
        [[40, 'Beginning Balance                                   1,000.00']],
        [[40, 'Date    Description                         Amount        Balance']],
        [[40, '06/02   CARD SETTLEMENT 4471                 250.00       1,250.00']],
        [[40, '06/03   ACH DEBIT SUPPLY CO                 (100.00)      1,150.00']],
        [[40, 'Ending Balance                                      1,150.00']],
      ]),
    ]);
    expect(statement.segments[0]?.transactions.map((t) => [t.date, t.description, t.amountCents, t.direction])).toEqual(
      [
        ['2025-06-02', 'CARD SETTLEMENT 4471', 250_00, 'credit'],
        ['2025-06-03', 'ACH DEBIT SUPPLY CO', 100_00, 'debit'],
      ],
    );
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('reads CR/DR markers printed in their own cell', () => {
    const statement = parse([
      page([
        [[40, 'Statement period 01/01/2025 to 01/31/2025']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [400, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '01/06'], [90, 'POS SALES BATCH'], right(430, '1,200.00'), [434, 'CR'], right(560, '1,200.00')],
        [[40, '01/07'], [90, 'RENT'], right(430, '800.00'), [434, 'DR'], right(560, '400.00')],
      ]),
    ]);
    expect(statement.segments[0]?.transactions.map((t) => [t.amountCents, t.direction])).toEqual([
      [1_200_00, 'credit'],
      [800_00, 'debit'],
    ]);
  });

  it('works out debits from the running balance when amounts carry no sign', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 03/01/2025 through 03/31/2025']],
        [[40, 'Opening balance'], right(300, '5,000.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
          [520, 'Balance'],
        ],
        [[40, '03/03'], [90, 'DEPOSIT'], right(450, '700.00'), right(560, '5,700.00')],
        [[40, '03/04'], [90, 'PAYROLL'], right(450, '2,000.00'), right(560, '3,700.00')],
        [[40, 'Closing balance'], right(300, '3,700.00')],
      ]),
    ]);
    expect(statement.segments[0]?.transactions.map((t) => t.direction)).toEqual(['credit', 'debit']);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
    expect(statement.warnings[0]).toMatch(/inferred from the running balance/);
  });

  it('gives yearless dates the right year when the period crosses New Year', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 12/15/2024 - 01/14/2025']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
        ],
        [[40, 'Dec 30'], [90, 'SALES'], right(450, '100.00')],
        [[40, 'Jan 02'], [90, 'SALES'], right(450, '200.00')],
      ]),
    ]);
    expect(statement.segments[0]?.transactions.map((t) => t.date)).toEqual(['2024-12-30', '2025-01-02']);
  });

  it('does not take a transaction that mentions dates for a new statement period', () => {
    const statement = parse([
      page([
        [[40, 'Statement Period: 04/01/2025 - 04/30/2025']],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
        ],
        [[40, '04/02/2025'], [90, 'TRANSFER FROM CUSTOMER INV 03/28/2025'], right(450, '900.00')],
        [[40, '04/09/2025'], [90, 'SALES'], right(450, '100.00')],
      ]),
    ]);
    expect(statement.segments).toHaveLength(1);
    expect(statement.segments[0]?.transactions).toHaveLength(2);
  });

  it('reads transactions across pages under one period', () => {
    const header: Array<[number, string]> = [
      [40, 'Date'],
      [90, 'Description'],
      [420, 'Amount'],
    ];
    const statement = parse([
      page([
        [[40, 'Statement Period: 05/01/2025 - 05/31/2025']],
        header,
        [[40, '05/02'], [90, 'SALES'], right(450, '10.00')],
      ]),
      page([
        [[40, 'Statement Period: 05/01/2025 - 05/31/2025']],
        header,
        [[40, '05/20'], [90, 'SALES'], right(450, '20.00')],
      ]),
    ]);
    expect(statement.segments).toHaveLength(1);
    expect(statement.segments[0]?.transactions).toHaveLength(2);
    expect(statement.segments[0]?.balanceCheck.status).toBe('unverifiable');
  });

  it('refuses a layout without column headings instead of guessing', () => {
    const result = parseStatementPages([
      page([
        [[40, 'Statement Period: 05/01/2025 - 05/31/2025']],
        [[40, '05/02'], [90, 'SALES'], right(450, '10.00')],
        [[40, '05/03'], [90, 'SALES'], right(450, '12.00')],
      ]),
    ]);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/Unknown statement layout/) });
  });

  it('calls a PDF without text a scan, with the code that queues it for OCR', () => {
    expect(parseStatementPages([{ items: [] }])).toEqual({
      ok: false,
      reason: expect.stringMatching(/no text layer/),
      code: 'no-text-layer',
    });
  });
});
