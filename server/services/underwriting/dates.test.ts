// Date forms other banks print: year first with slashes, day-month-two-digit-year, day and month without a year,
// eight digits run together and a month heading over day numbers; each read as a row's date and in the period, and
// look-alikes refused.
import { describe, expect, it } from 'vitest';
import { LINEAR_TIME_TEST, slowCases } from '../../../src/shared/linear-time.test-helpers';
import {
  dayUnderHeading,
  findDateMentions,
  findDateRange,
  findFullDates,
  parseRowDate,
  readMonthHeading,
  resolveRowDate,
} from './dates';
import { parseStatementPages } from './statement-parser';
import { page, parse, right, rowsOf } from './test-pages';

const MAY = { start: '2026-05-01', end: '2026-05-31' };

describe('row date forms', () => {
  it('reads year/month/day with slashes (and dots), day-Mon-yy, day-MON and yyyymmdd cells', () => {
    expect(parseRowDate('2026/05/01')).toEqual({ year: 2026, month: 5, day: 1 });
    expect(parseRowDate('2026.05.01')).toEqual({ year: 2026, month: 5, day: 1 });
    expect(parseRowDate('01-May-26')).toEqual({ year: 2026, month: 5, day: 1 });
    expect(parseRowDate('01-May-2026')).toEqual({ year: 2026, month: 5, day: 1 });
    expect(parseRowDate('01-MAY')).toEqual({ year: null, month: 5, day: 1 });
    expect(parseRowDate('20260501', { compact: true })).toEqual({ year: 2026, month: 5, day: 1 });
  });

  it('reads eight digits as a date only where the caller expects a date cell', () => {
    expect(parseRowDate('20260501')).toBeNull();
    expect(parseRowDate('Fri 20260501', { compact: true })).toEqual({ year: 2026, month: 5, day: 1 });
    expect(parseRowDate('Mon 20260501', { compact: true })).toBeNull();
  });

  it('gives a yearless day-MON the year of the period, across New Year too', () => {
    const date = parseRowDate('01-MAY');
    expect(date && resolveRowDate(date, MAY)).toBe('2026-05-01');
    const january = parseRowDate('02-JAN');
    expect(january && resolveRowDate(january, { start: '2025-12-16', end: '2026-01-15' })).toBe('2026-01-02');
    expect(date && resolveRowDate(date, null)).toBeNull();
  });

  it('refuses look-alikes: impossible days and months, unknown month words, years a statement cannot print', () => {
    for (const text of [
      '20261345',
      '20260230',
      '19891231',
      '21010101',
      '2026/13/01',
      '2026/02/30',
      '2026/05-01',
      '01-Foo-26',
      '32-May-26',
      '1234567',
      '202605011',
    ])
      expect([text, parseRowDate(text, { compact: true })]).toEqual([text, null]);
  });

  it('keeps a two-digit number after a yearless day and month out of the date ("05 MAY 24 HOUR FITNESS")', () => {
    expect(parseRowDate('05 MAY 24')).toBeNull();
    expect(parseRowDate('05 MAY')).toEqual({ year: null, month: 5, day: 5 });
  });
});

describe('a month heading over rows that print only the day', () => {
  it('reads "MAY 2026" as a heading and a day cell under it as that day of the month', () => {
    const heading = readMonthHeading('MAY 2026');
    expect(heading).toEqual({ year: 2026, month: 5 });
    expect(readMonthHeading('April, 2026')).toEqual({ year: 2026, month: 4 });
    expect(heading && dayUnderHeading('19', heading)).toEqual({ year: 2026, month: 5, day: 19 });
    expect(dayUnderHeading('31', { year: 2026, month: 4 })).toBeNull();
    expect(dayUnderHeading('0091234', { year: 2026, month: 5 })).toBeNull();
  });

  it('refuses headings that only look like one', () => {
    for (const text of ['MAYBE 2026', 'MAY 26', 'MAY 2026 SUMMARY', 'Total 2026', 'MAY 1899']) {
      expect([text, readMonthHeading(text)]).toEqual([text, null]);
    }
  });
});

describe('dates in text', () => {
  it('finds year/month/day and day-Mon-yy dates in a line', () => {
    expect(findFullDates('Statement date 2026/05/31')).toEqual(['2026-05-31']);
    expect(findFullDates('As of 31-May-26')).toEqual(['2026-05-31']);
  });

  it('never reads eight digits inside a description as a date', () => {
    expect(findDateMentions('POS PURCHASE OFFICE DEPOT 20260511 TRACE 20260512')).toEqual([]);
    expect(findFullDates('ACH CREDIT 20260511 STRIPE')).toEqual([]);
    expect(findDateRange('INVOICE 20260501 AMOUNT DUE')).toBeNull();
  });

  it('reads a period in each form', () => {
    expect(findDateRange('Statement period 2026/05/01 - 2026/05/31')).toEqual(MAY);
    expect(findDateRange('Statement period 01-May-26 to 31-May-26')).toEqual(MAY);
    expect(findDateRange('Statement period 20260501 - 20260531')).toEqual(MAY);
    expect(findDateRange('Period: 20260501 through 20260531')).toEqual(MAY);
    // Two dates joined by a dash without spaces, in a page header's one text run.
    expect(findDateRange('Statement Period 05/01/26-05/31/26')).toEqual(MAY);
    expect(findDateRange('Statement Period 05/01/2026-05/31/2026   Page 1 of 6')).toEqual(MAY);
    expect(findDateRange('Statement Period 05/01/26\u201305/31/26')).toEqual(MAY);
  });

  it('does not read a dashed run of numbers as a period', () => {
    expect(findDateRange('REF 05/01/26-4471')).toBeNull();
    expect(findDateRange('PHONE 05/31/26-05/01/26')).toBeNull();
  });

  it('reads eight digits in a period only beside another eight-digit date, and only as a plausible range', () => {
    expect(findDateRange('REF 20260501 to 05/31/2026')).toBeNull();
    expect(findDateRange('20260531 - 20260501')).toBeNull();
    expect(findDateRange('20261345 - 20261399')).toBeNull();
  });
});

