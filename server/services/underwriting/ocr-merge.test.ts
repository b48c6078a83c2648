import { beforeAll, describe, expect, it } from 'vitest';
import { OCR_FIXTURE_RENDER, ocrFixtureLedger } from '../../test/statements/ocr-fixture';
import { renderStatementPdf } from '../../test/statements/render';
import { OCR_LATER_NOTE } from './index';
import { mergeOcrAnalysis, ocrOverrides, type OcrJobView } from './ocr-merge';
import { buildOutcome, type UnderwritingOutcome } from './outcome';
import { extractPdfText } from './pdf-text';
import { parseStatementPages } from './statement-parser';
import type { ParseResult, StatedAnswers } from './types';

const STATED: StatedAnswers = {
  loanAmount: 40_000,
  estimatedCreditScore: 700,
  monthlyRevenue: '$20,000 - $50,000',
  timeInBusiness: '5-10 years',
  businessStartDate: '2017-05-01',
  businessType: 'Restaurant',
};
const PHOTO = { documentId: 'doc-photo', fileName: 'photo.png' };
const INSTANT_NOTE = `PNG image: a photo or scan. ${OCR_LATER_NOTE}`;
const NOW = new Date('2026-02-01T10:00:00Z');

let statement: Extract<ParseResult, { ok: true }>;
let instant: UnderwritingOutcome;

beforeAll(async () => {
  // What OCR reads from the photo is what the text PDF of the same ledger reads (ocr-engine.test.ts shows that).
  const text = await extractPdfText(new Uint8Array(await renderStatementPdf(ocrFixtureLedger(), OCR_FIXTURE_RENDER)));
  if (!text.ok) throw new Error(text.reason);
  const parsed = parseStatementPages(text.pages);
  if (!parsed.ok) throw new Error(parsed.reason);
  statement = parsed;
  const outcome = buildOutcome(STATED, [{ ...PHOTO, read: { ok: false, reason: INSTANT_NOTE } }]);
  instant = {
    ...outcome,
    analysis: {
      ...outcome.analysis,
      statements: outcome.analysis.statements.map((item) => ({ ...item, ocr: { status: 'pending', note: null } })),
    },
  };
});

function job(overrides: Partial<OcrJobView>): OcrJobView {
  return {
    documentId: PHOTO.documentId,
    status: 'done',
    read: statement,
    error: null,
    pagesRead: 1,
    meanConfidence: 94,
    durationMs: 3100,
    finishedAt: NOW.toISOString(),
    ...overrides,
  };
}

function rebuild(jobs: OcrJobView[]) {
  const overrides = ocrOverrides(jobs, instant.analysis);
  const read = overrides.get(PHOTO.documentId);
  if (!read) throw new Error('no override');
  return buildOutcome(STATED, [{ ...PHOTO, read }]);
}

describe('an analysis after OCR', () => {
  it('shows the statement read by OCR: monthly table, per-statement summary and a reasoning line', () => {
    const jobs = [job({})];
    const rebuilt = rebuild(jobs);
    const merged = mergeOcrAnalysis({
      stored: instant.analysis,
      rebuilt,
      jobs,
      decisionAtSubmission: instant.decision,
      now: NOW,
    });
    expect(merged.months).toEqual(rebuilt.analysis.months);
    expect(merged.months).toHaveLength(1);
    expect(merged.statements[0]).toMatchObject({
      parseStatus: 'parsed',
      parseNote: expect.stringMatching(/^Read by OCR\. 1 page\(s\)/),
      ocr: { status: 'read', note: 'Read by OCR: 1 page(s), mean word confidence 94%.', meanConfidence: 94 },
    });
    expect(merged.reasoning[0]).toBe(
      'Statement "photo.png" read by OCR after submission: 27 transactions, balances reconcile, mean word confidence 94%.',
    );
    expect(merged.reasoning.at(-1)).toMatch(
      /^With the OCR'd figures the engine's answer would be: .*The decision made at submission \(Review\) is unchanged: staff decide\.$/,
    );
    expect(merged.reasoning.filter((line) => line.startsWith('Decision: '))).toEqual([]);
    expect(merged.flags).toContainEqual({
      code: 'ocr-read',
      severity: 'info',
      message: 'Statement "photo.png" was read by OCR, mean word confidence 94%: check key figures against the image.',
    });
    expect(merged.ocr).toMatchObject({
      updatedAt: NOW.toISOString(),
      read: 1,
      failed: 0,
      pending: 0,
      engineAnswer: { decision: rebuilt.decision, revenueSource: 'statements' },
    });
  });

  it('leaves what the client is priced from and shown exactly as stored at submission', () => {
    const jobs = [job({})];
    const rebuilt = rebuild(jobs);
    expect(rebuilt.analysis.revenueSource).not.toBe(instant.analysis.revenueSource);
    const merged = mergeOcrAnalysis({
      stored: instant.analysis,
      rebuilt,
      jobs,
      decisionAtSubmission: 'review',
      now: NOW,
    });
    expect(merged.revenueSource).toBe('stated');
    expect(merged.offer).toEqual(instant.analysis.offer);
    expect(merged.financingPositions).toEqual(instant.analysis.financingPositions);
    expect(merged.whatIf).toEqual(instant.analysis.whatIf);
    const { whatIf: _dropped, ...older } = instant.analysis;
    const fromOlder = mergeOcrAnalysis({ stored: older, rebuilt, jobs, decisionAtSubmission: 'review', now: NOW });
    expect('whatIf' in fromOlder).toBe(false);
  });

  it('says why OCR failed, per statement, and keeps the statement unreadable', () => {
    const jobs = [job({ status: 'failed', read: null, error: 'OCR of page 1 took longer than 60 s; it was stopped.' })];
    const merged = mergeOcrAnalysis({
      stored: instant.analysis,
      rebuilt: rebuild(jobs),
      jobs,
      decisionAtSubmission: 'review',
      now: NOW,
    });
    expect(merged.statements[0]).toMatchObject({
      parseStatus: 'unreadable',
      parseNote: 'OCR failed: OCR of page 1 took longer than 60 s; it was stopped.',
      ocr: { status: 'failed', note: 'OCR of page 1 took longer than 60 s; it was stopped.' },
    });
    expect(merged.months).toEqual([]);
    expect(merged.ocr.failed).toBe(1);
  });

  it("counts OCR'd text that is no statement as a failure with the parser reason", () => {
    const jobs = [job({ read: { ok: false, reason: 'No transaction table found.' } })];
    const overrides = ocrOverrides(jobs, instant.analysis);
    expect(overrides.get(PHOTO.documentId)).toEqual({ ok: false, reason: 'OCR failed: No transaction table found.' });
  });

  it('keeps the instant note for a statement still waiting for OCR', () => {
    const jobs = [job({ status: 'running', read: null })];
    expect(ocrOverrides(jobs, instant.analysis).get(PHOTO.documentId)).toEqual({ ok: false, reason: INSTANT_NOTE });
    const merged = mergeOcrAnalysis({
      stored: instant.analysis,
      rebuilt: rebuild(jobs),
      jobs,
      decisionAtSubmission: 'review',
      now: NOW,
    });
    expect(merged.statements[0]?.ocr).toEqual({ status: 'pending', note: null });
    expect(merged.ocr.pending).toBe(1);
  });
});
