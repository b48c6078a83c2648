import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/shared/constants';
import { REST_ROUTES } from '../../rest/index';
import { appRouter } from '../../routers/index';
import { callerFor, insertUser, sessionCookieFor, startTestServer, type TestServer, type TestUser } from '../harness';

// docs/security.md C1 and C3: every tRPC procedure and every /api route against every kind of principal, compared with
// authz-matrix.json. Denied cells must answer 401 (no session) or 403 (wrong role or no second factor); allowed
// cells must get past the guard (any other answer: 400 for the probe input, 404 for the random id, 200...).

type Level = 'public' | 'signed-in' | 'staff' | 'super-admin';
type Principal = 'anonymous' | 'client' | 'disabled client' | 'staff before 2FA' | 'admin' | 'super admin';

const matrix = JSON.parse(readFileSync(new URL('./authz-matrix.json', import.meta.url), 'utf8')) as {
  trpc: Record<string, Level>;
  rest: Record<string, Level>;
};

const PRINCIPALS: Principal[] = ['anonymous', 'client', 'disabled client', 'staff before 2FA', 'admin', 'super admin'];

/** The answer the matrix expects: 'allow', or the denial status. */
function expected(level: Level, principal: Principal): 'allow' | 401 | 403 {
  if (level === 'public') return 'allow';
  if (principal === 'anonymous' || principal === 'disabled client') return 401;
  if (level === 'signed-in') return 'allow';
  if (principal === 'client' || principal === 'staff before 2FA') return 403;
  if (level === 'staff') return 'allow';
  return principal === 'super admin' ? 'allow' : 403;
}

const users = {} as Record<'client' | 'disabled' | 'staff' | 'admin' | 'super', TestUser>;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  users.client = await insertUser({ role: 'client' });
  users.disabled = await insertUser({ role: 'client', isActive: false });
  users.staff = await insertUser({ role: 'admin' });
  users.admin = await insertUser({ role: 'admin' });
  users.super = await insertUser({ role: 'super_admin' });
});
afterAll(async () => {
  await server?.close();
});

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def
  .procedures;

describe('authorization matrix (C1)', () => {
  it('lists every tRPC procedure and every /api route, and nothing else', () => {
    expect(Object.keys(procedures).sort()).toEqual(Object.keys(matrix.trpc).sort());
    expect(REST_ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(Object.keys(matrix.rest).sort());
  });

  it('tRPC: every procedure x principal answers as the matrix says', async () => {
    const callers = {
      anonymous: await callerFor(null),
      // A disabled account has no session: lucia refuses it (B6), so its calls arrive anonymous.
      'disabled client': await callerFor(null),
      client: await callerFor(users.client),
      'staff before 2FA': await callerFor(users.staff, { session: { mfaVerified: false } }),
      admin: await callerFor(users.admin),
      'super admin': await callerFor(users.super),
    } satisfies Record<Principal, unknown>;
    const mismatches: string[] = [];
    let cells = 0;
    for (const [path, level] of Object.entries(matrix.trpc)) {
      for (const principal of PRINCIPALS) {
        cells += 1;
        const procedure = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], callers[principal]);
        // An input no schema accepts: allowed calls stop at validation and change nothing.
        const probe = { authzProbe: randomUUID() };
        let code = 'OK';
        try {
          await (procedure as (input: unknown) => Promise<unknown>)(probe);
        } catch (error) {
          code = error instanceof TRPCError ? error.code : 'THROWN';
        }
        const want = expected(level, principal);
        const denied = code === 'UNAUTHORIZED' ? 401 : code === 'FORBIDDEN' ? 403 : 'allow';
        if (denied !== want) mismatches.push(`${path} as ${principal}: ${code}, expected ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
    console.info(
      `C1 tRPC: ${Object.keys(matrix.trpc).length} procedures x ${PRINCIPALS.length} principals = ${cells} cells, 0 mismatches`,
    );
  });

  it('REST: every /api route x principal answers as the matrix says', async () => {
    const roles: Record<Principal, { user: TestUser; role: Role; mfa: boolean } | null> = {
      anonymous: null,
      client: { user: users.client, role: 'client', mfa: true },
      'disabled client': { user: users.disabled, role: 'client', mfa: true },
      'staff before 2FA': { user: users.staff, role: 'admin', mfa: false },
      admin: { user: users.admin, role: 'admin', mfa: true },
      'super admin': { user: users.super, role: 'super_admin', mfa: true },
    };
    const mismatches: string[] = [];
    let cells = 0;
    for (const [route, level] of Object.entries(matrix.rest)) {
      const [method = 'GET', template = ''] = route.split(' ');
      const pathName = template.replace(':email', 'nobody%40example.test').replace(/:[a-z]+/gi, randomUUID());
      for (const principal of PRINCIPALS) {
        cells += 1;
        const who = roles[principal];
        // A fresh session per request: a logout route must not sign out the next cell.
        const cookie = who ? await sessionCookieFor({ id: who.user.id, role: who.role }, who.mfa) : undefined;
        const response = await server.request(pathName, {
          method,
          cookie,
          body: method === 'GET' || method === 'DELETE' ? undefined : { authzProbe: true },
        });
        await response.arrayBuffer();
        const want = expected(level, principal);
        const got = response.status === 401 || response.status === 403 ? response.status : 'allow';
        if (got !== want) mismatches.push(`${route} as ${principal}: ${response.status}, expected ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
    console.info(
      `C1 REST: ${Object.keys(matrix.rest).length} routes x ${PRINCIPALS.length} principals = ${cells} cells, 0 mismatches`,
    );
  });
});
