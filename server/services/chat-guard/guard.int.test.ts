import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatGuardSessions } from '../../../drizzle/schema/index';
import {
  chatBlockedSchema,
  chatReplySchema,
  guardStatusSchema,
  verifyResultSchema,
  type ChatReplyDto,
} from '../../../src/shared/schemas/chat-guard';
import { sha256Hex } from '../../lib/crypto';
import { callerFor, getTestDeps, startTestServer, uniqueIp, type TestServer } from '../../test/harness';
import { LIMITS } from '../../lib/rate-limit';
import { hashNonce } from './challenge';
import { CHAT_RATE_LIMIT_MESSAGE } from './guard';

let serverA: TestServer;
let serverB: TestServer;

beforeAll(async () => {
  // Two instances on one database: nothing of the guard may live in process memory.
  serverA = await startTestServer();
  serverB = await startTestServer();
});

afterAll(async () => {
  await serverA.close();
  await serverB.close();
});

/** One browser: a cookie jar and a client address. */
type Jar = { ip: string; cookie?: string };
const newJar = (ip = uniqueIp()): Jar => ({ ip });

async function call(jar: Jar, path: string, opts: { body?: unknown; server?: TestServer } = {}) {
  const response = await (opts.server ?? serverA).request(path, {
    body: opts.body,
    cookie: jar.cookie,
    ip: jar.ip,
  });
  const visitor = response.headers.getSetCookie().find((cookie) => cookie.startsWith('visitor='));
  if (visitor) jar.cookie = visitor.split(';')[0];
  return response;
}

const chat = (jar: Jar, message: string, server?: TestServer) => call(jar, '/api/chat', { body: { message }, server });
const verify = (jar: Jar, nonce: string, answer: unknown, server?: TestServer) =>
  call(jar, '/api/loop-guard/verify', { body: { nonce, answer }, server });

async function statusOf(jar: Jar, server?: TestServer) {
  const response = await call(jar, '/api/loop-guard/my-status', { server });
  expect(response.status).toBe(200);
  return guardStatusSchema.parse(await response.json()).session;
}

async function reply(response: Response): Promise<ChatReplyDto> {
  expect(response.status).toBe(200);
  return chatReplySchema.parse(await response.json());
}

function answerTo(message: string): number {
  const match = /(\d+) \+ (\d+) = \?/.exec(message);
  if (!match) throw new Error(`no question in ${message}`);
  return Number(match[1]) + Number(match[2]);
}

/** Sends FUND WEEKLY until the challenge opens (3 sends); returns its nonce and answer. */
async function openChallenge(jar: Jar, server?: TestServer) {
  await reply(await chat(jar, 'FUND WEEKLY', server));
  await reply(await chat(jar, 'fund  weekly', server));
  const challenge = await reply(await chat(jar, 'Fund Weekly!', server));
  expect(challenge.response.type).toBe('challenge');
  return { nonce: challenge.metadata.nonce ?? '', answer: answerTo(challenge.response.message) };
}

function sessionIdOf(jar: Jar): string {
  return sha256Hex(jar.cookie?.split('=')[1] ?? '');
}

async function rowOf(jar: Jar) {
  const { db } = await getTestDeps();
  const [row] = await db
    .select()
    .from(chatGuardSessions)
    .where(eq(chatGuardSessions.id, sessionIdOf(jar)));
  return row;
}

