import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { currentTotp, matchTotpStep } from '../../auth/totp';
import { REST_ROUTES } from '../../rest/index';
import { adminInternalRouter, createAdminInternalCaller } from '../../routers/admin';
import { appRouter } from '../../routers/index';
import { setTotpSecret } from '../../test/factories/admin';
import {
  callerFor,
  getTestDeps,
  insertUser,
  sessionCookieFor,
  uniqueIp,
  type TestUser,
  testServerForFile,
} from '../../test/harness';
import { createInnerContext } from '../../trpc/context';

const server = testServerForFile();

const adminRestRoutes = () => REST_ROUTES.filter((route) => route.path.startsWith('/api/admin'));
const SUPER_ADMIN_PATHS = [
  '/api/admin/staff',
  '/api/admin/staff/:id/role',
  '/api/admin/staff/:id/active',
  '/api/admin/staff/:id/sessions',
  '/api/admin/applications/:id/reveal',
];

function requestOf(route: { method: string; path: string }) {
  return {
    pathName: route.path.replace(/:[a-zA-Z]+/g, 'x'),
    method: route.method,
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  };
}

type AnyProcedure = (input?: unknown) => Promise<unknown>;
const procedureNames = () => Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('admin.'));

async function callEveryProcedure(user: TestUser | null, mfaVerified: boolean) {
  const caller = await callerFor(user, { session: { mfaVerified } });
  const outcomes: [string, unknown][] = [];
  for (const name of procedureNames()) {
    const procedure = (caller.admin as unknown as Record<string, AnyProcedure>)[name.slice('admin.'.length)];
    outcomes.push([
      name,
      await procedure!({}).then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      ),
    ]);
  }
  const deps = await getTestDeps();
  const internal = createAdminInternalCaller(
    createInnerContext(deps, {
      user,
      session: user
        ? { id: `internal-${user.id}`, expiresAt: new Date(Date.now() + 60_000), fresh: false, mfaVerified }
        : null,
    }),
  );
  for (const name of Object.keys(adminInternalRouter._def.procedures)) {
    const procedure = (internal as unknown as Record<string, AnyProcedure>)[name];
    outcomes.push([
      `internal.${name}`,
      await procedure!({}).then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      ),
    ]);
  }
  return outcomes;
}

describe('admin access control', () => {
  it('answers every /api/admin path 401 signed out, 403 as a client and 403 before the code step', async () => {
    const client = await insertUser({ role: 'client' });
    const admin = await insertUser({ role: 'admin' });
    const clientCookie = await sessionCookieFor(client);
    const unverifiedCookie = await sessionCookieFor(admin, false);
    expect(adminRestRoutes().length).toBeGreaterThanOrEqual(15);
    for (const route of adminRestRoutes()) {
      const { pathName, method, body } = requestOf(route);
      const label = `${method} ${route.path}`;
      expect((await server.request(pathName, { method, body })).status, label).toBe(401);
      expect((await server.request(pathName, { method, body, cookie: clientCookie })).status, label).toBe(403);
      const unverified = await server.request(pathName, { method, body, cookie: unverifiedCookie });
      expect(unverified.status, label).toBe(403);
    }
  });

  it('keeps staff management and reveals to super_admin (403 for an admin)', async () => {
    const admin = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(admin);
    for (const route of adminRestRoutes().filter((candidate) => SUPER_ADMIN_PATHS.includes(candidate.path))) {
      const { pathName, method, body } = requestOf(route);
      expect((await server.request(pathName, { method, body, cookie })).status, route.path).toBe(403);
    }
    const allowed = await server.request('/api/admin/dashboard', { cookie });
    expect(allowed.status).toBe(200);
  });

  it('refuses every admin procedure: anonymous 401, client 403, staff without the code step 403', async () => {
    const client = await insertUser({ role: 'client' });
    const admin = await insertUser({ role: 'super_admin' });
    const anonymous = await callEveryProcedure(null, false);
    const asClient = await callEveryProcedure(client, true);
    const beforeCode = await callEveryProcedure(admin, false);
    expect(anonymous.length).toBeGreaterThanOrEqual(20);
    for (const [name, code] of anonymous) expect(code, name).toBe('UNAUTHORIZED');
    for (const [name, code] of asClient) expect(code, name).toBe('FORBIDDEN');
    for (const [name, code] of beforeCode) expect(code, name).toBe('FORBIDDEN');
  });

  it('refuses super_admin procedures to an admin', async () => {
    const admin = await callerFor(await insertUser({ role: 'admin' }));
    await expect(admin.admin.listStaff()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      admin.admin.createStaff({ email: 'new-staff@example.test', firstName: 'N', lastName: 'S', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      admin.admin.revealPii({ id: 'x', field: 'ssn', reason: 'Identity check call', code: '123456' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('staff second factor at login', () => {
  const cookieOf = (response: Response) =>
    (response.headers.getSetCookie().find((cookie) => cookie.startsWith('session=')) ?? '').split(';')[0] ?? '';

  it('asks for the code, refuses a wrong one and a replayed one, and grants staff rights after a good one', async () => {
    const admin = await insertUser({ role: 'admin' });
    const key = await setTotpSecret(admin.id);
    const ip = uniqueIp();
    const login = (totpCode?: string) =>
      server.request('/api/client/login', {
        ip,
        body: { email: admin.email, password: admin.password, ...(totpCode ? { totpCode } : {}) },
      });

    const first = await login();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: false, mfaRequired: true });
    expect(cookieOf(first)).toBe('');

    const good = currentTotp(key);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    // A wrong code that happens to match a neighbouring step would be valid: pick one that matches none.
    const wrongCode =
      matchTotpStep(key, wrong) === null ? wrong : String((Number(good) + 2) % 1_000_000).padStart(6, '0');
    const refused = await login(wrongCode);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('Invalid verification code');

    const accepted = await login(good);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ success: true, redirectTo: '/admin' });
    const cookie = cookieOf(accepted);
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(200);

    const replayed = await login(good);
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toBe('Invalid verification code');
    expect(cookieOf(replayed)).toBe('');
  });

  it('enrols a first-time staff member: no staff rights until the first code confirms the secret', async () => {
    const admin = await insertUser({ role: 'admin' });
    const login = await server.request('/api/client/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(await login.json()).toMatchObject({ success: true, mfaEnrollmentRequired: true });
    const cookie = cookieOf(login);
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(403);

    const setup = await fetch(`${server.url}/trpc/auth.totpSetup`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(setup.status).toBe(200);
    const setupBody = (await setup.json()) as { result: { data: { json: { secretBase32: string; uri: string } } } };
    const { secretBase32, uri } = setupBody.result.data.json;
    expect(uri).toContain('otpauth://totp/');
    const { decodeBase32IgnorePadding } = await import('@oslojs/encoding');
    const key = decodeBase32IgnorePadding(secretBase32);
    expect(encodeBase32UpperCaseNoPadding(key)).toBe(secretBase32);

    const enable = await fetch(`${server.url}/trpc/auth.totpEnable`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: JSON.stringify({ json: { code: currentTotp(key) } }),
    });
    expect(enable.status).toBe(200);
    const enabled = (await enable.json()) as { result: { data: { json: { recoveryCodes: string[] } } } };
    expect(enabled.result.data.json.recoveryCodes).toHaveLength(10);
    expect((await server.request('/api/admin/dashboard', { cookie })).status).toBe(200);
  });
});
