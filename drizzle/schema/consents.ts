import { boolean, datetime, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { applications } from './applications';

/**
 * What an applicant authorised on the Review step, one row per application, written in the same transaction as
 * the application: the wording's version (src/shared/consents.ts), the time and the address it came from.
 */
export const applicationConsents = mysqlTable('application_consents', {
  applicationId: varchar('application_id', { length: 36 })
    .primaryKey()
    .references(() => applications.id),
  // Verify the business and owner information and make a soft credit inquiry.
  verification: boolean('verification').notNull(),
  // Receive records and sign electronically (the E-Sign Consent page).
  electronicRecords: boolean('electronic_records').notNull(),
  version: varchar('version', { length: 32 }).notNull(),
  agreedAt: datetime('agreed_at', { fsp: 3 }).notNull(),
  ip: varchar('ip', { length: 45 }).notNull(),
});
