// Money from the business itself is not a sale: a credit whose sender is the account holder (its legal name on the
// application, or the names printed in the statement's header) is an own-account transfer, however the bank
// spells, punctuates or truncates the name; a customer who only shares a word with it still pays for sales.
import { describe, expect, it } from 'vitest';
import { businessDays, insightsWith, segment, weekly, type Holder, type Row } from './insights-test-rows';

const sales: Row[] = businessDays(2, 31).map((date) => [date, 'SQUARE INC DEPOSIT', 1_000]);
const salesCents = sales.length * 1_000_00;

function creditOf(holder: Holder, description: string) {
  const month = insightsWith(holder, segment([...sales, ['2026-03-10', description, 2_345]])).months[0];
  return { transfers: month?.excludedTransfersCents, revenue: month?.trueRevenueCents };
}

const OWN = { transfers: 2_345_00, revenue: salesCents };
const SALE = { transfers: 0, revenue: salesCents + 2_345_00 };

describe('credits from the account holder itself', () => {
  it.each<[string, Holder, string]>([
    [
      'the legal name on the application',
      { businessName: 'Main Street Bakery LLC' },
      'ZELLE FROM MAIN STREET BAKERY LLC CONF 8812',
    ],
    [
      'the name in the statement header',
      { holderNames: ['MAIN STREET BAKERY LLC'] },
      'ZELLE FROM MAIN STREET BAKERY LLC',
    ],
    [
      'an online transfer naming the business',
      { businessName: 'Main Street Bakery LLC' },
      'ONLINE TRANSFER FROM MAIN STREET BAKERY CHK 1234',
    ],
    [
      'a transfer without an own-account word',
      { businessName: 'Main Street Bakery LLC' },
      'TRANSFER FROM MAIN STREET BAKERY CHK 1234',
    ],
    [
      'lower case and another legal suffix',
      { businessName: 'Main Street Bakery, Inc.' },
      'Zelle payment from Main Street Bakery Corp',
    ],
    [
      'punctuation and "&" for "and"',
      { businessName: "Joe's Pizza & Grill, L.L.C." },
      'ZELLE FROM JOES PIZZA AND GRILL REF 55',
    ],
    [
      'a leading "The" and no suffix',
      { businessName: 'The Harbor Lane Cafe Co.' },
      'WIRE TRANSFER CREDIT ORG HARBOR LANE CAFE FED REF 2412',
    ],
    [
      'the sender first, as ACH prints it',
      { holderNames: ['MAIN STREET BAKERY LLC'] },
      'MAIN STREET BAKERY DES:TRANSFER ID:0042 CO ID:9000 CCD',
    ],
    [
      'the name cut at 16 characters',
      { businessName: 'Main Street Bakery & Catering LLC' },
      'MAIN STREET BAKE DES:XFER ID:0042 CCD',
    ],
    [
      'the name cut at 20 characters',
      { businessName: 'Main Street Bakery & Catering LLC' },
      'ZELLE FROM MAIN STREET BAKERY & CA ON 03/10',
    ],
    [
      'the DBA in the header',
      { holderNames: ['JOHN SMITH DBA SUNRISE NAIL STUDIO'] },
      'ZELLE FROM SUNRISE NAIL STUDIO',
    ],
  ])('counts a credit named by %s as an own transfer', (_, holder, description) => {
    expect(creditOf(holder, description)).toEqual(OWN);
  });

  it.each<[string, Holder, string]>([
    [
      'shares one word with the business',
      { businessName: 'Main Street Bakery LLC' },
      'ZELLE FROM BAKERY SUPPLY OUTLET',
    ],
    [
      'shares two short words with the business',
      { businessName: 'Main Street Bakery LLC' },
      'ZELLE FROM MAIN STREET AUTO BODY',
    ],
    [
      'only names the business as the receiver',
      { businessName: 'Main Street Bakery LLC' },
      'SQUARE INC 260310P2 L204 MAIN STREET BAKERY',
    ],
    [
      'pays the business for the business',
      { holderNames: ['MAIN STREET BAKERY LLC'] },
      'ZELLE FROM ANNA LOPEZ FOR MAIN STREET BAKERY ORDER',
    ],
  ])('keeps a customer who %s as revenue', (_, holder, description) => {
    expect(creditOf(holder, description)).toEqual(SALE);
  });

  it('takes no weekly payment to the business itself as financing', () => {
    const rows: Row[] = weekly('2026-03-02', '2026-03-30').map((date) => [
      date,
      'ZELLE TO MAIN STREET BAKERY LLC',
      -1_000,
    ]);
    const insights = insightsWith({ businessName: 'Main Street Bakery LLC' }, segment([...sales, ...rows]));
    expect(insights.financingPositions).toEqual([]);
  });
});

describe('credits from the owner', () => {
  const owner = { businessName: 'Main Street Bakery LLC', ownerName: 'Maria L. Garcia' };
  it.each<[string, string]>([
    ['by Zelle', 'ZELLE FROM MARIA GARCIA CONF 00921320'],
    ['with the middle initial', 'ZELLE FROM MARIA L GARCIA'],
    ['as an online transfer', 'ONLINE TRANSFER FROM MARIA GARCIA CHK 4471'],
    ['as a wire', 'WIRE TRANSFER CREDIT ORG MARIA GARCIA FED REF 24124148'],
  ])('counts money the owner put in %s as a transfer, not a sale', (_, description) => {
    expect(creditOf(owner, description)).toEqual(OWN);
  });

  it.each<[string, string]>([
    ['a customer who shares the first name', 'ZELLE FROM MARIA LOPEZ CONF 00921320'],
    ['a business named after someone of the same name', 'ZELLE FROM MARIA GARCIA CATERING'],
    ['a customer who shares the surname', 'ZELLE FROM JOSE GARCIA'],
  ])('keeps %s as a sale', (_, description) => {
    expect(creditOf(owner, description)).toEqual(SALE);
  });
});
