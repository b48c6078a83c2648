// The underwriting engine's `analysis` JSON changes with the engine: every field is read defensively, so an older,
// newer or partial document shows what it has and never breaks the dialog.

import { formatUsd } from '@shared/format';

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const dollars = (cents: unknown): number | null => {
  const value = num(cents);
  return value === null ? null : value / 100;
};

export type AnalysisMonth = {
  month: string;
  trueRevenue: number | null;
  deposits: number | null;
  withdrawals: number | null;
  averageDailyBalance: number | null;
  /** Null on analyses stored before the engine kept it. */
  endingBalance: number | null;
  nsfEvents: number | null;
  negativeBalanceDays: number | null;
};
export type AnalysisFlag = {
  code: string | null;
  severity: 'info' | 'warning' | 'critical' | 'unknown';
  message: string;
};
/** OCR of a photo or scan, read after the submission's answer: pending, read, or failed with a reason. */
export type AnalysisOcr = { status: 'pending' | 'read' | 'failed'; note: string | null };
/** Whether a statement's balances added up (opening + credits - debits = closing, and each printed balance). */
export type AnalysisReconciliation = { status: string; reason: string | null };
export type AnalysisStatement = {
  fileName: string;
  parseStatus: string;
  parseNote: string | null;
  ocr: AnalysisOcr | null;
  reconciliation: AnalysisReconciliation | null;
};
/** What the engine would answer with the OCR'd figures; the stored decision above is not changed by OCR. */
export type AnalysisOcrSummary = {
  updatedAt: string | null;
  decision: string | null;
  amount: number | null;
  averageMonthlyTrueRevenue: number | null;
};
export type AnalysisPosition = {
  counterparty: string;
  amount: number | null;
  frequency: string | null;
  /** A weekly same-amount payee the engine does not know as a funder: staff decide whether it is financing. */
  unsure: boolean;
};

export type AnalysisView = {
  months: AnalysisMonth[];
  flags: AnalysisFlag[];
  reasoning: string[];
  facts: { label: string; value: string }[];
  statements: AnalysisStatement[];
  financingPositions: AnalysisPosition[];
  ocr: AnalysisOcrSummary | null;
  /** Some statement is still waiting for OCR: the view refreshes until it is read. */
  isOcrPending: boolean;
  isEmpty: boolean;
};

function parseOcr(raw: unknown): AnalysisOcr | null {
  const ocr = record(raw);
  const status = ocr.status;
  if (status !== 'pending' && status !== 'read' && status !== 'failed') return null;
  return { status, note: text(ocr.note) };
}

function parseReconciliation(raw: unknown): AnalysisReconciliation | null {
  const reconciliation = record(raw);
  const status = text(reconciliation.status);
  return status ? { status, reason: text(reconciliation.reason) } : null;
}

/** True while any statement of a stored analysis waits for OCR (the detail query polls meanwhile). */
export function hasPendingOcr(raw: unknown): boolean {
  return list(record(raw).statements).some((item) => parseOcr(record(item).ocr)?.status === 'pending');
}

