import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, jsonRequest, sessionCookieFor, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const REQUIRED_HEADERS: Record<string, RegExp> = {
  'strict-transport-security': /max-age=(\d{8,}); includeSubDomains/,
  'content-security-policy': /object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/s,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^(strict-origin-when-cross-origin|no-referrer)$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'permissions-policy': /camera=\(\)/,
};

describe('security headers (H1)', () => {
  it('every route class carries the required headers and no X-Powered-By', async () => {
    const client = await insertUser();
    const cookie = await sessionCookieFor(client);
    const cases: Array<[string, Promise<Response>]> = [
      ['page', jsonRequest(server.url, '/')],
      ['reset page', jsonRequest(server.url, '/reset-password?token=abc')],
      ['api 200', jsonRequest(server.url, '/api/auth/user', { cookie })],
      ['api 401', jsonRequest(server.url, '/api/auth/user')],
      ['api 400', jsonRequest(server.url, '/api/client/login', { body: {} })],
      ['api 403', jsonRequest(server.url, '/api/client/login', { origin: 'https://evil.example', body: {} })],
      ['api 404', jsonRequest(server.url, '/api/nothing-here')],
      ['trpc', jsonRequest(server.url, '/trpc/auth.current')],
    ];
    let checked = 0;
    for (const [name, pending] of cases) {
      const response = await pending;
      for (const [header, pattern] of Object.entries(REQUIRED_HEADERS)) {
        expect(response.headers.get(header) ?? '', `${name}: ${header}`).toMatch(pattern);
        checked += 1;
      }
      expect(response.headers.get('x-powered-by'), name).toBeNull();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(/script-src[^;]*'unsafe-inline'/.test(csp), `${name}: inline scripts allowed`).toBe(false);
      if (name.startsWith('api') || name === 'trpc') expect(response.headers.get('cache-control'), name).toBe('no-store');
    }
    expect((await jsonRequest(server.url, '/reset-password?token=abc')).headers.get('referrer-policy')).toBe('no-referrer');
    console.info(`H1: ${cases.length} route classes x ${Object.keys(REQUIRED_HEADERS).length} headers = ${checked} checks, 0 missing`);
  });

  it('does not serve dot-files or server sources, and refuses TRACE', async () => {
    for (const pathName of ['/.git/config', '/.env', '/server/main.ts', '/node_modules/react/package.json', '/drizzle/schema/users.ts']) {
      expect((await jsonRequest(server.url, pathName)).status, pathName).toBe(404);
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
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { json: null }]))));
    const response = await jsonRequest(server.url, `/trpc/${paths}?batch=1&input=${input}`);
    expect(response.status).toBe(400);
    const ok = await jsonRequest(server.url, `/trpc/auth.current,auth.current?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }))}`);
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
    const response = await jsonRequest(server.url, '/api/login?returnTo=%2Fa&returnTo=%2Fb');
    expect(response.status).toBe(400);
  });
});

describe('error bodies (M1)', () => {
  const LEAKS = [/\s+at\s+\S+\s+\(/, /\/work\//, /node_modules/, /\bSELECT\b|\bINSERT\b/i, /ER_[A-Z_]+/];

  it('malformed input never yields a stack, a path or SQL', async () => {
    const bodies: Array<[string, Response]> = [
      ['malformed json', await fetch(`${server.url}/api/client/login`, { method: 'POST', headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' }, body: '{"email": ' })],
      ['proto pollution', await fetch(`${server.url}/api/client/login`, { method: 'POST', headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' }, body: '{"__proto__": {"x": 1}, "email": "a@b.co", "password": "x"}' })],
      ['wrong types', await jsonRequest(server.url, '/api/client/register', { body: { firstName: 5, lastName: [], email: {}, password: null } })],
      ['text/plain json', await fetch(`${server.url}/api/client/login`, { method: 'POST', headers: { Origin: 'http://localhost:3000', 'Content-Type': 'text/plain' }, body: '{"email":"a@b.co","password":"x"}' })],
      ['trpc bad input', await jsonRequest(server.url, '/trpc/auth.login', { body: { json: { email: 12 } } })],
      ['trpc unknown procedure', await jsonRequest(server.url, '/trpc/nope.nothing')],
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
