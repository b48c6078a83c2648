import {
  bigint,
  datetime,
  index,
  int,
  json,
  mysqlEnum,
  mysqlTable,
  text,
  tinyint,
  varchar,
} from 'drizzle-orm/mysql-core';
import { now } from './columns';
import { GUARD_STATES } from '../../src/shared/constants';

export const emailSignups = mysqlTable('email_signups', {
  id: varchar('id', { length: 36 }).primaryKey(),
  email: varchar('email', { length: 254 }).notNull().unique(), // lower-cased: one row per address
  createdAt: datetime('created_at').notNull().$defaultFn(now),
});

export const contactMessages = mysqlTable(
  'contact_messages',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    company: varchar('company', { length: 200 }),
    message: text('message').notNull(),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const chatGuardSessions = mysqlTable(
  'chat_guard_sessions',
  {
    // SHA-256 of the visitor cookie token.
    id: varchar('id', { length: 64 }).primaryKey(),
    ip: varchar('ip', { length: 45 }).notNull(),
    state: mysqlEnum('state', GUARD_STATES).notNull().default('NORMAL'),
    count: int('count').notNull().default(0),
    totalViolations: int('total_violations').notNull().default(0),
    lastMessageHash: varchar('last_message_hash', { length: 64 }),
    windowStartedAt: datetime('window_started_at', { fsp: 3 }),
    muteUntil: datetime('mute_until', { fsp: 3 }),
    nonceHash: varchar('nonce_hash', { length: 64 }),
    challengeQuestion: varchar('challenge_question', { length: 40 }),
    challengeAnswer: int('challenge_answer'),
    challengeExpiresAt: datetime('challenge_expires_at', { fsp: 3 }),
    challengeAttempts: int('challenge_attempts').notNull().default(0),
    lastActivity: datetime('last_activity', { fsp: 3 }).notNull().$defaultFn(now),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('chat_guard_sessions_ip_idx').on(t.ip, t.state)],
);

export const rateLimitCounters = mysqlTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 191 }).primaryKey(),
    count: int('count').notNull(),
    resetAt: datetime('reset_at', { fsp: 3 }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

export const auditLog = mysqlTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).autoincrement().primaryKey(),
    at: datetime('at', { fsp: 3 }).notNull().$defaultFn(now),
    actorId: varchar('actor_id', { length: 36 }),
    actorRole: varchar('actor_role', { length: 20 }),
    action: varchar('action', { length: 60 }).notNull(),
    targetType: varchar('target_type', { length: 40 }),
    targetId: varchar('target_id', { length: 64 }),
    outcome: mysqlEnum('outcome', ['success', 'failure']).notNull().default('success'),
    ip: varchar('ip', { length: 45 }),
    // Before/after and other facts; never PII values.
    detail: json('detail'),
    prevHash: varchar('prev_hash', { length: 64 }),
    rowHash: varchar('row_hash', { length: 64 }).notNull(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * The head of the audit hash chain: one row (id 1) holding the last row_hash. Every append locks it by primary key
 * (a record lock, no gap lock), so concurrent transactions append one after another instead of deadlocking on the
 * newest audit_log row. The migration that creates it seeds it from the existing chain.
 */
export const auditChainHead = mysqlTable('audit_chain_head', {
  id: tinyint('id').primaryKey(),
  lastHash: varchar('last_hash', { length: 64 }),
});
