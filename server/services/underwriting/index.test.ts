import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptPdf,
  flateBombPdf,
  garbagePdf,
  heicBytes,
  imageOnlyPdf,
  jpegBytes,
  letterPdf,
  noisePng,
} from '../../test/statements/bad-files';
import { buildLedger } from '../../test/statements/ledger';
import { renderStatementPdf } from '../../test/statements/render';
import { pendingOcrDocumentIds, runUnderwriting, type StatedAnswers, type StatementInput } from './index';
import { DEFAULT_READER_POOL_OPTIONS, ReaderPool } from './reader-pool';

const STATED: StatedAnswers = {
  loanAmount: 40_000,
  estimatedCreditScore: 700,
  monthlyRevenue: '$50,000 - $100,000',
  timeInBusiness: '5-10 years',
  businessStartDate: '2017-05-01',
  businessType: 'Restaurant',
};

let dir = '';
let pool: ReaderPool;
const files: Record<string, string> = {};

async function put(name: string, bytes: Buffer | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  files[name] = path;
  return path;
}

function input(name: string, mimeType = 'application/pdf'): StatementInput {
  const path = files[name];
  if (!path) throw new Error(`fixture ${name} not written`);
  return { documentId: `doc-${name}`, fileName: name, path, mimeType };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'underwriting-'));
  pool = new ReaderPool({ ...DEFAULT_READER_POOL_OPTIONS, size: 2 });
  const ledger = buildLedger({ seed: 11, firstMonth: '2024-01', months: 3, revenuePerMonthCents: 70_000_00 });
  const statement = await renderStatementPdf(ledger, { layout: 'debit-credit' });
  await Promise.all([
    put('statement.pdf', statement),
    put('statement-copy.pdf', statement),
    put('corrupt.pdf', corruptPdf(statement)),
    put('garbage.pdf', garbagePdf()),
    put('encrypted.pdf', await renderStatementPdf(ledger, { layout: 'sections', userPassword: 'owner-only-secret' })),
    put('scan.pdf', await imageOnlyPdf()),
    put('letter.pdf', await letterPdf()),
    put('photo.png', noisePng()),
    put('photo.jpg', jpegBytes()),
    put('photo.heic', heicBytes()),
    put('bomb.pdf', flateBombPdf()),
    put('empty.pdf', Buffer.alloc(0)),
  ]);
  await pool.warmUp();
}, 60_000);

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

