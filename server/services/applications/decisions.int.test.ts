import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adverseActionNotices, applicationDecisions, applications } from '../../../drizzle/schema/index';
import { ECOA_NOTICE_TEXT, decisionReason } from '../../../src/shared/decisions';
import { insertApplication } from '../../test/factories';
import { insertUnderwriting } from '../../test/factories/admin';
import {
  auditsFor,
  callerFor,
  getTestDeps,
  insertUser,
  readMails,
  sessionCookieFor,
  testServerForFile,
} from '../../test/harness';

// docs/product.md 6.7: decisions with principal reasons, and the adverse action notice a decline or an unrequested
// counter-offer produces.

const server = testServerForFile();

const words = (code: string) => decisionReason(code)?.words ?? '';

async function stateOf(applicationId: string) {
  const { db } = await getTestDeps();
  const [row] = await db
    .select({ status: applications.status, approvedAmountCents: applications.approvedAmountCents })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const decisions = await db
    .select()
    .from(applicationDecisions)
    .where(eq(applicationDecisions.applicationId, applicationId));
  const notices = await db
    .select()
    .from(adverseActionNotices)
    .where(eq(adverseActionNotices.applicationId, applicationId));
  return { ...row, decisions, notices };
}

describe('decisions need principal reasons', () => {
  it('refuses a decline or an approval without reasons (400, field message) and changes nothing', async () => {
    const admin = await insertUser({ role: 'admin' });
    const application = await insertApplication({ status: 'review', aiApproved: 'review' });
    await insertUnderwriting(application.id);
    const caller = await callerFor(admin);
    for (const status of ['declined', 'approved'] as const) {
      const error = await caller.admin.setApplicationStatus({ id: application.id, status }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'BAD_REQUEST' });
      expect(String((error as Error).message)).toContain(
        `Choose at least one principal reason for ${status === 'declined' ? 'declining' : 'approving'}`,
      );
    }
    const response = await server.request(`/api/admin/applications/${application.id}/status`, {
      method: 'PUT',
      body: { status: 'declined' },
      cookie: await sessionCookieFor(admin),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('reasons: Choose at least one principal reason for declining');
    // "Other" needs the sentence the applicant will read; a decline takes no approval reasons.
    await expect(
      caller.admin.setApplicationStatus({ id: application.id, status: 'declined', reasons: ['other'] }),
    ).rejects.toThrow('Describe the other reason in words the applicant will read');
    await expect(
      caller.admin.setApplicationStatus({ id: application.id, status: 'declined', reasons: ['meets-requirements'] }),
    ).rejects.toThrow('A decline takes reasons against the application only');
    await expect(
      caller.admin.setApplicationStatus({ id: application.id, status: 'review', reasons: ['time-in-business'] }),
    ).rejects.toThrow('Reasons are given only when approving or declining');

    const after = await stateOf(application.id);
    expect(after).toMatchObject({ status: 'review', approvedAmountCents: null, decisions: [], notices: [] });
    expect(await auditsFor(application.id, 'application.status')).toHaveLength(0);
    expect(await auditsFor(application.id, 'application.decision')).toHaveLength(0);
    expect(readMails(application.email)).toHaveLength(0);
  });

  it('pending and review still change without reasons, as the selector always did', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const application = await insertApplication({ status: 'pending' });
    await expect(caller.admin.setApplicationStatus({ id: application.id, status: 'review' })).resolves.toEqual({
      id: application.id,
      status: 'review',
    });
    expect((await stateOf(application.id)).decisions).toHaveLength(0);
  });
});

