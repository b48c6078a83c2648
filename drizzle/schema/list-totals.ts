import { bigint, int, mysqlEnum, mysqlTable, primaryKey, tinyint } from 'drizzle-orm/mysql-core';
import { APPLICATION_STATUSES, LOAN_STATUSES } from '../../src/shared/constants';

// The back office's header cards and list totals, kept by the database's triggers in the same transaction as the
// change (migration list_totals), so a read equals a count of the rows at that moment. Each figure is spread over
// TOTAL_SLOTS rows (the row id's CRC32 picks one) so that concurrent writers rarely wait on the same row; a reader
// sums the slots.
export const TOTAL_SLOTS = 16;

/** Per application status: how many, what they asked for and what was approved. */
export const applicationStatusTotals = mysqlTable(
  'application_status_totals',
  {
    status: mysqlEnum('status', APPLICATION_STATUSES).notNull(),
    slot: tinyint('slot', { unsigned: true }).notNull(),
    count: int('count').notNull().default(0),
    requestedCents: bigint('requested_cents', { mode: 'number' }).notNull().default(0),
    approvedCents: bigint('approved_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/** Per stored loan status: how many, what they were sold for and what they have paid (loans.paid_cents). */
export const loanStatusTotals = mysqlTable(
  'loan_status_totals',
  {
    status: mysqlEnum('status', LOAN_STATUSES).notNull(),
    slot: tinyint('slot', { unsigned: true }).notNull(),
    count: int('count').notNull().default(0),
    purchasedCents: bigint('purchased_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);
