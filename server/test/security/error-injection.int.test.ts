import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { CONFLICT_MESSAGE, INTERNAL_MESSAGE } from '../../lib/errors';
import { buildSubmission, listFiles } from '../faults/fault-data';
import { getTestDeps, insertUser, sessionCookieFor, startTestServer, uniqueEmail, type TestServer } from '../harness';
import { headerProblems } from './headers';
import { freshIp } from './support';

// docs/security.md M1: faults injected under every endpoint class. The app's database handles are wrapped so that, while
// an injection is armed, every query throws the injected error; sessions and rate limits keep their own handles, so
// requests get as far as the first query of the procedure. Whatever fails, the body never carries a stack, a path,
// SQL, a driver code or the injected message, and the status is the designed one.

const CANARY = `canary-m1-${randomUUID()}`;

type Injection = { name: string; error: () => unknown; status: number; body: string };

const INJECTIONS: Injection[] = [
  {
    name: 'thrown Error',
    error: () => new Error(`${CANARY} at /work/main/server/services/x.ts:12`),
    status: 500,
    body: INTERNAL_MESSAGE,
  },
  {
    name: 'duplicate key',
    error: () =>
      Object.assign(new Error(`Duplicate entry '${CANARY}' for key 'users_email_unique'`), {
        code: 'ER_DUP_ENTRY',
        errno: 1062,
        sqlState: '23000',
        sqlMessage: `Duplicate entry '${CANARY}' for key 'users_email_unique'`,
        sql: `INSERT INTO users (email) VALUES ('${CANARY}')`,
      }),
    status: 409,
    body: CONFLICT_MESSAGE,
  },
  {
    name: 'database down',
    error: () => Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:3306 ${CANARY}`), { code: 'ECONNREFUSED' }),
    status: 503,
    body: 'Service temporarily unavailable. Please try again shortly.',
  },
  {
    name: 'stored data fails its schema (ZodError)',
    error: () => new ZodError([{ code: 'custom', path: ['aiData', CANARY], message: CANARY, input: null }]),
    status: 500,
    body: INTERNAL_MESSAGE,
  },
];

const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\s{2,}at\s/],
  ['file path', /\/work\/|node_modules|\.ts:\d|\.js:\d/],
  ['SQL', /\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b/i],
  ['driver code', /\bER_[A-Z_]+|ECONNREFUSED/],
  ['injected message', new RegExp(CANARY)],
];

let armed: Injection | null = null;

/** A database handle (drizzle's db or the mysql2 pool), failing every call while an injection is armed. */
function faulty<T extends object>(handle: T): T {
  return new Proxy(handle, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (armed) throw armed.error();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

let server: TestServer;
let client = '';
let admin = '';
beforeAll(async () => {
  const deps = await getTestDeps();
  // Sessions keep the pool they were built with, so requests still get past authentication.
  server = await startTestServer({ ownStorage: true, deps: { db: faulty(deps.db), pool: faulty(deps.pool) } });
  const clientUser = await insertUser({ role: 'client' });
  const superUser = await insertUser({ role: 'super_admin' });
  client = await sessionCookieFor(clientUser);
  admin = await sessionCookieFor(superUser);
});
afterAll(async () => {
  armed = null;
  await server?.close();
});

type Endpoint = { name: string; send: () => Promise<Response> };

const post = (path: string, body: unknown, cookie?: string): Promise<Response> =>
  server.request(path, { body, cookie, headers: { 'X-Forwarded-For': freshIp() } });
const trpcInput = (value: unknown) => encodeURIComponent(JSON.stringify({ json: value }));

/** One or more endpoints of each class: REST and tRPC, read and write, anonymous, client and staff, multipart. */
const ENDPOINTS: Endpoint[] = [
  { name: 'REST GET signed in', send: () => server.request('/api/client/applications', { cookie: client }) },
  { name: 'REST GET loans', send: () => server.request('/api/client/loans', { cookie: client }) },
  { name: 'REST POST anonymous', send: () => post('/api/email-signup', { email: uniqueEmail('m1') }) },
  {
    name: 'REST POST contact',
    send: () => post('/api/contact', { name: 'Casey Tester', email: uniqueEmail('m1'), message: 'Hello there' }),
  },
  {
    name: 'REST POST login',
    send: () => post('/api/client/login', { email: uniqueEmail('m1'), password: 'x-y-z-123' }),
  },
  {
    name: 'REST POST register',
    send: () =>
      post('/api/client/register', {
        firstName: 'Casey',
        lastName: 'Tester',
        email: uniqueEmail('m1'),
        password: 'Blue-Harbor-77',
        businessName: 'Canary LLC',
      }),
  },
  {
    name: 'REST POST accept',
    send: () =>
      post(
        `/api/client/applications/${randomUUID()}/accept`,
        { amount: 10_000, termWeeks: 26, fullName: 'Casey Tester', consent: true, summaryHash: 'a'.repeat(64) },
        client,
      ),
  },
  {
    name: 'REST admin list',
    send: () => server.request('/api/admin/applications?search=ab', { cookie: admin }),
  },
  { name: 'REST admin dashboard', send: () => server.request('/api/admin/dashboard', { cookie: admin }) },
  { name: 'REST admin CSV', send: () => server.request('/api/admin/applicants/export', { cookie: admin }) },
  {
    name: 'REST admin status change',
    send: () =>
      server.request(`/api/admin/applications/${randomUUID()}/status`, {
        method: 'PUT',
        cookie: admin,
        body: { status: 'approved', reasons: ['meets-requirements'] },
      }),
  },
  {
    name: 'tRPC query',
    send: () => server.request(`/trpc/client.applications?input=${trpcInput(undefined)}`, { cookie: client }),
  },
  {
    name: 'tRPC mutation',
    send: () => post('/trpc/application.site.emailSignup', { json: { email: uniqueEmail('m1') } }),
  },
  {
    name: 'multipart submission',
    send: async () => {
      const submission = await buildSubmission(1, 64 * 1024);
      const body = new FormData();
      body.append('formData', JSON.stringify(submission.formData));
      for (const file of submission.files)
        body.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
      return fetch(`${server.url}/api/loan-application-enhanced`, {
        method: 'POST',
        headers: { Origin: 'http://localhost:3000', 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': freshIp() },
        body,
      });
    },
  },
];

function leaksIn(text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

describe('error bodies under injected faults (M1)', () => {
  it('every endpoint class answers each injected fault with its designed status and a clean body', async () => {
    const problems: string[] = [];
    let cells = 0;
    for (const injection of INJECTIONS) {
      for (const endpoint of ENDPOINTS) {
        cells += 1;
        armed = injection;
        let response: Response;
        try {
          response = await endpoint.send();
        } finally {
          armed = null;
        }
        const text = await response.text();
        const cell = `${injection.name} x ${endpoint.name}`;
        if (response.status !== injection.status) problems.push(`${cell}: status ${response.status}`);
        if (!text.includes(injection.body)) problems.push(`${cell}: body ${text.slice(0, 200)}`);
        for (const leak of leaksIn(text)) problems.push(`${cell}: ${leak} in ${text.slice(0, 200)}`);
        if (injection.status === 503 && !response.headers.get('retry-after')) problems.push(`${cell}: no Retry-After`);
        // H1 on the error statuses (409, 500, 503) too.
        for (const problem of headerProblems(response, { api: true })) problems.push(`${cell}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing of the failed submissions stays behind: no staged or stored file.
    expect(await server.deps.storage.list()).toEqual([]);
    expect(listFiles(server.deps.storage.tempDir)).toEqual([]);
    console.info(
      `M1: ${INJECTIONS.length} injected faults x ${ENDPOINTS.length} endpoint classes = ${cells} cells, ` +
        `0 leaks (stack, path, SQL, driver code, injected text), 0 unexpected statuses`,
    );
  });

  it('malformed input (bad JSON, zod failures, broken multipart) is a 4xx with no internals', async () => {
    const multipart = (body: string, contentType: string) =>
      fetch(`${server.url}/api/loan-application-enhanced`, {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:3000',
          'Idempotency-Key': randomUUID(),
          'X-Forwarded-For': freshIp(),
          'Content-Type': contentType,
        },
        body,
      });
    const cases: Array<[string, () => Promise<Response>, number[]]> = [
      ['zod: wrong types', () => post('/api/client/register', { firstName: 5, email: {}, password: null }), [400]],
      ['zod: tRPC input', () => post('/trpc/auth.login', { json: { email: 12 } }), [400]],
      [
        'formidable: no closing boundary',
        () =>
          multipart(
            '--b\r\nContent-Disposition: form-data; name="formData"\r\n\r\n{"a":',
            'multipart/form-data; boundary=b',
          ),
        [400],
      ],
      ['formidable: no boundary', () => multipart('garbage', 'multipart/form-data'), [400, 415]],
      [
        'formidable: header flood',
        () =>
          multipart(
            `--b\r\n${'X-Junk: y\r\n'.repeat(5000)}Content-Disposition: form-data; name="formData"\r\n\r\n{}\r\n--b--\r\n`,
            'multipart/form-data; boundary=b',
          ),
        [400, 413],
      ],
      ['not multipart', () => multipart('{}', 'application/json'), [400, 415]],
    ];
    const problems: string[] = [];
    for (const [name, send, statuses] of cases) {
      const response = await send();
      const text = await response.text();
      if (!statuses.includes(response.status))
        problems.push(`${name}: status ${response.status} ${text.slice(0, 200)}`);
      for (const leak of leaksIn(text)) problems.push(`${name}: ${leak} in ${text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    console.info(`M1: ${cases.length} malformed inputs (JSON, zod, multipart) -> 4xx, 0 leaks`);
  });
});
