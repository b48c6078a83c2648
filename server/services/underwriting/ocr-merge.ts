// What OCR changes in a stored analysis (second stage). Pure, so the rules are tested without threads.
//
// The analysis is rebuilt from every statement (OCR'd ones included) so the monthly table, flags, summary and
// per-statement summaries describe all the evidence. What the OCR loop never changes: the decision made at
// submission, the client's answer, and the four analysis fields the client's offer is priced from or shown
// (revenueSource, offer, financingPositions, whatIf; see services/offers/stored.ts). Staff decide; the rebuilt
// engine's answer and the financing positions OCR found are kept beside them under `ocr` for staff.
import type { EngineDecision, Flag } from './decision';
import type { FinancingPosition } from './insights';
import { formatCents } from './money';
import type { StatementAnalysis, StatementOcr, UnderwritingAnalysis, UnderwritingOutcome } from './outcome';
import { OCR_LOW_CONFIDENCE } from './policy';
import type { ParseResult } from './types';

export type OcrJobView = {
  documentId: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  /** done: what OCR read (a parsed statement, or why the OCR'd text was not a statement). */
  read: ParseResult | null;
  /** failed: why OCR could not run on the file. */
  error: string | null;
  pagesRead: number | null;
  meanConfidence: number | null;
  durationMs: number | null;
  finishedAt: string | null;
};

export type OcrAnalysisSummary = {
  updatedAt: string;
  read: number;
  failed: number;
  pending: number;
  /** The engine's answer on all statements, OCR'd ones included. Shown to staff; nothing acts on it. */
  engineAnswer: {
    decision: EngineDecision;
    amountCents: number;
    revenueSource: 'statements' | 'stated';
    averageMonthlyTrueRevenueCents: number | null;
  };
  /** Positions found with the OCR'd statements (the top-level list stays as at submission: clients see it). */
  financingPositions: FinancingPosition[];
};

export type OcrUpdatedAnalysis = UnderwritingAnalysis & { ocr: OcrAnalysisSummary };

/** The fields of the stored analysis the client's offer depends on; copied through unchanged. */
const CLIENT_FACING_KEYS = ['revenueSource', 'offer', 'financingPositions', 'whatIf'] as const;

export type StoredAnalysis = Partial<UnderwritingAnalysis>;

function failureOf(job: OcrJobView): string | null {
  if (job.status === 'failed') return job.error ?? 'OCR did not finish.';
  if (job.status === 'done' && job.read && !job.read.ok) return job.read.reason;
  return null;
}

/** The read each OCR'd document contributes to the rebuilt analysis, instead of reading the file again. */
export function ocrOverrides(jobs: OcrJobView[], stored: StoredAnalysis): Map<string, ParseResult> {
  const overrides = new Map<string, ParseResult>();
  for (const job of jobs) {
    if (job.status === 'done' && job.read?.ok) {
      overrides.set(job.documentId, job.read);
      continue;
    }
    const failure = failureOf(job);
    if (failure !== null) {
      overrides.set(job.documentId, { ok: false, reason: `OCR failed: ${failure}` });
      continue;
    }
    // Still queued or running: keep what the instant read said ("... read by OCR after submission").
    const note = stored.statements?.find((statement) => statement.documentId === job.documentId)?.parseNote;
    overrides.set(job.documentId, { ok: false, reason: note ?? 'Waiting for OCR.' });
  }
  return overrides;
}

function confidenceText(job: OcrJobView): string {
  return job.meanConfidence === null ? '' : `, mean word confidence ${job.meanConfidence}%`;
}

function ocrOf(job: OcrJobView): StatementOcr {
  const failure = failureOf(job);
  if (job.status === 'done' && failure === null) {
    return {
      status: 'read',
      note: `Read by OCR: ${job.pagesRead ?? 0} page(s)${confidenceText(job)}.`,
      pagesRead: job.pagesRead ?? 0,
      meanConfidence: job.meanConfidence,
      durationMs: job.durationMs ?? undefined,
      finishedAt: job.finishedAt ?? undefined,
    };
  }
  if (failure !== null) {
    return {
      status: 'failed',
      note: failure,
      durationMs: job.durationMs ?? undefined,
      finishedAt: job.finishedAt ?? undefined,
    };
  }
  return { status: 'pending', note: null };
}

