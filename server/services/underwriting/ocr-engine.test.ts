import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedMonths } from '../../test/statements/ledger';
import {
  OCR_FIXTURE_BILEVEL_PNG,
  OCR_FIXTURE_GREY_PNG,
  ocrFixtureLedger,
  scannedPdf,
} from '../../test/statements/ocr-fixture';
import { computeInsights } from './insights';
import { closeOcrEngine, OFFLINE_REFUSAL, ocrStatementFile, wordsToPageText, type OcrFileResult } from './ocr-engine';
import { DEFAULT_OCR_RUNNER_OPTIONS, OcrRunner } from './ocr-runner';
import { toGrey, toPgm } from './scanned-pdf';
import { buildPageLines } from './text-layout';
import type { ParsedStatement } from './types';

// OCR takes seconds per page and shares two cores with the other test files.
const OCR_TIMEOUT = 180_000;

const ledger = ocrFixtureLedger();
const truth = expectedMonths(ledger);
let dir = '';
const paths = { grey: '', scan: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ocr-'));
  paths.grey = join(dir, 'photo.png');
  paths.scan = join(dir, 'scan.pdf');
  await writeFile(paths.grey, await readFile(OCR_FIXTURE_GREY_PNG));
  await writeFile(paths.scan, await scannedPdf([await readFile(OCR_FIXTURE_BILEVEL_PNG)]));
});

afterAll(async () => {
  await closeOcrEngine();
  await rm(dir, { recursive: true, force: true });
});

function statementOf(result: OcrFileResult): ParsedStatement {
  if (!result.read.ok) throw new Error(result.read.reason);
  return result.read.statement;
}

function transactionsOf(statement: ParsedStatement) {
  return statement.segments
    .flatMap((segment) => segment.transactions)
    .map(({ date, amountCents, direction }) => ({ date, amountCents, direction }));
}

const ledgerTransactions = () =>
  ledger.periods
    .flatMap((period) => period.entries)
    .map(({ date, amountCents, direction }) => ({ date, amountCents, direction }));

function expectLedgerFigures(statement: ParsedStatement) {
  expect(transactionsOf(statement)).toEqual(ledgerTransactions());
  const insights = computeInsights([{ documentId: 'doc', statement }]);
  expect(
    insights?.months.map(({ month, creditsCents, debitsCents, trueRevenueCents, averageDailyBalanceCents }) => ({
      month,
      creditsCents,
      debitsCents,
      trueRevenueCents,
      averageDailyBalanceCents,
    })),
  ).toEqual(
    truth.map(({ month, creditsCents, debitsCents, trueRevenueCents, averageDailyBalanceCents }) => ({
      month,
      creditsCents,
      debitsCents,
      trueRevenueCents,
      averageDailyBalanceCents,
    })),
  );
  const [segment] = statement.segments;
  expect(segment?.openingBalanceCents).toBe(ledger.periods[0]?.openingBalanceCents);
  expect(segment?.closingBalanceCents).toBe(ledger.periods[0]?.closingBalanceCents);
  expect(segment?.balanceCheck.status).toBe('reconciled');
}

const ENGINE = DEFAULT_OCR_RUNNER_OPTIONS.engine;

describe('OCR of a photographed statement', { timeout: OCR_TIMEOUT }, () => {
  it('reads a PNG photo through the statement parser to the ledger figures, to the cent', async () => {
    const result = await ocrStatementFile(paths.grey, ENGINE);
    expect(result).toMatchObject({ kind: 'png', pageCount: 1, pagesRead: 1 });
    expect(result.meanConfidence).toBeGreaterThan(80);
    const statement = statementOf(result);
    expect(statement.layout).toBe('debit-credit-columns');
    expectLedgerFigures(statement);
  });

  it('reads a scanned (image-only, 1-bit) PDF page the same way, without a canvas', async () => {
    const result = await ocrStatementFile(paths.scan, ENGINE);
    expect(result).toMatchObject({ kind: 'pdf', pageCount: 1, pagesRead: 1 });
    expectLedgerFigures(statementOf(result));
  });

  it('keeps the English data in memory: nothing is cached to disk', () => {
    expect(existsSync(join(process.cwd(), 'eng.traineddata'))).toBe(false);
  });
});

