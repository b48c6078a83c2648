import { datetime, index, json, mysqlEnum, mysqlTable, text, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import type { AdverseActionNoticeContent } from '../../src/shared/decisions';
import { STAFF_DECISIONS } from '../../src/shared/decisions';
import { applications } from './applications';
import { cents, now } from './columns';
import { users } from './users';

/**
 * Every staff approval or decline with its principal reasons (codes of src/shared/decisions.ts), the applicant-facing
 * sentence for "other", and a staff-only note. Written in the same transaction as the status change; never edited.
 */
export const applicationDecisions = mysqlTable(
  'application_decisions',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    decision: mysqlEnum('decision', STAFF_DECISIONS).notNull(),
    reasons: json('reasons').$type<string[]>().notNull(),
    otherReason: varchar('other_reason', { length: 300 }),
    // Staff only: no client path reads this column.
    note: text('note'),
    requestedAmountCents: cents('requested_amount_cents').notNull(),
    approvedAmountCents: cents('approved_amount_cents'),
    decidedBy: varchar('decided_by', { length: 36 })
      .notNull()
      .references(() => users.id),
    decidedAt: datetime('decided_at').notNull().$defaultFn(now),
  },
  (t) => [index('application_decisions_app_idx').on(t.applicationId, t.decidedAt)],
);

/**
 * The adverse action notice a decline or an unrequested counter-offer produced: its content as it was made (what
 * the email carried and the portal shows) and when the email went out (null until it has).
 */
export const adverseActionNotices = mysqlTable(
  'adverse_action_notices',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    // The staff decision that took the action; empty for the engine's own decline or counter-offer at submission.
    decisionId: varchar('decision_id', { length: 36 }).references(() => applicationDecisions.id, {
      onDelete: 'cascade',
    }),
    kind: mysqlEnum('kind', ['declined', 'counter_offer']).notNull(),
    content: json('content').$type<AdverseActionNoticeContent>().notNull(),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
    sentAt: datetime('sent_at'),
    // The last attempt to email it failed (cleared when a send succeeds): staff see it and may send it again.
    sendFailedAt: datetime('send_failed_at'),
  },
  (t) => [
    uniqueIndex('adverse_action_notices_decision_uq').on(t.decisionId),
    index('adverse_action_notices_app_idx').on(t.applicationId, t.createdAt),
  ],
);
