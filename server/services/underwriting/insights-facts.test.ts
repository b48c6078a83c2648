// The facts a decision rests on, read the way a lender reads a statement: which credits are sales, which debits
// are one financing position, whose balance is the average daily balance, and which deposits came back.
import { describe, expect, it } from 'vitest';
import { businessDays, insightsOf, segment, type Row } from './insights-test-rows';

const sales: Row[] = businessDays(2, 31).map((date) => [date, 'SQUARE INC DEPOSIT', 1_000]);
const salesCents = sales.length * 1_000_00;

describe('credits that are not sales', () => {
  it('counts a deposit from a funder the business is paying back as that funder’s proceeds, not revenue', () => {
    const payments: Row[] = businessDays(9, 31).map((date) => [
      date,
      `BRIGHTLINE CAPITAL PMT ${date.slice(-2)}77`,
      -250,
    ]);
    const insights = insightsOf(
      segment([
        ...sales,
        ['2026-03-06', 'WIRE TRANSFER CREDIT ORG BRIGHTLINE CAPITAL LLC FED REF 24124148', 40_000],
        ...payments,
      ]),
    );
    expect(insights.months[0]?.trueRevenueCents).toBe(salesCents);
    expect(insights.months[0]?.excludedLoanProceedsCents).toBe(40_000_00);
  });

  it('knows the funder when the bank cuts its name short in the debits or in the deposit', () => {
    const proceedsOf = (debit: string, deposit: string) => {
      const payments: Row[] = businessDays(9, 31).map((date) => [date, `${debit} ${date.slice(-2)}77`, -250]);
      const insights = insightsOf(segment([...sales, ['2026-03-06', deposit, 40_000], ...payments]));
      return [insights.months[0]?.excludedLoanProceedsCents, insights.months[0]?.trueRevenueCents];
    };
    expect(proceedsOf('ACH DEBIT PINECREST CAP', 'PINECREST CAPITAL PARTNERS LLC')).toEqual([40_000_00, salesCents]);
    expect(proceedsOf('ACH DEBIT MARIGOLD RECEIVABLES GRP', 'MARIGOLD RECEIV')).toEqual([40_000_00, salesCents]);
    // A payee that merely shares a short start with the funder is someone else: its deposit stays a sale.
    expect(proceedsOf('ACH DEBIT PINECREST CAP', 'PINE STREET MARKET')).toEqual([0, salesCents + 40_000_00]);
    expect(proceedsOf('ACH DEBIT MARIGOLD RECEIVABLES GRP', 'MARIGOLDEN BAKERY')).toEqual([0, salesCents + 40_000_00]);
  });

  it('counts a lump from a funder whose repayments have only begun (too few to be a position yet) as proceeds', () => {
    const firstWeeks: Row[] = ['2026-03-16', '2026-03-23', '2026-03-30'].map((date) => [
      date,
      'LANTERNFISH CAPI ACH DEBIT',
      -3_055,
    ]);
    const insights = insightsOf(
      segment([...sales, ['2026-03-09', 'ACH CREDIT LANTERNFISH CAPITAL LLC', 83_895], ...firstWeeks]),
    );
    expect(insights.financingPositions).toHaveLength(0);
    expect(insights.months[0]?.excludedLoanProceedsCents).toBe(83_895_00);
    expect(insights.months[0]?.trueRevenueCents).toBe(salesCents);
    // A customer the business also pays now and then, at amounts that follow no level, stays a sale.
    const supplier = insightsOf(
      segment([
        ...sales,
        ['2026-03-09', 'ACH CREDIT HARBORVIEW CATERING LLC', 8_000],
        ['2026-03-16', 'HARBORVIEW CATERING ACH DEBIT', -310],
        ['2026-03-23', 'HARBORVIEW CATERING ACH DEBIT', -1_275],
      ]),
    );
    expect(supplier.months[0]?.trueRevenueCents).toBe(salesCents + 8_000_00);
  });

  it('keeps the sales payouts of a card processor that also lends to the business as revenue', () => {
    const payments: Row[] = businessDays(2, 31).map((date) => [date, 'SQUARE CAPITAL PMT', -120]);
    const insights = insightsOf(segment([...sales, ...payments]));
    expect(insights.financingPositions).toHaveLength(1);
    expect(insights.months[0]?.trueRevenueCents).toBe(salesCents);
  });

  it('counts a deposit from the account holder itself (the name its ACH entries print) as an own transfer', () => {
    const insights = insightsOf(
      segment([
        ...sales,
        ['2026-03-04', 'NOVA MERCHANT FUNDING DES:DEBIT ID:297379088 INDN:HARBOR LANE CAFE CO ID:9000111222 CCD', -400],
        ['2026-03-10', 'ZELLE FROM HARBOR LANE CAFE LLC CONF 00921320', 1_238],
        ['2026-03-12', 'STRIPE TRANSFER ST-X8Y7Z6 INDN:HARBOR LANE CAFE CO ID:1234 CCD', 500],
      ]),
    );
    expect(insights.months[0]?.excludedTransfersCents).toBe(1_238_00);
    expect(insights.months[0]?.trueRevenueCents).toBe(salesCents + 500_00);
  });

  it('counts neither credits nor interest of a savings account shown beside the checking account', () => {
    const checking = segment(sales, { account: { last4: '1111', kind: 'checking' } });
    const savings = segment(
      [
        ['2026-03-15', 'ONLINE BANKING TRANSFER FROM 1111', 3_000],
        ['2026-03-31', 'INTEREST PAYMENT', 20.79],
      ],
      { account: { last4: '2222', kind: 'savings' }, opening: 50_000 },
    );
    expect(insightsOf(checking, savings).months[0]?.trueRevenueCents).toBe(salesCents);
  });
});

