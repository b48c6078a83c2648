import { describe, expect, it } from 'vitest';
import { ALL_NOISE, buildLedger, expectedMonths, type Ledger, type LedgerOptions } from '../../test/statements/ledger';
import {
  renderStatementPdf,
  type NegativeStyle,
  type RenderOptions,
  type StatementLayoutName,
} from '../../test/statements/render';
import { computeInsights } from './insights';
import { extractPdfText } from './pdf-text';
import { parseStatementPages } from './statement-parser';
import type { ParsedStatement } from './types';

const cache = new WeakMap<Ledger, Map<string, Promise<ParsedStatement>>>();

/** Renders and reads once per ledger and options; several tests look at the same statement. */
function readGenerated(ledger: Ledger, options: RenderOptions): Promise<ParsedStatement> {
  const byOptions = cache.get(ledger) ?? new Map<string, Promise<ParsedStatement>>();
  cache.set(ledger, byOptions);
  const key = JSON.stringify(options);
  let statement = byOptions.get(key);
  if (!statement) {
    statement = renderAndRead(ledger, options);
    byOptions.set(key, statement);
  }
  return statement;
}

async function renderAndRead(ledger: Ledger, options: RenderOptions): Promise<ParsedStatement> {
  const pdf = await renderStatementPdf(ledger, options);
  const text = await extractPdfText(new Uint8Array(pdf));
  if (!text.ok) throw new Error(text.reason);
  const parsed = parseStatementPages(text.pages);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.statement;
}

