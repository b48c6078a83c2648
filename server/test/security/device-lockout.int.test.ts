import { describe, expect, it } from 'vitest';
import { insertUser, sessionCookieFor, testServerForFile, type TestUser } from '../harness';
import { freshIp } from './support';

// Account lockout without the denial of service: ten wrong passwords from ten addresses lock the account for
// browsers that have never signed in to it, but a browser that has (it holds a device cookie issued at a successful
// sign-in, bound to that account and authenticated by the server) keeps its own allowance and its owner gets in.

const WRONG = 'Wrong-Pass-123!';
const ACCOUNT_LIMIT = 10;

const server = testServerForFile();

function login(user: TestUser, opts: { password?: string; cookie?: string; ip?: string } = {}) {
  return server.request('/api/client/login', {
    ip: opts.ip ?? freshIp(),
    cookie: opts.cookie,
    body: { email: user.email, password: opts.password ?? user.password },
  });
}

/** The device cookie (name=value) a response set, or ''. */
function deviceCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?device=/.test(value));
  return cookie?.split(';')[0] ?? '';
}

/** Ten wrong passwords, each from its own address, with no cookie: the account is locked for strangers. */
async function lockOut(user: TestUser) {
  for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt++) {
    expect((await login(user, { password: WRONG })).status).toBe(401);
  }
  const stranger = await login(user);
  expect(stranger.status).toBe(429);
  expect(stranger.headers.get('retry-after')).toMatch(/^\d+$/);
}

describe('login lockout with device cookies', () => {
  it('a sign-in sets an HttpOnly device cookie', async () => {
    const user = await insertUser();
    const response = await login(user);
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((value) => /^(__Host-)?device=/.test(value)) ?? '';
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
  });

  it('lets the owner in from a browser that signed in before, while strangers stay locked out', async () => {
    const user = await insertUser();
    const device = deviceCookieOf(await login(user));
    expect(device).not.toBe('');
    await lockOut(user);

    const owner = await login(user, { cookie: device });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ success: true });
    // The owner's sign-in does not lift the lock for everyone else.
    expect((await login(user)).status).toBe(429);
  });

  it('gives no allowance to a cookie of another account, or to a forged or altered one', async () => {
    const victim = await insertUser();
    const attacker = await insertUser();
    const attackerDevice = deviceCookieOf(await login(attacker));
    const victimDevice = deviceCookieOf(await login(victim));
    await lockOut(victim);

    const [name, value] = victimDevice.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const cookie of [attackerDevice, `${name}=forged`, altered]) {
      expect((await login(victim, { cookie })).status).toBe(429);
    }
  });

  it('throttles a trusted browser too, on its own counter', async () => {
    const user = await insertUser();
    const device = deviceCookieOf(await login(user));
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt++) {
      expect((await login(user, { password: WRONG, cookie: device })).status).toBe(401);
    }
    expect((await login(user, { cookie: device })).status).toBe(429);
    // Its failures were its own: a browser without the cookie is not locked out by them.
    expect((await login(user)).status).toBe(200);
  });
});

describe('malformed cookies', () => {
  it('answers a request whose cookies carry broken escapes as if they were absent, never with a 500', async () => {
    const user = await insertUser();
    for (const cookie of ['device=%E0%A4%A', 'visitor=%zz', 'session=%E0%A4%A', 'other=%']) {
      expect((await server.request('/api/auth/user', { cookie })).status).toBe(401);
      expect((await login(user, { cookie })).status).toBe(200);
    }
    // A valid session stays valid next to a broken cookie.
    const session = await sessionCookieFor(user);
    expect((await server.request('/api/auth/user', { cookie: `other=%zz; ${session}` })).status).toBe(200);
  });
});
