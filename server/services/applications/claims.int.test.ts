// Claiming an anonymous application: the one-hour claim the submission answer sets, the emailed 14-day link, the
// resend form, and the shared browser whose next user must not receive someone else's application.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationClaims, applications, users } from '../../../drizzle/schema/index';
import { applicationFiles, applicationFormData, postApplication } from '../../test/factories/applications';
import { callerFor, eventually, getTestDeps, insertUser, readMails, uniqueEmail, uniqueIp } from '../../test/harness';
import { CLAIM_LINK_INVALID, CLAIM_WRONG_ACCOUNT, RESEND_ANSWER, sweepClaims } from './claims';
import { isolatedServerForFile } from './submission.test-helpers';

const server = isolatedServerForFile();

/** Every cookie the answer set, as a Cookie header a browser would send back. */
function cookiesOf(response: Response, jar: Map<string, string> = new Map()) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (!name) continue;
    if (/Max-Age=0\b/i.test(cookie) || value.join('=') === '') jar.delete(name);
    else jar.set(name, value.join('='));
  }
  return jar;
}
const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

const registration = (email: string) => ({
  firstName: 'Sam',
  lastName: 'Example',
  email,
  password: 'Blue-Harbor-77',
  businessName: 'Second Person LLC',
});

async function ownerOf(applicationId: string) {
  const { db } = await getTestDeps();
  const [row] = await db
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.userId ?? null;
}
async function userIdOf(email: string) {
  const { db } = await getTestDeps();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

describe('a shared browser', () => {
  it("does not hand the first applicant's application to a second person who registers there", async () => {
    const form = applicationFormData();
    const submitted = await postApplication(server.url, { formData: form, files: await applicationFiles() });
    expect(submitted.status).toBe(201);
    const { applicationId } = (await submitted.json()) as { applicationId: string };
    const jar = cookiesOf(submitted);

    const other = uniqueEmail('second-person');
    const register = await server.request('/api/client/register', {
      cookie: header(jar),
      body: registration(other),
    });
    expect(register.status).toBe(201);
    expect(await userIdOf(other)).not.toBeNull();
    expect(await ownerOf(applicationId)).toBeNull();
  });
});

/** An anonymous submission: its id, the applicant's email and the cookies the answer left in the browser. */
async function applyAnonymously(overrides: Record<string, unknown> = {}) {
  const form = { ...applicationFormData(), ...overrides };
  const response = await postApplication(server.url, { formData: form, files: await applicationFiles() });
  expect(response.status).toBe(201);
  const { applicationId } = (await response.json()) as { applicationId: string };
  return { applicationId, email: form.email, jar: cookiesOf(response) };
}

/** The claim link of the newest mail to `email` that has one. */
async function emailedToken(email: string, after = 0) {
  return eventually(() => {
    const mails = readMails(email).slice(after);
    const match = mails
      .map((mail) => /\/applications\/claim\?token=([a-z0-9]+)/.exec(mail)?.[1])
      .filter(Boolean)
      .at(-1);
    return match ?? null;
  });
}

async function claimsOf(applicationId: string) {
  const { db } = await getTestDeps();
  return db.select().from(applicationClaims).where(eq(applicationClaims.applicationId, applicationId));
}

/** Moves a claim's clock back, as if `ms` had passed since it was issued. */
async function age(applicationId: string, kind: 'browser' | 'link', ms: number) {
  const { db } = await getTestDeps();
  const seconds = Math.ceil(ms / 1000);
  await db
    .update(applicationClaims)
    .set({
      createdAt: sql`${applicationClaims.createdAt} - INTERVAL ${seconds} SECOND`,
      expiresAt: sql`${applicationClaims.expiresAt} - INTERVAL ${seconds} SECOND`,
    })
    .where(and(eq(applicationClaims.applicationId, applicationId), eq(applicationClaims.kind, kind)));
}

describe('the claim the submission answer sets (create-account step)', () => {
  it("is an httpOnly one-hour cookie, stored hashed, and links the application to the applicant's new account once", async () => {
    const form = applicationFormData();
    const response = await postApplication(server.url, { formData: form, files: await applicationFiles() });
    const { applicationId } = (await response.json()) as { applicationId: string };
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('claim='));
    expect(cookie).toMatch(/^claim=[a-z0-9]{40}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600/);
    const token = /^claim=([a-z0-9]+)/.exec(cookie ?? '')?.[1] ?? '';
    const [stored] = (await claimsOf(applicationId)).filter((claim) => claim.kind === 'browser');
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(3600_000);

    const jar = cookiesOf(response);
    const register = await server.request('/api/client/register', {
      cookie: header(jar),
      // The applicant types the address in other case: the same email.
      body: registration(form.email.toUpperCase()),
    });
    expect(register.status).toBe(201);
    expect(await register.json()).toMatchObject({ linkedApplications: 1 });
    expect(await ownerOf(applicationId)).toBe(await userIdOf(form.email));
    // Spent: the browser is told to drop it, and the row is marked used.
    expect(register.headers.getSetCookie().some((value) => /^claim=;.*Max-Age=0/.test(value))).toBe(true);
    expect((await claimsOf(applicationId)).every((claim) => claim.usedAt !== null)).toBe(true);

    // Presented again (a copy of the cookie), it links nothing more.
    const { db } = await getTestDeps();
    await db.update(applications).set({ userId: null }).where(eq(applications.id, applicationId));
    const again = await server.request('/api/client/login', {
      cookie: `claim=${token}`,
      body: { email: form.email, password: 'Blue-Harbor-77' },
    });
    expect(again.status).toBe(200);
    expect(await ownerOf(applicationId)).toBeNull();
  });

  it("links on sign-in too when the account's email is the applicant's", async () => {
    const owner = await insertUser({ role: 'client' });
    const { applicationId, jar } = await applyAnonymously({ email: owner.email });
    const login = await server.request('/api/client/login', {
      cookie: header(jar),
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
    expect(await ownerOf(applicationId)).toBe(owner.id);
  });

  it('no longer links after an hour', async () => {
    const { applicationId, email, jar } = await applyAnonymously();
    await age(applicationId, 'browser', 3600_000 + 1000);
    const register = await server.request('/api/client/register', {
      cookie: header(jar),
      body: registration(email),
    });
    expect(register.status).toBe(201);
    expect(await register.json()).toMatchObject({ linkedApplications: 0 });
    expect(await ownerOf(applicationId)).toBeNull();
  });

  it('rotates the visitor id at submission and clears it and the claim at logout', async () => {
    const planted = 'a'.repeat(40);
    const form = applicationFormData();
    const response = await postApplication(server.url, {
      formData: form,
      files: await applicationFiles(),
      cookie: `visitor=${planted}`,
    });
    expect(response.status).toBe(201);
    const visitor = cookiesOf(response).get('visitor');
    expect(visitor).toMatch(/^[a-z0-9]{32,64}$/);
    expect(visitor).not.toBe(planted);

    const client = await insertUser({ role: 'client' });
    const login = await server.request('/api/client/login', {
      body: { email: client.email, password: client.password },
    });
    const jar = cookiesOf(login, cookiesOf(response));
    const logout = await server.request('/api/client/logout', { cookie: header(jar), body: {} });
    expect(logout.status).toBe(200);
    const cleared = logout.headers.getSetCookie();
    expect(cleared.some((value) => /^visitor=;.*Max-Age=0/.test(value))).toBe(true);
    expect(cleared.some((value) => /^claim=;.*Max-Age=0/.test(value))).toBe(true);
  });
});

describe('the emailed claim link', () => {
  it("is in the receipt, shows the decision, and claims the application once for the applicant's account", async () => {
    const { applicationId, email } = await applyAnonymously();
    const token = await emailedToken(email);
    const [link] = (await claimsOf(applicationId)).filter((claim) => claim.kind === 'link');
    expect(link!.tokenHash).not.toBe(token);
    expect(link!.email).toBe(email.toLowerCase());
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(14 * 24 * 3600_000);

    const anonymous = await callerFor(null);
    const preview = await anonymous.application.claimPreview({ token });
    expect(preview).toMatchObject({ businessName: expect.any(String), loanAmount: 75_000 });
    expect(preview.maskedEmail).not.toBe(email);
    expect(Object.keys(preview).sort()).toEqual(
      ['approvedAmount', 'businessName', 'loanAmount', 'maskedEmail', 'reference', 'status', 'submittedAt'].sort(),
    );

    const owner = await insertUser({ role: 'client', email });
    await expect((await callerFor(owner)).application.claim({ token })).resolves.toEqual({ applicationId });
    expect(await ownerOf(applicationId)).toBe(owner.id);

    await expect((await callerFor(owner)).application.claim({ token })).rejects.toThrow(CLAIM_LINK_INVALID);
    await expect(anonymous.application.claimPreview({ token })).rejects.toThrow(CLAIM_LINK_INVALID);
  });

  it('is refused to an account with another email, and stays usable for the applicant', async () => {
    const { applicationId, email } = await applyAnonymously();
    const token = await emailedToken(email);
    const stranger = await insertUser({ role: 'client' });
    await expect((await callerFor(stranger)).application.claim({ token })).rejects.toThrow(CLAIM_WRONG_ACCOUNT);
    expect(await ownerOf(applicationId)).toBeNull();
    const owner = await insertUser({ role: 'client', email });
    await expect((await callerFor(owner)).application.claim({ token })).resolves.toEqual({ applicationId });
  });

  it('claims only the application it was issued for', async () => {
    const first = await applyAnonymously();
    const firstToken = await emailedToken(first.email);
    const second = await applyAnonymously({ email: first.email });
    const owner = await insertUser({ role: 'client', email: first.email });
    await expect((await callerFor(owner)).application.claim({ token: firstToken })).resolves.toEqual({
      applicationId: first.applicationId,
    });
    expect(await ownerOf(first.applicationId)).toBe(owner.id);
    expect(await ownerOf(second.applicationId)).toBeNull();
  });

  it('is dead after 14 days', async () => {
    const { applicationId, email } = await applyAnonymously();
    const token = await emailedToken(email);
    await age(applicationId, 'link', 14 * 24 * 3600_000 + 1000);
    await expect((await callerFor(null)).application.claimPreview({ token })).rejects.toThrow(CLAIM_LINK_INVALID);
    const owner = await insertUser({ role: 'client', email });
    await expect((await callerFor(owner)).application.claim({ token })).rejects.toThrow(CLAIM_LINK_INVALID);
    expect(await ownerOf(applicationId)).toBeNull();
  });

  it('is swept a day after it expired, and only then', async () => {
    const { db } = await getTestDeps();
    const { applicationId, email } = await applyAnonymously();
    await emailedToken(email);
    const kinds = async () =>
      (
        await db
          .select({ kind: applicationClaims.kind })
          .from(applicationClaims)
          .where(eq(applicationClaims.applicationId, applicationId))
      )
        .map((row) => row.kind)
        .sort();
    expect(await kinds()).toEqual(['browser', 'link']);
    // The browser claim expired (an hour) but not a day ago: kept, so a late click still reads "expired".
    await age(applicationId, 'browser', 3600_000 + 1000);
    await sweepClaims(db);
    expect(await kinds()).toEqual(['browser', 'link']);
    await age(applicationId, 'browser', 24 * 3600_000);
    while ((await sweepClaims(db)) > 0);
    expect(await kinds()).toEqual(['link']);
  });
});

describe('the resend form', () => {
  const resend = (email: string, ip: string) =>
    fetch(`${server.url}/trpc/application.resendClaimLink`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ json: { email } }),
    });

  it('answers the same for an address that applied and one that did not, and mails a fresh link only to the first', async () => {
    const { applicationId, email } = await applyAnonymously();
    await emailedToken(email);
    const before = readMails(email).length;
    const known = await resend(email, uniqueIp());
    const unknownEmail = uniqueEmail('never-applied');
    const unknown = await resend(unknownEmail, uniqueIp());
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = (await known.json()) as { result: { data: { json: unknown } } };
    const unknownBody = (await unknown.json()) as { result: { data: { json: unknown } } };
    expect(knownBody.result.data.json).toEqual(unknownBody.result.data.json);
    expect(knownBody.result.data.json).toMatchObject({ message: RESEND_ANSWER });

    const token = await emailedToken(email, before);
    const owner = await insertUser({ role: 'client', email });
    await expect((await callerFor(owner)).application.claim({ token })).resolves.toEqual({ applicationId });
    expect(readMails(unknownEmail)).toHaveLength(0);
  });

  it('is throttled with 429 and Retry-After', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let attempt = 0; attempt < 30 && !refused; attempt += 1) {
      const response = await resend(uniqueEmail('resend'), ip);
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses[0]).toBe(200);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
