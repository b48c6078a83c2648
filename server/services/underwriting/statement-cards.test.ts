// A banking app's export printing each entry as a card of two lines: the date, the words and the entry's kind, then
// its amount and the balance after it, each after its label.
import { describe, expect, it } from 'vitest';
import { parse, placedPage, rowsOf, type PlacedLine } from './test-pages';

type Card = { date: string; words: string; kind: string; amount: string; balance: string };

const CARDS: Card[] = [
  { date: 'May 29, 2026', words: 'CHECK 5169', kind: 'Withdrawal', amount: '-$2,131.55', balance: '-$36.54' },
  {
    date: 'May 28, 2026',
    words: 'ZELLE FROM HARBOR SUPPLY',
    kind: 'Deposit',
    amount: '$1,200.00',
    balance: '$2,095.01',
  },
  {
    date: 'May 27, 2026',
    words: 'ACH DEBIT GUSTO PAYROLL',
    kind: 'Withdrawal',
    amount: '-$500.00',
    balance: '$895.01',
  },
  { date: 'May 26, 2026', words: 'STRIPE TRANSFER', kind: 'Deposit', amount: '$310.25', balance: '$1,395.01' },
];

type Shape = (card: Card) => Array<[number, string]>;
const apart: Shape = (card) => [
  [40, 'Amount'],
  [90, card.amount],
  [200, 'Balance'],
  [250, card.balance],
];
const joined: Shape = (card) => [
  [40, `Amount: ${card.amount}`],
  [200, `Balance: ${card.balance}`],
];
const balanceFirst: Shape = (card) => [
  [40, `Balance ${card.balance}`],
  [200, `Amount ${card.amount}`],
];

function exported(second: Shape) {
  const lines: PlacedLine[] = [
    { y: 760, cells: [[40, 'Account Activity']], fontSize: 12 },
    { y: 740, cells: [[40, 'Business Checking ****4821']] },
  ];
  CARDS.forEach((card, index) => {
    const y = 712 - index * 34;
    lines.push({
      y,
      cells: [
        [40, card.date],
        [120, card.words],
        [400, card.kind],
      ],
    });
    lines.push({ y: y - 12, cells: second(card) });
  });
  return parse([placedPage(lines)]);
}

describe('entries printed as cards with labelled amounts', () => {
  it.each([
    ['labels and amounts apart', apart],
    ['each label and its amount in one run', joined],
    ['the balance printed first', balanceFirst],
  ])('reads each card as one entry (%s)', (_, second) => {
    expect(rowsOf(exported(second))).toEqual([
      ['2026-05-26', 'STRIPE TRANSFER', 310_25, 'credit'],
      ['2026-05-27', 'ACH DEBIT GUSTO PAYROLL', 500_00, 'debit'],
      ['2026-05-28', 'ZELLE FROM HARBOR SUPPLY', 1_200_00, 'credit'],
      ['2026-05-29', 'CHECK 5169', 2_131_55, 'debit'],
    ]);
  });
});

/** Cards of three lines: the date and words, then the amount, then the balance, each on a line of its own. */
function threeLines(amountLabel: string | null, balanceLabel: string | null, kind: boolean, unsigned: boolean) {
  const lines: PlacedLine[] = [{ y: 760, cells: [[40, 'Account Activity']], fontSize: 12 }];
  CARDS.forEach((card, index) => {
    const y = 712 - index * 40;
    const debit = card.amount.startsWith('-');
    const amount = unsigned ? card.amount.replace('-', '') : card.amount;
    const label = amountLabel ?? (debit ? 'Debit' : 'Credit');
    lines.push({
      y,
      cells: [[40, card.date], [120, card.words], ...(kind ? [[400, card.kind] as [number, string]] : [])],
    });
    lines.push({
      y: y - 11,
      cells:
        amountLabel === ''
          ? [[40, amount]]
          : [
              [40, label],
              [110, amount],
            ],
    });
    lines.push({
      y: y - 22,
      cells: balanceLabel
        ? [
            [40, balanceLabel],
            [110, card.balance],
          ]
        : [[40, card.balance]],
    });
  });
  return parse([placedPage(lines)]);
}

describe('entries printed as cards of three lines', () => {
  const expected = [
    ['2026-05-26', 'STRIPE TRANSFER', 310_25, 'credit'],
    ['2026-05-27', 'ACH DEBIT GUSTO PAYROLL', 500_00, 'debit'],
    ['2026-05-28', 'ZELLE FROM HARBOR SUPPLY', 1_200_00, 'credit'],
    ['2026-05-29', 'CHECK 5169', 2_131_55, 'debit'],
  ];
  it.each([
    ['no labels', '', null],
    ['labelled', 'Amount', 'Balance'],
    ['the amount alone labelled', 'Amount', null],
  ])('reads the amount and the balance under the dated line (%s)', (_, amountLabel, balanceLabel) => {
    const read = threeLines(amountLabel, balanceLabel, true, false);
    expect(rowsOf(read)).toEqual(expected);
    expect(read.segments[0]?.transactions.map((row) => row.balanceCents)).toEqual([1_395_01, 895_01, 2_095_01, -36_54]);
  });

  it('takes the direction of unsigned amounts from the "Debit" and "Credit" printed beside them', () => {
    expect(rowsOf(threeLines(null, 'Balance', false, true))).toEqual(expected);
  });
});
