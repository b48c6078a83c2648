import { datetime, index, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { applications } from './applications';
import { now } from './columns';

/**
 * One-time claims of an anonymous application by an account. `browser`: the httpOnly cookie the submission answer
 * sets (one hour), for the wizard's create-account step. `link`: the emailed link (14 days). Only the SHA-256 of the
 * token is stored; `email` is the applicant's, lower-cased: only an account with that email may claim. Expired
 * claims are swept (`sweepClaims`).
 */
export const applicationClaims = mysqlTable(
  'application_claims',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: mysqlEnum('kind', ['browser', 'link']).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    expiresAt: datetime('expires_at').notNull(),
    usedAt: datetime('used_at'),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [
    index('application_claims_application_idx').on(t.applicationId),
    index('application_claims_email_idx').on(t.email),
    // The sweep removes expired claims oldest first.
    index('application_claims_expires_idx').on(t.expiresAt),
  ],
);
