import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { describe, expect, it, inject } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../../drizzle/schema/index';
import { migrationLockName, prepareDatabase, splitDatabaseUrl } from '../../db';
import { sha256Hex } from '../../lib/crypto';
import { REST_ROUTES } from '../../rest/index';
import { appRouter } from '../../routers/index';
import {
  callerFor,
  eventually,
  getTestDeps,
  insertUser,
  mailTo,
  readMails,
  sessionCookieFor,
  testServerForFile,
  uniqueEmail,
  uniqueIp,
} from '../../test/harness';
import { adminProcedure, createCallerFactory, router } from '../../trpc/init';
import { createInnerContext } from '../../trpc/context';

const server = testServerForFile();

const cookieOf = (response: Response) =>
  (response.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? '').split(';')[0] ?? '';

describe('accounts over HTTP', () => {
  it('registers, reads the user, logs out and in again', async () => {
    const email = uniqueEmail('reg');
    const register = await server.request('/api/client/register', {
      body: { firstName: 'Rita', lastName: 'Register', email, password: 'Blue-Harbor-77', businessName: 'Rita Bakery' },
    });
    expect(register.status).toBe(201);
    const cookie = cookieOf(register);
    expect(cookie).toMatch(/^session=[a-z0-9]{30,}$/);

    const me = await server.request('/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, firstName: 'Rita', role: 'client' });

    const logout = await server.request('/api/client/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(200);
    const afterLogout = await server.request('/api/auth/user', { cookie });
    expect(afterLogout.status).toBe(401);
    expect(await afterLogout.text()).toBe('Unauthorized');

    const login = await server.request('/api/client/login', {
      body: { email: email.toUpperCase(), password: 'Blue-Harbor-77' },
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ success: true, redirectTo: '/client-portal' });
    const fresh = cookieOf(login);
    expect(fresh).not.toBe(cookie);
    expect((await server.request('/api/auth/user', { cookie: fresh })).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const user = await insertUser();
    const cookie = await sessionCookieFor(user);
    const token = cookie.split('=')[1] ?? '';
    const { db } = await getTestDeps();
    expect(await db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(token))),
    ).toHaveLength(1);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const user = await insertUser();
    const wrong = await server.request('/api/client/login', {
      body: { email: user.email, password: 'Not-The-Password-1' },
    });
    const unknown = await server.request('/api/client/login', {
      body: { email: uniqueEmail('nobody'), password: 'Not-The-Password-1' },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.text()).toBe('Invalid email or password');
    expect(await unknown.text()).toBe('Invalid email or password');
  });

  it('refuses a registration with a weak password and stores nothing', async () => {
    const email = uniqueEmail('weak');
    const response = await server.request('/api/client/register', {
      body: { firstName: 'Wes', lastName: 'Weak', email, password: 'short', businessName: '' },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Password must be at least 8 characters long');
    const { db } = await getTestDeps();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses unknown fields instead of assigning them (role stays client)', async () => {
    const email = uniqueEmail('mass');
    const response = await server.request('/api/client/register', {
      body: {
        firstName: 'Mo',
        lastName: 'Mass',
        email,
        password: 'Green-Valley-93',
        businessName: '',
        role: 'super_admin',
      },
    });
    expect(response.status).toBe(400);
    const { db } = await getTestDeps();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a state-changing request from a foreign origin or with no origin', async () => {
    const foreign = await server.request('/api/client/login', {
      origin: 'https://evil.example',
      body: { email: 'a@b.co', password: 'x' },
    });
    expect(foreign.status).toBe(403);
    const none = await server.request('/api/client/login', {
      origin: null,
      body: { email: 'a@b.co', password: 'x' },
    });
    expect(none.status).toBe(403);
    const trpc = await fetch(`${server.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(trpc.status).toBe(403);
  });

  it('answers unknown /api paths with 404, never the app shell', async () => {
    const response = await server.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });

  it('throttles repeated failed logins with 429 and Retry-After', async () => {
    const email = uniqueEmail('throttle');
    await insertUser({ email });
    const statuses: number[] = [];
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await server.request('/api/client/login', {
        ip,
        body: { email, password: 'Wrong-Password-1' },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('redirects /api/login to the login page keeping a same-site returnTo only', async () => {
    const ok = await server.request('/api/login?returnTo=%2Fdashboard');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/login?returnTo=%2Fdashboard');
    const evil = await server.request('/api/login?returnTo=%2F%2Fevil.example');
    expect(evil.headers.get('location')).toBe('/login');
  });

  it('ignores a cross-site GET /api/logout', async () => {
    const user = await insertUser();
    const cookie = await sessionCookieFor(user);
    const response = await server.request('/api/logout', {
      cookie,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(302);
    expect((await server.request('/api/auth/user', { cookie })).status).toBe(200);
    await server.request('/api/logout', { cookie, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect((await server.request('/api/auth/user', { cookie })).status).toBe(401);
  });
});

describe('password reset', () => {
  async function requestResetToken(email: string, previousCount = 0): Promise<string> {
    const response = await server.request('/api/auth/forgot-password', { body: { email } });
    expect(response.status).toBe(200);
    const mail = await eventually(
      () => readMails(email).filter((m) => m.includes('reset-password?token='))[previousCount],
    );
    const token = /reset-password\?token=([a-z0-9]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();
    return token ?? '';
  }

  it('resets with the mailed token, ends old sessions, and works once', async () => {
    const user = await insertUser();
    const oldCookie = await sessionCookieFor(user);
    const token = await requestResetToken(user.email);
    const link = readMails(user.email).find((m) => m.includes('token='));
    expect(link).toContain('http://localhost:3000/reset-password?token=');

    const reset = await server.request('/api/auth/reset-password', {
      body: { token, newPassword: 'Fresh-Start-2026' },
    });
    expect(reset.status).toBe(200);
    expect((await server.request('/api/auth/user', { cookie: oldCookie })).status).toBe(401);

    const again = await server.request('/api/auth/reset-password', {
      body: { token, newPassword: 'Another-Start-2026' },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toBe('This password reset link is invalid or has expired.');

    const login = await server.request('/api/client/login', {
      body: { email: user.email, password: 'Fresh-Start-2026' },
    });
    expect(login.status).toBe(200);
  });

  it('lets exactly one of 20 concurrent uses of a token through (K1)', async () => {
    const user = await insertUser();
    const token = await requestResetToken(user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        server.request('/api/auth/reset-password', {
          body: { token, newPassword: `Parallel-Start-${index}-2026` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 400)]);
    const { db } = await getTestDeps();
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const user = await insertUser();
    const token = await requestResetToken(user.email);
    const { db } = await getTestDeps();
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)));
    const response = await server.request('/api/auth/reset-password', {
      body: { token, newPassword: 'Fresh-Start-2026' },
    });
    expect(response.status).toBe(400);
  });

  it('answers the same for unknown emails and sends them nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await server.request('/api/auth/forgot-password', { body: { email } });
    const known = await insertUser();
    const knownResponse = await server.request('/api/auth/forgot-password', { body: { email: known.email } });
    expect(response.status).toBe(knownResponse.status);
    expect(await response.text()).toBe(await knownResponse.text());
    await mailTo(known.email);
    expect(readMails(email)).toHaveLength(0);
  });

  it('stores the reset token only as a hash', async () => {
    const user = await insertUser();
    const token = await requestResetToken(user.email);
    const { db } = await getTestDeps();
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);
  });
});

describe('role enforcement', () => {
  const guarded = router({ probe: adminProcedure.query(() => 'staff-only') });

  it('refuses staff procedures to anonymous (401), clients and staff without the second factor (403)', async () => {
    const deps = await getTestDeps();
    const callAs = (user: Awaited<ReturnType<typeof insertUser>> | null, mfaVerified = true) =>
      createCallerFactory(guarded)(
        createInnerContext(deps, {
          user,
          session: user ? { id: 's', expiresAt: new Date(Date.now() + 60_000), fresh: false, mfaVerified } : null,
        }),
      ).probe();
    await expect(callAs(null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callAs(await insertUser({ role: 'client' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await insertUser({ role: 'admin' });
    await expect(callAs(admin, false)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callAs(admin, true)).resolves.toBe('staff-only');
  });

  it('answers every /api/admin path 401 signed out and 403 as a client', async () => {
    const client = await insertUser({ role: 'client' });
    const cookie = await sessionCookieFor(client);
    const adminRoutes = REST_ROUTES.filter((route) => route.path.startsWith('/api/admin'));
    for (const route of adminRoutes) {
      const pathName = route.path.replace(/:[a-zA-Z]+/g, 'x');
      const method = route.method;
      const body = method === 'GET' ? undefined : {};
      expect((await server.request(pathName, { method, body })).status, `${method} ${route.path}`).toBe(401);
      expect((await server.request(pathName, { method, body, cookie })).status, `${method} ${route.path}`).toBe(403);
    }
  });

  it('refuses every admin tRPC procedure to a client', async () => {
    const client = await insertUser({ role: 'client' });
    const caller = await callerFor(client);
    const names = Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('admin.'));
    for (const name of names) {
      const [, procedure] = name.split('.');
      const fn = (caller.admin as Record<string, (input?: unknown) => Promise<unknown>>)[procedure ?? ''];
      await expect(fn?.({}), name).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('a disabled account loses its session on the next request', async () => {
    const user = await insertUser();
    const cookie = await sessionCookieFor(user);
    const { db } = await getTestDeps();
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await server.request('/api/auth/user', { cookie })).status).toBe(401);
  });
});

describe('session windows (B5)', () => {
  const expiryOf = async (cookie: string) => {
    const { db } = await getTestDeps();
    const [row] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(cookie.split('=')[1] ?? '')));
    return row?.expiresAt;
  };
  const setExpiry = async (cookie: string, expiresAt: Date) => {
    const { db } = await getTestDeps();
    await db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.id, sha256Hex(cookie.split('=')[1] ?? '')));
  };

  it('a staff session slides 30 minutes, written once half of it has passed, not on every request', async () => {
    const admin = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(admin);
    const first = await expiryOf(cookie);
    const answer = await server.request('/api/admin/dashboard', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await expiryOf(cookie)).toEqual(first);

    // 20 minutes idle: 10 remain, under half the window, so this request extends it to 30 again.
    await setExpiry(cookie, new Date(Date.now() + 10 * 60_000));
    const extended = await server.request('/api/admin/dashboard', { cookie });
    expect(extended.status).toBe(200);
    expect(extended.headers.getSetCookie().some((value) => value.startsWith('session='))).toBe(true);
    const minutesLeft = ((await expiryOf(cookie))!.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
  });

  it('a staff session idle for 30 minutes is gone', async () => {
    const admin = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(admin);
    await setExpiry(cookie, new Date(Date.now() - 1000));
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(401);
    expect(await expiryOf(cookie)).toBeUndefined();
  });

  it('a client session slides 7 days the same way', async () => {
    const client = await insertUser();
    const cookie = await sessionCookieFor(client);
    const first = await expiryOf(cookie);
    expect((await server.request('/api/auth/user', { cookie })).headers.getSetCookie()).toEqual([]);
    expect(await expiryOf(cookie)).toEqual(first);
    await setExpiry(cookie, new Date(Date.now() + 3 * 24 * 3600_000));
    await server.request('/api/auth/user', { cookie });
    const daysLeft = ((await expiryOf(cookie))!.getTime() - Date.now()) / (24 * 3600_000);
    expect(daysLeft).toBeGreaterThan(6.99);
  });
});

describe('start-up', () => {
  // A whole migration run twice over, the work the suite's global setup does under its hook time: on a machine busy
  // with other work it took longer than an ordinary test's 30 seconds.
  it('creates a missing database and applies the migrations', { timeout: 150_000 }, async () => {
    const base = inject('testDatabaseUrl').replace(/\/[^/]+$/, '');
    const url = `${base}/funding_boot_${Date.now().toString(36)}`;
    await prepareDatabase(url);
    await prepareDatabase(url); // a second run is a no-op
    const { serverUrl, database } = splitDatabaseUrl(url);
    const connection = await mysql.createConnection({ uri: serverUrl });
    try {
      const [rows] = await connection.query(
        'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ?',
        [database],
      );
      expect(Number((rows as { n: number }[])[0]?.n)).toBeGreaterThanOrEqual(20);
    } finally {
      await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await connection.end();
    }
  });

  it(
    "starts on its database while another database's migration holds that one's lock",
    { timeout: 150_000 },
    async () => {
      const base = inject('testDatabaseUrl').replace(/\/[^/]+$/, '');
      const { serverUrl } = splitDatabaseUrl(`${base}/x`);
      const other = await mysql.createConnection({ uri: serverUrl });
      const url = `${base}/funding_lock_${Date.now().toString(36)}`;
      const { database } = splitDatabaseUrl(url);
      try {
        // A long migration of another database on the same server (a named lock is server-wide).
        const [held] = await other.query('SELECT GET_LOCK(?, 0) AS held', [migrationLockName('funding_other')]);
        expect((held as { held: number }[])[0]?.held).toBe(1);
        const started = Date.now();
        await prepareDatabase(url);
        // Waiting for the other database's lock would take its full 60 s.
        expect(Date.now() - started).toBeLessThan(50_000);
      } finally {
        await other.query(`DROP DATABASE IF EXISTS \`${database}\``);
        await other.end();
      }
    },
  );
});
