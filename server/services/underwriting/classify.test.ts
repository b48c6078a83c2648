import { describe, expect, it } from 'vitest';
import { canBeFinancing, classifyCredit, classifyDebit, counterpartyOf, namesAPayee } from './classify';
import { LINEAR_TIME_TEST, slowCases } from '../../../src/shared/linear-time.test-helpers';

describe('credit classification', () => {
  it.each([
    ['SQUARE INC DEPOSIT 240105', 'revenue'],
    ['STRIPE TRANSFER ST-X8Y7Z6', 'revenue'],
    ['PAYPAL TRANSFER 1234567', 'revenue'],
    ['ZELLE FROM HARBOR LANE CAFE', 'revenue'],
    ['MOBILE DEPOSIT REF 44120', 'revenue'],
    ['ONLINE TRANSFER FROM SAV ...4821', 'own-transfer'],
    ['Online Transfer from CHK 1234 Ref #IB0X', 'own-transfer'],
    ['INTERNAL TRANSFER FROM ACCOUNT 555', 'own-transfer'],
    ['XFER FROM CHECKING', 'own-transfer'],
    ['LOAN PROCEEDS SUMMIT RIDGE LENDING', 'loan-proceeds'],
    ['ONDECK CAPITAL FUNDING 99881', 'loan-proceeds'],
    ['MERCHANT CASH ADVANCE DISBURSEMENT', 'loan-proceeds'],
    ['REFUND OFFICE DEPOT #1182', 'refund'],
    ['CARD PURCHASE REVERSAL HOME DEPOT', 'refund'],
    ['OVERDRAFT FEE REVERSAL', 'refund'],
    ['RETURNED ITEM CHARGEBACK', 'refund'],
    ['SBAD TREAS 310 MISC PAY ID 125573326 CCD', 'loan-proceeds'],
    ['IRS TREAS 310 TAX REF ID 109220194 PPD', 'refund'],
    ['INTEREST PAYMENT', 'own-transfer'],
    ['INTEREST PAID THIS PERIOD', 'own-transfer'],
  ])('%s is %s', (description, category) => {
    expect(classifyCredit(description)).toBe(category);
  });
});

describe('debit classification', () => {
  it.each([
    ['NSF FEE RETURNED ITEM', 'nsf-fee'],
    ['OVERDRAFT FEE', 'nsf-fee'],
    ['INSUFFICIENT FUNDS CHARGE', 'nsf-fee'],
    ['OVERDRAFT PROTECTION TRANSFER TO CHK', 'own-transfer'],
    ['ONLINE TRANSFER TO SAV ...4821', 'own-transfer'],
    ['CARD PURCHASE OFFICE DEPOT', 'other'],
  ])('%s is %s', (description, category) => {
    expect(classifyDebit(description)).toBe(category);
  });

  it('strips references so debits to one funder share a counterparty', () => {
    expect(counterpartyOf('PINECREST ADVANCE ACH DEBIT 0012345')).toBe(
      counterpartyOf('PINECREST ADVANCE ACH DEBIT 9988776'),
    );
    expect(counterpartyOf('ACH DEBIT PPD ID: 99887 NORTHGATE FUNDING')).toBe('NORTHGATE FUNDING');
    // Wrapped onto two lines, with trace numbers, ids and dates: still one funder.
    for (const description of [
      'PINECREST ADVANCE ACH DEBIT 7107723 TRACE# 021000021234567',
      'PINECREST PINECREST ADVANCE DES:DEBIT ID:XXXXX1234 08/03',
      'PINECREST ADVANCE ACH DEBIT PPD ID: 1234567890 ST-ROID1036',
    ])
      expect(counterpartyOf(description)).toBe('PINECREST ADVANCE');
  });

  it('does not take payroll, rent or insurance as financing', () => {
    expect(['GUSTO PAYROLL 1234', 'OAKWOOD PROPERTY RENT', 'HARTWELL INSURANCE PREMIUM'].map(canBeFinancing)).toEqual([
      false,
      false,
      false,
    ]);
    expect(canBeFinancing('PINECREST ADVANCE')).toBe(true);
  });

  it('does not take a business’s ordinary repeated payments as financing unless a funder’s words say so', () => {
    expect(
      [
        'JUSTWORKS DES:BILLING ID:778',
        'DLL FINANCE EQUIP LEASE',
        'DUKE ENERGY AUTOPAY',
        'CLOVER MERCHANT FEES 8812',
        'CAPITAL ONE MOBILE PMT',
        'ZELLE PAYMENT TO MARIA GARCIA',
        'ATM WITHDRAWAL 0412 MAIN ST',
      ].map(canBeFinancing),
    ).toEqual([false, false, false, false, false, false, false]);
    expect(['SPECTRUM FUNDING GROUP ACH', 'PREMIUM MERCHANT FUNDING DAILY'].map(canBeFinancing)).toEqual([true, true]);
  });

  it('knows a check or a cash withdrawal names no payee', () => {
    expect(['CHECK', 'ATM WITHDRAWAL', 'ONLINE BILL PAY', 'NORTHGATE FUNDING'].map(namesAPayee)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('does not take card purchases as financing, however steady', () => {
    expect(
      ['POS PURCHASE OFFICE PLUS CARD 4821', 'DEBIT CARD PURCHASE HARBOR SUPPLY', 'CHECKCARD 0412 STAPLES'].map(
        canBeFinancing,
      ),
    ).toEqual([false, false, false]);
    expect(canBeFinancing('ACH DEBIT RAPIDFUND CAPITAL PMT')).toBe(true);
  });

  it('knows a purchase by card from the words banks print for it, without "POS" or "debit card"', () => {
    expect(
      [
        'PURCHASE 09/02 RESTAURANT DEPOT CARD 4417',
        'Purchase authorized on 09/02 Costco Whse #0112 Austin TX S384 Card 4417',
        'RECURRING PURCHASE SYSCO FOODS',
        'HOME DEPOT #4521 CARD ENDING IN 4417',
        'SHELL OIL 5744 CARD X4417',
        'ULINE SHIP SUPPLIES CARD #4417',
      ].map(canBeFinancing),
    ).toEqual([false, false, false, false, false, false]);
    // A funder's own words outweigh "purchase": future receivables are what an advance buys.
    expect(canBeFinancing('NORTHGATE FUNDING RECEIVABLES PURCHASE')).toBe(true);
    expect(canBeFinancing('PINECREST CAPITAL ACH DEBIT')).toBe(true);
    expect(canBeFinancing('SILVERLINE CARD SERVICES FUNDING')).toBe(true);
  });
});

// Descriptions come from the applicant's PDF and are classified on the server's main thread: a hostile statement
// can print a description of any length, so every check must run in time linear in it.
describe('classification of hostile descriptions', () => {
  it('runs in linear time', LINEAR_TIME_TEST, () => {
    expect(
      slowCases([
        ['classifyCredit', classifyCredit],
        ['classifyDebit', classifyDebit],
        ['canBeFinancing', canBeFinancing],
        ['counterpartyOf', counterpartyOf],
      ]),
    ).toEqual([]);
  });
});
