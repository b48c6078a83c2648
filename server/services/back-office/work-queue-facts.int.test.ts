import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationDecisions,
  applications,
  documentRequests,
  ocrJobs,
  underwritingResults,
} from '../../../drizzle/schema/index';
import type { QueueReason } from '../../../src/shared/schemas/back-office-work';
import { newId } from '../../lib/ids';
import { insertApplication } from '../../test/factories';
import { insertDocument, insertUnderwriting } from '../../test/factories/admin';
import {
  callerFor,
  getTestDeps,
  insertUser,
  sessionCookieFor,
  startTestServer,
  testServerForFile,
} from '../../test/harness';

testServerForFile();

// Every reason enters the queue at the change that makes it true and leaves it at the change that ends it, through
// the facts the application row keeps (docs/architecture.md, "The work queue"), for the whole queue and for "Mine".

type Caller = Awaited<ReturnType<typeof callerFor>>;
const DAY = 24 * 3600_000;
const UNRECONCILED = { statements: [{ note: '1 page(s); balances do not reconcile for 2026-03-01..2026-03-31.' }] };
const RECONCILED = { statements: [{ note: '1 page(s); balances reconcile.' }] };

/** The reasons `id` is in the queue for (null: not in it), walking every page of "all" or "mine". */
async function reasonsIn(caller: Caller, id: string, assignee: 'all' | 'mine' = 'all') {
  let cursor: string | undefined;
  for (let page = 0; page < 200; page += 1) {
    const answer = await caller.admin.workQueue({ cursor, limit: 50, assignee });
    const item = answer.items.find((row) => row.id === id);
    if (item) return item.reasons;
    if (!answer.nextCursor) return null;
    cursor = answer.nextCursor;
  }
  throw new Error('the queue did not end within 200 pages');
}

/** An application made `daysAgo` days ago (an age no other file of these tests has), decided an hour later. */
async function application(status: 'pending' | 'review' | 'approved' | 'declined', daysAgo: number) {
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  const row = await insertApplication({ status, createdAt });
  const decidedAt = new Date(createdAt.getTime() + 3600_000);
  const { db } = await getTestDeps();
  await db.update(applications).set({ decidedAt }).where(eq(applications.id, row.id));
  return { ...row, decidedAt };
}

async function setStatus(id: string, status: 'pending' | 'review' | 'approved' | 'declined', decidedAt?: Date) {
  const { db } = await getTestDeps();
  await db
    .update(applications)
    .set({ status, ...(decidedAt ? { decidedAt } : {}) })
    .where(eq(applications.id, id));
}

/** The stored analysis changes, as it does when OCR results are read into it. */
async function setAnalysis(applicationId: string, analysis: typeof RECONCILED) {
  const { db } = await getTestDeps();
  await db.update(underwritingResults).set({ analysis }).where(eq(underwritingResults.applicationId, applicationId));
}

/** The facts on the row equal a count of the rows they summarise. */
async function expectFactsRecounted(id: string) {
  const { db } = await getTestDeps();
  const [[row]] = (await db.execute(sql`
    SELECT a.documents_received AS received, a.ocr_finished_at AS ocr, a.statements_unreconciled AS unreconciled,
           a.staff_decisions AS decisions,
           (SELECT COUNT(*) FROM document_requests r WHERE r.application_id = a.id AND r.status = 'received') AS receivedNow,
           (SELECT MAX(finished_at) FROM ocr_jobs o WHERE o.application_id = a.id AND o.status = 'done') AS ocrNow,
           COALESCE((SELECT u.statements_unreconciled FROM underwriting_results u WHERE u.application_id = a.id), 0)
             AS unreconciledNow,
           (SELECT COUNT(*) FROM application_decisions d WHERE d.application_id = a.id) AS decisionsNow
      FROM applications a WHERE a.id = ${id}`)) as unknown as [Record<string, unknown>[]];
  expect(row).toBeDefined();
  expect(Number(row?.received)).toBe(Number(row?.receivedNow));
  expect(String(row?.ocr)).toBe(String(row?.ocrNow));
  expect(Number(row?.unreconciled)).toBe(Number(row?.unreconciledNow));
  expect(Number(row?.decisions)).toBe(Number(row?.decisionsNow));
}

async function staffDecision(applicationId: string, decidedBy: string) {
  const { db } = await getTestDeps();
  const id = newId();
  await db.insert(applicationDecisions).values({
    id,
    applicationId,
    decision: 'approved',
    reasons: ['verified-by-staff'],
    requestedAmountCents: 2_500_000,
    approvedAmountCents: 2_500_000,
    decidedBy,
  });
  return id;
}