describe('POST /api/chat', () => {
  it('answers product questions from the product facts while NORMAL', async () => {
    const jar = newJar();
    const documents = await reply(await chat(jar, 'What documents do I need?'));
    expect(documents).toEqual({
      success: true,
      state: 'NORMAL',
      response: {
        type: 'normal',
        message: expect.stringContaining('bank statements'),
        instructions: null,
        remainingSeconds: null,
      },
      metadata: { nonce: null },
    });
    const unknown = await reply(await chat(jar, 'Who won the football last night?'));
    expect(unknown.response.message).toMatch(/\/apply.*\/contact/);
  });

  it('refuses an empty message and one past 2,000 characters with a clear 400', async () => {
    const jar = newJar();
    const empty = await chat(jar, '   ');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Message cannot be empty');
    const tooLong = await chat(jar, 'x'.repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('Message must be at most 2,000 characters');
    expect((await chat(jar, 'y'.repeat(2000))).status).toBe(200);
  });

  it('opens a challenge on the third repeat with a 160-bit nonce that is stored only as a hash', async () => {
    const jar = newJar();
    const { nonce } = await openChallenge(jar);
    expect(nonce).toMatch(/^[a-z2-7]{32}$/);
    const row = await rowOf(jar);
    expect(row).toMatchObject({ state: 'CHALLENGE', count: 3, nonceHash: hashNonce(nonce), challengeAttempts: 0 });
    expect(JSON.stringify(row)).not.toContain(nonce);
  });

  it('answers 429 {state, nonce, message, retryAfter} with Retry-After while muted, whatever is sent', async () => {
    const jar = newJar();
    await openChallenge(jar);
    const muted = await reply(await chat(jar, 'FUND WEEKLY'));
    expect(muted).toMatchObject({
      state: 'MUTED_15MIN',
      response: { type: 'muted', remainingSeconds: 900 },
      metadata: { nonce: expect.stringMatching(/^[a-z2-7]{32}$/) },
    });
    for (const message of ['FUND WEEKLY', 'What documents do I need?']) {
      const response = await chat(jar, message);
      expect(response.status).toBe(429);
      const body = chatBlockedSchema.parse(await response.json());
      expect(body).toEqual({
        state: 'MUTED_15MIN',
        nonce: expect.stringMatching(/^[a-z2-7]{32}$/),
        message: expect.stringContaining('Temporarily muted'),
        retryAfter: expect.any(Number),
      });
      expect(body.retryAfter).toBeGreaterThan(890);
      expect(body.retryAfter).toBeLessThanOrEqual(900);
      expect(response.headers.get('Retry-After')).toBe(String(body.retryAfter));
    }
    // Every send counted; the different message started a new streak of 1.
    expect(await statusOf(jar)).toMatchObject({ state: 'MUTED_15MIN', count: 1, totalViolations: 1, nonce: null });
  });

  it('lets the session chat again once the mute has expired on the server', async () => {
    const jar = newJar();
    await openChallenge(jar);
    await chat(jar, 'FUND WEEKLY');
    expect((await chat(jar, 'Hello')).status).toBe(429);
    const { db } = await getTestDeps();
    await db
      .update(chatGuardSessions)
      .set({ muteUntil: new Date(Date.now() - 1000) })
      .where(eq(chatGuardSessions.id, sessionIdOf(jar)));
    expect(await reply(await chat(jar, 'Hello'))).toMatchObject({ state: 'NORMAL', response: { type: 'normal' } });
    expect(await statusOf(jar)).toMatchObject({ state: 'NORMAL', totalViolations: 1, remainingMuteSeconds: 0 });
  });

  it('counts 5 parallel sends as 5, ending where 5 spaced sends end (L1)', async () => {
    const parallel = newJar();
    await statusOf(parallel); // the visitor cookie first, as the page does
    const responses = await Promise.all(Array.from({ length: 5 }, () => chat(parallel, 'FUND WEEKLY')));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 429]);

    const spaced = newJar();
    await statusOf(spaced);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await chat(spaced, 'FUND WEEKLY')).status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    const expected = { state: 'MUTED_15MIN', count: 5, totalViolations: 1 };
    expect(await statusOf(parallel)).toMatchObject(expected);
    expect(await statusOf(spaced)).toMatchObject(expected);
  });

  it('caps messages per client address across sessions', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LIMITS.chatIp.max; i += 1) {
      expect((await chat(newJar(ip), `Question number ${i}`)).status).toBe(200);
    }
    const response = await chat(newJar(ip), 'One more question');
    expect(response.status).toBe(429);
    expect(chatBlockedSchema.parse(await response.json())).toMatchObject({
      state: 'NORMAL',
      nonce: null,
      message: CHAT_RATE_LIMIT_MESSAGE,
    });
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('two server instances', () => {
  it('share guard state through the database', async () => {
    const jar = newJar();
    await reply(await chat(jar, 'FUND WEEKLY', serverA));
    await reply(await chat(jar, 'FUND WEEKLY', serverB));
    const third = await reply(await chat(jar, 'FUND WEEKLY', serverA));
    expect(third.state).toBe('CHALLENGE');
    expect(await statusOf(jar, serverB)).toMatchObject({ state: 'CHALLENGE', count: 3 });

    // The nonce issued by A verifies on B, and A sees the result.
    const verified = await verify(jar, third.metadata.nonce ?? '', answerTo(third.response.message), serverB);
    expect(verifyResultSchema.parse(await verified.json())).toMatchObject({ success: true, state: 'NORMAL' });
    expect(await statusOf(jar, serverA)).toMatchObject({ state: 'NORMAL', count: 0 });
  });
});

