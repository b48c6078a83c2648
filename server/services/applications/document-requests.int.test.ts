// Document requests (docs/product.md 6.7): staff ask, the applicant is mailed, answers in the portal through the
// wizard's upload path (a bad file refused with nothing stored), staff see the files and the queue reason; cancel
// and review; audit rows; only the owner sees and answers.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applications,
  documentRequests,
  underwritingResults,
} from '../../../drizzle/schema/index';
import { DOCUMENT_REQUEST_MESSAGES } from '../../../src/shared/schemas/document-requests';
import { APPLICATION_MESSAGES } from '../../../src/shared/schemas/application';
import { insertApplication } from '../../test/factories';
import {
  applicationFiles,
  applicationFormData,
  executableBytes,
  postApplication,
  statementPdf,
  type UploadFile,
} from '../../test/factories/applications';
import {
  auditsFor,
  callerFor,
  getTestDeps,
  insertUser,
  mailTo,
  sessionCookieFor,
  testServerForFile,
  type TestUser,
  uniqueIp,
} from '../../test/harness';
import { storageFiles } from './submission.test-helpers';

const server = testServerForFile({ ownStorage: true });

function postFiles(requestId: string, files: UploadFile[], cookie?: string) {
  const body = new FormData();
  for (const file of files)
    body.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const headers: Record<string, string> = { Origin: 'http://localhost:3000', 'X-Forwarded-For': uniqueIp() };
  if (cookie) headers.Cookie = cookie;
  return fetch(`${server.url}/api/client/document-requests/${requestId}/files`, { method: 'POST', headers, body });
}

const clientCookie = (user: TestUser) => sessionCookieFor({ id: user.id, role: 'client' });

/** A client's own application submitted through the wizard's path, so it has stored statements and an analysis. */
async function submittedApplication(client: TestUser) {
  const form = applicationFormData();
  const response = await postApplication(server.url, {
    formData: form,
    files: await applicationFiles({ statements: 1 }),
    cookie: await clientCookie(client),
  });
  expect(response.status).toBe(201);
  const { applicationId } = (await response.json()) as { applicationId: string };
  const { db } = await getTestDeps();
  // Oldest in the queue, so its first page shows it whatever other tests left in review.
  await db
    .update(applications)
    .set({ status: 'review', createdAt: new Date('2020-01-01T00:00:00Z') })
    .where(eq(applications.id, applicationId));
  return { id: applicationId, email: form.email, businessName: form.businessName };
}

async function queueReasons(staff: TestUser, applicationId: string) {
  const answer = await (await callerFor(staff)).admin.workQueue({ limit: 50 });
  return answer.items.find((item) => item.id === applicationId)?.reasons;
}

