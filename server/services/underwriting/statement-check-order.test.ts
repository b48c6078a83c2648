// Checks paid printed number, amount, then date, several checks to a line ("5166  7,860.00  5/4    5168 ...").
import { describe, expect, it } from 'vitest';
import { page, parse, right } from './test-pages';

describe('checks paid printed number, amount, date', () => {
  it('reads every check on a line of three', () => {
    const statement = parse([
      page([
        [[400, 'Statement Period: May 1 2026-May 31 2026']],
        [[40, 'Beginning Balance'], right(300, '20,000.00')],
        [[40, 'Ending Balance'], right(300, '7,171.53')],
        [[40, 'Checks Paid']],
        [
          [40, 'CHECK NO.'],
          [90, 'AMOUNT'],
          [150, 'DATE PAID'],
          [220, 'CHECK NO.'],
          [270, 'AMOUNT'],
          [330, 'DATE PAID'],
          [400, 'CHECK NO.'],
          [450, 'AMOUNT'],
          [510, 'DATE PAID'],
        ],
        [
          [40, '5166'],
          right(130, '7,860.00'),
          [150, '5/4'],
          [220, '5168'],
          right(310, '4,056.47'),
          [330, '5/26'],
          [400, '5170'],
          right(490, '912.00'),
          [510, '5/28'],
        ],
      ]),
    ]);
    const rows = statement.segments.flatMap((segment) =>
      segment.transactions.map((t) => [t.date, t.amountCents, t.direction]),
    );
    expect(rows).toEqual([
      ['2026-05-04', 7_860_00, 'debit'],
      ['2026-05-26', 4_056_47, 'debit'],
      ['2026-05-28', 912_00, 'debit'],
    ]);
  });
});
