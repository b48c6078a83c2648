import {
  date,
  datetime,
  index,
  int,
  mysqlEnum,
  mysqlTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/mysql-core';
import { LOAN_STATUSES, REFINANCE_STATUSES } from '../../src/shared/constants';
import { now, cents } from './columns';
import { applications } from './applications';
import { users } from './users';

export const loans = mysqlTable(
  'loans',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    // One loan per application: the unique key makes a second acceptance impossible.
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id),
    principalCents: cents('principal_cents').notNull(),
    purchasedAmountCents: cents('purchased_amount_cents').notNull(),
    factorRateMilli: int('factor_rate_milli').notNull(), // 1.35 -> 1350
    weeklyPaymentCents: cents('weekly_payment_cents').notNull(),
    termWeeks: int('term_weeks').notNull(),
    aprBps: int('apr_bps').notNull(), // estimated APR in basis points
    // Stored status is only for terminal states; current/past_due are derived from schedule and payments.
    status: mysqlEnum('status', LOAN_STATUSES).notNull().default('current'),
    fundedAt: datetime('funded_at').notNull().$defaultFn(now),
    firstPaymentDate: date('first_payment_date', { mode: 'string' }).notNull(),
    // The sum of the loan's payments, kept by the database's triggers on loan_payments (migration 0005), read by the
    // back office's loan list instead of summing per row.
    paidCents: cents('paid_cents').notNull().default(0),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [
    uniqueIndex('loans_application_uq').on(t.applicationId),
    index('loans_user_idx').on(t.userId),
    index('loans_status_idx').on(t.status, t.createdAt),
    // The dashboard's outstanding balance (purchased less paid, current loans) read from the index alone.
    index('loans_status_amounts_idx').on(t.status, t.purchasedAmountCents, t.paidCents),
  ],
);

export const loanSchedule = mysqlTable(
  'loan_schedule',
  {
    loanId: varchar('loan_id', { length: 36 })
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    seq: int('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.seq] })],
);

export const loanPayments = mysqlTable(
  'loan_payments',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    loanId: varchar('loan_id', { length: 36 })
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    recordedBy: varchar('recorded_by', { length: 36 }).references(() => users.id),
    note: varchar('note', { length: 500 }),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [
    index('loan_payments_loan_idx').on(t.loanId, t.paidOn),
    // The dashboard's collections this month: a range of the index alone (on paid_on only, each payment's amount was a
    // read of its row: seconds at 1.5M payments when they were not in memory).
    index('loan_payments_paid_amount_idx').on(t.paidOn, t.amountCents),
  ],
);

export const refinanceRequests = mysqlTable(
  'refinance_requests',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: varchar('user_id', { length: 36 })
      .notNull()
      .references(() => users.id),
    loanId: varchar('loan_id', { length: 36 }).references(() => loans.id),
    requestedAmountCents: cents('requested_amount_cents'),
    reason: text('reason').notNull(),
    status: mysqlEnum('status', REFINANCE_STATUSES).notNull().default('open'),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('refinance_requests_created_idx').on(t.createdAt), index('refinance_requests_user_idx').on(t.userId)],
);
