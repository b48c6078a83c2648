import { eq, lt, sql } from 'drizzle-orm';
import type { ResultSetHeader } from 'mysql2';
import { rateLimitCounters } from '../../drizzle/schema/index';
import type { Db } from '../db';
import { sha256Hex } from './crypto';
import { asUtcDate } from './dates';
import { AppError } from './errors';

/**
 * `lease`: hits taken from the database in blocks of this size and counted out in this process (see hitLeased). For
 * a limit checked on every request of a busy path; the others count each hit with one upsert.
 */
export type Limit = { name: string; max: number; windowSeconds: number; lease?: number };

// The limits are listed with their reasons in docs/security.md I1.
export const LIMITS = {
  loginIp: { name: 'login-ip', max: 10, windowSeconds: 600 },
  loginAccount: { name: 'login-acct', max: 10, windowSeconds: 900 },
  totpUser: { name: 'totp-user', max: 5, windowSeconds: 1800 },
  forgotEmail: { name: 'forgot-email', max: 3, windowSeconds: 3600 },
  forgotIp: { name: 'forgot-ip', max: 10, windowSeconds: 3600 },
  claimResendEmail: { name: 'claim-resend-email', max: 3, windowSeconds: 3600 },
  claimResendIp: { name: 'claim-resend-ip', max: 5, windowSeconds: 3600 },
  resetIp: { name: 'reset-ip', max: 10, windowSeconds: 900 },
  registerIp: { name: 'register-ip', max: 5, windowSeconds: 3600 },
  signupIp: { name: 'signup-ip', max: 5, windowSeconds: 3600 },
  signupEmail: { name: 'signup-email', max: 1, windowSeconds: 86_400 },
  contactIp: { name: 'contact-ip', max: 5, windowSeconds: 3600 },
  applyIp: { name: 'apply-ip', max: 5, windowSeconds: 3600 },
  applyAccount: { name: 'apply-acct', max: 3, windowSeconds: 86_400 },
  documentUploadAccount: { name: 'doc-upload-acct', max: 20, windowSeconds: 3600 },
  chatIp: { name: 'chat-ip', max: 30, windowSeconds: 60 },
  guardStatus: { name: 'guard-status', max: 60, windowSeconds: 60 },
  adminSession: { name: 'admin', max: 300, windowSeconds: 60, lease: 10 },
} satisfies Record<string, Limit>;