describe('a decline with reasons', () => {
  it('stores the decision, emails the adverse action notice, stores its send time and shows it to staff', async () => {
    const admin = await insertUser({ role: 'admin', firstName: 'Dana' });
    const client = await insertUser({ role: 'client' });
    const application = await insertApplication({
      userId: client.id,
      status: 'review',
      aiApproved: 'declined',
      businessName: 'Harbor Lane Bakery LLC',
      ownerName: 'Robin Sample',
    });
    await insertUnderwriting(application.id, { decision: 'declined' });
    const before = Date.now() - 1000;
    const response = await server.request(`/api/admin/applications/${application.id}/status`, {
      method: 'PUT',
      body: {
        status: 'declined',
        reasons: ['negative-days', 'other'],
        otherReason: 'The business bank account was opened last month.',
        note: 'Staff-only: spoke to the owner on the phone.',
      },
      cookie: await sessionCookieFor(admin),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { id: application.id, status: 'declined' } });

    const state = await stateOf(application.id);
    expect(state.status).toBe('declined');
    expect(state.decisions).toHaveLength(1);
    expect(state.decisions[0]).toMatchObject({
      decision: 'declined',
      reasons: ['negative-days', 'other'],
      otherReason: 'The business bank account was opened last month.',
      note: 'Staff-only: spoke to the owner on the phone.',
      requestedAmountCents: 5_000_000,
      decidedBy: admin.id,
    });
    expect(state.notices).toHaveLength(1);
    const notice = state.notices[0]!;
    expect(notice.kind).toBe('declined');
    expect(notice.sentAt).not.toBeNull();
    expect(notice.sentAt!.getTime()).toBeGreaterThanOrEqual(before);
    const { env } = await getTestDeps();
    expect(notice.content).toMatchObject({
      businessName: 'Harbor Lane Bakery LLC',
      action: 'We are unable to approve your application for $50,000 in business funding.',
      reasons: [words('negative-days'), 'The business bank account was opened last month.'],
      ecoa: ECOA_NOTICE_TEXT,
      lender: {
        legalName: env.lender.legalName,
        addressLines: env.lender.addressLines,
        phone: env.lender.phone,
        email: env.lender.supportEmail,
      },
    });
    expect(notice.content.ecoa).toContain('Federal Trade Commission');
    expect(notice.content.rightToStatement).toContain('right to a statement of the specific reasons');

    // The email: reasons in words, the ECOA text, the lender's details; never the staff note.
    const [mail] = readMails(application.email);
    expect(mail).toBeDefined();
    const body = mail!.replace(/\s+/g, ' ');
    expect(body).toMatch(/Subject: Notice of action taken on application [0-9A-F]{8} /);
    expect(body).toContain(words('negative-days'));
    expect(body).toContain('The business bank account was opened last month.');
    expect(body).toContain(ECOA_NOTICE_TEXT);
    expect(body).toContain(env.lender.legalName);
    expect(body).toContain(env.lender.phone);
    expect(body).toContain(env.lender.addressLines[0]);
    expect(body).not.toContain('spoke to the owner');

    // Audited: the status change, the decision (codes only) and the send.
    expect(await auditsFor(application.id, 'application.status')).toHaveLength(1);
    const [decisionAudit] = await auditsFor(application.id, 'application.decision');
    expect(decisionAudit).toMatchObject({
      actorId: admin.id,
      detail: { decision: 'declined', reasons: ['negative-days', 'other'], noticeId: notice.id, hasNote: true },
    });
    expect(JSON.stringify(decisionAudit!.detail)).not.toContain('opened last month');
    expect(await auditsFor(application.id, 'application.adverse_action_sent')).toHaveLength(1);

    // Staff see the decision, its reasons and the notice's send time.
    const context = await (await callerFor(admin)).admin.decisionContext({ id: application.id });
    expect(context.decisions).toEqual([
      expect.objectContaining({
        decision: 'declined',
        reasons: [
          { code: 'negative-days', label: 'Too many negative days or NSF events' },
          { code: 'other', label: 'Staff judgement: other' },
        ],
        note: 'Staff-only: spoke to the owner on the phone.',
        decidedBy: 'Dana User',
        notice: {
          id: notice.id,
          kind: 'declined',
          sentAt: notice.sentAt,
          sendFailedAt: null,
          createdAt: notice.createdAt,
        },
      }),
    ]);
    const rest = await server.request(`/api/admin/applications/${application.id}/decisions`, {
      cookie: await sessionCookieFor(admin),
    });
    expect(rest.status).toBe(200);
    const restBody = (await rest.json()) as { data: { decisions: Array<{ notice: { sentAt: string } }> } };
    expect(restBody.data.decisions[0]?.notice.sentAt).toBe(notice.sentAt!.toISOString());
  });
});