describe('each reason enters and leaves the work queue at the change that makes or ends it', () => {
  it('documents received: in when an answer comes, out when the last answered request is marked reviewed', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const file = await application('approved', 1200);
    const { db } = await getTestDeps();
    const ask = async () => {
      const id = newId();
      await db.insert(documentRequests).values({
        id,
        applicationId: file.id,
        requestedBy: admin.id,
        documents: ['the October statement'],
        message: 'Please send the October statement.',
      });
      return id;
    };
    const answer = (id: string) =>
      db
        .update(documentRequests)
        .set({ status: 'received', receivedAt: new Date() })
        .where(eq(documentRequests.id, id));
    const first = await ask();
    const second = await ask();
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await answer(first);
    expect(await reasonsIn(caller, file.id)).toEqual(['documentsReceived']);
    await answer(second);
    await caller.admin.reviewDocumentRequest({ id: first });
    // One answer is still waiting for a person.
    expect(await reasonsIn(caller, file.id)).toEqual(['documentsReceived']);
    await expectFactsRecounted(file.id);
    await caller.admin.reviewDocumentRequest({ id: second });
    expect(await reasonsIn(caller, file.id)).toBeNull();
    // A received request deleted (the rare case) leaves no count behind.
    const third = await ask();
    await answer(third);
    expect(await reasonsIn(caller, file.id)).toEqual(['documentsReceived']);
    await db.delete(documentRequests).where(eq(documentRequests.id, third));
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await expectFactsRecounted(file.id);
  });

  it('OCR finished: in when a job finishes after the last decision, out at a newer decision or when it goes', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const file = await application('approved', 1190);
    const { db } = await getTestDeps();
    const document = await insertDocument(file.id, { originalName: 'statement-photo.jpg', mimeType: 'image/jpeg' });
    const jobId = newId();
    await db.insert(ocrJobs).values({ id: jobId, applicationId: file.id, documentId: document.id });
    await db.update(ocrJobs).set({ status: 'running' }).where(eq(ocrJobs.id, jobId));
    expect(await reasonsIn(caller, file.id)).toBeNull();
    const finishedAt = new Date(file.decidedAt.getTime() + 5 * DAY);
    await db.update(ocrJobs).set({ status: 'done', finishedAt }).where(eq(ocrJobs.id, jobId));
    expect(await reasonsIn(caller, file.id)).toEqual(['ocrFinished']);
    await expectFactsRecounted(file.id);
    // Staff decide again after the job: the result has been seen.
    await setStatus(file.id, 'approved', new Date(finishedAt.getTime() + DAY));
    expect(await reasonsIn(caller, file.id)).toBeNull();
    // Another job finishing later brings it back; the later job undone (run again) takes it out.
    const second = await insertDocument(file.id, { originalName: 'statement-scan.png', mimeType: 'image/png' });
    const secondJob = newId();
    await db.insert(ocrJobs).values({
      id: secondJob,
      applicationId: file.id,
      documentId: second.id,
      status: 'done',
      finishedAt: new Date(finishedAt.getTime() + 2 * DAY),
    });
    expect(await reasonsIn(caller, file.id)).toEqual(['ocrFinished']);
    await db.update(ocrJobs).set({ status: 'pending', finishedAt: null }).where(eq(ocrJobs.id, secondJob));
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await expectFactsRecounted(file.id);
    // A declined file is decided for good: a later OCR result does not queue it.
    await db.update(ocrJobs).set({ status: 'done', finishedAt: new Date() }).where(eq(ocrJobs.id, secondJob));
    expect(await reasonsIn(caller, file.id)).toEqual(['ocrFinished']);
    await setStatus(file.id, 'declined');
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await db.delete(ocrJobs).where(eq(ocrJobs.id, secondJob));
    await setStatus(file.id, 'pending');
    // Only the first job is left, and it finished before the last decision.
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await expectFactsRecounted(file.id);
  });

  it('statements that do not reconcile: in when the analysis says so, out at a staff decision', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const file = await application('pending', 1180);
    const { db } = await getTestDeps();
    await insertUnderwriting(file.id, { analysis: RECONCILED });
    expect(await reasonsIn(caller, file.id)).toBeNull();
    // A new statement read into the analysis (as OCR results are) that does not reconcile.
    await setAnalysis(file.id, UNRECONCILED);
    expect(await reasonsIn(caller, file.id)).toEqual(['notReconciled']);
    await expectFactsRecounted(file.id);
    const decision = await staffDecision(file.id, admin.id);
    await setStatus(file.id, 'approved', new Date());
    expect(await reasonsIn(caller, file.id)).toBeNull();
    // Under review it shows again, whoever decided before.
    await setStatus(file.id, 'review');
    expect(await reasonsIn(caller, file.id)).toEqual(['review', 'notReconciled']);
    await setStatus(file.id, 'pending');
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await db.delete(applicationDecisions).where(eq(applicationDecisions.id, decision));
    expect(await reasonsIn(caller, file.id)).toEqual(['notReconciled']);
    await expectFactsRecounted(file.id);
    // The statements reconciling after all, or the result going, take it out.
    await setAnalysis(file.id, RECONCILED);
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await setAnalysis(file.id, UNRECONCILED);
    expect(await reasonsIn(caller, file.id)).toEqual(['notReconciled']);
    await db.delete(underwritingResults).where(eq(underwritingResults.applicationId, file.id));
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await expectFactsRecounted(file.id);
  });

  it('under review: in while the status is review, out when it changes', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const file = await application('pending', 1170);
    expect(await reasonsIn(caller, file.id)).toBeNull();
    await setStatus(file.id, 'review');
    expect(await reasonsIn(caller, file.id)).toEqual(['review']);
    await setStatus(file.id, 'declined', new Date());
    expect(await reasonsIn(caller, file.id)).toBeNull();
  });
});