// Worker start-up and cold reads are slow on a busy CI machine; the limits under test are the engine's own.
describe('runUnderwriting with files that cannot be read', { timeout: 30_000 }, () => {
  it.each([
    ['corrupt.pdf', /damaged|could not be read|no text/i],
    ['garbage.pdf', /damaged|could not be read|no text/i],
    ['encrypted.pdf', /password-protected/],
    ['scan.pdf', /no text layer/],
    ['letter.pdf', /No transaction table found/],
    ['photo.png', /PNG image/],
    ['photo.jpg', /JPEG image/],
    ['photo.heic', /HEIC image/],
    ['bomb.pdf', /decompression bomb/],
    ['empty.pdf', /empty/],
  ])('marks %s unreadable with the reason and refers the application', async (name, reason) => {
    const outcome = await runUnderwriting({ stated: STATED, statements: [input(name)] }, { pool });
    expect(outcome.documents).toEqual([
      { documentId: `doc-${name}`, parseStatus: 'unreadable', parseNote: expect.stringMatching(reason) },
    ]);
    expect(outcome.decision).toBe('review');
    expect(outcome.analysis.revenueSource).toBe('stated');
    expect(outcome.result.approved).toBe(false);
    expect(outcome.result.riskAssessment.riskFactors[0]).toMatch(reason);
  });

  it('answers at once for photos and scans, marking them for OCR after the answer', async () => {
    const names = ['photo.png', 'photo.jpg', 'scan.pdf', 'photo.heic'];
    const outcome = await runUnderwriting({ stated: STATED, statements: names.map((name) => input(name)) }, { pool });
    expect(pendingOcrDocumentIds(outcome)).toEqual(['doc-photo.png', 'doc-photo.jpg', 'doc-scan.pdf']);
    expect(outcome.analysis.statements.map((statement) => statement.ocr?.status ?? null)).toEqual([
      'pending',
      'pending',
      'pending',
      null,
    ]);
    expect(outcome.documents[0]?.parseNote).toMatch(/read by OCR after submission/);
    // HEIC is not decoded here: the reason says what to upload instead.
    expect(outcome.documents[3]?.parseNote).toMatch(/HEIC image: .*upload the statement as a PDF, JPEG or PNG/);
    expect(outcome.decision).toBe('review');
  });

  it('uses a given read instead of the file (the OCR loop rebuilding an analysis)', async () => {
    const statement = input('photo.png');
    const outcome = await runUnderwriting(
      { stated: STATED, statements: [statement] },
      { pool, overrides: new Map([[statement.documentId, { ok: false, reason: 'OCR failed: test' }]]) },
    );
    expect(outcome.documents[0]).toEqual({
      documentId: 'doc-photo.png',
      parseStatus: 'unreadable',
      parseNote: 'OCR failed: test',
    });
    expect(pendingOcrDocumentIds(outcome)).toEqual([]);
  });

  it('marks a missing upload unreadable', async () => {
    const missing = {
      documentId: 'gone',
      fileName: 'gone.pdf',
      path: join(dir, 'gone.pdf'),
      mimeType: 'application/pdf',
    };
    const outcome = await runUnderwriting({ stated: STATED, statements: [missing] }, { pool });
    expect(outcome.documents[0]).toMatchObject({
      parseStatus: 'unreadable',
      parseNote: expect.stringMatching(/missing/),
    });
  });

  it('reads the good statement and reports the bad one beside it', async () => {
    const outcome = await runUnderwriting(
      { stated: STATED, statements: [input('statement.pdf'), input('photo.jpg', 'image/jpeg')] },
      { pool },
    );
    expect(outcome.documents.map((document) => document.parseStatus)).toEqual(['parsed', 'unreadable']);
    expect(outcome.analysis.revenueSource).toBe('statements');
    expect(outcome.decision).toBe('review');
    expect(outcome.aiData.reasoning).toContain('Not read: photo.jpg');
  });

  it('skips statements past the fourth', async () => {
    const statements = ['statement.pdf', 'photo.png', 'photo.jpg', 'photo.heic', 'scan.pdf'].map((name) => input(name));
    const outcome = await runUnderwriting({ stated: STATED, statements }, { pool });
    expect(outcome.documents[4]).toEqual({
      documentId: 'doc-scan.pdf',
      parseStatus: 'skipped',
      parseNote: 'Only the first 4 statements are read.',
    });
  });

  it('stops a read that runs past the time limit, then reads normally again', async () => {
    const hurried = await pool.read(files['statement.pdf'] ?? '', 1);
    expect(hurried).toEqual({ ok: false, reason: expect.stringMatching(/took longer than/) });
    const next = await pool.read(files['statement.pdf'] ?? '');
    expect(next.ok).toBe(true);
  });

  it('stops a reader that runs out of memory and reports it', async () => {
    const starved = new ReaderPool({ ...DEFAULT_READER_POOL_OPTIONS, size: 1, heapMb: 4 });
    try {
      const result = await starved.read(files['statement.pdf'] ?? '');
      expect(result).toEqual({
        ok: false,
        reason: expect.stringMatching(/more than 4 MB of memory|stopped unexpectedly/),
      });
    } finally {
      await starved.close();
    }
  });
});

describe('runUnderwriting with readable statements', { timeout: 30_000 }, () => {
  it('approves a clean three-month statement read in the worker', async () => {
    const outcome = await runUnderwriting({ stated: STATED, statements: [input('statement.pdf')] }, { pool });
    expect(outcome.documents[0]?.parseStatus).toBe('parsed');
    expect(outcome.decision).toBe('approved');
    expect(outcome.result).toMatchObject({
      approved: true,
      approvedAmount: 40_000,
      mcaTerms: { factorRate: 1.25, termWeeks: 52 },
    });
    expect(outcome.aiData.recommendation).toBe('Approved');
  });

  it('counts the same statement uploaded twice once', async () => {
    const once = await runUnderwriting({ stated: STATED, statements: [input('statement.pdf')] }, { pool });
    const twice = await runUnderwriting(
      { stated: STATED, statements: [input('statement.pdf'), input('statement-copy.pdf')] },
      { pool },
    );
    expect(twice.analysis.summary.averageMonthlyTrueRevenueCents).toBe(
      once.analysis.summary.averageMonthlyTrueRevenueCents,
    );
    expect(twice.analysis.duplicatePeriods).toHaveLength(1);
  });

  it('gives the same outcome for the same input', async () => {
    const statements = [input('statement.pdf'), input('photo.png')];
    const first = await runUnderwriting({ stated: STATED, statements }, { pool });
    const second = await runUnderwriting({ stated: STATED, statements }, { pool });
    expect(second).toEqual(first);
  });
});