type Cells = Array<[number, string]>;

/** A one-month statement under `period`: its opening balance, a column heading, the rows, its closing balance. */
function statementOf(period: string, opening: string, rows: Cells[], closing: string) {
  const heading: Cells = [
    [40, 'Date'],
    [100, 'Description'],
    [360, 'Amount'],
    [440, 'Balance'],
  ];
  const balance = (label: string, amount: string): Cells => [[40, label], right(300, amount)];
  return parse([
    page([[[40, period]], balance('Beginning balance', opening), heading, ...rows, balance('Ending balance', closing)]),
  ]);
}

/** A row: date, description, amount and balance in their columns. */
const row = (date: string, description: string, amount: string, balance: string): Cells => [
  [40, date],
  [100, description],
  right(400, amount),
  right(480, balance),
];

/** The same three rows, their dates printed as `dates`. */
const statementWith = (period: string, dates: readonly string[]) =>
  statementOf(
    period,
    '20,102.10',
    [
      row(dates[0] ?? '', 'ADP WAGE PAY WAGE PAY 790795', '-12,335.05', '7,767.05'),
      row(dates[1] ?? '', 'HEARTLAND PMT SYS TXNS/FEES 8252', '4,666.04', '12,433.09'),
      row(dates[2] ?? '', 'POS PURCHASE OFFICE DEPOT 20260511', '-236.10', '12,196.99'),
    ],
    '12,196.99',
  );

const EXPECTED_ROWS = [
  ['2026-05-01', 'ADP WAGE PAY WAGE PAY 790795', 12_335_05, 'debit'],
  ['2026-05-04', 'HEARTLAND PMT SYS TXNS/FEES 8252', 4_666_04, 'credit'],
  ['2026-05-11', 'POS PURCHASE OFFICE DEPOT 20260511', 236_10, 'debit'],
];

describe('whole statements printing each form', () => {
  // The last row's description ends in eight digits that make a calendar day: they stay its reference.
  it.each([
    ['year/month/day', 'Statement period 2026/05/01 - 2026/05/31', ['2026/05/01', '2026/05/04', '2026/05/11']],
    ['day-Mon-yy', 'Statement period 01-May-26 to 31-May-26', ['01-May-26', '04-May-26', '11-May-26']],
    ['day-MON, the year from the period', 'Statement period 05/01/2026 - 05/31/2026', ['01-MAY', '04-MAY', '11-MAY']],
    ['yyyymmdd', 'Statement period 20260501 - 20260531', ['20260501', '20260504', '20260511']],
  ] as const)('reads %s rows to the cent, the period and the balances', (_form, period, dates) => {
    const statement = statementWith(period, dates);
    expect(statement.segments.map((segment) => [segment.periodStart, segment.periodEnd])).toEqual([
      ['2026-05-01', '2026-05-31'],
    ]);
    expect(rowsOf(statement)).toEqual(EXPECTED_ROWS);
    expect(statement.segments[0]?.balanceCheck.status).toBe('reconciled');
  });

  it('keeps a reference of eight digits wrapped onto a line of its own in the description above', () => {
    const statement = statementOf(
      'Statement period 20260501 - 20260531',
      '1,000.00',
      [
        row('05/04', 'PINECREST ADVANCE ACH DEBIT 2701964 CCD', '-500.00', '500.00'),
        [[100, '20500301']],
        row('05/05', 'ACH CREDIT STRIPE', '100.00', '600.00'),
      ],
      '600.00',
    );
    expect(statement.segments.map((segment) => [segment.periodStart, segment.periodEnd])).toEqual([
      ['2026-05-01', '2026-05-31'],
    ]);
    expect(rowsOf(statement)).toEqual([
      ['2026-05-04', 'PINECREST ADVANCE ACH DEBIT 2701964 CCD 20500301', 500_00, 'debit'],
      ['2026-05-05', 'ACH CREDIT STRIPE', 100_00, 'credit'],
    ]);
  });
});

describe('date reading', () => {
  const read = (rows: Array<Array<[number, string]>>) => parseStatementPages([page(rows)]);
  it('runs in linear time', LINEAR_TIME_TEST, () => {
    expect(
      slowCases([
        ['row date', (value) => parseRowDate(value)],
        ['month heading', (value) => readMonthHeading(`MAY ${value}`)],
        ['day under a heading', (value) => dayUnderHeading(value, { year: 2026, month: 5 })],
        ['row date after eight digits', (value) => parseRowDate(`20260501${value}`, { compact: true })],
        ['full dates', (value) => findFullDates(value.slice(0, 160))],
        ['mentions', (value) => findDateMentions(value)],
        ['range', (value) => findDateRange(value)],
        ['range of eight digits', (value) => findDateRange(`20260501 - ${value}`)],
        ['statement row', (value) => read([[[40, '01-May-26'], [90, value], right(900, '12.00')]])],
        ['statement period', (value) => read([[[40, `Statement period 01-May-26 to ${value}`]]])],
      ]),
    ).toEqual([]);
  });
});
