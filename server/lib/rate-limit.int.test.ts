import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../drizzle/schema/index';
import type { Db } from '../db';
import { sha256Hex } from './crypto';
import { getTestDeps } from '../test/harness';
import { createRateLimiter, type Limit } from './rate-limit';

// Leased counting: a limit with `lease` takes its hits from the database in blocks and hands them out in
// the process. It must admit exactly what per-hit counting admits in one process, never more across processes, and
// see a window that ended in the database at once.

const leased = (max: number): Limit => ({
  name: `lease-test-${randomUUID().slice(0, 8)}`,
  max,
  windowSeconds: 60,
  lease: 10,
});
const keyOf = (limit: Limit, subject: string) => `${limit.name}:${sha256Hex(subject.toLowerCase())}`;

/** The database as the limiter uses it, counting the statements it runs. */
function countingDb(db: Db) {
  const counter = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === 'execute' || property === 'select') {
        return (...args: unknown[]) => {
          counter.statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, counter };
}

async function storedCount(db: Db, limit: Limit, subject: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, keyOf(limit, subject)));
  return row?.count ?? 0;
}

describe('leased rate limits', () => {
  it('admits exactly the limit under 60 parallel hits, with one database round trip per block', async () => {
    const { db } = await getTestDeps();
    const counted = countingDb(db);
    const limiter = createRateLimiter(counted.db);
    const limit = leased(25);
    const subject = randomUUID();
    const results = await Promise.all(Array.from({ length: 60 }, () => limiter.hit(limit, subject)));
    const allowed = results.filter((result) => result.allowed).length;
    expect(allowed).toBe(25);
    for (const result of results.filter((item) => !item.allowed)) {
      expect(result.retryAfterSeconds).toBeGreaterThan(0);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // 25 admitted hits took 3 blocks (an upsert each, and a read of the window's end for a block that did not open
    // it), against 25 upserts counted one by one; each refusal asks the database again (upsert, window end).
    const refusals = 60 - allowed;
    expect(counted.counter.statements).toBeLessThanOrEqual(2 * 3 + 2 * refusals);
    console.info(
      `leased limit: 60 parallel hits at limit 25 -> ${allowed} admitted, ${refusals} refused; ` +
        `${counted.counter.statements} statements (per-hit counting: ${60 + refusals})`,
    );
  });

  it('never admits more than the limit across two processes sharing the database', async () => {
    const { db } = await getTestDeps();
    const first = createRateLimiter(db);
    const second = createRateLimiter(db);
    const limit = leased(37);
    const subject = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, n) => (n % 2 === 0 ? first : second).hit(limit, subject)),
    );
    const allowed = results.filter((result) => result.allowed).length;
    // Blocks one process took and did not use count against the subject: stricter, never looser.
    expect(allowed).toBeLessThanOrEqual(37);
    expect(allowed).toBeGreaterThanOrEqual(37 - 2 * 9);
  });

  it('sees a window that ended in the database at once, and keeps unused hits of a block for the window', async () => {
    const { db } = await getTestDeps();
    const limiter = createRateLimiter(db);
    const limit = leased(12);
    const subject = randomUUID();
    for (let n = 0; n < 12; n += 1) expect((await limiter.hit(limit, subject)).allowed).toBe(true);
    expect((await limiter.hit(limit, subject)).allowed).toBe(false);
    // Two blocks were taken for the 12 admitted hits (and one more for the refusal).
    expect(await storedCount(db, limit, subject)).toBe(30);

    await db
      .update(rateLimitCounters)
      .set({ resetAt: sql`UTC_TIMESTAMP(3) - INTERVAL 1 SECOND` })
      .where(eq(rateLimitCounters.key, keyOf(limit, subject)));
    expect((await limiter.hit(limit, subject)).allowed).toBe(true);
    // A fresh window with one block; the next 9 hits come from it without touching the row.
    expect(await storedCount(db, limit, subject)).toBe(10);
    for (let n = 0; n < 9; n += 1) expect((await limiter.hit(limit, subject)).allowed).toBe(true);
    expect(await storedCount(db, limit, subject)).toBe(10);
  });

  it('forgets a subject it was told to reset', async () => {
    const { db } = await getTestDeps();
    const limiter = createRateLimiter(db);
    const limit = leased(3);
    const subject = randomUUID();
    for (let n = 0; n < 3; n += 1) await limiter.hit(limit, subject);
    expect((await limiter.hit(limit, subject)).allowed).toBe(false);
    await limiter.reset(limit, subject);
    expect((await limiter.hit(limit, subject)).allowed).toBe(true);
  });
});
