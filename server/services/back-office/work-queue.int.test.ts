import { describe, expect, it } from 'vitest';
import { applicationDecisions, applications, documentRequests, ocrJobs } from '../../../drizzle/schema/index';
import { newId } from '../../lib/ids';
import { insertApplication } from '../../test/factories';
import { insertDocument, insertUnderwriting } from '../../test/factories/admin';
import { callerFor, getTestDeps, insertUser, testServerForFile } from '../../test/harness';
import { eq } from 'drizzle-orm';
import type { QueueItemDto } from '../../../src/shared/schemas/back-office-work';

testServerForFile();

type Caller = Awaited<ReturnType<typeof callerFor>>;
const DAY = 24 * 3600_000;
const UNRECONCILED = { statements: [{ note: '1 page(s); balances do not reconcile for 2026-03-01..2026-03-31.' }] };

/** The queue's rows among `ids` (the shared database holds other tests' rows), walking every page. */
async function queuedItems(caller: Caller, ids: string[], assignee: 'all' | 'mine' = 'all') {
  const found: QueueItemDto[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const answer = await caller.admin.workQueue({ cursor, limit: 50, assignee });
    found.push(...answer.items.filter((item) => ids.includes(item.id)));
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return found;
}

async function queued(caller: Caller, ids: string[]) {
  return (await queuedItems(caller, ids)).map(({ id, reasons }) => ({ id, reasons }));
}

/** An application created `daysAgo` days ago (the queue is oldest first), decided by the engine an hour later. */
function application(status: 'pending' | 'review' | 'approved' | 'declined' | 'funded', daysAgo: number) {
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  return insertApplication({ status, createdAt }).then(async (row) => {
    const { db } = await getTestDeps();
    await db
      .update(applications)
      .set({ decidedAt: new Date(createdAt.getTime() + 3600_000) })
      .where(eq(applications.id, row.id));
    return row;
  });
}

async function documentRequest(applicationId: string, requestedBy: string, status: 'open' | 'received' | 'closed') {
  const { db } = await getTestDeps();
  await db.insert(documentRequests).values({
    id: newId(),
    applicationId,
    requestedBy,
    documents: ['the October statement'],
    message: 'Please send the October statement.',
    status,
    receivedAt: status === 'open' ? null : new Date(),
  });
}

async function finishedOcr(applicationId: string, finishedAt: Date) {
  const { db } = await getTestDeps();
  const document = await insertDocument(applicationId, { originalName: 'statement-photo.jpg', mimeType: 'image/jpeg' });
  await db.insert(ocrJobs).values({ id: newId(), applicationId, documentId: document.id, status: 'done', finishedAt });
}

describe('the work queue lists every application that needs a person', () => {
  it('documents received for an open request, on any status, until staff mark them reviewed', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const approved = await application('approved', 900);
    const declined = await application('declined', 899);
    const stillOpen = await application('approved', 898);
    const reviewed = await application('approved', 897);
    await documentRequest(approved.id, admin.id, 'received');
    await documentRequest(declined.id, admin.id, 'received');
    await documentRequest(stillOpen.id, admin.id, 'open');
    await documentRequest(reviewed.id, admin.id, 'closed');
    expect(await queued(caller, [approved.id, declined.id, stillOpen.id, reviewed.id])).toEqual([
      { id: approved.id, reasons: ['documentsReceived'] },
      { id: declined.id, reasons: ['documentsReceived'] },
    ]);
  });

  it('OCR finished after the last decision, while the file is pending or approved', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const afterDecision = await application('approved', 800);
    const beforeDecision = await application('approved', 799);
    const funded = await application('funded', 798);
    await finishedOcr(afterDecision.id, new Date(Date.now() - 700 * DAY));
    await finishedOcr(beforeDecision.id, new Date(Date.now() - 799 * DAY));
    await finishedOcr(funded.id, new Date(Date.now() - 700 * DAY));
    expect(await queued(caller, [afterDecision.id, beforeDecision.id, funded.id])).toEqual([
      { id: afterDecision.id, reasons: ['ocrFinished'] },
    ]);
  });

  it('statements that did not reconcile, until a staff member decides', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const pending = await application('pending', 700);
    const decidedByStaff = await application('approved', 699);
    const declined = await application('declined', 698);
    const reconciled = await application('approved', 697);
    for (const row of [pending, decidedByStaff, declined]) await insertUnderwriting(row.id, { analysis: UNRECONCILED });
    await insertUnderwriting(reconciled.id);
    const { db } = await getTestDeps();
    await db.insert(applicationDecisions).values({
      id: newId(),
      applicationId: decidedByStaff.id,
      decision: 'approved',
      reasons: ['verified-by-staff'],
      requestedAmountCents: decidedByStaff.loanAmountCents,
      approvedAmountCents: decidedByStaff.loanAmountCents,
      decidedBy: admin.id,
    });
    expect(await queued(caller, [pending.id, decidedByStaff.id, declined.id, reconciled.id])).toEqual([
      { id: pending.id, reasons: ['notReconciled'] },
    ]);
  });

  it('merges the reasons oldest first, each file once with all its reasons', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const review = await application('review', 600);
    const received = await application('pending', 601);
    const both = await application('review', 602);
    await documentRequest(received.id, admin.id, 'received');
    await documentRequest(both.id, admin.id, 'received');
    await insertUnderwriting(both.id, { analysis: UNRECONCILED });
    expect(await queued(caller, [review.id, received.id, both.id])).toEqual([
      { id: both.id, reasons: ['review', 'notReconciled', 'documentsReceived'] },
      { id: received.id, reasons: ['documentsReceived'] },
      { id: review.id, reasons: ['review'] },
    ]);
  });

  it('offers about to expire: approved, not accepted, within 3 days of the end, oldest first, with the end date', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const { db } = await getTestDeps();
    /** Created `daysAgo` days ago, its offer made `madeDaysAgo` days ago (offers are valid 30 days in tests). */
    const offer = async (status: 'approved' | 'funded', daysAgo: number, madeDaysAgo: number) => {
      const row = await application(status, daysAgo);
      const decidedAt = new Date(Date.now() - madeDaysAgo * DAY);
      decidedAt.setMilliseconds(0);
      await db.update(applications).set({ decidedAt }).where(eq(applications.id, row.id));
      return { id: row.id, validUntil: new Date(decidedAt.getTime() + 30 * DAY).toISOString() };
    };
    const lastDay = await offer('approved', 501, 29.5);
    const threeDaysLeft = await offer('approved', 502, 27.2);
    const plenty = await offer('approved', 503, 20);
    const expired = await offer('approved', 504, 31);
    const accepted = await offer('funded', 505, 28);
    const ids = [lastDay.id, threeDaysLeft.id, plenty.id, expired.id, accepted.id];
    const page = async (assignee: 'all' | 'mine') =>
      (await queuedItems(caller, ids, assignee)).map(({ id, reasons, offerValidUntil }) => ({
        id,
        reasons,
        offerValidUntil,
      }));
    expect(await page('all')).toEqual([
      { id: threeDaysLeft.id, reasons: ['offerExpiring'], offerValidUntil: threeDaysLeft.validUntil },
      { id: lastDay.id, reasons: ['offerExpiring'], offerValidUntil: lastDay.validUntil },
    ]);
    // "Mine": the same reason on the viewer's own files only.
    await db.update(applications).set({ assignedTo: admin.id }).where(eq(applications.id, lastDay.id));
    expect((await page('mine')).map((row) => row.id)).toEqual([lastDay.id]);
  });
});