describe('POST /api/loop-guard/verify', () => {
  it('returns to NORMAL on the right answer, and the nonce works only once', async () => {
    const jar = newJar();
    const { nonce, answer } = await openChallenge(jar);
    const response = await verify(jar, nonce, String(answer));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Verification successful. You can now send messages normally.',
      error: null,
      state: 'NORMAL',
    });
    expect((await reply(await chat(jar, 'What are your rates?'))).response.type).toBe('normal');

    const replay = await verify(jar, nonce, answer);
    expect(replay.status).toBe(400);
    expect(verifyResultSchema.parse(await replay.json())).toMatchObject({
      success: false,
      error: expect.stringContaining('invalid or was already used'),
    });
  });

  it('mutes on a wrong answer; the muted panel can still answer with the same nonce', async () => {
    const jar = newJar();
    const { nonce, answer } = await openChallenge(jar);
    const wrong = await verify(jar, nonce, answer + 1);
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toMatchObject({ success: false, error: 'Incorrect answer', state: 'MUTED_15MIN' });
    const status = await statusOf(jar);
    expect(status).toMatchObject({ state: 'MUTED_15MIN', totalViolations: 1 });
    expect(status.remainingMuteSeconds).toBeGreaterThan(890);
    expect(await (await verify(jar, nonce, answer + 2)).json()).toMatchObject({ success: false, state: 'MUTED_15MIN' });

    // A refused send discloses the open question under a new nonce; only the latest nonce is valid.
    const blocked = await chat(jar, 'Hello');
    expect(blocked.status).toBe(429);
    const { nonce: rotated } = chatBlockedSchema.parse(await blocked.json());
    expect(rotated).not.toBe(nonce);
    expect((await verify(jar, nonce, answer)).status).toBe(400);
    const right = await verify(jar, rotated ?? '', answer);
    expect(await right.json()).toMatchObject({ success: true, state: 'NORMAL' });
    expect((await chat(jar, 'Hello')).status).toBe(200);
  });

  it("refuses another session's nonce", async () => {
    const owner = newJar();
    const other = newJar();
    const { nonce, answer } = await openChallenge(owner);
    await openChallenge(other);
    const stolen = await verify(other, nonce, answer);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ success: false, state: 'CHALLENGE' });
    const noSession = await serverA.request('/api/loop-guard/verify', { body: { nonce, answer } });
    expect(noSession.status).toBe(400);
    // The owner's nonce is unharmed.
    expect(await (await verify(owner, nonce, answer)).json()).toMatchObject({ success: true });
  });

  it('refuses an expired nonce', async () => {
    const jar = newJar();
    const { nonce, answer } = await openChallenge(jar);
    const { db } = await getTestDeps();
    await db
      .update(chatGuardSessions)
      .set({ challengeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(chatGuardSessions.id, sessionIdOf(jar)));
    const response = await verify(jar, nonce, answer);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: expect.stringContaining('expired') });
  });

  it('refuses the 4th attempt and escalates the mute', async () => {
    const jar = newJar();
    const { nonce, answer } = await openChallenge(jar);
    for (const attempt of [1, 2, 3]) {
      const response = await verify(jar, nonce, answer + attempt);
      expect(await response.json()).toMatchObject({ success: false, error: 'Incorrect answer', state: 'MUTED_15MIN' });
    }
    const fourth = await verify(jar, nonce, answer);
    expect(fourth.status).toBe(400);
    expect(await fourth.json()).toMatchObject({ success: false, state: 'MUTED_60MIN' });
    expect(await statusOf(jar)).toMatchObject({ state: 'MUTED_60MIN', totalViolations: 2 });
  });

  it('refuses a malformed request with 400', async () => {
    const jar = newJar();
    expect((await verify(jar, '', 5)).status).toBe(400);
    expect((await verify(jar, 'abc', 'twelve')).status).toBe(400);
  });
});

