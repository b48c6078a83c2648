import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, users } from '../../../drizzle/schema/index';
import { insertApplication } from '../factories';
import { applicationFiles, applicationFormData, postApplication } from '../factories/applications';
import { getTestDeps, insertUser, sessionCookieFor, testServerForFile, uniqueEmail } from '../harness';
import { freshIp } from './support';

// docs/security.md C4 (WSTG-INPV-20): fields the server decides cannot be set by the caller. Registration accepts only
// {firstName, lastName, email, password, businessName}; an application's formData only the documented answers, with
// isExistingClient a claim the server checks. Every attempt is read back from the rows, not just from the status.

const server = testServerForFile();

async function userRowsByEmail(email: string) {
  const { db } = await getTestDeps();
  return db.select().from(users).where(eq(users.email, email));
}

async function applicationRowsByEmail(email: string) {
  const { db } = await getTestDeps();
  return db.select().from(applications).where(eq(applications.email, email));
}

const registerBody = (email: string) => ({
  firstName: 'Mo',
  lastName: 'Mass',
  email,
  password: 'Green-Valley-93!',
  businessName: 'Mass Assign LLC',
});

describe('mass assignment (C4)', () => {
  it('registration: every server-decided user field is refused on REST and tRPC, and never stored', async () => {
    const chosenId = randomUUID();
    const forbidden: Record<string, unknown> = {
      role: 'super_admin',
      emailVerified: true,
      emailVerifiedAt: '2026-01-01T00:00:00Z',
      id: chosenId,
      isActive: true,
      passwordHash: '$argon2id$v=19$m=19456,t=3,p=1$c2FsdA$aGFzaA',
      totpSecretEnc: 'v1:a:b:c',
      totpEnabled: false,
    };
    const attempts: Array<[string, Record<string, unknown>]> = [
      ...Object.entries(forbidden).map(([key, value]): [string, Record<string, unknown>] => [key, { [key]: value }]),
      ['all at once', forbidden],
    ];
    let refused = 0;
    for (const [name, extra] of attempts) {
      for (const transport of ['rest', 'trpc'] as const) {
        const email = uniqueEmail('mass');
        const body = { ...registerBody(email), ...extra };
        const response =
          transport === 'rest'
            ? await server.request('/api/client/register', { ip: freshIp(), body })
            : await server.request('/trpc/auth.register', { ip: freshIp(), body: { json: body } });
        expect(response.status, `${transport} ${name}`).toBe(400);
        expect(await response.text(), `${transport} ${name}`).toMatch(/Unrecognized key/i);
        expect(await userRowsByEmail(email), `${transport} ${name}`).toHaveLength(0);
        refused += 1;
      }
    }
    const { db } = await getTestDeps();
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, chosenId))).toHaveLength(0);

    // The allowed fields alone register a plain, unverified client under a server-made id.
    const email = uniqueEmail('mass-ok');
    const ok = await server.request('/api/client/register', { ip: freshIp(), body: registerBody(email) });
    expect(ok.status).toBe(201);
    const [row] = await userRowsByEmail(email);
    expect(row).toMatchObject({ role: 'client', isActive: true, emailVerifiedAt: null, totpSecretEnc: null });
    expect(row!.id).not.toBe(chosenId);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toBe(forbidden.passwordHash);

    console.info(
      `C4 register: ${Object.keys(forbidden).length} forbidden fields (+ all at once) x REST/tRPC = ${refused} requests -> ${refused} x 400, 0 rows, 0 fields persisted`,
    );
  });

  it('application: status, decision, amounts, owner and ids in formData are refused and never stored', async () => {
    const victim = await insertUser();
    const chosenId = randomUUID();
    const forbidden: Record<string, unknown> = {
      status: 'approved',
      aiApproved: 'approved',
      approvedAmount: 5_000_000,
      approvedAmountCents: 500_000_000,
      userId: victim.id,
      id: chosenId,
      submitterHash: 'a'.repeat(64),
      decidedAt: '2026-01-01T00:00:00Z',
    };
    const attempts: Array<[string, Record<string, unknown>]> = [
      ...Object.entries(forbidden).map(([key, value]): [string, Record<string, unknown>] => [key, { [key]: value }]),
      ['all at once, claiming an existing client', { ...forbidden, isExistingClient: true }],
    ];
    const files = await applicationFiles();
    let refused = 0;
    for (const [name, extra] of attempts) {
      const form = applicationFormData(extra);
      const response = await postApplication(server.url, { formData: form, files, ip: freshIp() });
      expect(response.status, name).toBe(400);
      expect(await response.text(), name).toMatch(/Unrecognized key/i);
      expect(await applicationRowsByEmail(form.email), name).toHaveLength(0);
      refused += 1;
    }
    // Outside formData, a multipart field of its own is refused too.
    for (const field of ['userId', 'status', 'isExistingClient']) {
      const form = applicationFormData();
      const response = await postApplication(server.url, {
        formData: form,
        files,
        ip: freshIp(),
        extraFields: [[field, field === 'userId' ? victim.id : 'true']],
      });
      expect(response.status, field).toBe(400);
      expect(await response.text(), field).toBe(`Unexpected field: ${field}`);
      expect(await applicationRowsByEmail(form.email), field).toHaveLength(0);
      refused += 1;
    }
    const { db } = await getTestDeps();
    expect(await db.select({ id: applications.id }).from(applications).where(eq(applications.id, chosenId))).toEqual(
      [],
    );
    expect(
      await db.select({ id: applications.id }).from(applications).where(eq(applications.userId, victim.id)),
    ).toEqual([]);
    console.info(
      `C4 application: ${Object.keys(forbidden).length} forbidden formData fields (+ all at once) and 3 extra multipart fields = ${refused} submissions -> ${refused} x 400, 0 rows persisted`,
    );
  });

  it('isExistingClient is a claim the server checks: an anonymous or first-time claim is stored as false', async () => {
    const files = await applicationFiles();
    // Anonymous, complete new-applicant answers and documents, claiming to be an existing client: accepted as new.
    const anonymous = applicationFormData({ isExistingClient: true });
    const answer = await postApplication(server.url, { formData: anonymous, files, ip: freshIp() });
    expect(answer.status).toBe(201);
    const { applicationId } = (await answer.json()) as { applicationId: string };
    const [anonymousRow] = await applicationRowsByEmail(anonymous.email);
    expect(anonymousRow).toMatchObject({ id: applicationId, isExistingClient: false, userId: null });

    // A signed-in client with no earlier application is not an existing client either.
    const newcomer = await insertUser();
    const firstTimer = applicationFormData({ isExistingClient: true });
    const firstTime = await postApplication(server.url, {
      formData: firstTimer,
      files,
      ip: freshIp(),
      cookie: await sessionCookieFor(newcomer),
    });
    expect(firstTime.status).toBe(201);
    const [firstRow] = await applicationRowsByEmail(firstTimer.email);
    expect(firstRow).toMatchObject({ isExistingClient: false, userId: newcomer.id });
    await firstTime.arrayBuffer();
    console.info('C4 isExistingClient: anonymous claim -> stored false; first-time client claim -> stored false');
  });

  it('an anonymous "existing client" without driver\'s licence or voided check gets 400 and no row', async () => {
    const statementOnly = (await applicationFiles()).filter((file) => file.field === 'bankStatements');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['with every answer filled', { isExistingClient: true }],
      ['with SSN, EIN and birth date left empty', { isExistingClient: true, ssn: '', ein: '', dateOfBirth: '' }],
    ];
    for (const [name, overrides] of cases) {
      const form = applicationFormData(overrides);
      const response = await postApplication(server.url, { formData: form, files: statementOnly, ip: freshIp() });
      expect(response.status, name).toBe(400);
      const text = await response.text();
      expect(text, name).toContain("driversLicense: Driver's license is required");
      expect(text, name).toContain('voidedCheck: Voided check is required');
      expect(await applicationRowsByEmail(form.email), name).toHaveLength(0);
    }
    // The same shortcut does work for a signed-in client with an earlier application of their own (control).
    const returning = await insertUser();
    await insertApplication({ userId: returning.id });
    const form = applicationFormData({ isExistingClient: true });
    const response = await postApplication(server.url, {
      formData: form,
      files: statementOnly,
      ip: freshIp(),
      cookie: await sessionCookieFor(returning),
    });
    expect(response.status).toBe(201);
    await response.arrayBuffer();
    const [row] = await applicationRowsByEmail(form.email);
    expect(row).toMatchObject({ isExistingClient: true, userId: returning.id });
    console.info(
      `C4 existing-client shortcut: anonymous without licence/check -> ${cases.length}/${cases.length} x 400, 0 rows; returning client (control) -> 201`,
    );
  });
});
