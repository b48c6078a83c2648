import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applications,
  auditLog,
  ocrJobs,
  underwritingResults,
} from '../../../drizzle/schema/index';
import { insertApplication } from '../../test/factories';
import { insertDocument } from '../../test/factories/admin';
import { applicationFormData, photoPng, postApplication, type UploadFile } from '../../test/factories/applications';
import { callerFor, eventually, getTestDeps, insertUser, startTestServer, type TestServer } from '../../test/harness';
import { expectedMonths } from '../../test/statements/ledger';
import {
  OCR_FIXTURE_BILEVEL_PNG,
  OCR_FIXTURE_GREY_PNG,
  ocrFixtureLedger,
  scannedPdf,
} from '../../test/statements/ocr-fixture';
import { closeReader, type UnderwritingAnalysis, OcrRunner, OCR_MAX_ATTEMPTS } from '../underwriting/index';
import { claimOcrJob, queueOcrJobs } from './ocr-jobs';
import { notifyOcrQueued, runOcrJobs, startOcrLoop } from './ocr-loop';
import { finishOcrJob } from './ocr-reanalyze';

// OCR takes seconds per page on two shared cores.
const OCR_TIMEOUT = 180_000;

let server: TestServer;
let runner: OcrRunner;
const truth = expectedMonths(ocrFixtureLedger());

beforeAll(async () => {
  server = await startTestServer();
  runner = new OcrRunner();
});

afterAll(async () => {
  await runner.close();
  await server.close();
  await closeReader();
});

