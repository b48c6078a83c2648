// A submission stored and answered: the row, its documents and underwriting result, PII kept unreadable, a
// signed-in client's reuse of stored details, and the profile that shows them back.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationDocuments, underwritingResults, users } from '../../../drizzle/schema/index';
import { decryptApplicationPii } from '../../lib/pii';
import { insertApplication } from '../../test/factories';
import { applicationFiles, applicationFormData, postApplication } from '../../test/factories/applications';
import { getTestDeps, insertUser, mailTo, sessionCookieFor } from '../../test/harness';
import { applicationsByEmail, claimCookieOf, isolatedServerForFile } from './submission.test-helpers';

const server = isolatedServerForFile();

describe('POST /api/loan-application-enhanced', () => {
  it('stores one application with its documents and underwriting result, and answers the result in data', async () => {
    const form = applicationFormData();
    const files = await applicationFiles({ statements: 2 });
    const response = await postApplication(server.url, { formData: form, files });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; applicationId: string; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      approved: expect.any(Boolean),
      approvedAmount: expect.any(Number),
      mcaTerms: expect.objectContaining({ factorRate: expect.any(Number), termWeeks: expect.any(Number) }),
      bankStatementInsights: expect.objectContaining({ healthScore: expect.any(Number) }),
      riskAssessment: expect.objectContaining({ overallRiskLevel: expect.any(String) }),
      nextSteps: expect.any(Array),
      confidence: expect.any(Number),
    });

    const rows = await applicationsByEmail(form.email);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(body.applicationId);
    expect(row).toMatchObject({
      loanAmountCents: 7_500_000,
      businessName: form.businessName,
      businessStartDate: form.businessStartDate,
      estimatedCreditScore: 700,
      userId: null,
      isExistingClient: false,
      ssnLast4: form.ssn.slice(-4),
      einLast4: form.ein.slice(-4),
    });
    expect(row.submitterHash).toMatch(/^[0-9a-f]{64}$/);
    expect(['approved', 'review']).toContain(row.status);
    expect(row.aiApproved).not.toBeNull();
    expect(row.decidedAt).not.toBeNull();

    const { db } = await getTestDeps();
    const documents = await db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, row.id));
    expect(documents.map((document) => document.kind).sort()).toEqual([
      'bank_statement',
      'bank_statement',
      'drivers_license',
      'voided_check',
    ]);
    for (const document of documents) {
      expect(document.storageKey).toMatch(/^[a-z0-9]{32}$/);
      expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(await server.deps.storage.size(document.storageKey)).toBe(document.sizeBytes);
    }
    expect(documents.filter((document) => document.kind === 'bank_statement').map((d) => d.parseStatus)).toEqual([
      'parsed',
      'parsed',
    ]);
    const [result] = await db.select().from(underwritingResults).where(eq(underwritingResults.applicationId, row.id));
    expect(result).toBeDefined();
    expect(result!.result).toEqual(body.data);
    expect(row.aiApproved).toBe(result!.decision);
    // The approval screen's menu: the standard option at the approved amount; none without approval.
    const { offers } = body as unknown as { offers: Array<{ key: string; amount: number; weeklyPayment: number }> };
    if (row.status === 'approved') {
      expect(offers.length).toBeGreaterThanOrEqual(2);
      expect(offers).toContainEqual(expect.objectContaining({ key: 'standard', amount: body.data.approvedAmount }));
    } else {
      expect(offers).toEqual([]);
    }
  });

  it('keeps SSN, EIN and birth date unreadable in the table and out of every mail', async () => {
    const form = applicationFormData();
    const response = await postApplication(server.url, { formData: form, files: await applicationFiles() });
    expect(response.status).toBe(201);
    const { db } = await getTestDeps();
    const [raw] = (await db.execute(sql`SELECT * FROM applications WHERE email = ${form.email}`)) as unknown as [
      Array<Record<string, unknown>>,
    ];
    const dump = JSON.stringify(raw);
    for (const secret of [
      form.ssn,
      form.ssn.replace(/-/g, ''),
      form.ein,
      form.ein.replace(/-/g, ''),
      form.dateOfBirth,
    ]) {
      expect(dump).not.toContain(secret);
    }
    const row = (await applicationsByEmail(form.email))[0]!;
    expect(decryptApplicationPii(row.id, row)).toEqual({ ssn: form.ssn, ein: form.ein, dateOfBirth: form.dateOfBirth });

    const receipt = await mailTo(form.email);
    expect(receipt).toContain(form.businessName);
    const notice = await mailTo(server.deps.env.STAFF_EMAIL, form.businessName);
    for (const mail of [receipt, notice]) {
      for (const secret of [form.ssn, form.ein, form.dateOfBirth, form.ssn.slice(-4)])
        expect(mail).not.toContain(secret);
    }
  });

  it('lets a signed-in client reuse their stored SSN, EIN and birth date and skip the licence and check', async () => {
    const client = await insertUser({ role: 'client' });
    const previous = await insertApplication({ userId: client.id });
    const cookie = await sessionCookieFor(client);
    const form = applicationFormData({ ssn: '', ein: '', dateOfBirth: '', isExistingClient: true });
    const statement = (await applicationFiles())[0]!;
    const response = await postApplication(server.url, { formData: form, files: [statement], cookie });
    expect(response.status).toBe(201);
    const [row] = await applicationsByEmail(form.email);
    expect(row).toMatchObject({ userId: client.id, isExistingClient: true, submitterHash: null });
    expect(decryptApplicationPii(row!.id, row!)).toEqual(decryptApplicationPii(previous.id, previous));
    expect(row!.ssnEnc).not.toBe(previous.ssnEnc);
  });

  it('links an anonymous submission to the account the applicant creates right after, with the email applied with', async () => {
    const form = applicationFormData();
    const response = await postApplication(server.url, { formData: form, files: await applicationFiles() });
    expect(response.status).toBe(201);
    const claim = claimCookieOf(response);
    expect(claim).toMatch(/^claim=[a-z0-9]{32,64}$/);

    const email = form.email;
    const register = await server.request('/api/client/register', {
      cookie: claim,
      body: {
        firstName: 'Pat',
        lastName: 'Example',
        email,
        password: 'Blue-Harbor-77',
        businessName: form.businessName,
      },
    });
    expect(register.status).toBe(201);
    const { db } = await getTestDeps();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await applicationsByEmail(form.email);
    expect(row!.userId).toBe(user!.id);
  });
});

describe('GET /api/client/profile', () => {
  it('answers the last application with SSN and EIN masked and no birth date', async () => {
    const client = await insertUser({ role: 'client', firstName: 'Robin' });
    const previous = await insertApplication({ userId: client.id, businessName: 'Robin Repair Co' });
    const response = await server.request('/api/client/profile', { cookie: await sessionCookieFor(client) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      success: boolean;
      data: { user: unknown; lastApplication: Record<string, unknown> };
    };
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ firstName: 'Robin', email: client.email });
    expect(body.data.lastApplication).toMatchObject({
      businessName: 'Robin Repair Co',
      ssn: `***-**-${previous.ssnLast4}`,
      ein: `**-***${previous.einLast4}`,
      monthlyRevenue: previous.monthlyRevenue,
    });
    expect(body.data.lastApplication).not.toHaveProperty('dateOfBirth');
    expect(JSON.stringify(body)).not.toContain('900-00-0001');
  });

  it('is refused when signed out', async () => {
    const response = await server.request('/api/client/profile');
    expect(response.status).toBe(401);
  });
});

describe('GET /api/google-maps-key', () => {
  it('answers an empty key when none is configured', async () => {
    const response = await server.request('/api/google-maps-key');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ apiKey: '' });
  });
});
