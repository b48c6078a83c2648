import { bigint, boolean, datetime, index, int, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { now } from './columns';
import { ROLES } from '../../src/shared/constants';

export const users = mysqlTable(
  'users',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull().unique(), // stored lower-cased
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    businessName: varchar('business_name', { length: 200 }).notNull().default(''),
    role: mysqlEnum('role', ROLES).notNull().default('client'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: datetime('email_verified_at'),
    // TOTP secret, encrypted (AES-256-GCM); null until enrolment completes.
    totpSecretEnc: varchar('totp_secret_enc', { length: 255 }),
    totpPendingEnc: varchar('totp_pending_enc', { length: 255 }),
    // Last accepted TOTP time step: a code is single use within its window.
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: datetime('last_login_at'),
    // The account's applications, all and in progress (pending, review, approved): kept by the database's triggers on
    // applications (migration 0005), read by the back office's applicants list instead of counting per row.
    applicationCount: int('application_count').notNull().default(0),
    activeApplicationCount: int('active_application_count').notNull().default(0),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
    updatedAt: datetime('updated_at').notNull().$defaultFn(now).$onUpdateFn(now),
  },
  (t) => [
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_last_name_idx').on(t.lastName),
    index('users_business_idx').on(t.businessName),
  ],
);

export const recoveryCodes = mysqlTable(
  'recovery_codes',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: datetime('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const sessions = mysqlTable(
  'sessions',
  {
    // SHA-256 (hex) of the cookie token; the token itself is never stored.
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: datetime('expires_at').notNull(),
    // Absolute lifetime cap on top of lucia's sliding expiry (docs/product.md 2).
    absoluteExpiresAt: datetime('absolute_expires_at').notNull(),
    // Sliding idle window: 30 minutes for staff, 7 days for clients.
    idleSeconds: int('idle_seconds').notNull(),
    // Staff rights need the second factor; a password-only staff session has none.
    mfaVerified: boolean('mfa_verified').notNull().default(false),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = mysqlTable(
  'password_reset_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: datetime('expires_at').notNull(),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
