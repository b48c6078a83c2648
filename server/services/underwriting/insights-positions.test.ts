// Financing positions on three months of statements, read as a lender reads them: a funder collecting every business
// day or every week is one position at its current payment, however its amount drifts or changed once; the ordinary
// repeated payments of a business (payroll, rent, insurance, an SBA loan, a lease, a utility, card fees, a
// contractor) are not merchant cash advances.
import { describe, expect, it } from 'vitest';
import { businessDaysBetween, insightsOf, seeded, segment, weekly, type Row } from './insights-test-rows';

const HOLIDAYS = ['2026-01-01', '2026-01-19', '2026-02-16'];
const MONTHS: Array<[start: string, end: string]> = [
  ['2026-01-01', '2026-01-31'],
  ['2026-02-01', '2026-02-28'],
  ['2026-03-01', '2026-03-31'],
];
const sales: Row[] = businessDaysBetween('2026-01-01', '2026-03-31', HOLIDAYS).map((date) => [
  date,
  'CLOVER DEPOSIT 8812',
  3_000,
]);

/** Three monthly statements of one account holding the rows (sales included), as the reader returns them. */
function threeMonths(rows: Row[]) {
  const all = [...sales, ...rows];
  return insightsOf(
    ...MONTHS.map(([start, end]) =>
      segment(
        all.filter(([date]) => date >= start && date <= end),
        { start, end, opening: 40_000 },
      ),
    ),
  );
}

const positionsOf = (rows: Row[]) =>
  threeMonths(rows).financingPositions.map(({ counterparty, frequency, amountCents }) => ({
    counterparty,
    frequency,
    amountCents,
  }));

describe('a funder’s payment that changed or drifts', () => {
  it.each<[string, number[]]>([
    ['after two weeks, four weeks shown', [1_250, 1_250, 1_480, 1_480]],
    ['by 12%, two weeks before the end', [1_250, 1_250, 1_250, 1_250, 1_250, 1_250, 1_400, 1_400]],
    [
      'after six weeks, each debit a little off its level',
      [
        1247.85, 1273.99, 1230.16, 1263.36, 1238.49, 1265.85, 1452.46, 1500.56, 1478.54, 1469.78, 1475.28, 1455.17,
        1475.54,
      ],
    ],
  ])('prices a weekly payment that changed %s at its current amount', (_, amounts) => {
    const dates = weekly('2026-01-06', '2026-03-31').slice(-amounts.length);
    const rows: Row[] = amounts.map((dollars, index) => [
      dates[index] ?? '',
      `ACH DEBIT HARBORVIEW CAPITAL ${dates[index]?.replaceAll('-', '')}`,
      -dollars,
    ]);
    const [position, ...others] = threeMonths(rows).financingPositions;
    expect(others).toEqual([]);
    expect([position?.counterparty, position?.frequency]).toEqual(['HARBORVIEW CAPITAL', 'weekly']);
    const current = amounts.at(-1) ?? 0;
    expect(Math.abs((position?.amountCents ?? 0) - current * 100)).toBeLessThan(current * 2);
  });

  it('finds a daily funder whose debits vary about 12% and skip weekends and holidays', () => {
    // About 95% of the debits within 12% of $400 (a sum of uniform draws: most near it, a few further off).
    const random = seeded(4);
    const rows: Row[] = businessDaysBetween('2026-01-02', '2026-03-31', HOLIDAYS).map((date) => [
      date,
      `MERIDIAN FUNDING GROUP DES:PAYMENT ID:${date.replaceAll('-', '')}`,
      -Math.round(40_000 * (1 + (random() + random() + random() + random() - 2) * 0.1)) / 100,
    ]);
    const positions = threeMonths(rows).financingPositions;
    expect(positions.map(({ counterparty, frequency }) => ({ counterparty, frequency }))).toEqual([
      { counterparty: 'MERIDIAN FUNDING GROUP', frequency: 'daily' },
    ]);
    expect(Math.abs((positions[0]?.amountCents ?? 0) - 400_00)).toBeLessThan(40_00);
    expect(positions[0]?.isActive).toBe(true);
  });
});

describe('a funder whose payment follows no single level', () => {
  it('prices a weekly payment that changed twice (a modification, then back) at its latest amount', () => {
    const amounts = [1_250, 1_250, 1_250, 1_250, 900, 900, 900, 900, 1_100, 1_100, 1_100, 1_100];
    const dates = weekly('2026-01-06', '2026-03-31').slice(-amounts.length);
    const rows: Row[] = amounts.map((dollars, index) => [dates[index] ?? '', 'ACH DEBIT HARBORVIEW CAPITAL', -dollars]);
    expect(positionsOf(rows)).toEqual([
      { counterparty: 'HARBORVIEW CAPITAL', frequency: 'weekly', amountCents: 1_100_00 },
    ]);
  });

  it('finds a funder that collects a share of each day’s sales (amounts vary widely) by its words and its rhythm', () => {
    const random = seeded(9);
    const rows: Row[] = businessDaysBetween('2026-01-02', '2026-03-31', HOLIDAYS).map((date) => [
      date,
      `PINNACLE MERCHANT FUNDING DES:SPLIT ID:${date.replaceAll('-', '')}`,
      -Math.round(30_000 * (0.5 + random())) / 100,
    ]);
    const [position, ...others] = threeMonths(rows).financingPositions;
    expect(others).toEqual([]);
    expect([position?.counterparty, position?.frequency]).toEqual(['PINNACLE MERCHANT FUNDING', 'daily']);
    const recent = rows.slice(-10).map(([, , dollars]) => Math.round(-dollars * 100));
    const sorted = [...recent].sort((a, b) => a - b);
    expect(position?.amountCents).toBe(Math.round(((sorted[4] ?? 0) + (sorted[5] ?? 0)) / 2));
  });
});

