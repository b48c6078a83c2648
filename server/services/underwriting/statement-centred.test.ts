// A transaction history printed from a browser: each row's description wraps over several lines and the date, amount
// and balance cells are centred on the row, on its middle line or between two of its lines.
import { describe, expect, it } from 'vitest';
import { parse, placedPage, rowsOf, type PlacedLine } from './test-pages';
import type { PageText } from './types';

type Entry = { date: string; lines: string[]; amount: string; balance: string };

const PITCH = 11;
const at = (edge: number, text: string): [number, string] => [edge - text.length * 4.4, text];

/** Rows stacked from `top`, each `padding` points taller than its lines, its cells centred on them. */
function centred(entries: Entry[], top: number, padding: number): { lines: PlacedLine[]; bottom: number } {
  const lines: PlacedLine[] = [];
  let y = top;
  for (const entry of entries) {
    entry.lines.forEach((text, index) => lines.push({ y: y - index * PITCH, cells: [[110, text]] }));
    const middle = y - ((entry.lines.length - 1) * PITCH) / 2;
    lines.push({ y: middle, cells: [[40, entry.date], at(470, entry.amount), at(560, entry.balance)] });
    y -= entry.lines.length * PITCH + padding;
  }
  return { lines, bottom: y };
}

const heading: Array<[number, string]> = [[40, 'Date'], [110, 'Description'], at(470, 'Amount'), at(560, 'Balance')];

const ENTRIES: Entry[] = [
  {
    date: '05/01/2026',
    lines: ['ONLINE TRANSFER FROM', 'HARBOR SUPPLY LLC'],
    amount: '2,500.00',
    balance: '12,500.00',
  },
  {
    date: '05/04/2026',
    lines: ['ACH DEBIT GUSTO', 'PAYROLL 7731', 'PPD ID 9912'],
    amount: '-1,200.00',
    balance: '11,300.00',
  },
  { date: '05/06/2026', lines: ['SQUARE INC DEPOSIT'], amount: '830.25', balance: '12,130.25' },
  {
    date: '05/08/2026',
    lines: ['CARD PURCHASE', 'OFFICE DEPOT', '#1123 CHICAGO', 'IL'],
    amount: '-45.10',
    balance: '12,085.15',
  },
  { date: '05/12/2026', lines: ['STRIPE TRANSFER', 'ST-9Q2X'], amount: '3,100.00', balance: '15,185.15' },
  { date: '05/15/2026', lines: ['ZELLE FROM', 'MARIA LOPEZ', 'INVOICE 2231'], amount: '640.00', balance: '15,825.15' },
  { date: '05/18/2026', lines: ['OAK PROPERTIES', 'RENT MAY'], amount: '-2,000.00', balance: '13,825.15' },
];

function history(entries: Entry[], padding: number, pages = 1, headings = true): PageText[] {
  const perPage = Math.ceil(entries.length / pages);
  return Array.from({ length: pages }, (_, number) => {
    const top: PlacedLine[] = [
      { y: 760, cells: [[40, 'Transaction History']], fontSize: 12 },
      { y: 742, cells: [[40, 'Business Checking ****4821']] },
      { y: 730, cells: [[40, 'Date range: 05/01/2026 - 05/31/2026']] },
      ...(headings ? [{ y: 712, cells: heading }] : []),
    ];
    const rows = centred(entries.slice(number * perPage, (number + 1) * perPage), 698, padding);
    return placedPage([...top, ...rows.lines]);
  });
}

const expected = ENTRIES.map((entry) => [
  entry.date.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3-$1-$2'),
  entry.lines.join(' '),
  Math.round(Number(entry.amount.replace(/[-,]/g, '')) * 100),
  entry.amount.startsWith('-') ? 'debit' : 'credit',
]);

describe('a browser-printed history with cells centred on wrapped rows', () => {
  it.each([
    ['with padding between rows', 6, 1],
    ['with rows touching', 0, 1],
    ['over two pages', 4, 2],
  ])('gives each row the description lines above and below its date (%s)', (_, padding, pages) => {
    expect(rowsOf(parse(history(ENTRIES, padding, pages)))).toEqual(expected);
  });

  it('reads a table of odd line counts only, the first row centred under the heading', () => {
    const odd = ENTRIES.filter((entry) => entry.lines.length % 2 === 1);
    expect(rowsOf(parse(history(odd, 0))).map((row) => row[1])).toEqual(odd.map((entry) => entry.lines.join(' ')));
  });

  const later: Entry[] = [
    {
      date: '05/20/2026',
      lines: ['ACH CREDIT', 'SHOPIFY PAYOUT', '8812 PPD'],
      amount: '1,000.00',
      balance: '14,825.15',
    },
    { date: '05/22/2026', lines: ['CHECK 1043', 'PAID TO', 'ACME SUPPLY'], amount: '-300.00', balance: '14,525.15' },
  ];
  it.each([
    ['odd line counts only', [...ENTRIES, ...later].filter((entry) => entry.lines.length % 2 === 1)],
    ['all line counts', [...ENTRIES, ...later]],
  ])('reads a table printed without column headings (%s)', (_, entries) => {
    for (const padding of [0, 6])
      expect(rowsOf(parse(history(entries, padding, 1, false))).map((row) => row[1])).toEqual(
        entries.map((entry) => entry.lines.join(' ')),
      );
  });

  it('leaves a table whose rows wrap below their date as it was', () => {
    const lines: PlacedLine[] = [
      { y: 742, cells: [[40, 'Statement period 05/01/2026 - 05/31/2026']] },
      { y: 712, cells: heading },
      { y: 698, cells: [[40, '05/01/2026'], [110, 'ONLINE TRANSFER FROM'], at(470, '2,500.00'), at(560, '12,500.00')] },
      { y: 687, cells: [[110, 'HARBOR SUPPLY LLC']] },
      { y: 676, cells: [[40, '05/04/2026'], [110, 'ACH DEBIT GUSTO'], at(470, '-1,200.00'), at(560, '11,300.00')] },
      { y: 665, cells: [[110, 'PAYROLL 7731']] },
      { y: 654, cells: [[110, 'PPD ID 9912']] },
      { y: 643, cells: [[40, '05/06/2026'], [110, 'SQUARE INC DEPOSIT'], at(470, '830.25'), at(560, '12,130.25')] },
    ];
    expect(rowsOf(parse([placedPage(lines)])).map((row) => row[1])).toEqual([
      'ONLINE TRANSFER FROM HARBOR SUPPLY LLC',
      'ACH DEBIT GUSTO PAYROLL 7731 PPD ID 9912',
      'SQUARE INC DEPOSIT',
    ]);
  });
});