const DECISION_LABELS: Record<EngineDecision, string> = {
  approved: 'Approved',
  declined: 'Declined',
  review: 'Review',
};

/**
 * The stored analysis after OCR: rebuilt from every statement, with each OCR'd statement marked, a reasoning line
 * per statement OCR read, and the client-facing fields copied from the stored analysis untouched.
 */
export function mergeOcrAnalysis(input: {
  stored: StoredAnalysis;
  rebuilt: UnderwritingOutcome;
  jobs: OcrJobView[];
  decisionAtSubmission: EngineDecision;
  now: Date;
}): OcrUpdatedAnalysis {
  const { stored, rebuilt, jobs } = input;
  const byDocument = new Map(jobs.map((job) => [job.documentId, job]));
  const statements = rebuilt.analysis.statements.map((statement): StatementAnalysis => {
    const job = byDocument.get(statement.documentId);
    if (!job) return statement;
    const ocr = ocrOf(job);
    const parseNote = ocr.status === 'read' ? `Read by OCR. ${statement.parseNote ?? ''}`.trim() : statement.parseNote;
    return { ...statement, parseNote, ocr };
  });

  const ocrLines: string[] = [];
  const ocrFlags: Flag[] = [];
  for (const statement of statements) {
    const job = byDocument.get(statement.documentId);
    if (!job || statement.ocr?.status !== 'read') continue;
    const transactions = statement.periods.reduce((sum, period) => sum + period.transactionCount, 0);
    const checks = statement.periods.map((period) => period.balanceCheck);
    const check = checks.includes('mismatch')
      ? 'balances do not reconcile'
      : checks.every((status) => status === 'reconciled')
        ? 'balances reconcile'
        : 'balances not printed';
    ocrLines.push(
      `Statement "${statement.fileName}" read by OCR after submission: ${transactions} transactions, ${check}${confidenceText(job)}.`,
    );
    const isLow = job.meanConfidence !== null && job.meanConfidence < OCR_LOW_CONFIDENCE;
    ocrFlags.push({
      code: 'ocr-read',
      severity: isLow || checks.includes('mismatch') ? 'warning' : 'info',
      message: `Statement "${statement.fileName}" was read by OCR${confidenceText(job)}: check key figures against the image.`,
    });
  }

  const decisionLine = rebuilt.analysis.reasoning.find((line) => line.startsWith('Decision: '));
  const answer = (decisionLine ? decisionLine.slice('Decision: '.length) : DECISION_LABELS[rebuilt.decision]).replace(
    /\.$/,
    '',
  );
  const amountCents = rebuilt.decision === 'declined' ? 0 : (rebuilt.analysis.offer?.amountCents ?? 0);
  const closing =
    `With the OCR'd figures the engine's answer would be: ${answer}` +
    `${amountCents > 0 ? ` (supports ${formatCents(amountCents)})` : ''}. ` +
    `The decision made at submission (${DECISION_LABELS[input.decisionAtSubmission]}) is unchanged: staff decide.`;

  const merged: OcrUpdatedAnalysis = {
    ...rebuilt.analysis,
    statements,
    flags: [...rebuilt.analysis.flags, ...ocrFlags],
    reasoning: [...ocrLines, ...rebuilt.analysis.reasoning.filter((line) => !line.startsWith('Decision: ')), closing],
    ocr: {
      updatedAt: input.now.toISOString(),
      read: statements.filter((statement) => statement.ocr?.status === 'read').length,
      failed: statements.filter((statement) => statement.ocr?.status === 'failed').length,
      pending: statements.filter((statement) => statement.ocr?.status === 'pending').length,
      engineAnswer: {
        decision: rebuilt.decision,
        amountCents,
        revenueSource: rebuilt.analysis.revenueSource,
        averageMonthlyTrueRevenueCents: rebuilt.analysis.summary.averageMonthlyTrueRevenueCents,
      },
      financingPositions: rebuilt.analysis.financingPositions,
    },
  };
  // Client-facing fields: exactly as stored (a key the stored analysis lacks stays absent).
  const result: Record<string, unknown> = merged;
  for (const key of CLIENT_FACING_KEYS) {
    if (key in stored) result[key] = stored[key];
    else delete result[key];
  }
  return merged;
}
