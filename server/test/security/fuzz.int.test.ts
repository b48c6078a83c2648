import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../rest/index';
import { getTestDeps, insertUser, sessionCookieFor, startTestServer, type TestServer } from '../harness';

// docs/security.md D1 and D3: hostile JSON at every /api route that reads a body, as a super admin (so no guard stops
// it first). Whatever arrives, the answer is a 4xx, never a 5xx or a hang, nothing is written for a refused
// body, and nothing pollutes Object.prototype.

const RUNS_PER_ROUTE = 40;
// A hang, not slowness: linear-time validation is proven by src/shared/schemas/adversarial.test.ts, and a loaded
// machine (both cores busy with other work) can take seconds for a request that takes milliseconds when quiet.
const HANG_MS = 30_000;

/** Tables a refused request must leave untouched. */
const TABLES = [
  'users',
  'applications',
  'application_documents',
  'underwriting_results',
  'loans',
  'loan_payments',
  'refinance_requests',
  'email_signups',
  'contact_messages',
  'rewards',
];

const nasty = fc.constantFrom<unknown>(
  '',
  '\u0000',
  '\u202e\u200b',
  'x'.repeat(70_000),
  '__proto__',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  Number.NaN,
  -0,
  1e308,
  2 ** 53 + 1,
  -1,
  '2026-02-30',
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  [],
  null,
  true,
);
const value = fc.oneof(nasty, fc.jsonValue({ maxDepth: 3 }));
const body = fc.oneof(
  value,
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'name',
      'message',
      'status',
      'amount',
      'id',
      'role',
      'token',
      'newPassword',
      'reason',
      'requestedAmount',
      'firstName',
      'loanId',
      'nonce',
      'answer',
      'text',
      '__proto__',
    ),
    value,
    { maxKeys: 6 },
  ),
);

let server: TestServer;
let cookie = '';
beforeAll(async () => {
  server = await startTestServer();
  const superAdmin = await insertUser({ role: 'super_admin' });
  cookie = await sessionCookieFor(superAdmin);
});
afterAll(async () => {
  await server?.close();
});

async function rowCounts(): Promise<string> {
  const { pool } = await getTestDeps();
  const counts: string[] = [];
  for (const table of TABLES) {
    const [rows] = await pool.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
    counts.push(`${table}=${(rows as Array<{ n: number }>)[0]?.n}`);
  }
  return counts.join(' ');
}

describe('hostile JSON bodies (D1, D3)', () => {
  const bodyRoutes = REST_ROUTES.filter((route) => route.body && route.method !== 'GET');

  it('covers every route that reads a JSON body', () => {
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it('answers 4xx to every malformed body, never hangs, and writes nothing', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of bodyRoutes) {
      const pathName = route.path.replace(/:[a-z]+/gi, randomUUID());
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await rowCounts();
          const started = Date.now();
          const response = await server.request(pathName, { method: route.method, cookie, body: payload });
          const text = await response.text();
          const elapsed = Date.now() - started;
          requests += 1;
          if (response.status >= 500 || elapsed > HANG_MS) {
            failures.push(`${route.method} ${route.path}: ${response.status} in ${elapsed} ms: ${text.slice(0, 120)}`);
          } else if (response.status >= 400 && (await rowCounts()) !== before) {
            failures.push(`${route.method} ${route.path}: ${response.status} but rows changed`);
          }
          return true;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.info(
      `D1: ${bodyRoutes.length} routes x ${RUNS_PER_ROUTE} hostile bodies = ${requests} requests, 0 5xx, 0 hangs, 0 rows written`,
    );
  });
});