function ledgerTransactions(ledger: Ledger) {
  return ledger.periods
    .flatMap((period) => period.entries)
    .map(({ date, description, amountCents, direction }) => ({ date, description, amountCents, direction }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

function parsedTransactions(statement: ParsedStatement) {
  return statement.segments
    .flatMap((segment) => segment.transactions)
    .map(({ date, description, amountCents, direction }) => ({ date, description, amountCents, direction }));
}

/** Same multiset of transactions per day (sections list credits before debits, so order within a day differs). */
function byDay<T extends { date: string; description: string; amountCents: number; direction: string }>(rows: T[]) {
  return [...rows].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.direction.localeCompare(b.direction) ||
      a.description.localeCompare(b.description) ||
      a.amountCents - b.amountCents,
  );
}

const NOISY: LedgerOptions = {
  seed: 42,
  firstMonth: '2024-01',
  months: 3,
  noise: { ...ALL_NOISE, weeklyPosition: true },
};

const CASES: Array<{
  layout: StatementLayoutName;
  negativeStyle: NegativeStyle;
  expectedLayout: ParsedStatement['layout'];
}> = [
  { layout: 'signed-amount', negativeStyle: 'minus', expectedLayout: 'signed-amount' },
  { layout: 'signed-amount', negativeStyle: 'parentheses', expectedLayout: 'signed-amount' },
  { layout: 'signed-amount', negativeStyle: 'trailing-minus', expectedLayout: 'signed-amount' },
  { layout: 'signed-amount', negativeStyle: 'cr-dr', expectedLayout: 'signed-amount' },
  { layout: 'debit-credit', negativeStyle: 'minus', expectedLayout: 'debit-credit-columns' },
  { layout: 'sections', negativeStyle: 'minus', expectedLayout: 'sections' },
];

// The first test in a file loads pdf.js (two 2 MB modules): slow on a busy machine, so the file's limit is generous.
describe('statement reader on generated statements', { timeout: 30_000 }, () => {
  const ledger = buildLedger(NOISY);
  const truth = expectedMonths(ledger);

  it.each(CASES)(
    'reads every transaction of a $layout statement ($negativeStyle negatives) to the cent',
    async ({ layout, negativeStyle, expectedLayout }) => {
      const statement = await readGenerated(ledger, { layout, negativeStyle });
      expect(statement.layout).toBe(expectedLayout);
      expect(statement.pageCount).toBeGreaterThan(1);
      expect(byDay(parsedTransactions(statement))).toEqual(byDay(ledgerTransactions(ledger)));
    },
  );

  it.each(CASES)(
    'gives the ledger monthly true revenue and balances for a $layout statement ($negativeStyle)',
    async ({ layout, negativeStyle }) => {
      const statement = await readGenerated(ledger, { layout, negativeStyle });
      const insights = computeInsights([{ documentId: 'doc', statement }]);
      expect(insights?.months.map((month) => month.trueRevenueCents)).toEqual(
        truth.map((month) => month.trueRevenueCents),
      );
      expect(insights?.months.map((month) => month.averageDailyBalanceCents)).toEqual(
        truth.map((month) => month.averageDailyBalanceCents),
      );
      expect(insights?.months.map((month) => month.endingBalanceCents)).toEqual(
        truth.map((month) => month.endingBalanceCents),
      );
      for (const segment of statement.segments) expect(segment.balanceCheck.status).toBe('reconciled');
      const first = ledger.periods[0];
      const last = ledger.periods.at(-1);
      expect(statement.segments[0]?.openingBalanceCents).toBe(first?.openingBalanceCents);
      expect(statement.segments.at(-1)?.closingBalanceCents).toBe(last?.closingBalanceCents);
    },
  );

  it('finds one statement period per month when months are printed as separate statements', async () => {
    const statement = await readGenerated(ledger, { layout: 'signed-amount' });
    expect(statement.segments.map((segment) => [segment.periodStart, segment.periodEnd])).toEqual([
      ['2024-01-01', '2024-01-31'],
      ['2024-02-01', '2024-02-29'],
      ['2024-03-01', '2024-03-31'],
    ]);
  });

  it('reads a quarter printed as one period spanning three months', async () => {
    const statement = await readGenerated(ledger, { layout: 'debit-credit' });
    expect(statement.segments).toHaveLength(1);
    expect(statement.segments[0]).toMatchObject({ periodStart: '2024-01-01', periodEnd: '2024-03-31' });
  });

  it('joins descriptions wrapped onto a second line', async () => {
    const statement = await readGenerated(ledger, { layout: 'debit-credit' });
    const wrapped = parsedTransactions(statement).filter((row) =>
      row.description.startsWith('ACH DEBIT MERIDIAN WHOLESALE'),
    );
    expect(wrapped.length).toBeGreaterThan(0);
    for (const row of wrapped)
      expect(row.description).toMatch(/^ACH DEBIT MERIDIAN WHOLESALE RESTAURANT SUPPLY COMPANY INV \d{6}$/);
  });

  it('does not take the daily balance grid of a sectioned statement as transactions', async () => {
    const statement = await readGenerated(ledger, { layout: 'sections' });
    expect(parsedTransactions(statement)).toHaveLength(ledgerTransactions(ledger).length);
  });

  it('derives deposit counts, NSF events, negative days and largest deposits as the ledger has them', async () => {
    const statement = await readGenerated(ledger, { layout: 'sections' });
    const months = computeInsights([{ documentId: 'doc', statement }])?.months ?? [];
    expect(
      months.map((m) => [m.revenueDepositCount, m.nsfEvents, m.negativeBalanceDays, m.largestDepositCents]),
    ).toEqual(truth.map((m) => [m.revenueDepositCount, m.nsfEvents, m.negativeBalanceDays, m.largestDepositCents]));
    expect(months.map((m) => [m.excludedTransfersCents, m.excludedLoanProceedsCents, m.excludedRefundsCents])).toEqual(
      truth.map((m) => [m.transfersInCents, m.loanProceedsCents, m.refundsCents]),
    );
    expect(truth.some((m) => m.negativeBalanceDays > 0)).toBe(true);
    expect(truth.some((m) => m.nsfEvents > 0)).toBe(true);
  });

  it('finds the daily and weekly financing positions and ignores payroll and rent', async () => {
    const statement = await readGenerated(ledger, { layout: 'signed-amount', negativeStyle: 'parentheses' });
    const positions = computeInsights([{ documentId: 'doc', statement }])?.financingPositions ?? [];
    expect(positions.map((p) => [p.counterparty, p.amountCents, p.frequency, p.isActive])).toEqual([
      ['PINECREST ADVANCE', 389_00, 'daily', true],
      ['NORTHGATE FUNDING WKLY', 1_150_00, 'weekly', true],
    ]);
  });

  it('reports a missing month between statements', async () => {
    const gapLedger = buildLedger({ ...NOISY, months: 4, missingMonths: ['2024-02'] });
    const statement = await readGenerated(gapLedger, { layout: 'signed-amount' });
    const insights = computeInsights([{ documentId: 'doc', statement }]);
    expect(insights?.missingMonths).toEqual(['2024-02']);
    expect(insights?.months.filter((m) => m.coveredDays > 0).map((m) => m.trueRevenueCents)).toEqual(
      expectedMonths(gapLedger).map((m) => m.trueRevenueCents),
    );
  });
});

describe('balance cross-check', () => {
  const ledger = buildLedger({ seed: 5, firstMonth: '2024-04', months: 2, noise: { transfers: true } });

  it.each(['signed-amount', 'debit-credit', 'sections'] as const)(
    'reports a %s statement whose closing balance does not add up, with the difference',
    async (layout) => {
      const statement = await readGenerated(ledger, { layout, closingBalanceErrorCents: 1_234_56 });
      const check = statement.segments[0]?.balanceCheck;
      expect(check?.status).toBe('mismatch');
      expect(check?.differenceCents).toBe(1_234_56);
      expect(check?.note).toContain('off by $1,234.56');
    },
  );

  it('reports rows missing from the table as a mismatch instead of guessing', async () => {
    const statement = await readGenerated(ledger, { layout: 'sections', dropFirstTransactions: 3 });
    expect(statement.segments[0]?.balanceCheck.status).toBe('mismatch');
    expect(statement.segments[1]?.balanceCheck.status).toBe('reconciled');
  });

  it('flags running balances that disagree with the row amounts', async () => {
    const statement = await readGenerated(ledger, { layout: 'signed-amount', dropFirstTransactions: 2 });
    expect(statement.segments[0]?.balanceCheck.runningBalanceBreaks).toBeGreaterThan(0);
  });
});