export type RateLimiter = {
  /** Counts one hit; true while within the limit. Atomic across instances (one upsert statement). */
  hit: (limit: Limit, subject: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Counts one hit and throws RATE_LIMITED past the limit. */
  consume: (limit: Limit, subject: string) => Promise<void>;
  /** True when the subject's next hit would be refused, without counting (a read: no row is written). */
  isBlocked: (limit: Limit, subject: string) => Promise<{ blocked: boolean; retryAfterSeconds: number }>;
  reset: (limit: Limit, subject: string) => Promise<void>;
  /** Gives back one hit counted by `hit` (an attempt reserved up front that turned out not to count). */
  refund: (limit: Limit, subject: string) => Promise<void>;
  sweep: () => Promise<void>;
};

/** Leases kept before ended or used-up ones are dropped (one per active subject of a leased limit). */
const MAX_LEASES = 10_000;

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again later.';

export function createRateLimiter(db: Db, multiplier = 1): RateLimiter {
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${sha256Hex(subject.toLowerCase())}`;
  const maxOf = (limit: Limit) => Math.max(1, Math.floor(limit.max * multiplier));

  /** Adds `hits` to the subject's counter in one statement and answers the new count (the window may restart). */
  async function add(key: string, limit: Limit, hits: number): Promise<{ count: number; resetAt: Date }> {
    const resetAt = new Date(Date.now() + limit.windowSeconds * 1000);
    // LAST_INSERT_ID(expr) hands the new count back in the same statement: exact under concurrency.
    const [result] = (await db.execute(sql`
      INSERT INTO ${rateLimitCounters} (\`key\`, \`count\`, reset_at) VALUES (${key}, ${hits}, ${resetAt})
      ON DUPLICATE KEY UPDATE
        \`count\` = LAST_INSERT_ID(IF(reset_at <= UTC_TIMESTAMP(3), ${hits}, \`count\` + ${hits})),
        reset_at = IF(reset_at <= UTC_TIMESTAMP(3), VALUES(reset_at), reset_at)
    `)) as unknown as [ResultSetHeader];
    return { count: result.affectedRows === 1 ? hits : Number(result.insertId), resetAt };
  }

  async function hit(limit: Limit, subject: string) {
    if ((limit.lease ?? 1) > 1) return hitLeased(limit, subject);
    const key = keyOf(limit, subject);
    const { count } = await add(key, limit, 1);
    if (count <= maxOf(limit)) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: await secondsLeft(key, limit) };
  }

  // Leased counting (the admin limit is checked on every back-office request, and its upsert was one of the
  // three database round trips of each). A block of `lease` hits is added to the counter at once, and this process
  // hands them out one by one until the block is used up or its window ends. In one process that admits exactly
  // what counting each hit would: the hits of a block are numbered, and only numbers up to the limit pass. A refusal
  // is never answered from a block: it goes to the database again, so a window that has ended there is seen at once.
  // With several processes, hits a process has taken but not used count against the subject: stricter, never
  // looser. A block's window end is the counter's, read once per block.
  type Lease = { next: number; last: number; resetAtMs: number };
  const leases = new Map<string, Lease>();
  const leasing = new Map<string, Promise<void>>();

  async function hitLeased(limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const key = keyOf(limit, subject);
    const max = maxOf(limit);
    for (;;) {
      const lease = leases.get(key);
      if (lease && lease.next <= lease.last && lease.next <= max && Date.now() < lease.resetAtMs) {
        lease.next += 1;
        return { allowed: true, retryAfterSeconds: 0 };
      }
      // One block at a time per subject: concurrent requests wait for it and take their numbers from it.
      const pending = leasing.get(key);
      if (pending) {
        await pending;
        continue;
      }
      let refused = false;
      const taking = (async () => {
        leases.delete(key);
        const block = limit.lease ?? 1;
        const { count, resetAt } = await add(key, limit, block);
        const first = count - block + 1;
        if (first > max) {
          refused = true;
          return;
        }
        // A new window began with this block when the count is the block itself; otherwise read its end.
        const resetAtMs = count === block ? resetAt.getTime() : await windowEnd(key, limit);
        // The first number is this request's.
        leases.set(key, { next: first + 1, last: count, resetAtMs });
        if (leases.size > MAX_LEASES) dropEndedLeases();
      })();
      leasing.set(key, taking);
      try {
        await taking;
      } finally {
        leasing.delete(key);
      }
      if (refused) return { allowed: false, retryAfterSeconds: await secondsLeft(key, limit) };
      return { allowed: true, retryAfterSeconds: 0 };
    }
  }

  function dropEndedLeases() {
    const now = Date.now();
    for (const [key, lease] of leases) if (lease.resetAtMs <= now || lease.next > lease.last) leases.delete(key);
  }

  async function windowEnd(key: string, limit: Limit): Promise<number> {
    const [row] = await db
      .select({ resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    return row ? asUtcDate(row.resetAt).getTime() : Date.now() + limit.windowSeconds * 1000;
  }

  async function secondsLeft(key: string, limit: Limit): Promise<number> {
    return Math.max(1, Math.ceil(((await windowEnd(key, limit)) - Date.now()) / 1000));
  }

  return {
    hit,
    async consume(limit, subject) {
      const { allowed, retryAfterSeconds } = await hit(limit, subject);
      if (!allowed) throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, { retryAfterSeconds });
    },
    async isBlocked(limit, subject) {
      // On the database's clock, like hit(): blocked when the next hit would be over the limit.
      const [rows] = (await db.execute(sql`
        SELECT TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), reset_at) AS leftUs FROM ${rateLimitCounters}
        WHERE \`key\` = ${keyOf(limit, subject)} AND \`count\` >= ${maxOf(limit)} AND reset_at > UTC_TIMESTAMP(3)
      `)) as unknown as [{ leftUs: number | string }[]];
      const row = rows[0];
      if (!row) return { blocked: false, retryAfterSeconds: 0 };
      return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.leftUs) / 1e6)) };
    },
    async reset(limit, subject) {
      leases.delete(keyOf(limit, subject));
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, keyOf(limit, subject)));
    },
    async refund(limit, subject) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`GREATEST(${rateLimitCounters.count} - 1, 0)` })
        .where(eq(rateLimitCounters.key, keyOf(limit, subject)));
    },
    async sweep() {
      dropEndedLeases();
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, new Date()));
    },
  };
}