export function parseAnalysis(raw: unknown): AnalysisView {
  const analysis = record(raw);
  const months = list(analysis.months).flatMap((item): AnalysisMonth[] => {
    const month = record(item);
    const label = text(month.month);
    if (!label) return [];
    return [
      {
        month: label,
        trueRevenue: dollars(month.trueRevenueCents),
        deposits: dollars(month.creditsCents),
        withdrawals: dollars(month.debitsCents),
        averageDailyBalance: dollars(month.averageDailyBalanceCents),
        endingBalance: dollars(month.endingBalanceCents),
        nsfEvents: num(month.nsfEvents),
        negativeBalanceDays: num(month.negativeBalanceDays),
      },
    ];
  });
  const flags = list(analysis.flags).flatMap((item): AnalysisFlag[] => {
    if (typeof item === 'string') return [{ code: null, severity: 'unknown', message: item }];
    const flag = record(item);
    const message = text(flag.message) ?? text(flag.code);
    if (!message) return [];
    const severity =
      flag.severity === 'info' || flag.severity === 'warning' || flag.severity === 'critical'
        ? flag.severity
        : 'unknown';
    return [{ code: text(flag.code), severity, message }];
  });
  const reasoning = (Array.isArray(analysis.reasoning) ? analysis.reasoning : [analysis.reasoning]).flatMap((item) => {
    const line = text(item);
    return line ? [line] : [];
  });
  const summary = record(analysis.summary);
  const risk = record(analysis.risk);
  const facts: { label: string; value: string }[] = [];
  const pushFact = (label: string, value: string | null) => {
    if (value !== null) facts.push({ label, value });
  };
  const average = dollars(summary.averageMonthlyTrueRevenueCents);
  pushFact('Average monthly true revenue', average === null ? null : formatUsd(average));
  pushFact('Stated monthly revenue', text(summary.statedMonthlyRevenue));
  const health = num(summary.healthScore);
  pushFact('Health score', health === null ? null : `${health} / 100`);
  pushFact('Cash-flow trend', text(summary.trend));
  pushFact('Consistency', text(summary.consistency));
  const adb = dollars(summary.averageDailyBalanceCents);
  pushFact('Average daily balance', adb === null ? null : formatUsd(adb));
  const nsf = num(summary.nsfEvents);
  pushFact('NSF / overdraft events', nsf === null ? null : String(nsf));
  pushFact('Risk tier', text(risk.tier));
  pushFact(
    'Revenue source',
    analysis.revenueSource === 'stated'
      ? 'Stated by the applicant (unverified: no statement was read)'
      : text(analysis.revenueSource) === 'statements'
        ? 'Bank statements'
        : text(analysis.revenueSource),
  );
  pushFact('Average revenue method', text(record(analysis.revenueAverage).description));
  const gaps = list(record(analysis.coverage).gaps).flatMap((item) => {
    const gap = record(item);
    const start = text(gap.start);
    const end = text(gap.end);
    return start && end ? [`${start} to ${end}`] : [];
  });
  pushFact('Gaps between statements', gaps.length > 0 ? gaps.join('; ') : null);
  pushFact('As of', text(analysis.asOfDate));
  pushFact('Engine version', text(analysis.engineVersion));
  const statements = list(analysis.statements).flatMap((item): AnalysisStatement[] => {
    const statement = record(item);
    const fileName = text(statement.fileName);
    if (!fileName) return [];
    return [
      {
        fileName,
        parseStatus: text(statement.parseStatus) ?? 'unknown',
        parseNote: text(statement.parseNote),
        ocr: parseOcr(statement.ocr),
        reconciliation: parseReconciliation(statement.reconciliation),
      },
    ];
  });
  const ocrSummary = record(analysis.ocr);
  const engineAnswer = record(ocrSummary.engineAnswer);
  const ocr: AnalysisOcrSummary | null = analysis.ocr
    ? {
        updatedAt: text(ocrSummary.updatedAt),
        decision: text(engineAnswer.decision),
        amount: dollars(engineAnswer.amountCents),
        averageMonthlyTrueRevenue: dollars(engineAnswer.averageMonthlyTrueRevenueCents),
      }
    : null;
  // Positions found once OCR read more statements are the fuller list for staff (the stored one is the client's).
  const positionsSource = Array.isArray(ocrSummary.financingPositions)
    ? ocrSummary.financingPositions
    : analysis.financingPositions;
  const financingPositions = list(positionsSource).flatMap((item): AnalysisPosition[] => {
    const position = record(item);
    const counterparty = text(position.counterparty);
    if (!counterparty) return [];
    return [
      {
        counterparty,
        amount: dollars(position.amountCents),
        frequency: text(position.frequency),
        unsure: position.knownFunder === false,
      },
    ];
  });
  return {
    months,
    flags,
    reasoning,
    facts,
    statements,
    financingPositions,
    ocr,
    isOcrPending: statements.some((statement) => statement.ocr?.status === 'pending'),
    isEmpty: !months.length && !flags.length && !reasoning.length && !facts.length && !statements.length,
  };
}
