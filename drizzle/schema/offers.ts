import { datetime, index, json, mysqlEnum, mysqlTable, text, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { REFINANCE_STATUSES } from '../../src/shared/constants';
import { now, cents } from './columns';
import type { OfferDisclosureDto, OfferOptionDto } from '../../src/shared/schemas/offers';
import { applications } from './applications';
import { loans } from './loans';
import { users } from './users';

// Offers: the electronic signature of an accepted offer, and requests for a lower weekly payment.

export const offerSignatures = mysqlTable(
  'offer_signatures',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    // One signature per application, like one loan per application: a second acceptance cannot sign twice.
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id),
    loanId: varchar('loan_id', { length: 36 })
      .notNull()
      .references(() => loans.id),
    // The typed name is the signature itself (E-SIGN Act): kept as typed, trimmed.
    fullName: varchar('full_name', { length: 200 }).notNull(),
    consentedAt: datetime('consented_at', { fsp: 3 }).notNull(),
    ip: varchar('ip', { length: 45 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }),
    // The option and the summary exactly as shown and hashed; the hash is recomputed from the same fields.
    option: json('option').$type<OfferOptionDto>().notNull(),
    summary: json('summary').$type<OfferDisclosureDto>().notNull(),
    summaryHash: varchar('summary_hash', { length: 64 }).notNull(),
    signedAt: datetime('signed_at', { fsp: 3 }).notNull().$defaultFn(now),
  },
  (t) => [
    uniqueIndex('offer_signatures_application_uq').on(t.applicationId),
    index('offer_signatures_user_idx').on(t.userId),
  ],
);

export const lowerPaymentRequests = mysqlTable(
  'lower_payment_requests',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id),
    loanId: varchar('loan_id', { length: 36 })
      .notNull()
      .references(() => loans.id),
    requestedWeeklyPaymentCents: cents('requested_weekly_payment_cents').notNull(),
    reason: text('reason').notNull(),
    status: mysqlEnum('status', REFINANCE_STATUSES).notNull().default('open'),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [
    index('lower_payment_requests_loan_idx').on(t.loanId, t.createdAt),
    index('lower_payment_requests_user_idx').on(t.userId, t.createdAt),
  ],
);