describe('counter-offers', () => {
  it('an approval for less than requested needs a reason against the full amount and produces a notice', async () => {
    const admin = await insertUser({ role: 'admin' });
    const client = await insertUser({ role: 'client' });
    // $50,000 requested; the engine's policy supports $30,000.
    const application = await insertApplication({ userId: client.id, status: 'review', aiApproved: 'review' });
    await insertUnderwriting(application.id, {
      approvedAmountCents: 3_000_000,
      analysis: {
        flags: [],
        offer: { bindingCap: 'revenue-multiple', existingWeeklyFinancingCents: 0 },
      },
    });
    const caller = await callerFor(admin);
    const context = await caller.admin.decisionContext({ id: application.id });
    expect(context).toMatchObject({ requestedAmount: 50_000, approvalAmount: 30_000 });
    expect(context.suggested.approved).toEqual(['verified-by-staff', 'insufficient-revenue']);

    const refused = await caller.admin
      .setApplicationStatus({ id: application.id, status: 'approved', reasons: ['verified-by-staff'] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    expect(String((refused as Error).message)).toContain('choose at least one reason against the full amount');
    expect(await stateOf(application.id)).toMatchObject({
      status: 'review',
      approvedAmountCents: null,
      decisions: [],
      notices: [],
    });
    expect(await auditsFor(application.id, 'application.status')).toHaveLength(0);

    await caller.admin.setApplicationStatus({
      id: application.id,
      status: 'approved',
      reasons: ['verified-by-staff', 'insufficient-revenue'],
    });
    const state = await stateOf(application.id);
    expect(state).toMatchObject({ status: 'approved', approvedAmountCents: 3_000_000 });
    expect(state.decisions[0]).toMatchObject({ approvedAmountCents: 3_000_000, requestedAmountCents: 5_000_000 });
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]).toMatchObject({
      kind: 'counter_offer',
      content: {
        // Approval reasons are never principal reasons of a notice.
        reasons: [words('insufficient-revenue')],
        action:
          'We are unable to approve your application for the $50,000 you requested. We can offer $30,000 instead; ' +
          'the offer is in your client portal.',
      },
    });
    expect(state.notices[0]!.sentAt).not.toBeNull();
    const [mail] = readMails(application.email);
    expect(mail?.replace(/\s+/g, ' ')).toContain('We can offer $30,000 instead');
  });

  it('an approval of the full amount produces no notice and no email', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const application = await insertApplication({ status: 'review', loanAmountCents: 3_000_000 });
    await insertUnderwriting(application.id, { decision: 'approved', approvedAmountCents: 3_000_000 });
    await caller.admin.setApplicationStatus({
      id: application.id,
      status: 'approved',
      reasons: ['meets-requirements'],
    });
    const state = await stateOf(application.id);
    expect(state.decisions).toHaveLength(1);
    expect(state.notices).toHaveLength(0);
    expect(readMails(application.email)).toHaveLength(0);
  });
});

describe('pre-selected reasons', () => {
  it('maps the engine facts that weigh (critical first) to reasons, and ignores information-only facts', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const application = await insertApplication({ status: 'review' });
    await insertUnderwriting(application.id, {
      decision: 'declined',
      analysis: {
        flags: [
          { code: 'nsf-events', severity: 'warning', message: '9 NSF events' },
          { code: 'loan-proceeds', severity: 'info', message: 'Loan proceeds excluded' },
          { code: 'revenue-below-minimum', severity: 'critical', message: 'Revenue below the minimum' },
          { code: 'existing-financing', severity: 'warning', message: 'Existing daily debit' },
          { code: 'negative-balance-days', severity: 'info', message: '1 negative day' },
        ],
      },
    });
    const context = await caller.admin.decisionContext({ id: application.id });
    expect(context.suggested.declined).toEqual(['insufficient-revenue', 'negative-days', 'existing-financing']);
  });
});

describe('clients see only their own notices', () => {
  it('answers the owner their notice (no staff note), and 404 to another client, on tRPC and REST', async () => {
    const admin = await insertUser({ role: 'admin' });
    const owner = await insertUser({ role: 'client' });
    const other = await insertUser({ role: 'client' });
    const application = await insertApplication({ userId: owner.id, status: 'review' });
    await insertUnderwriting(application.id);
    await (
      await callerFor(admin)
    ).admin.setApplicationStatus({
      id: application.id,
      status: 'declined',
      reasons: ['time-in-business'],
      note: 'Internal remark nobody outside staff reads',
    });

    const notices = await (await callerFor(owner)).client.adverseActionNotices({ id: application.id });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'declined', content: { reasons: [words('time-in-business')] } });
    expect(notices[0]!.sentAt).toBeInstanceOf(Date);
    expect(JSON.stringify(notices)).not.toContain('Internal remark');

    const own = await server.request(`/api/client/applications/${application.id}/notices`, {
      cookie: await sessionCookieFor(owner),
    });
    expect(own.status).toBe(200);
    const ownBody = (await own.json()) as { data: Array<{ content: { ecoa: string } }> };
    expect(ownBody.data[0]?.content.ecoa).toBe(ECOA_NOTICE_TEXT);

    await expect((await callerFor(other)).client.adverseActionNotices({ id: application.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const foreign = await server.request(`/api/client/applications/${application.id}/notices`, {
      cookie: await sessionCookieFor(other),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe('Application not found');
  });
});