describe('ordinary repeated payments of a business', () => {
  const weeks = weekly('2026-01-02', '2026-03-27');
  const days = businessDaysBetween('2026-01-02', '2026-03-31', HOLIDAYS);
  const random = seeded(11);
  const monthly = (day: string, description: string, dollars: number): Row[] =>
    ['01', '02', '03'].map((month) => [`2026-${month}-${day}`, description, dollars]);

  it.each<[string, Row[]]>([
    ['a payroll service collecting weekly', weeks.map((date) => [date, 'PAYCOR INC DES:PAYROLL ID:88120', -6_420])],
    ['a PEO collecting weekly at one amount', weeks.map((date) => [date, 'JUSTWORKS DES:BILLING ID:778', -5_200])],
    [
      'rent and an insurer',
      [...monthly('01', 'OAKWOOD PROPERTY MGMT', -4_500), ...monthly('05', 'STATE FARM RO 27 CPC-CLIENT', -612.4)],
    ],
    [
      'an SBA loan and an equipment lease',
      [...monthly('10', 'SBA LOAN PAYMENT 4471893', -1_380), ...monthly('15', 'DLL FINANCE EQUIP LEASE', -845)],
    ],
    ['a utility on autopay', monthly('20', 'DUKE ENERGY AUTOPAY', -402.16)],
    [
      'card processing fees every business day',
      days.map((date) => [date, 'CLOVER MERCHANT FEES 8812', -Math.round(9_000 * (0.6 + random() * 0.8)) / 100]),
    ],
    ['a contractor paid weekly by Zelle', weeks.map((date) => [date, 'ZELLE PAYMENT TO MARIA GARCIA JPM99ABC', -600])],
    ['a cleaner paid weekly by check', weeks.map((date, index) => [date, `CHECK ${1041 + index}`, -350])],
    ['weekly cash from the ATM', weeks.map((date) => [date, 'ATM WITHDRAWAL 0412 MAIN ST', -500])],
    ['a credit card paid weekly', weeks.map((date) => [date, 'CAPITAL ONE MOBILE PMT', -1_000])],
  ])('does not take %s for a financing position', (_, rows) => {
    expect(positionsOf(rows)).toEqual([]);
  });
});

describe('how sure a position is a funder', () => {
  const weeks = weekly('2026-01-02', '2026-03-27');
  const known = (rows: Row[]) =>
    threeMonths(rows).financingPositions.map(({ counterparty, knownFunder }) => ({ counterparty, knownFunder }));

  it('knows a funder by its words, by collecting every business day, or by the proceeds it paid', () => {
    const days = businessDaysBetween('2026-01-02', '2026-03-31', HOLIDAYS);
    expect(known(weeks.map((date) => [date, 'ACH DEBIT PINECREST CAP 0412', -1_250]))).toEqual([
      { counterparty: 'PINECREST CAP', knownFunder: true },
    ]);
    expect(known(days.map((date) => [date, 'ACH DEBIT OSPREY HOLDINGS 0412', -300]))).toEqual([
      { counterparty: 'OSPREY HOLDINGS', knownFunder: true },
    ]);
    expect(
      known([
        ['2026-01-02', 'OSPREY HOLDINGS WIRE CREDIT', 40_000],
        ...weeks.slice(1).map((date): Row => [date, 'ACH DEBIT OSPREY HOLDINGS 0412', -1_250]),
      ]),
    ).toEqual([{ counterparty: 'OSPREY HOLDINGS', knownFunder: true }]);
  });

  it('knows a funder by its name where the name carries no funder word (KAPITUS, FORWARD FINANCING, ONDECK)', () => {
    for (const name of ['KAPITUS', 'FORWARD FINANCING', 'ONDECK']) {
      expect(known(weeks.map((date) => [date, `ACH DEBIT ${name} 0412 CCD`, -1_250]))).toEqual([
        { counterparty: name, knownFunder: true },
      ]);
    }
  });

  it('keeps a weekly same-amount debit to a payee no word, rhythm or deposit shows to be a funder as unsure', () => {
    expect(known(weeks.map((date) => [date, 'CINTAS CORP 0412 PPD', -86.4]))).toEqual([
      { counterparty: 'CINTAS', knownFunder: false },
    ]);
  });
});
