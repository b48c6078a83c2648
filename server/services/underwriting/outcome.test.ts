import { describe, expect, it } from 'vitest';
import { decide, type ReadingSummary } from './decision';
import { computeInsights, type StatementForInsights } from './insights';
import { buildOutcome, whatIfScenarios, type StatementRead, type WhatIf } from './outcome';
import { MIN_HISTORY_DAYS_FOR_APPROVAL } from './policy';
import type { ParsedStatement, ParsedTransaction, StatedAnswers } from './types';

const STATED: StatedAnswers = {
  loanAmount: 60_000,
  estimatedCreditScore: 700,
  monthlyRevenue: '$50,000 - $100,000',
  timeInBusiness: '5-10 years',
  businessStartDate: '2018-01-15',
  businessType: 'Retail',
};

const tx = (
  date: string,
  description: string,
  amountCents: number,
  direction: 'credit' | 'debit',
): ParsedTransaction => ({
  date,
  description,
  amountCents,
  direction,
  balanceCents: null,
  page: 1,
});

/** Two months of $60,000 revenue, two NSF fees a month and a $250 daily debit to another funder. */
function statement(): ParsedStatement {
  return {
    pageCount: 2,
    holderNames: [],
    layout: 'signed-amount',
    warnings: [],
    segments: [
      ['2024-03', 31],
      ['2024-04', 30],
    ].map(([month, days]) => {
      const day = (d: number) => `${String(month)}-${String(d).padStart(2, '0')}`;
      const transactions: ParsedTransaction[] = [
        ...[3, 10, 17, 24].map((d) => tx(day(d), 'SQUARE INC DEPOSIT', 15_000_00, 'credit')),
        tx(day(27), 'CARD PURCHASE SUPPLIES', 40_000_00, 'debit'),
        tx(day(8), 'NSF FEE RETURNED ITEM', 35_00, 'debit'),
        tx(day(21), 'NSF FEE RETURNED ITEM', 35_00, 'debit'),
        ...Array.from({ length: Number(days) }, (_, index) => index + 1)
          .filter((d) => d % 7 !== 0 && d % 7 !== 6)
          .map((d) => tx(day(d), 'ACH DEBIT FASTCAP FUNDING', 250_00, 'debit')),
      ].sort((a, b) => a.date.localeCompare(b.date));
      return {
        periodStart: day(1),
        periodEnd: day(Number(days)),
        openingBalanceCents: 20_000_00,
        closingBalanceCents: null,
        balanceCheck: {
          status: 'unverifiable' as const,
          expectedClosingCents: null,
          differenceCents: null,
          runningBalanceBreaks: 0,
          note: null,
        },
        transactions,
      };
    }),
  };
}

const READING: ReadingSummary = {
  submitted: 1,
  parsed: 1,
  notRead: [],
  mismatchedPeriods: 0,
  unverifiablePeriods: 2,
  layouts: ['signed-amount'],
};

function without(parsed: StatementForInsights[], dropped: RegExp): StatementForInsights[] {
  return parsed.map(({ documentId, statement: s }) => ({
    documentId,
    statement: {
      ...s,
      segments: s.segments.map((segment) => ({
        ...segment,
        transactions: segment.transactions.filter((t) => !dropped.test(t.description)),
      })),
    },
  }));
}

function answerOf(result: ReturnType<typeof decide>): WhatIf['withoutIt'] {
  return {
    decision: result.decision,
    amountCents: result.offer?.amountCents ?? 0,
    weeklyPaymentCents: result.offer?.weeklyPaymentCents ?? 0,
    termWeeks: result.offer?.termWeeks ?? 0,
  };
}

describe('what would change the offer', () => {
  const parsed: StatementForInsights[] = [{ documentId: 'doc-1', statement: statement() }];
  const reads: StatementRead[] = [
    { documentId: 'doc-1', fileName: 'spring.pdf', read: { ok: true, statement: statement() } },
  ];
  const outcome = buildOutcome(STATED, reads);
  const whatIf = outcome.analysis.whatIf ?? [];

  it('names the facts that limited the offer, at most three', () => {
    expect(outcome.decision).not.toBe('approved');
    expect(whatIf.length).toBeGreaterThanOrEqual(2);
    expect(whatIf.length).toBeLessThanOrEqual(3);
    expect(whatIf.map((item) => item.fact)).toEqual(
      expect.arrayContaining([
        'Existing daily debit of $250.00 to FASTCAP FUNDING',
        '2 months of statements instead of three',
      ]),
    );
  });

  it('gives for each fact exactly what the engine answers on the input without it', () => {
    const insights = computeInsights(parsed);
    if (!insights) throw new Error('expected insights');
    const expected: Record<string, WhatIf['withoutIt']> = {
      'nsf-events': answerOf(
        decide({ stated: STATED, reading: READING, insights: computeInsights(without(parsed, /NSF FEE/)) }),
      ),
      'existing-financing': answerOf(
        decide({ stated: STATED, reading: READING, insights: computeInsights(without(parsed, /FASTCAP/)) }),
      ),
      'short-history': answerOf(
        decide({
          stated: STATED,
          reading: READING,
          insights: { ...insights, coveredDays: MIN_HISTORY_DAYS_FOR_APPROVAL, missingMonths: [] },
        }),
      ),
    };
    const actual = answerOf(decide({ stated: STATED, reading: READING, insights }));
    for (const item of whatIf) {
      expect(item.withoutIt).toEqual(expected[item.code]);
      // Only facts whose removal improves the answer are shown.
      const better =
        ['declined', 'review', 'approved'].indexOf(item.withoutIt.decision) >
          ['declined', 'review', 'approved'].indexOf(actual.decision) ||
        item.withoutIt.amountCents > actual.amountCents;
      expect(better).toBe(true);
    }
  });

  it('takes out every debit of a position whose payment varies', () => {
    const varying = statement();
    for (const segment of varying.segments)
      segment.transactions.forEach((transaction, index) => {
        if (transaction.description.includes('FASTCAP')) transaction.amountCents = 250_00 + ((index % 3) - 1) * 10_00;
      });
    const varied: StatementForInsights[] = [{ documentId: 'doc-1', statement: varying }];
    const insights = computeInsights(varied);
    expect(insights?.financingPositions).toHaveLength(1);
    const scenario = whatIfScenarios({ stated: STATED, parsed: varied, reading: READING, insights }).find(
      (item) => item.code === 'existing-financing',
    );
    expect(scenario?.insights?.financingPositions).toEqual([]);
  });

  it('is empty when nothing limited the offer', () => {
    expect(buildOutcome(STATED, []).analysis.whatIf).toEqual([]);
  });
});