describe('financing positions whose payment varies', () => {
  it('reads daily debits to one funder that vary by up to about 15% as one position at the recent typical amount', () => {
    const amounts = [150, 162.4, 139.1, 155.55, 147.3, 158.2, 141.75, 152.6];
    const rows: Row[] = businessDays(2, 31).map((date, index) => [
      date,
      `QUICKCASH ADV PMT ${date.slice(-2)}4508`,
      -(amounts[index % amounts.length] ?? 150),
    ]);
    const positions = insightsOf(segment([...sales, ...rows])).financingPositions;
    expect(positions).toHaveLength(1);
    expect(positions[0]?.frequency).toBe('daily');
    expect(Math.abs((positions[0]?.amountCents ?? 0) - 150_00)).toBeLessThan(15_00);
  });

  it('reads a weekly payment that changed once as one position at the new amount', () => {
    const rows: Row[] = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'].map((date, index) => [
      date,
      `RAPIDFUND CAPITAL ACH DEBIT ${index}91`,
      index < 2 ? -957.3 : -1_196.63,
    ]);
    const positions = insightsOf(segment([...sales, ...rows])).financingPositions;
    expect(positions.map((position) => [position.counterparty, position.frequency, position.amountCents])).toEqual([
      ['RAPIDFUND CAPITAL', 'weekly', 1_196_63],
    ]);
  });

  it('reads amounts alternating $300.00 and $300.01 as one position', () => {
    const rows: Row[] = businessDays(2, 31).map((date, index) => [
      date,
      'LUMEN FUNDING PMT',
      index % 2 ? -300.01 : -300,
    ]);
    const positions = insightsOf(segment([...sales, ...rows])).financingPositions;
    expect(positions).toHaveLength(1);
  });

  it('keeps payroll, rent and a supplier whose invoices vary out of the positions', () => {
    const weeks = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
    const rows: Row[] = weeks.flatMap((date, index): Row[] => [
      [date, 'GUSTO PAYROLL', -(4_000 + index * 37)],
      [date, 'SYSCO FOODS INVOICE', -[900, 1_450, 610, 1_980, 1_200][index]!],
      [date, 'ONLINE TRANSFER TO SAV 2222', -(500 + index * 20)],
    ]);
    expect(insightsOf(segment([...sales, ...rows])).financingPositions).toEqual([]);
  });
});

describe('balances and returned deposits', () => {
  it('takes the average daily balance from the checking account alone and says so', () => {
    const checking = segment(sales.slice(0, 1), { account: { last4: '1111', kind: 'checking' }, opening: 10_000 });
    const savings = segment([], { account: { last4: '2222', kind: 'savings' }, opening: 50_000 });
    const insights = insightsOf(checking, savings);
    expect(insights.averageDailyBalanceCents).toBeLessThan(11_000_00);
    expect(insights.balanceAccount).toBe('checking account ending 1111');
  });

  it('takes the balance from the account that carries the deposits and payments when no account says its kind', () => {
    const rows: Row[] = [...sales, ...businessDays(3, 31).map((date): Row => [date, 'SYSCO FOODS 5521', -700])];
    const operating = segment(rows, { account: { last4: '1111', kind: null }, opening: 8_000 });
    const reserve = segment(
      [
        ['2026-03-13', 'ONLINE TRANSFER FROM CHK 1111', 2_000],
        ['2026-03-31', 'INTEREST PAYMENT', 12.4],
      ],
      { account: { last4: '2222', kind: null }, opening: 60_000 },
    );
    const insights = insightsOf(reserve, operating);
    expect(insights.averageDailyBalanceCents).toBe(insightsOf(operating).averageDailyBalanceCents);
    expect(insights.balanceAccount).toBe('operating account ending 1111');
  });

  it('counts returned deposits and chargebacks, and takes a returned deposit that counted as revenue off revenue', () => {
    const insights = insightsOf(
      segment([
        ...sales,
        ['2026-03-05', 'MOBILE DEPOSIT REF 44120', 900],
        ['2026-03-09', 'DEPOSITED ITEM RETURNED CHECK 1182 UNPAID', -900],
        ['2026-03-18', 'SQUARE INC CHARGEBACK CASE 7712345', -212.5],
        ['2026-03-18', 'RETURNED ITEM FEE', -36],
      ]),
    );
    expect(insights.months[0]?.returnedItems).toBe(2);
    expect(insights.returnedItems).toBe(2);
    expect(insights.months[0]?.nsfEvents).toBe(1);
    expect(insights.months[0]?.trueRevenueCents).toBe(salesCents);
  });
});
