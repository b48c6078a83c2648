import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentRequests, rateLimitCounters } from '../../../drizzle/schema/index';
import { sha256Hex } from '../../lib/crypto';
import { LIMITS, type Limit } from '../../lib/rate-limit';
import { newId } from '../../lib/ids';
import { insertApplication } from '../factories';
import { setTotpSecret } from '../factories/admin';
import { applicationFormData, postApplication } from '../factories/applications';
import {
  eventually,
  getTestDeps,
  insertUser,
  readMails,
  sessionCookieFor,
  testServerForFile,
  TEST_PASSWORD,
  uniqueEmail,
} from '../harness';
import { freshIp } from './support';

// docs/security.md I1: every limit of server/lib/rate-limit.ts, through its real route. limit+1 sequential requests answer `limit` times
// and then 429 with Retry-After; 50 parallel requests across the boundary admit exactly what is left, no more.
// The limiter reads no injectable clock (it compares with the database's UTC_TIMESTAMP), so recovery is shown by
// moving the end of the counter's window into the past, which is what the clock passing it would do.

const PARALLEL = 50;
/** Limits above this are brought to `limit - PARALLEL / 2` first, so the parallel burst straddles the boundary. */
const HEADROOM = PARALLEL / 2;

const server = testServerForFile();

/** One subject of a limit: what the server keys the counter on, plus what the requests need to hit that key. */
type Subject = { key: string; ip: string; email: string; cookie?: string; userId?: string; path?: string };

type LimitCase = {
  limit: Limit;
  route: string;
  /** The status a request within the limit gets (its own outcome: 401 wrong password, 400 bad body, 200...). */
  passStatus: number;
  subject: () => Promise<Subject>;
  send: (subject: Subject, n: number) => Promise<Response>;
};

const wrongPassword = 'Wrong-Pass-123!';

