import { eq, lt, sql } from 'drizzle-orm';
import type { ResultSetHeader } from 'mysql2';
import { rateLimitCounters } from '../../drizzle/schema/index';
import type { Db } from '../db';
import { sha256Hex } from '../lib/crypto';
import { asUtcDate } from '../lib/dates';
import { AppError } from '../trpc/errors';

export type Limit = { name: string; max: number; windowSeconds: number };

// Proposed values of SECURITY.md §2-I.
export const LIMITS = {
  loginIp: { name: 'login-ip', max: 10, windowSeconds: 600 },
  loginAccount: { name: 'login-acct', max: 10, windowSeconds: 900 },
  totpUser: { name: 'totp-user', max: 5, windowSeconds: 1800 },
  forgotEmail: { name: 'forgot-email', max: 3, windowSeconds: 3600 },
  forgotIp: { name: 'forgot-ip', max: 10, windowSeconds: 3600 },
  resetIp: { name: 'reset-ip', max: 10, windowSeconds: 900 },
  registerIp: { name: 'register-ip', max: 5, windowSeconds: 3600 },
  signupIp: { name: 'signup-ip', max: 5, windowSeconds: 3600 },
  signupEmail: { name: 'signup-email', max: 1, windowSeconds: 86_400 },
  contactIp: { name: 'contact-ip', max: 5, windowSeconds: 3600 },
  applyIp: { name: 'apply-ip', max: 5, windowSeconds: 3600 },
  applyAccount: { name: 'apply-acct', max: 3, windowSeconds: 86_400 },
  chatIp: { name: 'chat-ip', max: 30, windowSeconds: 60 },
  guardStatus: { name: 'guard-status', max: 60, windowSeconds: 60 },
  adminSession: { name: 'admin', max: 300, windowSeconds: 60 },
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

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again later.';

export function createRateLimiter(db: Db, multiplier = 1): RateLimiter {
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${sha256Hex(subject.toLowerCase())}`;
  const maxOf = (limit: Limit) => Math.max(1, Math.floor(limit.max * multiplier));

  async function hit(limit: Limit, subject: string) {
    const key = keyOf(limit, subject);
    const resetAt = new Date(Date.now() + limit.windowSeconds * 1000);
    // LAST_INSERT_ID(expr) hands the new count back in the same statement: exact under concurrency.
    const [result] = (await db.execute(sql`
      INSERT INTO ${rateLimitCounters} (\`key\`, \`count\`, reset_at) VALUES (${key}, 1, ${resetAt})
      ON DUPLICATE KEY UPDATE
        \`count\` = LAST_INSERT_ID(IF(reset_at <= UTC_TIMESTAMP(3), 1, \`count\` + 1)),
        reset_at = IF(reset_at <= UTC_TIMESTAMP(3), VALUES(reset_at), reset_at)
    `)) as unknown as [ResultSetHeader];
    const count = result.affectedRows === 1 ? 1 : Number(result.insertId);
    if (count <= maxOf(limit)) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: await secondsLeft(key, limit) };
  }

  async function secondsLeft(key: string, limit: Limit): Promise<number> {
    const [row] = await db
      .select({ resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    if (!row) return limit.windowSeconds;
    const resetAt = asUtcDate(row.resetAt).getTime();
    return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
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
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, keyOf(limit, subject)));
    },
    async refund(limit, subject) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`GREATEST(${rateLimitCounters.count} - 1, 0)` })
        .where(eq(rateLimitCounters.key, keyOf(limit, subject)));
    },
    async sweep() {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, new Date()));
    },
  };
}
