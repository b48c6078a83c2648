import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, emailSignups } from '../../../drizzle/schema/index';
import {
  getTestDeps,
  insertUser,
  mailTo,
  sessionCookieFor,
  testServerForFile,
  uniqueEmail,
  uniqueIp,
} from '../../test/harness';
import { LIMITS } from '../../lib/rate-limit';
import { CONTACT_SUCCESS_MESSAGE } from './contact';
import { SIGNUP_SUCCESS_MESSAGE } from './email-signup';

const server = testServerForFile();

async function signupRows(email: string) {
  const { db } = await getTestDeps();
  return db.select({ email: emailSignups.email }).from(emailSignups).where(eq(emailSignups.email, email.toLowerCase()));
}

describe('POST /api/email-signup', () => {
  it('stores one row per address whatever the case, and a repeat is the same friendly success', async () => {
    const email = uniqueEmail('news');
    const { limiter } = await getTestDeps();
    const answers = [];
    for (const variant of [email, email.toUpperCase(), `  ${email.replace(/^./, (c) => c.toUpperCase())} `]) {
      // Past the per-address window too, so the unique column itself is exercised.
      await limiter.reset(LIMITS.signupEmail, email);
      const response = await server.request('/api/email-signup', { body: { email: variant } });
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(answers).toEqual([
      { success: true, message: SIGNUP_SUCCESS_MESSAGE },
      { success: true, message: SIGNUP_SUCCESS_MESSAGE },
      { success: true, message: SIGNUP_SUCCESS_MESSAGE },
    ]);
    expect(await signupRows(email)).toEqual([{ email: email.toLowerCase() }]);
  });

  it('answers a repeat within the window the same way without writing', async () => {
    const email = uniqueEmail('again');
    const first = await server.request('/api/email-signup', { body: { email } });
    const second = await server.request('/api/email-signup', { body: { email: email.toUpperCase() } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual(await first.json());
    expect(await signupRows(email)).toHaveLength(1);
  });

  it('refuses an invalid email with 400 and stores nothing', async () => {
    const token = `bad-${randomUUID().slice(0, 8)}`;
    for (const email of [token, `${token}@nowhere`, `${token} @example.test`, '']) {
      const response = await server.request('/api/email-signup', { body: { email } });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Please enter a valid email address.');
    }
    const missing = await server.request('/api/email-signup', { body: {} });
    expect(missing.status).toBe(400);
    const { db } = await getTestDeps();
    expect(
      await db
        .select()
        .from(emailSignups)
        .where(like(emailSignups.email, `%${token}%`)),
    ).toHaveLength(0);
  });

  it('rate limits one address sending many signups (429 with Retry-After)', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.signupIp.max; i += 1) {
      const response = await server.request('/api/email-signup', {
        ip,
        body: { email: uniqueEmail('flood') },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, LIMITS.signupIp.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /api/email-signups', () => {
  it('is refused to anonymous visitors (401) and clients (403), and lists signups for staff', async () => {
    const email = uniqueEmail('listed');
    expect((await server.request('/api/email-signup', { body: { email } })).status).toBe(200);

    const anonymous = await server.request('/api/email-signups');
    expect(anonymous.status).toBe(401);

    const client = await insertUser({ role: 'client' });
    const asClient = await server.request('/api/email-signups', { cookie: await sessionCookieFor(client) });
    expect(asClient.status).toBe(403);

    const admin = await insertUser({ role: 'admin' });
    const asAdmin = await server.request('/api/email-signups', { cookie: await sessionCookieFor(admin) });
    expect(asAdmin.status).toBe(200);
    const list = (await asAdmin.json()) as { email: string; createdAt: string }[];
    expect(list.find((row) => row.email === email)).toMatchObject({ email, createdAt: expect.any(String) });
  });
});

describe('POST /api/contact', () => {
  it('stores the message and mails it to staff with the sender as Reply-To', async () => {
    const { env } = await getTestDeps();
    const name = `Dana Contact ${randomUUID().slice(0, 8)}`;
    const email = uniqueEmail('contact');
    const response = await server.request('/api/contact', {
      body: { name, email, phone: '(555) 010-2030', company: 'Harbor Tools LLC', message: 'Do you fund equipment?' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: CONTACT_SUCCESS_MESSAGE });

    const { db } = await getTestDeps();
    const rows = await db.select().from(contactMessages).where(eq(contactMessages.name, name));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email,
      phone: '(555) 010-2030',
      company: 'Harbor Tools LLC',
      message: 'Do you fund equipment?',
    });

    const mail = await mailTo(env.STAFF_EMAIL, name);
    expect(mail).toContain(`Subject: Contact form: ${name}`);
    expect(mail).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, '\\$&')}`, 'im'));
    expect(mail).toContain('Do you fund equipment?');
    expect(mail).toContain(`Reference: ${rows[0]!.id}`);
  });

  it('accepts a message without the optional phone and company', async () => {
    const name = `Opt Out ${randomUUID().slice(0, 8)}`;
    const response = await server.request('/api/contact', {
      body: { name, email: uniqueEmail('opt'), phone: '', message: 'Hello' },
    });
    expect(response.status).toBe(200);
    const { db } = await getTestDeps();
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.name, name));
    expect(row).toMatchObject({ phone: null, company: null });
  });

  it('refuses invalid input with 400 naming the field and stores nothing', async () => {
    const marker = `Invalid ${randomUUID().slice(0, 8)}`;
    const bad = [
      { name: '   ', email: uniqueEmail('c'), message: marker },
      { name: marker, email: 'not-an-email', message: 'Hello' },
      { name: marker, email: uniqueEmail('c'), message: '  ' },
      { name: marker, email: uniqueEmail('c'), message: 'x'.repeat(5001) },
      { name: marker, email: uniqueEmail('c'), message: 'Hello', role: 'admin' },
    ];
    const texts: string[] = [];
    for (const body of bad) {
      const response = await server.request('/api/contact', { body });
      expect(response.status).toBe(400);
      texts.push(await response.text());
    }
    expect(texts[0]).toContain('name: Name is required');
    expect(texts[1]).toContain('email: Please enter a valid email address');
    expect(texts[2]).toContain('message: Message is required');
    const { db } = await getTestDeps();
    expect(await db.select().from(contactMessages).where(eq(contactMessages.name, marker))).toHaveLength(0);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, marker))).toHaveLength(0);
  });
});