const CASES: LimitCase[] = [
  {
    limit: LIMITS.loginIp,
    route: 'POST /api/client/login + /trpc/auth.login',
    passStatus: 401,
    subject: () => Promise.resolve(ipSubject()),
    // Both login pathways count against one policy: alternate them.
    send: (subject, n) =>
      n % 2 === 0
        ? server.request('/api/client/login', {
            ip: subject.ip,
            body: { email: uniqueEmail('nobody'), password: wrongPassword },
          })
        : server.request('/trpc/auth.login', {
            ip: subject.ip,
            body: { json: { email: uniqueEmail('nobody'), password: wrongPassword } },
          }),
  },
  {
    limit: LIMITS.loginAccount,
    route: 'POST /api/client/login (one account, many addresses)',
    passStatus: 401,
    subject: async () => {
      const user = await insertUser();
      return { key: user.email, ip: '', email: user.email };
    },
    send: (subject) =>
      server.request('/api/client/login', {
        ip: freshIp(),
        body: { email: subject.email, password: wrongPassword },
      }),
  },
  {
    limit: LIMITS.totpUser,
    route: 'POST /api/client/login with a wrong code',
    passStatus: 401,
    subject: async () => {
      const staff = await insertUser({ role: 'admin' });
      await setTotpSecret(staff.id);
      return { key: staff.id, ip: '', email: staff.email, userId: staff.id };
    },
    send: (subject) =>
      server.request('/api/client/login', {
        ip: freshIp(),
        body: { email: subject.email, password: TEST_PASSWORD, totpCode: '000000' },
      }),
  },
  {
    limit: LIMITS.forgotIp,
    route: 'POST /api/auth/forgot-password',
    passStatus: 200,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject) =>
      server.request('/api/auth/forgot-password', { ip: subject.ip, body: { email: uniqueEmail('ghost') } }),
  },
  {
    limit: LIMITS.claimResendIp,
    route: 'POST /trpc/application.resendClaimLink',
    passStatus: 200,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject) =>
      server.request('/trpc/application.resendClaimLink', {
        ip: subject.ip,
        body: { json: { email: uniqueEmail('ghost') } },
      }),
  },
  {
    limit: LIMITS.resetIp,
    route: 'POST /api/auth/reset-password',
    passStatus: 400,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject, n) =>
      server.request('/api/auth/reset-password', {
        ip: subject.ip,
        body: { token: `not-a-token-${n}`, newPassword: 'Fresh-Start-2026!' },
      }),
  },
  {
    limit: LIMITS.registerIp,
    route: 'POST /api/client/register',
    passStatus: 201,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject) =>
      server.request('/api/client/register', {
        ip: subject.ip,
        body: {
          firstName: 'Rate',
          lastName: 'Limit',
          email: uniqueEmail('register'),
          password: 'Blue-Harbor-77!',
          businessName: 'Limit Test LLC',
        },
      }),
  },
  {
    limit: LIMITS.signupIp,
    route: 'POST /api/email-signup',
    passStatus: 200,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject) => server.request('/api/email-signup', { ip: subject.ip, body: { email: uniqueEmail('signup') } }),
  },
  {
    limit: LIMITS.contactIp,
    route: 'POST /api/contact',
    passStatus: 200,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject, n) =>
      server.request('/api/contact', {
        ip: subject.ip,
        body: { name: 'Rate Limit', email: uniqueEmail('contact'), message: `Question number ${n} about terms.` },
      }),
  },
  {
    limit: LIMITS.applyIp,
    route: 'POST /api/loan-application-enhanced (per address)',
    // No files: the body is refused after the limit was counted, so nothing is stored.
    passStatus: 400,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject) => postApplication(server.url, { formData: applicationFormData(), files: [], ip: subject.ip }),
  },
  {
    limit: LIMITS.applyAccount,
    route: 'POST /api/loan-application-enhanced (per account)',
    passStatus: 400,
    subject: async () => {
      const client = await insertUser();
      return { key: client.id, ip: '', email: client.email, cookie: await sessionCookieFor(client), userId: client.id };
    },
    send: (subject) =>
      postApplication(server.url, {
        formData: applicationFormData(),
        files: [],
        ip: freshIp(),
        cookie: subject.cookie,
      }),
  },
  {
    limit: LIMITS.documentUploadAccount,
    route: 'POST /api/client/document-requests/:id/files (per account)',
    // An empty upload is refused after the count (400): the request stays open for the next one.
    passStatus: 400,
    subject: async () => {
      const client = await insertUser();
      const staff = await insertUser({ role: 'admin' });
      const application = await insertApplication({ userId: client.id, status: 'review' });
      const requestId = newId();
      const { db } = await getTestDeps();
      await db.insert(documentRequests).values({
        id: requestId,
        applicationId: application.id,
        requestedBy: staff.id,
        documents: ['October statement'],
        message: 'Please upload it.',
      });
      return {
        key: client.id,
        ip: '',
        email: client.email,
        cookie: await sessionCookieFor(client),
        path: `/api/client/document-requests/${requestId}/files`,
      };
    },
    send: (subject) =>
      fetch(`${server.url}${subject.path ?? ''}`, {
        method: 'POST',
        headers: { Origin: 'http://localhost:3000', 'X-Forwarded-For': freshIp(), Cookie: subject.cookie ?? '' },
        body: new FormData(),
      }),
  },
  {
    limit: LIMITS.chatIp,
    route: 'POST /api/chat',
    passStatus: 200,
    subject: () => Promise.resolve(ipSubject()),
    // Distinct questions, so the loop guard's repeat detection never answers first.
    send: (subject, n) =>
      server.request('/api/chat', { ip: subject.ip, body: { message: `${words(n)} what are your rates` } }),
  },
  {
    limit: LIMITS.guardStatus,
    route: 'GET /api/loop-guard/my-status',
    passStatus: 200,
    subject: () => Promise.resolve(ipSubject()),
    send: (subject) => server.request('/api/loop-guard/my-status', { ip: subject.ip }),
  },
  {
    limit: LIMITS.adminSession,
    route: 'GET /api/admin/refinance-requests (per session)',
    passStatus: 200,
    subject: async () => {
      const admin = await insertUser({ role: 'admin' });
      const cookie = await sessionCookieFor(admin);
      // The admin limit is keyed on the session id, the token the cookie carries.
      return { key: cookie.slice(cookie.indexOf('=') + 1), ip: '', email: admin.email, cookie };
    },
    send: (subject) => server.request('/api/admin/refinance-requests', { ip: freshIp(), cookie: subject.cookie }),
  },
];

function ipSubject(): Subject {
  const ip = freshIp();
  return { key: ip, ip, email: '' };
}