describe('document requests', () => {
  it('round trip: request, email, a refused file leaves nothing, the upload is stored and read, staff see it', async () => {
    const client = await insertUser({ role: 'client' });
    const staff = await insertUser({ role: 'admin', firstName: 'Una' });
    const application = await submittedApplication(client);
    const { db } = await getTestDeps();
    const [before] = await db
      .select({ decision: underwritingResults.decision, analysis: underwritingResults.analysis })
      .from(underwritingResults)
      .where(eq(underwritingResults.applicationId, application.id));

    const admin = await callerFor(staff);
    const { id: requestId } = await admin.admin.requestDocuments({
      applicationId: application.id,
      documents: ['The October statement', 'A clearer licence photo'],
      message: 'Please send the October statement so we can see the latest month.',
    });
    const mail = await mailTo(application.email, 'Documents requested for your');
    expect(mail).toContain('- The October statement');
    expect(mail).toContain('- A clearer licence photo');
    expect(mail).toContain('Please send the October statement so we can see the latest month.');
    expect(mail).toContain('http://localhost:3000/client-portal');
    expect((await auditsFor(application.id, 'document_request.create'))[0]).toMatchObject({
      actorId: staff.id,
      outcome: 'success',
    });

    const mine = await (await callerFor(client)).client.documentRequests();
    expect(mine).toEqual([
      expect.objectContaining({
        id: requestId,
        applicationId: application.id,
        businessName: application.businessName,
        status: 'open',
        documents: ['The October statement', 'A clearer licence photo'],
        files: [],
      }),
    ]);
    // The applicant never learns who on staff asked.
    expect(JSON.stringify(mine)).not.toContain('Una');

    const cookie = await clientCookie(client);
    const stored = storageFiles(server);
    const refused = await postFiles(
      requestId,
      [
        { field: 'bankStatements', name: 'october.pdf', type: 'application/pdf', content: await statementPdf(7) },
        { field: 'driversLicense', name: 'licence.pdf', type: 'application/pdf', content: executableBytes() },
      ],
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(`driversLicense: ${APPLICATION_MESSAGES.fileType}`);
    expect(storageFiles(server)).toEqual(stored);
    const documentsBefore = await db
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, application.id));
    expect((await admin.admin.documentRequests({ applicationId: application.id }))[0]?.status).toBe('open');

    const answered = await postFiles(
      requestId,
      [{ field: 'bankStatements', name: 'october.pdf', type: 'application/pdf', content: await statementPdf(7) }],
      cookie,
    );
    expect(answered.status).toBe(201);
    expect(await answered.json()).toEqual({ success: true, data: { id: requestId, status: 'received', files: 1 } });

    const [seen] = await admin.admin.documentRequests({ applicationId: application.id });
    expect(seen).toMatchObject({ id: requestId, status: 'received', requestedBy: 'Una User' });
    expect(seen?.files).toEqual([expect.objectContaining({ kind: 'bank_statement', originalName: 'october.pdf' })]);
    const newDocumentId = seen?.files[0]?.id ?? '';
    const detail = await admin.admin.applicationById({ id: application.id });
    expect(JSON.stringify(detail)).toContain(newDocumentId);
    const documentsAfter = await db
      .select({ id: applicationDocuments.id, parseStatus: applicationDocuments.parseStatus })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, application.id));
    expect(documentsAfter).toHaveLength(documentsBefore.length + 1);
    expect(documentsAfter.find((row) => row.id === newDocumentId)?.parseStatus).toBe('parsed');

    // The statement was read into the staff analysis; the decision and the status did not move.
    const [after] = await db
      .select({ decision: underwritingResults.decision, analysis: underwritingResults.analysis })
      .from(underwritingResults)
      .where(eq(underwritingResults.applicationId, application.id));
    const statementsOf = (analysis: unknown) =>
      ((analysis as { statements?: Array<{ documentId: string }> }).statements ?? []).map((item) => item.documentId);
    expect(statementsOf(before?.analysis)).not.toContain(newDocumentId);
    expect(statementsOf(after?.analysis)).toContain(newDocumentId);
    expect(after?.decision).toBe(before?.decision);
    const [row] = await db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row?.status).toBe('review');

    expect(await queueReasons(staff, application.id)).toContain('documentsReceived');
    const notice = await mailTo(server.deps.env.STAFF_EMAIL, `Documents received: ${application.businessName}`);
    expect(notice).toContain(application.id);
    expect((await auditsFor(application.id, 'document_request.answer'))[0]).toMatchObject({
      actorId: client.id,
      actorRole: 'client',
    });

    // A second answer to the same request is refused; staff mark it reviewed and the queue reason goes.
    const again = await postFiles(
      requestId,
      [{ field: 'bankStatements', name: 'again.pdf', type: 'application/pdf', content: await statementPdf(8) }],
      cookie,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toBe(DOCUMENT_REQUEST_MESSAGES.notOpen);
    await admin.admin.reviewDocumentRequest({ id: requestId });
    expect(await queueReasons(staff, application.id)).not.toContain('documentsReceived');
    expect((await auditsFor(application.id, 'document_request.review'))[0]).toMatchObject({ actorId: staff.id });
    expect((await (await callerFor(client)).client.documentRequests())[0]?.status).toBe('closed');
  });

  it('cancel: audited, gone from the portal, and no longer answerable', async () => {
    const client = await insertUser({ role: 'client' });
    const staff = await callerFor(await insertUser({ role: 'admin' }));
    const application = await insertApplication({ userId: client.id, status: 'review' });
    const { id } = await staff.admin.requestDocuments({
      applicationId: application.id,
      documents: ['Voided check'],
      message: 'The check was cut off.',
    });
    expect(await staff.admin.cancelDocumentRequest({ id })).toEqual({ id, status: 'cancelled' });
    expect(await auditsFor(application.id, 'document_request.cancel')).toHaveLength(1);
    await expect(staff.admin.cancelDocumentRequest({ id })).rejects.toThrow(DOCUMENT_REQUEST_MESSAGES.notOpen);
    expect(await auditsFor(application.id, 'document_request.cancel')).toHaveLength(1);
    expect(await (await callerFor(client)).client.documentRequests()).toEqual([]);
    const response = await postFiles(
      id,
      [{ field: 'voidedCheck', name: 'check.pdf', type: 'application/pdf', content: await statementPdf(1) }],
      await clientCookie(client),
    );
    expect(response.status).toBe(409);
  });

  it('refuses bad requests with a clear message and writes nothing', async () => {
    const staff = await callerFor(await insertUser({ role: 'admin' }));
    const anonymous = await insertApplication({ userId: null, status: 'review' });
    await expect(
      staff.admin.requestDocuments({ applicationId: anonymous.id, documents: ['Statement'], message: 'Please.' }),
    ).rejects.toThrow(DOCUMENT_REQUEST_MESSAGES.noOwner);
    const owned = await insertApplication({ userId: (await insertUser()).id, status: 'review' });
    await expect(
      staff.admin.requestDocuments({ applicationId: owned.id, documents: [], message: 'Please.' }),
    ).rejects.toThrow(DOCUMENT_REQUEST_MESSAGES.itemRequired);
    await expect(
      staff.admin.requestDocuments({ applicationId: owned.id, documents: ['Statement'], message: '   ' }),
    ).rejects.toThrow(DOCUMENT_REQUEST_MESSAGES.messageRequired);
    const { db } = await getTestDeps();
    const rows = await db.select().from(documentRequests).where(eq(documentRequests.applicationId, owned.id));
    expect(rows).toEqual([]);
    expect(await auditsFor(owned.id, 'document_request.create')).toEqual([]);
  });

  it('only the owner sees and answers a request; an empty upload is refused', async () => {
    const owner = await insertUser({ role: 'client' });
    const stranger = await insertUser({ role: 'client' });
    const staffUser = await insertUser({ role: 'admin' });
    const application = await insertApplication({ userId: owner.id, status: 'review' });
    const { id } = await (
      await callerFor(staffUser)
    ).admin.requestDocuments({
      applicationId: application.id,
      documents: ['March statement'],
      message: 'Missing month.',
    });
    expect(await (await callerFor(stranger)).client.documentRequests()).toEqual([]);
    const listed = await server.request('/api/client/document-requests', {
      cookie: await clientCookie(stranger),
    });
    expect(await listed.json()).toEqual({ data: [] });
    const file = {
      field: 'bankStatements',
      name: 'march.pdf',
      type: 'application/pdf',
      content: await statementPdf(3),
    };
    const stored = storageFiles(server);
    const foreign = await postFiles(id, [file], await clientCookie(stranger));
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(DOCUMENT_REQUEST_MESSAGES.requestNotFound);
    // Staff have no client path to answer with either: the request is not theirs.
    const asStaff = await postFiles(id, [file], await sessionCookieFor({ id: staffUser.id, role: 'admin' }));
    expect(asStaff.status).toBe(404);
    expect((await postFiles(id, [file])).status).toBe(401);
    const empty = await postFiles(id, [], await clientCookie(owner));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe(DOCUMENT_REQUEST_MESSAGES.noFiles);
    const wrongField = await postFiles(id, [{ ...file, field: 'formData' }], await clientCookie(owner));
    expect(wrongField.status).toBe(400);
    expect(storageFiles(server)).toEqual(stored);
    const [row] = await (await callerFor(staffUser)).admin.documentRequests({ applicationId: application.id });
    expect(row?.status).toBe('open');
  });
});