async function submitWithStatement(statement: UploadFile): Promise<string> {
  const response = await postApplication(server.url, {
    formData: applicationFormData({ monthlyRevenue: '$20,000 - $50,000', loanAmount: '40,000' }),
    files: [
      statement,
      { field: 'driversLicense', name: 'license.png', type: 'image/png', content: photoPng() },
      { field: 'voidedCheck', name: 'check.png', type: 'image/png', content: photoPng() },
    ],
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { applicationId: string };
  return body.applicationId;
}

const photoStatement = (): UploadFile => ({
  field: 'bankStatements',
  name: 'march-statement.png',
  type: 'image/png',
  content: readFileSync(OCR_FIXTURE_GREY_PNG),
});

async function scanStatement(): Promise<UploadFile> {
  return {
    field: 'bankStatements',
    name: 'march-scan.pdf',
    type: 'application/pdf',
    content: await scannedPdf([readFileSync(OCR_FIXTURE_BILEVEL_PNG)]),
  };
}

async function jobsOf(applicationId: string) {
  const { db } = await getTestDeps();
  return db.select().from(ocrJobs).where(eq(ocrJobs.applicationId, applicationId));
}

async function storedOf(applicationId: string) {
  const { db } = await getTestDeps();
  const [application] = await db
    .select({
      status: applications.status,
      aiApproved: applications.aiApproved,
      approvedAmountCents: applications.approvedAmountCents,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const [underwriting] = await db
    .select({
      decision: underwritingResults.decision,
      confidence: underwritingResults.confidence,
      approvedAmountCents: underwritingResults.approvedAmountCents,
      result: underwritingResults.result,
      aiData: underwritingResults.aiData,
      analysis: underwritingResults.analysis,
    })
    .from(underwritingResults)
    .where(eq(underwritingResults.applicationId, applicationId));
  const { analysis, ...decision } = underwriting!;
  return { application: application!, decision, analysis: analysis as UnderwritingAnalysis };
}

function monthsOf(analysis: UnderwritingAnalysis) {
  return analysis.months.map(({ month, creditsCents, debitsCents, trueRevenueCents, averageDailyBalanceCents }) => ({
    month,
    creditsCents,
    debitsCents,
    trueRevenueCents,
    averageDailyBalanceCents,
  }));
}

const ledgerMonths = truth.map(({ month, creditsCents, debitsCents, trueRevenueCents, averageDailyBalanceCents }) => ({
  month,
  creditsCents,
  debitsCents,
  trueRevenueCents,
  averageDailyBalanceCents,
}));

describe('OCR of photographed and scanned statements after the answer', { timeout: OCR_TIMEOUT }, () => {
  it('answers a photo statement without OCR, queues it, and the loop then stores the ledger figures', async () => {
    const applicationId = await submitWithStatement(photoStatement());

    // The answer came first: the job is still queued and the analysis says OCR is pending.
    const [queued] = await jobsOf(applicationId);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, claimedBy: null, result: null });
    const before = await storedOf(applicationId);
    expect(before.application.status).toBe('review');
    expect(before.analysis.statements[0]).toMatchObject({
      fileName: 'march-statement.png',
      parseStatus: 'unreadable',
      parseNote: expect.stringMatching(/^PNG image: .*read by OCR after submission/),
      ocr: { status: 'pending', note: null },
    });
    expect(before.analysis.months).toEqual([]);
    // What the staff detail polls meanwhile: one unfinished job, and no audited read of the application per poll.
    const staff = await callerFor(await insertUser({ role: 'admin' }));
    expect(await staff.admin.ocrPending({ id: applicationId })).toEqual({ pending: 1 });

    const loop = startOcrLoop(server.deps, { runner, applicationIds: [applicationId], pollMs: 60_000 });
    try {
      notifyOcrQueued();
      await eventually(async () => ((await jobsOf(applicationId))[0]?.status === 'done' ? true : null), OCR_TIMEOUT);
    } finally {
      await loop.stop();
    }

    const [done] = await jobsOf(applicationId);
    expect(done).toMatchObject({ status: 'done', attempts: 1, claimedBy: null, pagesRead: 1, error: null });
    expect(await staff.admin.ocrPending({ id: applicationId })).toEqual({ pending: 0 });
    const after = await storedOf(applicationId);
    // Exact cents: the synthetic photo is clean.
    expect(monthsOf(after.analysis)).toEqual(ledgerMonths);
    expect(after.analysis.statements[0]).toMatchObject({
      parseStatus: 'parsed',
      parseNote: expect.stringMatching(/^Read by OCR\. 1 page\(s\), 1 period\(s\) 2024-03-01 to 2024-03-31/),
      ocr: { status: 'read', pagesRead: 1 },
    });
    expect(after.analysis.reasoning[0]).toMatch(
      /^Statement "march-statement\.png" read by OCR after submission: 27 transactions, balances reconcile/,
    );
    expect(after.analysis.summary.averageMonthlyTrueRevenueCents).toBeGreaterThan(0);
    // Staff decide: the status, the stored decision and the client's answer are as they were.
    expect(after.application).toEqual(before.application);
    expect(after.decision).toEqual(before.decision);
    for (const key of ['revenueSource', 'offer', 'financingPositions', 'whatIf'] as const)
      expect(after.analysis[key]).toEqual(before.analysis[key]);

    const { db } = await getTestDeps();
    const [document] = await db
      .select({ parseStatus: applicationDocuments.parseStatus, parseNote: applicationDocuments.parseNote })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.id, done!.documentId));
    expect(document).toMatchObject({ parseStatus: 'parsed', parseNote: expect.stringMatching(/^Read by OCR\./) });
    const audits = await db
      .select({ action: auditLog.action, actorRole: auditLog.actorRole, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicationId), eq(auditLog.action, 'application.ocr')));
    expect(audits).toEqual([
      {
        action: 'application.ocr',
        actorRole: 'system',
        detail: expect.objectContaining({ documentId: done!.documentId, ocr: 'read', transactions: 27 }),
      },
    ]);
    const views = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicationId), eq(auditLog.action, 'application.view')));
    expect(views).toEqual([]);
  });

  it('retries a job whose claimer died once its lease has expired, and drops the dead claim', async () => {
    const applicationId = await submitWithStatement(await scanStatement());
    const [queued] = await jobsOf(applicationId);
    expect(queued?.status).toBe('pending');
    const before = await storedOf(applicationId);
    expect(before.analysis.statements[0]?.parseNote).toMatch(/no text layer.*read by OCR after submission/);

    // A process claims the job, then dies without finishing it.
    const { db } = await getTestDeps();
    const dead = await claimOcrJob(db, 'process-that-died', { applicationIds: [applicationId] });
    expect(dead).toMatchObject({ documentId: queued!.documentId, attempts: 1 });
    // While its lease is live, nobody else takes the job.
    expect(await runOcrJobs(server.deps, { runner, applicationIds: [applicationId] })).toEqual([]);

    await db
      .update(ocrJobs)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ocrJobs.id, queued!.id));
    const outcomes = await runOcrJobs(server.deps, { runner, applicationIds: [applicationId] });
    expect(outcomes).toEqual([{ jobId: queued!.id, documentId: queued!.documentId, status: 'read' }]);
    const [done] = await jobsOf(applicationId);
    expect(done).toMatchObject({ status: 'done', attempts: 2, claimedBy: null });
    const after = await storedOf(applicationId);
    expect(monthsOf(after.analysis)).toEqual(ledgerMonths);
    expect(after.analysis.statements[0]?.ocr?.status).toBe('read');

    // The dead claimer's late answer (had it come back) is refused and changes nothing.
    const late = await finishOcrJob(server.deps, {
      job: dead!,
      finish: { kind: 'failed', reason: 'late answer from a lost claim' },
    });
    expect(late).toBe('lost');
    expect((await storedOf(applicationId)).analysis).toEqual(after.analysis);
  });

  it('gives up on a file whose claimers keep dying, and tells staff why', async () => {
    const applicationId = await submitWithStatement(photoStatement());
    const [queued] = await jobsOf(applicationId);
    const { db } = await getTestDeps();
    await db
      .update(ocrJobs)
      .set({
        status: 'running',
        attempts: OCR_MAX_ATTEMPTS,
        claimedBy: 'crashed',
        leaseExpiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(ocrJobs.id, queued!.id));
    const outcomes = await runOcrJobs(server.deps, { runner, applicationIds: [applicationId] });
    expect(outcomes).toEqual([{ jobId: queued!.id, documentId: queued!.documentId, status: 'failed' }]);
    const [failed] = await jobsOf(applicationId);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped 3 times/) });
    const after = await storedOf(applicationId);
    expect(after.analysis.statements[0]).toMatchObject({
      parseStatus: 'unreadable',
      parseNote: expect.stringMatching(/^OCR failed: OCR stopped 3 times/),
      ocr: { status: 'failed', note: expect.stringMatching(/stopped 3 times/) },
    });
    expect(after.application.status).toBe('review');
  });

  it('gives a job back to the queue when the server stops mid-file, without counting the attempt', async () => {
    const applicationId = await submitWithStatement(photoStatement());
    const stopping = new OcrRunner();
    const loop = startOcrLoop(server.deps, { runner: stopping, applicationIds: [applicationId], pollMs: 60_000 });
    await eventually(async () => ((await jobsOf(applicationId))[0]?.status === 'running' ? true : null), 30_000);
    await loop.stop();
    const [released] = await jobsOf(applicationId);
    expect(released).toMatchObject({ status: 'pending', attempts: 0, claimedBy: null, leaseExpiresAt: null });
    expect(stopping.hasThread).toBe(false);
  });
});

describe('claiming OCR jobs', () => {
  it('never gives one job to two processes claiming at the same moment', async () => {
    const { db } = await getTestDeps();
    for (let round = 0; round < 5; round += 1) {
      const application = await insertApplication();
      const document = await insertDocument(application.id, { originalName: 'scan.pdf' });
      await queueOcrJobs(db, application.id, [document.id]);
      await queueOcrJobs(db, application.id, [document.id]); // a retried submission queues nothing new
      const claims = await Promise.all(
        ['process-a', 'process-b', 'process-c'].map((claimer) =>
          claimOcrJob(db, claimer, { applicationIds: [application.id] }),
        ),
      );
      const winners = claims.filter((claim) => claim !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ documentId: document.id, attempts: 1 });
      expect(await jobsOf(application.id)).toHaveLength(1);
    }
  });
});