/** A distinct word sequence per n (digits alone might be folded away by the guard's normalisation). */
function words(n: number): string {
  const vocabulary = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  return String(n)
    .padStart(3, '0')
    .split('')
    .map((digit) => vocabulary[Number(digit)])
    .join(' ');
}

const counterKey = (limit: Limit, subject: string) => `${limit.name}:${sha256Hex(subject.toLowerCase())}`;

/**
 * Brings the subject's counter to `count` hits, as `count` earlier requests would have (one hit through the server's
 * own limiter opens the window; the row is then set to the count, saving round trips).
 */
async function prefill(limit: Limit, subject: string, count: number) {
  if (count === 0) return;
  const { limiter, db } = await getTestDeps();
  if (limit.lease) {
    // A leased limit (the admin one) hands out hits this process took from the database in blocks: the counter row
    // alone does not say what is left, so the hits go through the limiter (one round trip per block).
    for (let n = 0; n < count; n += 1) expect((await limiter.hit(limit, subject)).allowed).toBe(true);
    return;
  }
  await limiter.hit(limit, subject);
  await db
    .update(rateLimitCounters)
    .set({ count })
    .where(eq(rateLimitCounters.key, counterKey(limit, subject)));
}

/** Moves the end of the subject's window into the past: what waiting `windowSeconds` would do. */
async function endWindow(limit: Limit, subject: string) {
  const { db } = await getTestDeps();
  await db
    .update(rateLimitCounters)
    .set({ resetAt: sql`UTC_TIMESTAMP(3) - INTERVAL 1 SECOND` })
    .where(eq(rateLimitCounters.key, counterKey(limit, subject)));
}

type Tally = { passed: number; limited: number; other: string[]; retryAfter: number[] };

async function tally(responses: Response[], passStatus: number): Promise<Tally> {
  const result: Tally = { passed: 0, limited: 0, other: [], retryAfter: [] };
  for (const response of responses) {
    const text = await response.text();
    if (response.status === passStatus) result.passed += 1;
    else if (response.status === 429) {
      result.limited += 1;
      result.retryAfter.push(Number(response.headers.get('retry-after')));
    } else result.other.push(`${response.status}: ${text.slice(0, 80)}`);
  }
  return result;
}