describe('"Mine" follows the same changes on the viewer\'s own files', () => {
  it("lists a file of the viewer while a reason holds, and never a colleague's", async () => {
    const viewer = await insertUser({ role: 'admin' });
    const colleague = await insertUser({ role: 'admin' });
    const caller = await callerFor(viewer);
    const mine = await application('pending', 1160);
    const theirs = await application('pending', 1159);
    const { db } = await getTestDeps();
    await caller.admin.assignApplication({ id: mine.id, assigneeId: viewer.id });
    await caller.admin.assignApplication({ id: theirs.id, assigneeId: colleague.id });
    expect(await reasonsIn(caller, mine.id, 'mine')).toBeNull();
    for (const file of [mine, theirs]) await setStatus(file.id, 'review');
    const expected: QueueReason[] = ['review'];
    expect(await reasonsIn(caller, mine.id, 'mine')).toEqual(expected);
    expect(await reasonsIn(caller, theirs.id, 'mine')).toBeNull();
    expect(await reasonsIn(caller, theirs.id, 'all')).toEqual(expected);
    await setStatus(mine.id, 'pending');
    expect(await reasonsIn(caller, mine.id, 'mine')).toBeNull();
    // Each stored reason, one after the other, on the viewer's file.
    const requestId = newId();
    await db.insert(documentRequests).values({
      id: requestId,
      applicationId: mine.id,
      requestedBy: viewer.id,
      documents: ['the October statement'],
      message: 'Please send the October statement.',
      status: 'received',
      receivedAt: new Date(),
    });
    expect(await reasonsIn(caller, mine.id, 'mine')).toEqual(['documentsReceived']);
    await caller.admin.reviewDocumentRequest({ id: requestId });
    expect(await reasonsIn(caller, mine.id, 'mine')).toBeNull();
    const document = await insertDocument(mine.id, { originalName: 'statement-photo.jpg', mimeType: 'image/jpeg' });
    await db.insert(ocrJobs).values({
      id: newId(),
      applicationId: mine.id,
      documentId: document.id,
      status: 'done',
      finishedAt: new Date(mine.decidedAt.getTime() + DAY),
    });
    await insertUnderwriting(mine.id, { analysis: UNRECONCILED });
    expect(await reasonsIn(caller, mine.id, 'mine')).toEqual(['ocrFinished', 'notReconciled']);
    // Handing the file to a colleague takes it out of the viewer's "Mine", not out of the queue.
    await caller.admin.assignApplication({ id: mine.id, assigneeId: colleague.id });
    expect(await reasonsIn(caller, mine.id, 'mine')).toBeNull();
    expect(await reasonsIn(caller, mine.id, 'all')).toEqual(['ocrFinished', 'notReconciled']);
    await caller.admin.assignApplication({ id: mine.id, assigneeId: viewer.id });
    await staffDecision(mine.id, viewer.id);
    await setStatus(mine.id, 'approved', new Date());
    expect(await reasonsIn(caller, mine.id, 'mine')).toBeNull();
    await expectFactsRecounted(mine.id);
  });
});

describe('GET /api/admin/queue', () => {
  it('answers the pages the Queue tab reads, with their cursors, for "Mine" too', async () => {
    const server = await startTestServer();
    try {
      const viewer = await insertUser({ role: 'admin' });
      const caller = await callerFor(viewer);
      const cookie = await sessionCookieFor(viewer);
      const file = await application('review', 1150);
      await caller.admin.assignApplication({ id: file.id, assigneeId: viewer.id });
      for (const assignee of ['all', 'mine'] as const) {
        const expected = await caller.admin.workQueue({ assignee, limit: 5 });
        const response = await server.request(`/api/admin/queue?assignee=${assignee}&limit=5`, { cookie });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          data: expected.items,
          nextCursor: expected.nextCursor,
          prevCursor: expected.prevCursor,
        });
      }
      const mine = (await (await server.request('/api/admin/queue?assignee=mine', { cookie })).json()) as {
        data: { id: string; reasons: string[]; assignee: { id: string } | null }[];
      };
      expect(mine.data.find((item) => item.id === file.id)).toMatchObject({
        reasons: ['review'],
        assignee: { id: viewer.id },
      });
      expect(mine.data.every((item) => item.assignee?.id === viewer.id)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
