import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adverseActionNotices, applications } from '../../../drizzle/schema/index';
import { ECOA_NOTICE_TEXT, decisionReason } from '../../../src/shared/decisions';
import type { Mailer } from '../../lib/mail';
import { applicationFiles, applicationFormData, postApplication } from '../../test/factories/applications';
import {
  auditsFor,
  callerFor,
  getTestDeps,
  insertUser,
  readMails,
  sessionCookieFor,
  testServerForFile,
} from '../../test/harness';

// docs/product.md 6.7: the engine's own decline, or its approval for less than asked, at submission is an adverse
// action too: its notice is stored, emailed and shown in the client portal; a notice whose email failed is sent
// again by staff.

let mailDown = false;
const mailer: Mailer = {
  send: async (message) => {
    if (mailDown) throw new Error('mail server unreachable');
    await (await getTestDeps()).mailer.send(message);
  },
};
const server = testServerForFile({ deps: { mailer } });

const words = (code: string) => decisionReason(code)?.words ?? '';

/** A signed-in client's submission through the wizard's endpoint; answers the stored application and its notices. */
async function submit(overrides: Record<string, unknown>) {
  const client = await insertUser({ role: 'client' });
  const form = applicationFormData({ email: client.email, ...overrides });
  const response = await postApplication(server.url, {
    formData: form,
    files: await applicationFiles({ statements: 1 }),
    cookie: await sessionCookieFor(client),
  });
  expect(response.status).toBe(201);
  const { applicationId } = (await response.json()) as { applicationId: string };
  const { db } = await getTestDeps();
  const [application] = await db.select().from(applications).where(eq(applications.id, applicationId));
  const notices = await db
    .select()
    .from(adverseActionNotices)
    .where(eq(adverseActionNotices.applicationId, applicationId));
  return { client, application: application!, notices };
}

describe("the engine's adverse actions at submission", () => {
  it('a decline stores a notice with the reasons from its limiting facts, emails it and shows it to the client', async () => {
    const { client, application, notices } = await submit({ estimatedCreditScore: '500' });
    expect(application.aiApproved).toBe('declined');
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({ kind: 'declined', decisionId: null, sendFailedAt: null });
    expect(notice!.sentAt).not.toBeNull();
    expect(notice!.content.action).toBe('We are unable to approve your application for $75,000 in business funding.');
    expect(notice!.content.reasons).toContain(words('credit-history'));
    expect(notice!.content.ecoa).toBe(ECOA_NOTICE_TEXT);

    const mail = readMails(client.email).find((text) => text.includes('Notice of action taken on application'));
    expect(mail).toBeDefined();
    expect(mail).toContain(words('credit-history'));
    expect(mail).toContain('We are unable to approve your application for $75,000 in business funding.');

    const portal = await (await callerFor(client)).client.adverseActionNotices({ id: application.id });
    expect(portal.map((item) => [item.id, item.kind, item.content.reasons])).toEqual([
      [notice!.id, 'declined', notice!.content.reasons],
    ]);
    const audits = await auditsFor(application.id, 'application.adverse_action');
    expect(audits.map((row) => row.actorRole)).toEqual(['system']);
  });

  it('an approval for less than asked is a counter-offer with the cap that bound it', async () => {
    const { client, application, notices } = await submit({ loanAmount: '500,000' });
    expect(application.aiApproved).toBe('approved');
    expect(application.approvedAmountCents).toBeLessThan(50_000_000);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({ kind: 'counter_offer', decisionId: null });
    expect(notice!.content.action).toContain(
      'We are unable to approve your application for the $500,000 you requested.',
    );
    expect(notice!.content.reasons).toHaveLength(1);
    expect([words('insufficient-revenue'), words('existing-financing'), words('amount-over-maximum')]).toContain(
      notice!.content.reasons[0],
    );
    expect(readMails(client.email).some((text) => text.includes('Notice of action taken on application'))).toBe(true);
  });

  it('a full approval makes no notice', async () => {
    const { application, notices } = await submit({ loanAmount: '20,000' });
    expect(application.aiApproved).toBe('approved');
    expect(application.approvedAmountCents).toBe(2_000_000);
    expect(notices).toEqual([]);
  });

  it('a notice whose email failed shows when it failed, and staff send it again (audited); a sent one is refused', async () => {
    mailDown = true;
    const submitted = await submit({ estimatedCreditScore: '500' }).finally(() => {
      mailDown = false;
    });
    const [notice] = submitted.notices;
    expect(notice!.sentAt).toBeNull();
    expect(notice!.sendFailedAt).not.toBeNull();
    expect(readMails(submitted.client.email).some((text) => text.includes('Notice of action taken'))).toBe(false);

    const staff = await insertUser({ role: 'admin' });
    const caller = await callerFor(staff);
    const context = await caller.admin.decisionContext({ id: submitted.application.id });
    expect(context.engineNotices).toEqual([
      expect.objectContaining({ id: notice!.id, kind: 'declined', sentAt: null, sendFailedAt: expect.any(Date) }),
    ]);

    const resent = await caller.admin.resendNotice({ id: notice!.id });
    expect(resent.sentAt).toEqual(expect.any(Date));
    const { db } = await getTestDeps();
    const [stored] = await db.select().from(adverseActionNotices).where(eq(adverseActionNotices.id, notice!.id));
    expect(stored).toMatchObject({ sendFailedAt: null });
    expect(stored!.sentAt).not.toBeNull();
    expect(readMails(submitted.client.email).some((text) => text.includes('Notice of action taken'))).toBe(true);
    const sends = await auditsFor(submitted.application.id, 'application.adverse_action_sent');
    expect(sends.map((row) => [row.actorId, row.outcome])).toEqual([[staff.id, 'success']]);
    const failures = await auditsFor(submitted.application.id, 'application.adverse_action_send_failed');
    expect(failures.map((row) => [row.actorRole, row.outcome])).toEqual([['system', 'failure']]);

    await expect(caller.admin.resendNotice({ id: notice!.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This notice has already been sent',
    });
    expect(await auditsFor(submitted.application.id, 'application.adverse_action_sent')).toHaveLength(1);
  });
});