describe('rate limits (I1)', () => {
  it('covers every limit the server defines', () => {
    const covered = new Set(CASES.map((item) => item.limit.name));
    // forgot-email and signup-email answer success on purpose (no enumeration); they have their own tests below.
    const silent = [LIMITS.forgotEmail.name, LIMITS.signupEmail.name, LIMITS.claimResendEmail.name];
    expect([...covered, ...silent].sort()).toEqual(
      Object.values(LIMITS)
        .map((limit) => limit.name)
        .sort(),
    );
  });

  it.each(CASES)(
    '$limit.name: limit+1 sequential, then 50 parallel across the boundary, then recovery',
    async ({ limit, route, passStatus, subject, send }) => {
      // Sequential: exactly `max` pass, the next one is refused with a usable Retry-After.
      const first = await subject();
      const sequentialPrefill = Math.max(0, limit.max - HEADROOM);
      await prefill(limit, first.key, sequentialPrefill);
      const sequential: Response[] = [];
      for (let n = sequentialPrefill; n <= limit.max; n += 1) sequential.push(await send(first, n));
      const seq = await tally(sequential, passStatus);
      expect(seq.other).toEqual([]);
      expect(seq.passed).toBe(limit.max - sequentialPrefill);
      expect(seq.limited).toBe(1);
      expect(sequential.at(-1)?.status).toBe(429);

      // Parallel: a fresh subject with HEADROOM (or the whole limit) left; the burst admits exactly that.
      const second = await subject();
      const parallelPrefill = Math.max(0, limit.max - HEADROOM);
      await prefill(limit, second.key, parallelPrefill);
      const burst = await Promise.all(Array.from({ length: PARALLEL }, (_, n) => send(second, n)));
      const par = await tally(burst, passStatus);
      expect(par.other).toEqual([]);
      expect(par.passed).toBe(limit.max - parallelPrefill);
      expect(par.limited).toBe(PARALLEL - par.passed);

      for (const seconds of [...seq.retryAfter, ...par.retryAfter]) {
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(limit.windowSeconds);
      }

      // Recovery: once the window has passed, the same subject is served again.
      await endWindow(limit, first.key);
      const after = await send(first, limit.max + 1);
      expect(after.status).toBe(passStatus);
      await after.arrayBuffer();

      console.info(
        `I1 ${limit.name} (${route}): limit ${limit.max}/${limit.windowSeconds}s; sequential ${sequential.length}` +
          `${sequentialPrefill ? ` after ${sequentialPrefill} prefilled` : ''} -> ${seq.passed} ok + ${seq.limited} x 429; ` +
          `parallel ${PARALLEL}${parallelPrefill ? ` after ${parallelPrefill} prefilled` : ''} -> ${par.passed} ok + ` +
          `${par.limited} x 429 (0 over-admissions); Retry-After on all ${seq.limited + par.limited}; recovered after window end`,
      );
    },
  );

  it('forgot-email: 3 reset mails per address per hour however many requests, with one identical answer', async () => {
    const mailsTo = (email: string) => readMails(email).filter((mail) => mail.includes('reset-password?token=')).length;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    const bodies = new Set<string>();
    const ask = async (email: string) => {
      const response = await server.request('/api/auth/forgot-password', { ip: freshIp(), body: { email } });
      expect(response.status).toBe(200);
      bodies.add(await response.text());
    };

    // Sequential: each allowed request mails once (waited for, since mail goes out in the background); then none.
    const user = await insertUser();
    for (let n = 0; n < LIMITS.forgotEmail.max; n += 1) {
      await ask(user.email);
      await eventually(() => (mailsTo(user.email) === n + 1 ? true : null));
    }
    await ask(user.email);
    await settle();
    expect(mailsTo(user.email)).toBe(LIMITS.forgotEmail.max);

    // Parallel: the counter counts every request exactly, and never more than the limit of mails goes out. (Parallel
    // allowed requests replace each other's token, so fewer mails may survive; at least one always does.)
    const burstUser = await insertUser();
    await Promise.all(Array.from({ length: PARALLEL }, () => ask(burstUser.email)));
    await eventually(() => (mailsTo(burstUser.email) >= 1 ? true : null));
    await settle();
    const burstMails = mailsTo(burstUser.email);
    expect(burstMails).toBeLessThanOrEqual(LIMITS.forgotEmail.max);
    const { pool } = await getTestDeps();
    const [counter] = await pool.query('SELECT `count` AS n FROM rate_limit_counters WHERE `key` = ?', [
      counterKey(LIMITS.forgotEmail, burstUser.email),
    ]);
    expect(Number((counter as Array<{ n: number }>)[0]?.n)).toBe(PARALLEL);
    expect(bodies.size).toBe(1);
    console.info(
      `I1 ${LIMITS.forgotEmail.name}: limit ${LIMITS.forgotEmail.max}/h; sequential ${LIMITS.forgotEmail.max + 1} -> ` +
        `${LIMITS.forgotEmail.max} mails; parallel ${PARALLEL} -> counter ${PARALLEL} (exact), ${burstMails} mail(s) ` +
        `(<= ${LIMITS.forgotEmail.max}); 1 identical 200 answer (silent by design, no 429)`,
    );
  });

  it('signup-email: one stored row per address however often and however fast it is sent', async () => {
    const email = uniqueEmail('signup-burst');
    const burst = await Promise.all(
      Array.from({ length: PARALLEL }, () => server.request('/api/email-signup', { ip: freshIp(), body: { email } })),
    );
    const bodies = new Set<string>();
    for (const response of burst) {
      expect(response.status).toBe(200);
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
    const { pool } = await getTestDeps();
    const [rows] = await pool.query('SELECT COUNT(*) AS n FROM email_signups WHERE email = ?', [email]);
    expect(Number((rows as Array<{ n: number }>)[0]?.n)).toBe(1);
    const [counter] = await pool.query('SELECT `count` AS n FROM rate_limit_counters WHERE `key` = ?', [
      counterKey(LIMITS.signupEmail, email),
    ]);
    expect(Number((counter as Array<{ n: number }>)[0]?.n)).toBe(PARALLEL);
    console.info(
      `I1 ${LIMITS.signupEmail.name}: ${PARALLEL} parallel signups of one address -> 1 row, counter ${PARALLEL} (exact), 1 identical 200 answer`,
    );
  });
});
