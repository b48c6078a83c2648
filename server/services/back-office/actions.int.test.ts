import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, auditLog, loans, milestoneProgress, sessions, users } from '../../../drizzle/schema/index';
import { currentTotp } from '../../auth/totp';
import { insertApplication } from '../../test/factories';
import {
  insertDocument,
  insertLoan,
  insertRefinanceRequest,
  insertUnderwriting,
  setTotpSecret,
} from '../../test/factories/admin';
import {
  auditsFor,
  callerFor,
  getTestDeps,
  insertUser,
  mailTo,
  sessionCookieFor,
  testServerForFile,
  uniqueEmail,
} from '../../test/harness';
import { addDays } from '../loans/index';
import { DOWNLOAD_CSP } from '../../rest/admin';

const server = testServerForFile();

describe('application status', () => {
  it('changes the status, writes the audit row (actor, time, before, after) and shows it in the history', async () => {
    const admin = await insertUser({ role: 'admin' });
    const application = await insertApplication({ status: 'review', aiApproved: 'review' });
    await insertUnderwriting(application.id, { approvedAmountCents: 4_200_000 });
    const caller = await callerFor(admin);
    const before = Date.now() - 1000;
    await expect(
      caller.admin.setApplicationStatus({
        id: application.id,
        status: 'approved',
        reasons: ['verified-by-staff', 'insufficient-revenue'],
      }),
    ).resolves.toEqual({
      id: application.id,
      status: 'approved',
    });
    const [audit] = await auditsFor(application.id, 'application.status');
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'application',
      outcome: 'success',
      detail: { from: 'review', to: 'approved' },
    });
    expect(audit!.at.getTime()).toBeGreaterThanOrEqual(before);
    const { db } = await getTestDeps();
    const [row] = await db.select().from(applications).where(eq(applications.id, application.id));
    // Approving a referral takes the amount the engine's policy supports.
    expect(row).toMatchObject({ status: 'approved', approvedAmountCents: 4_200_000 });
    expect(row!.decidedAt).not.toBeNull();
    const detail = await caller.admin.applicationById({ id: application.id });
    // Newest first: the notice's send, the decision, then the status change itself.
    expect(detail.history.map((event) => event.action).slice(0, 3)).toEqual([
      'application.adverse_action_sent',
      'application.decision',
      'application.status',
    ]);
    expect(detail.history[2]).toMatchObject({
      action: 'application.status',
      from: 'review',
      to: 'approved',
      actorName: 'Test User',
    });
  });

  it('refuses a funded application (409) and statuses staff may not set (400), changing nothing', async () => {
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const funded = await insertApplication({ status: 'funded' });
    await expect(
      caller.admin.setApplicationStatus({ id: funded.id, status: 'declined', reasons: ['time-in-business'] }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const pending = await insertApplication();
    await expect(
      caller.admin.setApplicationStatus({ id: pending.id, status: 'funded' as never }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.admin.setApplicationStatus({ id: randomUUID(), status: 'approved', reasons: ['meets-requirements'] }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await auditsFor(funded.id, 'application.status')).toHaveLength(0);
  });

  it('PUT /api/admin/applications/:id/status answers {success, data}; the client sees the new status', async () => {
    const client = await insertUser({ role: 'client' });
    const application = await insertApplication({ userId: client.id, status: 'pending' });
    const cookie = await sessionCookieFor(await insertUser({ role: 'admin' }));
    const response = await server.request(`/api/admin/applications/${application.id}/status`, {
      method: 'PUT',
      body: { status: 'declined', reasons: ['insufficient-revenue'] },
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { id: application.id, status: 'declined' } });
    const conflict = await insertApplication({ status: 'funded' });
    const refused = await server.request(`/api/admin/applications/${conflict.id}/status`, {
      method: 'PUT',
      body: { status: 'approved', reasons: ['meets-requirements'] },
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe('A funded application cannot change status');
    const clientView = await server.request('/api/client/applications', {
      cookie: await sessionCookieFor(client),
    });
    if (clientView.status === 200) {
      const body = (await clientView.json()) as { data: { id: string; status: string }[] };
      expect(body.data.find((item) => item.id === application.id)?.status).toBe('declined');
    } else {
      const { db } = await getTestDeps();
      const [row] = await db
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, application.id));
      expect(row?.status).toBe('declined');
    }
  });
});

describe('application detail', () => {
  it('shows every field with SSN/EIN masked, documents and the analysis, and audits the read', async () => {
    const admin = await insertUser({ role: 'admin' });
    const application = await insertApplication({ status: 'review', aiApproved: 'review' });
    await insertUnderwriting(application.id);
    const document = await insertDocument(application.id);
    const cookie = await sessionCookieFor(admin);
    const response = await server.request(`/api/admin/applications/${application.id}`, { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('900-00-0001');
    expect(text).not.toContain('90-0000001');
    expect(text).not.toContain('1980-01-15');
    const body = JSON.parse(text) as { success: boolean; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      id: application.id,
      ssn: '***-**-0001',
      ein: '**-***0001',
      businessName: application.businessName,
      loanAmount: 50_000,
      aiData: { recommendation: 'Review', confidence: 62, riskFactors: ['Two NSF events in March'] },
      underwriting: { analysis: { flags: [{ code: 'nsf_events' }] } },
      documents: [{ id: document.id, originalName: 'statement-march.pdf', kind: 'bank_statement' }],
    });
    const [audit] = await auditsFor(application.id, 'application.view');
    expect(audit).toMatchObject({ actorId: admin.id, outcome: 'success' });
    expect((await server.request(`/api/admin/applications/${randomUUID()}`, { cookie })).status).toBe(404);
  });

  it('downloads a document as an audited attachment the browser will not render', async () => {
    const admin = await insertUser({ role: 'admin' });
    const application = await insertApplication();
    const document = await insertDocument(application.id, { originalName: '../evil "name";\r\nX-Injected: 1.pdf' });
    const cookie = await sessionCookieFor(admin);
    const response = await server.request(`/api/admin/documents/${document.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''evil%20name%20X-Injected%201.pdf",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(DOWNLOAD_CSP);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-injected')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(document.content)).toBe(true);
    const [audit] = await auditsFor(application.id, 'document.open');
    expect(audit).toMatchObject({ actorId: admin.id, detail: { documentId: document.id } });
    expect((await server.request(`/api/admin/documents/${randomUUID()}`, { cookie })).status).toBe(404);
  });
});

describe('revealing restricted values', () => {
  it('needs super_admin, a reason and a fresh code; logs the reveal without the value; refuses a replay', async () => {
    const superAdmin = await insertUser({ role: 'super_admin' });
    const key = await setTotpSecret(superAdmin.id);
    const application = await insertApplication();
    const caller = await callerFor(superAdmin);
    await expect(
      caller.admin.revealPii({ id: application.id, field: 'ssn', reason: 'short', code: currentTotp(key) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const code = currentTotp(key);
    const reason = 'Identity verification call with the owner';
    await expect(caller.admin.revealPii({ id: application.id, field: 'ssn', reason, code })).resolves.toEqual({
      field: 'ssn',
      value: '900-00-0001',
    });
    await expect(caller.admin.revealPii({ id: application.id, field: 'ein', reason, code })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid verification code',
    });
    const audits = await auditsFor(application.id, 'application.pii_reveal');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: superAdmin.id,
      actorRole: 'super_admin',
      detail: { field: 'ssn', reason },
    });
    expect(JSON.stringify(audits[0])).not.toContain('900-00-0001');
  });
});

describe('loan payments', () => {
  it('records a payment: the balance moves, the audit row holds before and after, rewards progress counts it', async () => {
    const admin = await insertUser({ role: 'admin' });
    const client = await insertUser({ role: 'client' });
    const today = new Date().toISOString().slice(0, 10);
    const loan = await insertLoan({ userId: client.id, firstPaymentDate: addDays(today, 3), termWeeks: 10 });
    const weekly = loan.schedule[0]!.amountCents;
    const caller = await callerFor(admin);
    const before = await caller.admin.loanPayments({ id: loan.id });
    expect(before.loan.currentBalance).toBe(loan.purchasedAmountCents / 100);
    const result = await caller.admin.recordPayment({
      loanId: loan.id,
      amountCents: weekly,
      paidOn: today,
      note: 'ACH',
    });
    expect(result.balance).toBe((loan.purchasedAmountCents - weekly) / 100);
    const after = await caller.admin.loanPayments({ id: loan.id });
    expect(after.loan.currentBalance).toBe((loan.purchasedAmountCents - weekly) / 100);
    expect(after.payments).toMatchObject([
      { amount: weekly / 100, paidOn: today, note: 'ACH', recordedBy: 'Test User' },
    ]);
    expect(after.schedule[0]).toMatchObject({ seq: 1, status: 'paid' });
    const [audit] = await auditsFor(loan.id, 'loan.payment');
    expect(audit).toMatchObject({
      actorId: admin.id,
      detail: {
        amountCents: weekly,
        before: { balanceCents: loan.purchasedAmountCents },
        after: { balanceCents: loan.purchasedAmountCents - weekly },
      },
    });
    const { db } = await getTestDeps();
    const progress = await db
      .select()
      .from(milestoneProgress)
      .where(and(eq(milestoneProgress.userId, client.id), eq(milestoneProgress.milestoneId, 'on-time-4')));
    expect(progress[0]?.currentProgress).toBe(1);
  });

  it('refuses more than the balance, future dates and paid-off loans; paying the rest marks the loan paid off', async () => {
    const client = await insertUser({ role: 'client' });
    const loan = await insertLoan({ userId: client.id, termWeeks: 4 });
    const cookie = await sessionCookieFor(await insertUser({ role: 'admin' }));
    const today = new Date().toISOString().slice(0, 10);
    const post = (body: object) => server.request(`/api/admin/loans/${loan.id}/payments`, { body, cookie });
    const tooMuch = await post({ amountCents: loan.purchasedAmountCents + 1, paidOn: today });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toMatch(/^The amount exceeds the remaining balance of \$/);
    expect((await post({ amountCents: 100, paidOn: addDays(today, 2) })).status).toBe(400);
    expect((await post({ amountCents: 0, paidOn: today })).status).toBe(400);
    const rest = await post({ amountCents: loan.purchasedAmountCents, paidOn: today });
    expect(rest.status).toBe(201);
    expect(await rest.json()).toMatchObject({ success: true, data: { balance: 0, status: 'paid_off' } });
    const { db } = await getTestDeps();
    const [row] = await db.select({ status: loans.status }).from(loans).where(eq(loans.id, loan.id));
    expect(row?.status).toBe('paid_off');
    expect((await post({ amountCents: 100, paidOn: today })).status).toBe(409);
  });
});

describe('applicants export', () => {
  it('escapes commas, quotes and formula-leading characters, and audits the export', async () => {
    const word = `Csv${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const { db } = await getTestDeps();
    const formula = await insertUser({ role: 'client', firstName: `=${word}` });
    await db
      .update(users)
      .set({ lastName: '+SUM(A1)', businessName: '@Risk, "Quoted" Co' })
      .where(eq(users.id, formula.id));
    const dash = await insertUser({ role: 'client', firstName: word });
    await db
      .update(users)
      .set({ lastName: '-1', businessName: `${word}, Plain` })
      .where(eq(users.id, dash.id));
    const admin = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(admin);
    const response = await server.request(`/api/admin/applicants/export?search=${word}%20plain&isActive=all`, {
      cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''applicants-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Business,Applications,Active Apps,Status,Last Login,Joined');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^${word} -1,${dash.email},"${word}, Plain",0,0,Active,Never,\\d{4}-\\d{2}-\\d{2}$`),
    );
    // The formula row comes from a search on its words, typed with the '=' and '+' the name itself starts with.
    const formulaResponse = await server.request(
      `/api/admin/applicants/export?search=${encodeURIComponent(`=${word} +SUM`)}`,
      { cookie },
    );
    const formulaLines = (await formulaResponse.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(formulaLines[1]).toMatch(
      new RegExp(`^'=${word} \\+SUM\\(A1\\),${formula.email},"'@Risk, ""Quoted"" Co",0,0,Active,Never,`),
    );
    const audits = await (
      await getTestDeps()
    ).db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'applicant.export')));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ detail: { rows: 1, searched: true } });
    expect(JSON.stringify(audits)).not.toContain(word);
  });
});

describe('staff accounts', () => {
  it('creates a staff account with an invitation link, never a known password', async () => {
    const superAdmin = await insertUser({ role: 'super_admin' });
    const caller = await callerFor(superAdmin);
    const email = uniqueEmail('newstaff');
    const created = await caller.admin.createStaff({ email, firstName: 'Nia', lastName: 'Staff', role: 'admin' });
    expect(created).toMatchObject({ email, role: 'admin', invitationSent: true });
    const mail = await mailTo(email);
    expect(mail).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[a-z0-9]+/);
    await expect(
      caller.admin.createStaff({ email, firstName: 'Nia', lastName: 'Again', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const staff = await caller.admin.listStaff();
    expect(staff.find((member) => member.email === email)).toMatchObject({
      role: 'admin',
      isActive: true,
      twoFactorEnabled: false,
    });
    const [audit] = await auditsFor(created.id, 'staff.create');
    expect(audit).toMatchObject({ actorId: superAdmin.id, detail: { role: 'admin' } });
  });

  it("a role change or a deactivation ends that person's sessions at once; nobody acts on their own account", async () => {
    const superAdmin = await insertUser({ role: 'super_admin' });
    const caller = await callerFor(superAdmin);
    const colleague = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(colleague);
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(200);
    await expect(caller.admin.setStaffRole({ id: colleague.id, role: 'super_admin' })).resolves.toMatchObject({
      role: 'super_admin',
      sessionsEnded: 1,
    });
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(401);

    const second = await sessionCookieFor({ id: colleague.id, role: 'super_admin' });
    await expect(caller.admin.setStaffActive({ id: colleague.id, isActive: false })).resolves.toMatchObject({
      isActive: false,
      sessionsEnded: 1,
    });
    expect((await server.request('/api/admin/dashboard', { cookie: second })).status).toBe(401);
    const { db } = await getTestDeps();
    expect(await db.select().from(sessions).where(eq(sessions.userId, colleague.id))).toHaveLength(0);
    const [roleAudit] = await auditsFor(colleague.id, 'staff.role');
    expect(roleAudit).toMatchObject({ detail: { from: 'admin', to: 'super_admin', sessionsEnded: 1 } });

    await expect(caller.admin.setStaffActive({ id: superAdmin.id, isActive: false })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.admin.setStaffRole({ id: superAdmin.id, role: 'admin' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const client = await insertUser({ role: 'client' });
    await expect(caller.admin.setStaffActive({ id: client.id, isActive: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('ends all sessions of a staff member on request', async () => {
    const superAdmin = await insertUser({ role: 'super_admin' });
    const colleague = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(colleague);
    const response = await server.request(`/api/admin/staff/${colleague.id}/sessions`, {
      method: 'DELETE',
      cookie: await sessionCookieFor(superAdmin),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { sessionsEnded: 1 } });
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(401);
  });
});

describe('dashboard, analytics and refinancing', () => {
  it('answers the spec shapes from cached counts', async () => {
    await insertApplication({ status: 'approved' });
    const cookie = await sessionCookieFor(await insertUser({ role: 'admin' }));
    const dashboard = await server.request('/api/admin/dashboard', { cookie });
    const body = (await dashboard.json()) as { data: Record<string, number> };
    expect(body.data).toMatchObject({
      totalApplications: expect.any(Number),
      approvedApplications: expect.any(Number),
      declinedApplications: expect.any(Number),
      pendingApplications: expect.any(Number),
      activeLoans: expect.any(Number),
      approvalRate: expect.any(Number),
    });
    expect(body.data.totalApplications).toBeGreaterThan(0);
    const loansResponse = await server.request('/api/admin/loans?page=1&limit=50', { cookie });
    expect(await loansResponse.json()).toMatchObject({ data: { total: expect.any(Number), loans: expect.any(Array) } });
    const analytics = await server.request('/api/admin/analytics', { cookie });
    expect(await analytics.json()).toMatchObject({
      data: {
        successRate: expect.any(Number),
        totalRequested: expect.any(Number),
        averageRequest: expect.any(Number),
        totalApproved: expect.any(Number),
      },
    });
  });

  it('lists real refinance requests', async () => {
    const client = await insertUser({ role: 'client' });
    const loan = await insertLoan({ userId: client.id });
    const request = await insertRefinanceRequest({ userId: client.id, loanId: loan.id });
    const caller = await callerFor(await insertUser({ role: 'admin' }));
    const list = await caller.admin.refinanceRequests();
    expect(list.items.find((item) => item.id === request.id)).toMatchObject({
      email: client.email,
      loanId: loan.id,
      requestedAmount: 25_000,
      status: 'open',
    });
  });
});
