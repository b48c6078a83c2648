// The account holder's names read from the address block at the top of the first page, never the bank's.
import { describe, expect, it } from 'vitest';
import { page, parse, right } from './test-pages';

type Row = Array<[number, string]>;

const activity: Row[] = [
  [[40, 'Statement period 08/01/2026 to 08/31/2026']],
  [[40, 'Beginning balance'], right(300, '1,000.00')],
  [[40, '08/03'], [90, 'CARD SALES'], right(450, '100.00'), right(560, '1,100.00')],
  [[40, '08/20'], [90, 'RENT'], right(450, '-50.00'), right(560, '1,050.00')],
];
const holderOf = (header: Row[], footer: Row[] = []) => parse([page([...header, ...activity, ...footer])]).holderNames;

describe("the account holder's names in the statement header", () => {
  it('reads the names above a street and a city, state and ZIP line, a DBA line as the trade name', () => {
    expect(
      holderOf([
        [[40, 'Meridian Trust Bank']],
        [[40, 'P.O. Box 1500']],
        [[40, 'Columbus, OH 43218-2051']],
        [[40, 'Business Checking Statement']],
        [
          [40, 'MAIN STREET BAKERY LLC'],
          [380, 'Account Number: 000004821'],
        ],
        [
          [40, 'DBA SWEET TREATS'],
          [380, 'Page 1 of 3'],
        ],
        [[40, '1420 ORCHARD WAY STE 5']],
        [[40, 'SPRINGFIELD, IL 62704-1100']],
      ]),
    ).toEqual(['MAIN STREET BAKERY LLC', 'SWEET TREATS']);
  });

  it("reads a block printed on the right, right-aligned, and an owner's name line above the business", () => {
    expect(
      holderOf([
        [[40, 'Statement Date 08/31/2026'], right(560, 'ANA LOPEZ')],
        [[40, 'Account 4821'], right(560, 'LOPEZ FAMILY DENTAL PC')],
        [right(560, '88 HARBOR BLVD')],
        [right(560, 'SUITE 200')],
        [right(560, 'TAMPA FL 33602')],
      ]),
    ).toEqual(['ANA LOPEZ', 'LOPEZ FAMILY DENTAL PC']);
  });

  it('keeps titles and labels above the block out of the names', () => {
    expect(
      holderOf([
        [[40, 'BUSINESS ADVANTAGE CHECKING']],
        [[40, 'Customer name: ']],
        [[40, 'COPPERLEAF LANDSCAPING INC']],
        [[40, '77 ELM ST']],
        [[40, 'DENVER CO 80202']],
      ]),
    ).toEqual(['COPPERLEAF LANDSCAPING INC']);
  });

  it("gives no name when the only block is the bank's own, named beside Member FDIC", () => {
    expect(
      holderOf(
        [[[40, 'NORTHSTAR']], [[40, '500 MARKET ST']], [[40, 'SAINT PAUL MN 55101']]],
        [[[40, 'NORTHSTAR Member FDIC Equal Housing Lender']]],
      ),
    ).toEqual([]);
  });

  it('gives no name when two blocks name different holders, or when no block is printed', () => {
    expect(
      holderOf([
        [
          [40, 'ACME TOOLS LLC'],
          [330, 'BRIGHT FUTURE CONSULTING'],
        ],
        [
          [40, '12 MILL RD'],
          [330, '9 LAKE AVE'],
        ],
        [
          [40, 'AUSTIN TX 78701'],
          [330, 'BOISE ID 83702'],
        ],
      ]),
    ).toEqual([]);
    expect(holderOf([[[40, 'Business Checking Statement']]])).toEqual([]);
  });
});