describe('the OCR thread', { timeout: OCR_TIMEOUT }, () => {
  it('stops a file that runs past its time, then reads the next file on a fresh thread', async () => {
    const runner = new OcrRunner({ ...DEFAULT_OCR_RUNNER_OPTIONS, fileTimeoutMs: 1 });
    try {
      const hurried = await runner.run(paths.grey);
      expect(hurried.read).toEqual({ ok: false, reason: expect.stringMatching(/took longer than 1 s/) });
      expect(runner.hasThread).toBe(false);
    } finally {
      await runner.close();
    }
    const patient = new OcrRunner();
    try {
      const result = await patient.run(paths.grey);
      expect(result.isAborted).toBe(false);
      expectLedgerFigures(statementOf(result));
      // OCR ran in the runner's own thread; this (test) thread never loaded the engine for it.
      expect(patient.hasThread).toBe(true);
    } finally {
      await patient.close();
    }
    expect(patient.hasThread).toBe(false);
  });

  it('never reaches the network: pointed at a CDN for its data, tesseract is refused and the file fails', async () => {
    const runner = new OcrRunner({
      ...DEFAULT_OCR_RUNNER_OPTIONS,
      engine: { ...ENGINE, langPath: 'https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0' },
    });
    try {
      const result = await runner.run(paths.grey);
      expect(result.read).toEqual({
        ok: false,
        reason: expect.stringContaining(`${OFFLINE_REFUSAL}: fetch was attempted`),
      });
      // The stuck engine's thread is ended with the failure.
      expect(runner.hasThread).toBe(false);
    } finally {
      await runner.close();
    }
  });

  it('answers an aborted run when closed mid-file (shutdown), which is no verdict on the file', async () => {
    const runner = new OcrRunner();
    const running = runner.run(paths.grey);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.close();
    const result = await running;
    expect(result.isAborted).toBe(true);
    expect(result.read.ok).toBe(false);
  });
});

describe('OCR words as page text', () => {
  const word = (text: string, x0: number, x1: number, baselineY: number) => ({
    text,
    confidence: 95,
    bbox: { x0, y0: baselineY - 16, x1, y1: baselineY + 4 },
    baseline: { x0: 0, y0: baselineY, x1: 1700, y1: baselineY },
    rowHeight: 24,
  });

  it('puts words in PDF points on their baseline, so a row of a table is one line with its columns', () => {
    const page = wordsToPageText(
      [
        word('Mar', 80, 125, 450),
        word('01', 133, 160, 450),
        word('RENT', 215, 290, 450),
        word('4,200.00', 1075, 1165, 450),
      ],
      { imageWidth: 1700, imageHeight: 2200, pageWidthPt: 612, pageNumber: 1 },
    );
    const [line] = buildPageLines(page, 1);
    expect(line?.cells.map((cell) => cell.text)).toEqual(['Mar 01', 'RENT', '4,200.00']);
    expect(line?.y).toBeCloseTo((2200 - 450) * (612 / 1700), 5); // a level page: no skew correction
    expect(line?.fontSize).toBeCloseTo(24 * (612 / 1700) * 0.8, 5);
  });

  it('follows a skewed baseline, so a slightly rotated scan keeps each row together', () => {
    const skewed = (text: string, x0: number, x1: number) => ({
      ...word(text, x0, x1, 0),
      baseline: { x0: 0, y0: 400, x1: 1700, y1: 430 },
    });
    const page = wordsToPageText([skewed('Mar', 80, 125), skewed('07', 133, 160), skewed('635.14', 1100, 1165)], {
      imageWidth: 1700,
      imageHeight: 2200,
      pageWidthPt: 612,
      pageNumber: 1,
    });
    const lines = buildPageLines(page, 1);
    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([['Mar 07', '635.14']]);
  });
});

describe('scanned page bitmaps', () => {
  it('unpacks pdf.js 1-bit rows (padded to bytes, set bit = white) to grey', () => {
    const grey = toGrey({ width: 10, height: 2, kind: 1, data: new Uint8Array([0b10100000, 0b01000000, 0xff, 0]) });
    expect(Array.from(grey?.pixels ?? [])).toEqual([
      255, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0,
    ]);
  });

  it('lays RGBA over white and writes a binary PGM', () => {
    const grey = toGrey({ width: 2, height: 1, kind: 3, data: new Uint8Array([0, 0, 0, 255, 0, 0, 0, 0]) });
    expect(Array.from(grey?.pixels ?? [])).toEqual([0, 255]);
    const pgm = grey ? toPgm(grey) : Buffer.alloc(0);
    expect(pgm.toString('latin1')).toBe('P5\n2 1\n255\n\u0000\u00ff');
  });
});
