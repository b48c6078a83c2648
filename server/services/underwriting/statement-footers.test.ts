// A page's footer printed a line under the last row (page numbers, web addresses, disclaimers in another font) is
// no part of that row's description.
import { describe, expect, it } from 'vitest';
import { parse, placedPage, rowsOf, type PlacedLine } from './test-pages';

const FONT = 'g_d0_f1';
const at = (edge: number, text: string): [number, string] => [edge - text.length * 4.4, text];
const line = (y: number, cells: Array<[number, string]>, font = FONT): PlacedLine => ({ y, cells, font });

function pages(footer: PlacedLine) {
  return parse([
    placedPage([
      line(742, [[40, 'Statement period 05/01/2026 - 05/31/2026']]),
      line(720, [[40, 'Beginning balance'], at(560, '1,000.00')]),
      line(698, [[40, 'Date'], [110, 'Description'], at(470, 'Amount'), at(560, 'Balance')]),
      line(687, [[40, '05/04'], [110, 'STRIPE TRANSFER'], at(470, '500.00'), at(560, '1,500.00')]),
      line(676, [[40, '05/06'], [110, 'ACH DEBIT OAK PROPERTIES'], at(470, '-300.00'), at(560, '1,200.00')]),
      line(665, [[110, 'RENT MAY']]),
      footer,
    ]),
    placedPage([
      line(742, [[40, '05/08'], [110, 'SQUARE INC DEPOSIT'], at(470, '80.00'), at(560, '1,280.00')]),
      line(720, [[40, 'Ending balance'], at(560, '1,280.00')]),
    ]),
  ]);
}

describe('a footer right under the last row of a page', () => {
  it.each([
    ['a page number', line(654, [[110, 'Page 1 of 2']])],
    ['a page number between dashes', line(654, [[110, '- 1 -']])],
    ['a page number of the pages', line(654, [[110, '1 of 2']])],
    ['a page number abbreviated', line(654, [[110, 'Pg. 1/2']])],
    ['a web address', line(654, [[110, 'www.harborbank.com/help']])],
    ['Member FDIC', line(654, [[110, 'Harbor Bank Member FDIC']])],
    ['a note in another font', line(654, [[110, 'Questions? Call us any day']], 'g_d0_f7')],
  ])('leaves %s out of the description', (_, footer) => {
    expect(rowsOf(pages(footer)).map((row) => row[1])).toEqual([
      'STRIPE TRANSFER',
      'ACH DEBIT OAK PROPERTIES RENT MAY',
      'SQUARE INC DEPOSIT',
    ]);
  });

  it('keeps a wrapped line naming a web shop in the description', () => {
    expect(rowsOf(pages(line(654, [[110, 'AMAZON.COM/BILL WA']]))).map((row) => row[1])).toContain(
      'ACH DEBIT OAK PROPERTIES RENT MAY AMAZON.COM/BILL WA',
    );
  });
});

describe("a footer in the rows' own font, with none of the usual words", () => {
  const footer = line(665, [[110, 'Harbor Bank, 100 Main Street, Springfield']]);
  const rent = (date: string, balance: string) =>
    line(676, [[40, date], [110, 'ACH DEBIT OAK PROPERTIES'], at(470, '-300.00'), at(560, balance)]);
  const sales = (date: string, balance: string) =>
    line(654, [[40, date], [110, 'CARD SALES'], at(470, '80.00'), at(560, balance)]);
  /** Two pages, each a row at 742 (or, on the first, the period and balance) and then `first` and `second`. */
  const twoPages = (first: PlacedLine[], second: PlacedLine[]) =>
    parse([
      placedPage([
        line(742, [[40, 'Statement period 05/01/2026 - 05/31/2026']]),
        line(720, [[40, 'Beginning balance'], at(560, '1,500.00')]),
        ...first,
      ]),
      placedPage([
        line(742, [[40, '05/08'], [110, 'SQUARE INC DEPOSIT'], at(470, '80.00'), at(560, '1,000.00')]),
        ...second,
      ]),
    ]);

  it('is left out of the last row above it when every page prints it at the same place', () => {
    const read = twoPages([rent('05/06', '1,200.00'), footer], [rent('05/09', '700.00'), footer]);
    expect(rowsOf(read).map((row) => row[1])).toEqual([
      'ACH DEBIT OAK PROPERTIES',
      'SQUARE INC DEPOSIT',
      'ACH DEBIT OAK PROPERTIES',
    ]);
  });

  it('leaves words wrapped at the same place on every page, amounts below them, in their rows', () => {
    const wrapped = line(665, [[110, 'RENT MAY']]);
    const read = twoPages(
      [rent('05/06', '1,200.00'), wrapped, sales('05/07', '1,280.00')],
      [rent('05/09', '700.00'), wrapped, sales('05/10', '780.00')],
    );
    expect(
      rowsOf(read)
        .filter((row) => row[2] === 300_00)
        .map((row) => row[1]),
    ).toEqual(['ACH DEBIT OAK PROPERTIES RENT MAY', 'ACH DEBIT OAK PROPERTIES RENT MAY']);
  });
});
