import { datetime, index, mysqlEnum, mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { NOTE_SUBJECTS } from '../../src/shared/constants';
import { now } from './columns';
import { users } from './users';

/**
 * Staff-only notes on an application or an applicant (a user). Only the back office reads this table; no client
 * path selects from it. A note is editable by its author for a short while (editedAt), then fixed.
 */
export const staffNotes = mysqlTable(
  'staff_notes',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    subjectType: mysqlEnum('subject_type', NOTE_SUBJECTS).notNull(),
    subjectId: varchar('subject_id', { length: 36 }).notNull(),
    authorId: varchar('author_id', { length: 36 })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
    editedAt: datetime('edited_at'),
  },
  (t) => [index('staff_notes_subject_created_idx').on(t.subjectType, t.subjectId, t.createdAt)],
);
