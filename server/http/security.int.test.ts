import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, sessionCookieFor, startTestServer, testDirs, uniqueIp, type TestServer } from '../test/harness';
import { headerProblems, REQUIRED_HEADERS } from '../test/security/headers';

let server: TestServer;
beforeAll(async () => {
  // A minimal client build, so pages, the SPA fallback and a hashed static asset are served as in production.
  const distDir = mkdtempSync(path.join(testDirs().varDir, 'dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Summit Funding</title><div id="root"></div>');
  writeFileSync(path.join(distDir, 'assets', 'app-Bx9f3kQ1.js'), 'console.log(1);');
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server.close();
});

describe('security headers (H1)', () => {
  it('every route class carries the required headers and no X-Powered-By', async () => {
    const client = await insertUser();
    const cookie = await sessionCookieFor(client);
    const cases: Array<[string, Promise<Response>]> = [
      ['page', server.request('/')],
      ['apply page', server.request('/apply')],
      ['admin page', server.request('/admin')],
      ['reset page', server.request('/reset-password?token=abc')],
      ['static asset', server.request('/assets/app-Bx9f3kQ1.js')],
      ['api 200', server.request('/api/auth/user', { cookie })],
      ['api 401', server.request('/api/auth/user')],
      ['api 400', server.request('/api/client/login', { body: {} })],
      ['api 403', server.request('/api/client/login', { origin: 'https://evil.example', body: {} })],
      ['api 404', server.request('/api/nothing-here')],
      ['api 413', server.request('/api/client/login', { body: { email: 'a'.repeat(2 * 1024 * 1024), password: 'x' } })],
      ['trpc', server.request('/trpc/auth.current')],
    ];
    // 429: one address past the mailing-list limit (5 an hour).
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1)
      await server.request('/api/email-signup', { ip, body: { email: `h1-${i}@example.test` } });
    cases.push(['api 429', server.request('/api/email-signup', { ip, body: { email: 'h1-x@example.test' } })]);
    let checked = 0;
    const expectedStatus: Record<string, number> = {
      'api 413': 413,
      'api 429': 429,
      'static asset': 200,
      'apply page': 200,
    };
    for (const [name, pending] of cases) {
      const response = await pending;
      if (expectedStatus[name]) expect(response.status, name).toBe(expectedStatus[name]);
      expect(headerProblems(response, { api: name.startsWith('api') || name === 'trpc' }), name).toEqual([]);
      checked += Object.keys(REQUIRED_HEADERS).length;
      if (name === 'static asset') expect(response.headers.get('cache-control'), name).toMatch(/immutable/);
    }
    expect((await server.request('/reset-password?token=abc')).headers.get('referrer-policy')).toBe('no-referrer');
    console.info(
      `H1: ${cases.length} route classes x ${Object.keys(REQUIRED_HEADERS).length} headers = ${checked} checks, 0 missing`,
    );
  });

  it('does not serve dot-files or server sources, and refuses TRACE', async () => {
    for (const pathName of [
      '/.git/config',
      '/.env',
      '/server/main.ts',
      '/node_modules/react/package.json',
      '/drizzle/schema/users.ts',
    ]) {
      expect((await server.request(pathName)).status, pathName).toBe(404);
    }
    // fetch refuses to send TRACE, so use node:http directly.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/`, { method: 'TRACE' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(405);
  });
});

describe('request caps (I2)', () => {
  it('refuses a tRPC batch of more than 10 calls', async () => {
    const paths = Array.from({ length: 11 }, () => 'auth.current').join(',');
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { json: null }]))),
    );
    const response = await server.request(`/trpc/${paths}?batch=1&input=${input}`);
    expect(response.status).toBe(400);
    const ok = await server.request(
      `/trpc/auth.current,auth.current?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }))}`,
    );
    expect(ok.status).toBe(200);
  });

  it('answers 413 to a JSON body over 1 MiB, on REST and tRPC', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 10), password: 'x' });
    const rest = await fetch(`${server.url}/api/client/login`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: big,
    });
    expect(rest.status).toBe(413);
    const trpc = await fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: big,
    });
    expect(trpc.status).toBe(413);
  });

  it('refuses duplicate query parameters', async () => {
    const response = await server.request('/api/login?returnTo=%2Fa&returnTo=%2Fb');
    expect(response.status).toBe(400);
  });
});

describe('error bodies (M1)', () => {
  const LEAKS = [/\s+at\s+\S+\s+\(/, /\/work\//, /node_modules/, /\bSELECT\b|\bINSERT\b/i, /ER_[A-Z_]+/];

  it('malformed input never yields a stack, a path or SQL', async () => {
    const bodies: Array<[string, Response]> = [
      [
        'malformed json',
        await fetch(`${server.url}/api/client/login`, {
          method: 'POST',
          headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
          body: '{"email": ',
        }),
      ],
      [
        'proto pollution',
        await fetch(`${server.url}/api/client/login`, {
          method: 'POST',
          headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
          body: '{"__proto__": {"x": 1}, "email": "a@b.co", "password": "x"}',
        }),
      ],
      [
        'wrong types',
        await server.request('/api/client/register', {
          body: { firstName: 5, lastName: [], email: {}, password: null },
        }),
      ],
      [
        'text/plain json',
        await fetch(`${server.url}/api/client/login`, {
          method: 'POST',
          headers: { Origin: 'http://localhost:3000', 'Content-Type': 'text/plain' },
          body: '{"email":"a@b.co","password":"x"}',
        }),
      ],
      ['trpc bad input', await server.request('/trpc/auth.login', { body: { json: { email: 12 } } })],
      ['trpc unknown procedure', await server.request('/trpc/nope.nothing')],
    ];
    for (const [name, response] of bodies) {
      expect(response.status, name).toBeGreaterThanOrEqual(400);
      expect(response.status, name).toBeLessThan(500);
      const text = await response.text();
      for (const leak of LEAKS) expect(text, `${name} leaks ${leak}`).not.toMatch(leak);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
