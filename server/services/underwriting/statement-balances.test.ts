// Balances a statement prints outside a balance column: each day's balance under day headings, a summary line that
// prints the opening and closing balance together, and tables that mark only one direction of money.
import { describe, expect, it } from 'vitest';
import { page, parse, right, rowsOf } from './test-pages';

const period: Array<[number, string]> = [[40, 'Statement period Aug 1, 2026 - Aug 31, 2026']];

describe("a day's balance under day headings", () => {
  it.each(['End of day balance', 'Ending balance', 'Daily balance', 'Closing balance'])(
    'reads "%s" after a day as the balance, never a transaction, and as the closing balance after the last day',
    (label) => {
      const statement = parse([
        page([
          period,
          [[40, 'Opening balance'], right(560, '$1,000.00')],
          [[40, 'Monday, August 3, 2026']],
          [[60, 'STRIPE PAYOUT'], right(560, '$80.00')],
          [[60, 'OFFICE SUPPLY CO'], right(560, '-$30.00')],
          [[60, label], right(560, '$1,050.00')],
          [[40, 'Wednesday, August 5, 2026']],
          [[60, 'SQUARE DEPOSIT'], right(560, '$20.00')],
          [[60, label], right(560, '$1,070.00')],
        ]),
      ]);
      expect(rowsOf(statement)).toEqual([
        ['2026-08-03', 'STRIPE PAYOUT', 80_00, 'credit'],
        ['2026-08-03', 'OFFICE SUPPLY CO', 30_00, 'debit'],
        ['2026-08-05', 'SQUARE DEPOSIT', 20_00, 'credit'],
      ]);
      const segment = statement.segments[0];
      expect([segment?.openingBalanceCents, segment?.closingBalanceCents]).toEqual([1_000_00, 1_070_00]);
      expect(segment?.balanceCheck.status).toBe('reconciled');
    },
  );

  it("reads unsigned amounts' directions from the days' balances", () => {
    const statement = parse([
      page([
        period,
        [[40, 'Opening balance'], right(560, '1,000.00')],
        [[40, 'Aug 3, 2026']],
        [[60, 'RENT PAYMENT'], right(560, '300.00')],
        [[60, 'End of day balance'], right(560, '700.00')],
        [[40, 'Aug 4, 2026']],
        [[60, 'CUSTOMER DEPOSIT'], right(560, '50.00')],
        [[60, 'End of day balance'], right(560, '750.00')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[3])).toEqual(['debit', 'credit']);
  });
});

describe("a day's balance printed on its heading", () => {
  it.each([
    [
      'as a label and an amount',
      (amount: string): Array<[number, string]> => [[420, 'End of day balance'], right(560, amount)],
    ],
    ['in one piece of text', (amount: string): Array<[number, string]> => [right(560, `End of day balance ${amount}`)]],
  ])('heads the day %s, newest first, and its signed rows are read', (_form, balance) => {
    const statement = parse([
      page([
        [[40, 'Sep 1, 2024 to Sep 30, 2024']],
        [
          [40, 'Opening balance $1,000.00'],
          [300, 'Closing balance -$40.00'],
        ],
        [
          [60, 'Description'],
          [520, 'Amount'],
        ],
        [[40, 'Monday, September 30, 2024'], ...balance('-$40.00')],
        [[60, 'Purchase 09/30 Office Depot 1140'], right(560, '-$880.18')],
        [[60, 'Merchant Deposit 710924'], right(560, '$340.18')],
        [[40, 'Friday, September 27, 2024'], ...balance('$500.00')],
        [[60, 'Merchant Deposit 622452'], right(560, '$2,471.35')],
        [[60, 'Gusto Payroll'], right(560, '-$2,971.35')],
      ]),
    ]);
    expect(rowsOf(statement)).toEqual([
      // A newest-first listing is read back in time order, each day's rows too.
      ['2024-09-27', 'Gusto Payroll', 2_971_35, 'debit'],
      ['2024-09-27', 'Merchant Deposit 622452', 2_471_35, 'credit'],
      ['2024-09-30', 'Merchant Deposit 710924', 340_18, 'credit'],
      ['2024-09-30', 'Purchase 09/30 Office Depot 1140', 880_18, 'debit'],
    ]);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});

describe('opening and closing balance printed on one line', () => {
  it('reads both, also after the rows of a newest-first listing', () => {
    const statement = parse([
      page([
        [[40, '08/01/2026 - 08/31/2026']],
        [
          [60, 'Description'],
          [440, 'Deposits'],
          [530, 'Withdrawals'],
        ],
        [[40, '08/05/2026']],
        [[60, 'SQUARE DEPOSIT'], right(480, '20.00')],
        [[40, '08/03/2026']],
        [[60, 'OFFICE SUPPLY CO'], right(572, '30.00')],
        [[60, 'STRIPE PAYOUT'], right(480, '80.00')],
        [[60, 'Beginning balance $1,000.00   Ending balance $1,070.00']],
      ]),
    ]);
    const segment = statement.segments[0];
    expect([segment?.openingBalanceCents, segment?.closingBalanceCents]).toEqual([1_000_00, 1_070_00]);
    expect(segment?.balanceCheck.status).toBe('reconciled');
  });
});

describe('a table that marks only one direction', () => {
  const table = (credit: string, debit: string) =>
    parse([
      page([
        [[40, 'STATEMENT FROM 08/01/26 THRU 08/31/26']],
        [[40, 'POSTED  TRANSACTION DESCRIPTION     AMOUNT']],
        [[40, '08/03'], [70, 'CUSTOMER DEPOSIT'], right(560, credit)],
        [[40, '08/04'], [70, 'CARD PURCHASE ACME PARTS'], right(550, debit)],
        [[40, '08/05'], [70, 'ACH PAYROLL'], right(550, '200.00')],
      ]),
    ]);

  it('reads the unmarked amounts as debits when credits carry "CR"', () => {
    expect(rowsOf(table('500.00CR', '40.00')).map((row) => row[3])).toEqual(['credit', 'debit', 'debit']);
  });

  it('reads the unmarked amounts as credits when debits carry "DR"', () => {
    const statement = parse([
      page([
        [[40, 'STATEMENT FROM 08/01/26 THRU 08/31/26']],
        [[40, '08/03'], [70, 'CUSTOMER DEPOSIT'], right(550, '500.00')],
        [[40, '08/04'], [70, 'CARD PURCHASE ACME PARTS'], right(560, '40.00DR')],
      ]),
    ]);
    expect(rowsOf(statement).map((row) => row[3])).toEqual(['credit', 'debit']);
  });
});

describe('a summary grid of labels over their values', () => {
  it('reads the opening and closing balance under their labels when counts of items sit beside them', () => {
    const statement = parse([
      page([
        [[40, 'Date Range: 12/01/2024 - 12/31/2024']],
        [
          [40, 'Opening Ledger'],
          [140, 'Total Credits'],
          [240, '# Credits'],
          [300, 'Total Debits'],
          [400, '# Debits'],
          [450, 'Closing Ledger'],
          [530, 'Closing Collected'],
        ],
        [
          [40, '6,473.97'],
          [140, '1,000.00'],
          [240, '1'],
          [300, '500.00'],
          [400, '1'],
          [450, '6,973.97'],
          [530, '6,973.97'],
        ],
        [
          [40, 'Post Date'],
          [100, 'Description'],
          [440, 'Debits'],
          [520, 'Credits'],
        ],
        [[40, '12/02/24'], [100, 'STRIPE TRANSFER'], right(560, '1,000.00')],
        [[40, '12/03/24'], [100, 'RENT PAYMENT MAIN ST'], right(480, '500.00')],
      ]),
    ]);
    const [segment] = statement.segments;
    expect([segment?.openingBalanceCents, segment?.closingBalanceCents, segment?.balanceCheck.status]).toEqual([
      6_473_97,
      6_973_97,
      'reconciled',
    ]);
  });

  it.each([
    ['Opening Cash Balance', 'Closing Cash Balance'],
    ['Beginning Account Balance', 'Ending Account Balance'],
    ['Opening Book Balance', 'Closing Book Balance'],
  ])('reads "%s" and "%s" as the statement balances', (opening, closing) => {
    const statement = parse([
      page([
        period,
        [[40, opening], right(300, '4,425.67')],
        [[40, closing], right(300, '4,925.67')],
        [
          [40, 'Date'],
          [100, 'Description'],
          [440, 'Amount'],
        ],
        [[40, '08/03'], [100, 'STRIPE TRANSFER'], right(480, '700.00')],
        [[40, '08/05'], [100, 'RENT PAYMENT MAIN ST'], right(480, '-200.00')],
      ]),
    ]);
    const [segment] = statement.segments;
    expect([segment?.openingBalanceCents, segment?.closingBalanceCents, segment?.balanceCheck.status]).toEqual([
      4_425_67,
      4_925_67,
      'reconciled',
    ]);
  });
});

describe('the totals a statement prints for its period', () => {
  const statement = (summary: Array<Array<[number, string]>>, rows: Array<Array<[number, string]>>) =>
    parse([
      page([
        [[40, 'Statement Period: 06/01/2026 through 06/30/2026']],
        [[40, 'Beginning Balance'], right(300, '1,000.00')],
        ...summary,
        [[40, 'Ending Balance'], right(300, '1,350.00')],
        [
          [40, 'Date'],
          [90, 'Description'],
          [420, 'Amount'],
          [520, 'Balance'],
        ],
        ...rows,
      ]),
    ]);
  const rows: Array<Array<[number, string]>> = [
    [[40, '06/02'], [90, 'SQUARE DEPOSIT'], right(460, '500.00'), right(560, '1,500.00')],
    [[40, '06/09'], [90, 'RENT PAYMENT'], right(460, '-300.00'), right(560, '1,200.00')],
    [[40, '06/15'], [90, 'STRIPE TRANSFER'], right(460, '200.00'), right(560, '1,400.00')],
    [[40, '06/20'], [90, 'CITY WATER'], right(460, '-50.00'), right(560, '1,350.00')],
  ];

  it.each([
    [
      'one to a line',
      [
        [[40, 'Total Deposits and Other Credits'], right(300, '700.00')],
        [[40, 'Total Withdrawals'], right(300, '350.00')],
      ],
    ],
    [
      'with counts',
      [
        [[40, 'Deposits/Credits (2)'], right(300, '700.00')],
        [[40, 'Withdrawals/Debits'], [200, '2'], right(300, '350.00')],
      ],
    ],
    [
      'across the page',
      [
        [
          [40, 'Deposits/Credits'],
          [160, 'Withdrawals/Debits'],
        ],
        [right(110, '700.00'), right(240, '350.00')],
      ],
    ],
  ] as Array<[string, Array<Array<[number, string]>>]>)(
    'agree with the rows read (%s): reconciled',
    (_name, summary) => {
      expect(statement(summary, rows).segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', note: null });
    },
  );

  it.each([
    [
      'one to a line',
      [
        [[40, 'Total Deposits'], right(300, '900.00')],
        [[40, 'Total Withdrawals'], right(300, '550.00')],
      ],
    ],
    [
      'across the page',
      [
        [
          [40, 'Deposits'],
          [160, 'Withdrawals'],
        ],
        [right(110, '900.00'), right(240, '550.00')],
      ],
    ],
  ] as Array<[string, Array<Array<[number, string]>>]>)(
    'do not reconcile when the rows read add up to something else, and say by how much (%s)',
    (_name, summary) => {
      const check = statement(summary, rows).segments[0]?.balanceCheck;
      expect(check?.status).toBe('mismatch');
      expect(check?.note).toContain('total deposits and credits of $900.00; the rows read add up to $700.00');
      expect(check?.note).toContain('total withdrawals and debits of $550.00; the rows read add up to $350.00');
    },
  );

  it.each([
    [
      'two different totals of one direction',
      [
        [[40, 'Total Deposits'], right(300, '650.00')],
        [[40, 'Total Deposits'], right(300, '900.00')],
      ],
    ],
    [
      'a share printed beside the total',
      [
        [[40, 'Total Withdrawals'], right(300, '300.00')],
        [[40, 'Service Charge'], right(300, '50.00')],
      ],
    ],
    [
      "a section's own total",
      [
        [[40, 'Total Electronic Withdrawals'], right(300, '75.00')],
        [[40, 'Total Other Credits'], right(300, '20.00')],
      ],
    ],
    [
      'a share across the page',
      [
        [
          [40, 'Credits'],
          [160, 'Debits'],
          [280, 'Service Charge'],
        ],
        [right(110, '700.00'), right(240, '300.00'), right(330, '50.00')],
      ],
    ],
  ] as Array<[string, Array<Array<[number, string]>>]>)('say nothing of the whole period (%s)', (_name, summary) => {
    expect(statement(summary, rows).segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it.each([
    [
      'in brackets after the label',
      [
        [[40, 'Deposits and Other Credits (3)'], right(300, '700.00')],
        [[40, 'Withdrawals and Other Debits (2)'], right(300, '350.00')],
      ],
    ],
    [
      'before the label, in its own cell',
      [
        [[40, '3'], [60, 'Deposits and Other Credits'], right(300, '$700.00')],
        [[40, '2'], [60, 'Withdrawals and Other Debits'], right(300, '$350.00')],
      ],
    ],
    [
      'before the label, in one piece of text with it and the amount',
      [[[40, '3 Deposits and Other Credits $700.00']], [[40, '2 Withdrawals and Other Debits $350.00']]],
    ],
    [
      'across the page under labels of their own',
      [
        [
          [40, 'Total Credits'],
          [140, '# Credits'],
          [200, 'Total Debits'],
          [300, '# Debits'],
        ],
        [right(90, '700.00'), [150, '3'], right(250, '350.00'), [310, '2']],
      ],
    ],
  ] as Array<[string, Array<Array<[number, string]>>]>)(
    'count items the rows read do not (%s): do not reconcile, and say how many',
    (_name, summary) => {
      const check = statement(summary, rows).segments[0]?.balanceCheck;
      expect(check?.status).toBe('mismatch');
      expect(check?.note).toContain('The statement prints 3 deposits and credits; 2 rows of them were read.');
      expect(check?.note).not.toContain('withdrawals');
    },
  );

  it.each([
    [
      'two languages in one label',
      [
        [[40, 'Depósitos y otros créditos / Deposits and other credits'], right(300, '900.00')],
        [[40, 'Retiros y otros débitos / Withdrawals and other debits'], right(300, '350.00')],
      ],
    ],
    [
      'Spanish labels alone or first',
      [
        [[40, 'Total de depósitos / Total deposits'], right(300, '900.00')],
        [[40, 'Retiros'], right(300, '350.00')],
      ],
    ],
    [
      'halves with their counts',
      [
        [[40, 'Depósitos (2) / Deposits (2)'], right(300, '900.00')],
        [[40, 'Retiros / Withdrawals'], right(300, '350.00')],
      ],
    ],
  ] as Array<[string, Array<Array<[number, string]>>]>)(
    'are read in two languages as in one (%s): a total the rows do not add up to is seen',
    (_name, summary) => {
      const check = statement(summary, rows).segments[0]?.balanceCheck;
      expect(check?.status).toBe('mismatch');
      expect(check?.note).toBe(
        'The statement prints total deposits and credits of $900.00; the rows read add up to $700.00.',
      );
    },
  );

  describe('of checks paid', () => {
    const withChecks = (lines: Array<Array<[number, string]>>) =>
      parse([
        page([
          [[40, 'Statement Period: 06/01/2026 through 06/30/2026']],
          [[40, 'Beginning Balance'], right(300, '1,000.00')],
          [[40, 'Ending Balance'], right(300, '1,130.00')],
          [
            [40, 'Date'],
            [90, 'Description'],
            [420, 'Amount'],
            [520, 'Balance'],
          ],
          [[40, '06/02'], [90, 'SQUARE DEPOSIT'], right(460, '700.00'), right(560, '1,700.00')],
          [[40, '06/03'], [90, 'CHECK 1043'], right(460, '-450.00'), right(560, '1,250.00')],
          [[40, '06/05'], [90, 'CHECKCARD 0605 HOME DEPOT'], right(460, '-50.00'), right(560, '1,200.00')],
          [[40, '06/09'], [90, 'Check # 1044 ACME SUPPLY'], right(460, '-70.00'), right(560, '1,130.00')],
          ...lines,
        ]),
      ]).segments[0]?.balanceCheck;

    it.each([
      ['a title with the count', [[[40, 'Checks Paid (3)']]], 'The statement prints 3 checks paid; 2 were read.'],
      [
        'a count beside the title',
        [
          [
            [40, 'Checks Paid'],
            [106, 'No. Checks: 3'],
          ],
        ],
        'The statement prints 3 checks paid; 2 were read.',
      ],
      [
        'a total',
        [[[40, 'Total Checks Paid'], right(300, '570.00')]],
        'The statement prints checks paid of $570.00; the checks read add up to $520.00.',
      ],
    ] as Array<[string, Array<Array<[number, string]>>, string]>)(
      'do not reconcile when the checks read differ (%s)',
      (_name, lines, note) => {
        expect(withChecks(lines)).toMatchObject({ status: 'mismatch', note });
      },
    );

    it('agree with the checks read, and a check image caption is no count', () => {
      const check = withChecks([
        [[40, '2 Checks Paid'], right(300, '520.00')],
        [[40, 'Check 1043'], right(300, '$450.00')],
      ]);
      expect(check).toMatchObject({ status: 'reconciled', note: null });
    });
  });

  describe('fall short of a total by one amount printed on a line read as no row', () => {
    // A row printed without its date, its words not lined up with the rows': read as nothing.
    const lost: Array<Array<[number, string]>> = [
      [[40, '06/02'], [90, 'SQUARE DEPOSIT'], right(460, '500.00'), right(560, '1,500.00')],
      [[60, 'WIRE TRANSFER OUT ACME'], right(460, '-250.00'), right(560, '1,250.00')],
      [[40, '06/09'], [90, 'RENT PAYMENT'], right(460, '-300.00'), right(560, '950.00')],
      [[40, '06/15'], [90, 'STRIPE TRANSFER'], right(460, '200.00'), right(560, '1,150.00')],
      [[40, '06/20'], [90, 'CITY WATER'], right(460, '-50.00'), right(560, '1,100.00')],
    ];
    const summary: Array<Array<[number, string]>> = [
      [[40, 'Total Deposits'], right(300, '700.00')],
      [[40, 'Total Withdrawals'], right(300, '600.00')],
    ];

    it('count the line as a row when the closing balance is off by it too', () => {
      const read = parse([
        page([
          [[40, 'Statement Period: 06/01/2026 through 06/30/2026']],
          [[40, 'Beginning Balance'], right(300, '1,000.00')],
          ...summary,
          [[40, 'Ending Balance'], right(300, '1,100.00')],
          ...lost,
        ]),
      ]);
      expect(rowsOf(read)).toEqual([
        ['2026-06-02', 'SQUARE DEPOSIT', 500_00, 'credit'],
        ['2026-06-02', 'WIRE TRANSFER OUT ACME', 250_00, 'debit'],
        ['2026-06-09', 'RENT PAYMENT', 300_00, 'debit'],
        ['2026-06-15', 'STRIPE TRANSFER', 200_00, 'credit'],
        ['2026-06-20', 'CITY WATER', 50_00, 'debit'],
      ]);
      expect(read.segments[0]?.balanceCheck).toMatchObject({ status: 'reconciled', runningBalanceBreaks: 0 });
      expect(read.warnings.join(' ')).toContain(
        'A line printing $250.00 ("WIRE TRANSFER OUT ACME") was not read as a row',
      );
    });

    it('name the line when no closing balance confirms it', () => {
      const read = parse([page([[[40, 'Statement Period: 06/01/2026 through 06/30/2026']], ...summary, ...lost])]);
      expect(rowsOf(read)).toHaveLength(4);
      const check = read.segments[0]?.balanceCheck;
      expect(check?.status).toBe('mismatch');
      expect(check?.note).toContain('$250.00 printed on page 1 ("WIRE TRANSFER OUT ACME") was not read as a row.');
    });
  });

  it('turn round a reading the unsigned balances left mirrored (an account opened at zero and overdrawn since)', () => {
    const read = parse([
      page([
        [[40, 'Statement Period: 06/01/2026 through 06/30/2026']],
        [[40, 'Beginning Balance'], right(300, '0.00')],
        [[40, 'Deposits'], right(300, '600.00')],
        [[40, 'Withdrawals'], right(300, '1,020.00')],
        [[40, '06/02'], [90, 'CARD PURCHASE OFFICE'], right(380, '120.00'), right(560, '120.00')],
        [[40, '06/03'], [90, 'MOBILE DEPOSIT'], right(440, '100.00'), right(560, '20.00')],
        [[40, '06/05'], [90, 'RENT PAYMENT'], right(380, '900.00'), right(560, '920.00')],
        [[40, '06/06'], [90, 'SQUARE INC'], right(440, '500.00'), right(560, '420.00')],
      ]),
    ]);
    expect(rowsOf(read).map((item) => item[3])).toEqual(['debit', 'credit', 'debit', 'credit']);
    expect(read.segments[0]?.transactions.map((item) => item.balanceCents)).toEqual([
      -120_00, -20_00, -920_00, -420_00,
    ]);
    expect(read.segments[0]?.balanceCheck.status).toBe('reconciled');
  });
});
