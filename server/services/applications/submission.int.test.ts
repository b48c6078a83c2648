import { mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applications,
  idempotencyKeys,
  underwritingResults,
  users,
} from '../../../drizzle/schema/index';
import { MAX_FILE_BYTES } from '../../../src/shared/constants';
import { createApp } from '../../app';
import { decryptApplicationPii } from '../../lib/pii';
import { createLocalStorage } from '../../lib/storage';
import { insertApplication } from '../../test/factories';
import {
  applicationFiles,
  applicationFormData,
  executableBytes,
  filesUnder,
  photoPng,
  postApplication,
  statementPdf,
  type UploadFile,
} from '../../test/factories/applications';
import {
  eventually,
  getTestDeps,
  insertUser,
  jsonRequest,
  readMails,
  sessionCookieFor,
  testDirs,
  uniqueEmail,
  uniqueIp,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
/** The whole HTTP app on a random port, with a storage root of its own so "no file left" checks see only ours. */
async function startIsolatedServer(): Promise<TestServer> {
  const deps = { ...(await getTestDeps()) };
  deps.storage = createLocalStorage(mkdtempSync(path.join(testDirs().varDir, 'apply-storage-')));
  const app = createApp(deps, { distDir: path.join(testDirs().varDir, 'no-dist') });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    close: () =>
      new Promise<void>((resolve) => {
        app.server.closeAllConnections();
        app.server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  server = await startIsolatedServer();
});
afterAll(async () => {
  await server.close();
});

async function applicationsByEmail(email: string) {
  const { db } = await getTestDeps();
  return db.select().from(applications).where(eq(applications.email, email));
}

/** What is in storage: every entry of the temp directory (an empty per-request folder is a leftover too) and every document. */
function storageFiles() {
  const { storage } = server.deps;
  return {
    temp: readdirSync(storage.tempDir),
    documents: filesUnder(path.join(path.dirname(storage.tempDir), 'documents')),
  };
}

const visitorCookieOf = (response: Response) =>
  (response.headers.getSetCookie().find((cookie) => cookie.startsWith('visitor=')) ?? '').split(';')[0] ?? '';

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
      businessStartDate: '2017-04-01',
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
    // Issue 10: the approval screen's menu, the standard option at the approved amount; none without approval.
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

    const receipt = await eventually(() => readMails(form.email)[0]);
    expect(receipt).toContain(form.businessName);
    const notice = await eventually(() =>
      readMails(server.deps.env.STAFF_EMAIL).find((mail) => mail.includes(form.businessName)),
    );
    for (const mail of [receipt, notice]) {
      for (const secret of [form.ssn, form.ein, form.dateOfBirth, form.ssn.slice(-4)])
        expect(mail).not.toContain(secret);
    }
  });

  const refusals: Array<{
    name: string;
    build: () => Promise<{
      formData?: unknown;
      formDataText?: string;
      files: UploadFile[];
      extraFields?: Array<[string, string]>;
    }>;
    message: string | RegExp;
  }> = [
    {
      name: 'a file over 10 MB',
      build: async () => {
        const files = await applicationFiles();
        files[0] = { ...files[0]!, content: Buffer.concat([await statementPdf(1), Buffer.alloc(MAX_FILE_BYTES)]) };
        return { formData: applicationFormData(), files };
      },
      message: 'bankStatements: Each file must be 10MB or smaller',
    },
    {
      name: 'a fifth bank statement',
      build: async () => ({ formData: applicationFormData(), files: await applicationFiles({ statements: 5 }) }),
      message: 'bankStatements: You can upload up to 4 bank statements',
    },
    {
      name: 'an executable named .pdf',
      build: async () => {
        const files = await applicationFiles();
        files[0] = {
          field: 'bankStatements',
          name: 'statement.pdf',
          type: 'application/pdf',
          content: executableBytes(),
        };
        return { formData: applicationFormData(), files };
      },
      message: 'bankStatements: Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
    },
    {
      name: 'a PNG declared as a PDF',
      build: async () => {
        const files = await applicationFiles();
        files[2] = { field: 'voidedCheck', name: 'check.pdf', type: 'application/pdf', content: photoPng() };
        return { formData: applicationFormData(), files };
      },
      message: 'voidedCheck: The file content does not match its type',
    },
    {
      name: 'a missing field',
      build: async () => {
        const { ssn: _ssn, ...formData } = applicationFormData();
        return { formData, files: await applicationFiles() };
      },
      message: 'ssn: Social Security Number is required',
    },
    {
      name: 'malformed JSON',
      build: async () => ({ formDataText: '{"loanAmount": "75,000",', files: await applicationFiles() }),
      message: 'formData: Malformed JSON',
    },
    {
      name: 'a prototype-polluting key',
      build: async () => ({
        formDataText: JSON.stringify(applicationFormData()).replace(/^\{/, '{"__proto__":{"polluted":true},'),
        files: await applicationFiles(),
      }),
      message: 'formData: Malformed JSON',
    },
    {
      name: 'a server-decided field in formData',
      build: async () => ({ formData: applicationFormData({ status: 'approved' }), files: await applicationFiles() }),
      message: /Unrecognized key/,
    },
    {
      name: 'a duplicate formData part',
      build: async () => {
        const formData = applicationFormData();
        return { formData, files: await applicationFiles(), extraFields: [['formData', JSON.stringify(formData)]] };
      },
      message: 'formData: Duplicate field',
    },
    {
      name: 'missing documents',
      build: () => Promise.resolve({ formData: applicationFormData(), files: [] }),
      message:
        "bankStatements: At least one bank statement is required; driversLicense: Driver's license is required; voidedCheck: Voided check is required",
    },
  ];

  it.each(refusals)('refuses $name with 400, leaving no row and no file', async ({ build, message }) => {
    const before = storageFiles();
    const request = await build();
    const email = (request.formData as { email?: string } | undefined)?.email ?? uniqueEmail('none');
    const response = await postApplication(server.url, request);
    expect(response.status).toBe(400);
    const text = await response.text();
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(await applicationsByEmail(email)).toHaveLength(0);
    // Temp files are removed before the answer; give the filesystem a moment for formidable's own unlinks.
    await eventually(() => {
      const after = storageFiles();
      return after.temp.length === 0 && after.documents.length === before.documents.length ? true : null;
    });
  });

  it('refuses a body declared larger than the upload limit with 413 before storing anything', async () => {
    const before = storageFiles();
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/loan-application-enhanced`, {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:3000',
          'X-Forwarded-For': uniqueIp(),
          'Idempotency-Key': crypto.randomUUID(),
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(200 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, text: body });
        });
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(status).toBe(413);
    expect(text).toBe('The upload is too large: at most 6 files of 10MB each.');
    expect(storageFiles()).toEqual(before);
  });

  it('names every bad field, one message each', async () => {
    const response = await postApplication(server.url, {
      formData: applicationFormData({ loanAmount: '5,000', ein: '12-34', phone: '', estimatedCreditScore: '900' }),
      files: await applicationFiles(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      'loanAmount: Minimum loan amount is $10,000; ein: Please enter a valid EIN format (XX-XXXXXXX); phone: Phone number is required; estimatedCreditScore: Credit score must be between 300 and 850',
    );
  });

  it('requires an Idempotency-Key header', async () => {
    const response = await postApplication(server.url, {
      formData: applicationFormData(),
      files: await applicationFiles(),
      key: null,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Idempotency-Key header is required');
  });

  it('makes one application for the same key sent twice, and refuses that key with another payload', async () => {
    const form = applicationFormData();
    const files = await applicationFiles();
    const key = crypto.randomUUID();
    const first = await postApplication(server.url, { formData: form, files, key });
    const second = await postApplication(server.url, { formData: form, files, key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    expect(await applicationsByEmail(form.email)).toHaveLength(1);

    const changed = await postApplication(server.url, { formData: { ...form, loanAmount: '80,000' }, files, key });
    expect(changed.status).toBe(422);
    expect(await applicationsByEmail(form.email)).toHaveLength(1);
  });

  it('answers parallel requests with one key by one application', async () => {
    const form = applicationFormData();
    const files = await applicationFiles();
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => postApplication(server.url, { formData: form, files, key })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await applicationsByEmail(form.email)).toHaveLength(1);
  });

  it('finishes a submission whose process died after storing it, instead of making a second one', async () => {
    const form = applicationFormData();
    const files = await applicationFiles();
    const key = crypto.randomUUID();
    const first = await postApplication(server.url, { formData: form, files, key });
    expect(first.status).toBe(201);
    const [row] = await applicationsByEmail(form.email);
    // Rewind to the state a crash leaves: application stored, underwriting not recorded, lease expired.
    const { db } = await getTestDeps();
    await db.delete(underwritingResults).where(eq(underwritingResults.applicationId, row!.id));
    await db.update(applications).set({ status: 'pending', aiApproved: null }).where(eq(applications.id, row!.id));
    await db
      .update(idempotencyKeys)
      .set({
        state: 'in_flight',
        statusCode: null,
        responseBody: JSON.stringify({ applicationId: row!.id }),
        createdAt: new Date(Date.now() - 120_000),
      })
      .where(eq(idempotencyKeys.key, `apply:${key}`));

    const retry = await postApplication(server.url, { formData: form, files, key });
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { applicationId: string }).applicationId).toBe(row!.id);
    const after = await applicationsByEmail(form.email);
    expect(after).toHaveLength(1);
    expect(after[0]!.status).not.toBe('pending');
    expect(
      await db.select().from(underwritingResults).where(eq(underwritingResults.applicationId, row!.id)),
    ).toHaveLength(1);
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

  it('does not let an anonymous visitor claim to be an existing client', async () => {
    const form = applicationFormData({ ssn: '', ein: '', dateOfBirth: '', isExistingClient: true });
    const statement = (await applicationFiles())[0]!;
    const response = await postApplication(server.url, { formData: form, files: [statement] });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "ein: EIN number is required; ssn: Social Security Number is required; dateOfBirth: Date of birth is required; driversLicense: Driver's license is required; voidedCheck: Voided check is required",
    );
    expect(await applicationsByEmail(form.email)).toHaveLength(0);
  });

  it('links an anonymous submission to the account created from the same browser', async () => {
    const form = applicationFormData();
    const response = await postApplication(server.url, { formData: form, files: await applicationFiles() });
    expect(response.status).toBe(201);
    const visitor = visitorCookieOf(response);
    expect(visitor).toMatch(/^visitor=[a-z0-9]{32,64}$/);

    const email = uniqueEmail('linked');
    const register = await jsonRequest(server.url, '/api/client/register', {
      cookie: visitor,
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

  it('limits submissions per address with 429 and Retry-After, without reading the body', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last = await postApplication(server.url, { formData: applicationFormData(), files: [], ip });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.text()).toBe('Too many attempts. Please try again later.');
  });

  it('refuses a cross-site submission', async () => {
    const response = await fetch(`${server.url}/api/loan-application-enhanced`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Idempotency-Key': crypto.randomUUID() },
      body: new FormData(),
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/client/profile', () => {
  it('answers the last application with SSN and EIN masked and no birth date', async () => {
    const client = await insertUser({ role: 'client', firstName: 'Robin' });
    const previous = await insertApplication({ userId: client.id, businessName: 'Robin Repair Co' });
    const response = await jsonRequest(server.url, '/api/client/profile', { cookie: await sessionCookieFor(client) });
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
    const response = await jsonRequest(server.url, '/api/client/profile');
    expect(response.status).toBe(401);
  });
});

describe('GET /api/google-maps-key', () => {
  it('answers an empty key when none is configured', async () => {
    const response = await jsonRequest(server.url, '/api/google-maps-key');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ apiKey: '' });
  });
});