describe('address hold', () => {
  it('keeps a new cookie jar from the same address muted until the mute is lifted', async () => {
    const ip = uniqueIp();
    const muted = newJar(ip);
    const { nonce, answer } = await openChallenge(muted);
    await verify(muted, nonce, answer + 1);

    const fresh = newJar(ip);
    expect(await statusOf(fresh)).toMatchObject({ state: 'MUTED_15MIN', count: 0 });
    const refused = await chat(fresh, 'What documents do I need?');
    expect(refused.status).toBe(429);
    expect(chatBlockedSchema.parse(await refused.json())).toMatchObject({ state: 'MUTED_15MIN', nonce: null });

    const elsewhere = newJar();
    expect((await chat(elsewhere, 'What documents do I need?')).status).toBe(200);

    await verify(muted, nonce, answer);
    expect(await statusOf(fresh)).toMatchObject({ state: 'NORMAL' });
    expect((await chat(fresh, 'What documents do I need?')).status).toBe(200);
  });

  it('holds a permanent mute for new sessions from that address (L5)', async () => {
    const ip = uniqueIp();
    const bot = newJar(ip);
    // Violation 1: repetition during the challenge. Violations 2 and 3: four answers to a challenge.
    await openChallenge(bot);
    const muted = await reply(await chat(bot, 'FUND WEEKLY'));
    let nonce = muted.metadata.nonce ?? '';
    for (const expected of ['MUTED_60MIN', 'PERMANENTLY_MUTED']) {
      for (let attempt = 0; attempt < 3; attempt += 1) await verify(bot, nonce, -1);
      const fourth = await verify(bot, nonce, -1);
      expect(await fourth.json()).toMatchObject({ state: expected });
      if (expected === 'MUTED_60MIN') {
        // A refused send hands out a fresh question.
        const blocked = chatBlockedSchema.parse(await (await chat(bot, 'FUND WEEKLY')).json());
        nonce = blocked.nonce ?? '';
      }
    }
    expect(await statusOf(bot)).toMatchObject({
      state: 'PERMANENTLY_MUTED',
      totalViolations: 3,
      remainingMuteSeconds: null,
    });
    const permanent = await chat(bot, 'Hello');
    expect(permanent.status).toBe(429);
    expect(await permanent.json()).toEqual({
      state: 'PERMANENTLY_MUTED',
      nonce: null,
      message: 'Permanently muted due to automated behavior',
      retryAfter: null,
    });

    const fresh = newJar(ip);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => chat(fresh, `Question ${i}`)));
    expect(statuses.every((response) => response.status === 429)).toBe(true);
    // The new session inherits the address's escalation history instead of starting over.
    expect(await rowOf(fresh)).toMatchObject({ state: 'NORMAL', totalViolations: 3 });
  });
});

describe('GET /api/loop-guard/my-status', () => {
  it('is read-only: it creates no row and changes nothing', async () => {
    const jar = newJar();
    expect(await statusOf(jar)).toEqual({
      state: 'NORMAL',
      count: 0,
      totalViolations: 0,
      remainingMuteSeconds: 0,
      lastActivity: null,
      nonce: null,
    });
    expect(jar.cookie).toMatch(/^visitor=/);
    expect(await rowOf(jar)).toBeUndefined();

    await chat(jar, 'Hello');
    const before = await rowOf(jar);
    const first = await statusOf(jar);
    await statusOf(jar);
    expect(await rowOf(jar)).toEqual(before);
    expect(first).toMatchObject({ state: 'NORMAL', count: 1, lastActivity: expect.stringMatching(/Z$/) });
  });
});

describe('tRPC procedures', () => {
  it('run the same guard: a muted send is TOO_MANY_REQUESTS with the mute as retry time', async () => {
    const caller = await callerFor(null, { visitorHash: `trpc-${randomUUID()}`, ip: uniqueIp() });
    const types: string[] = [];
    for (let i = 0; i < 4; i += 1) types.push((await caller.chatGuard.send({ message: 'FUND WEEKLY' })).response.type);
    expect(types).toEqual(['normal', 'normal', 'challenge', 'muted']);
    await expect(caller.chatGuard.send({ message: 'FUND WEEKLY' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      cause: { retryAfterSeconds: expect.any(Number) },
    });
    expect(await caller.chatGuard.status()).toMatchObject({ session: { state: 'MUTED_15MIN', count: 5 } });
  });
});
