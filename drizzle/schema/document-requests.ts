import { datetime, index, json, mysqlEnum, mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { DOCUMENT_REQUEST_STATUSES } from '../../src/shared/schemas/document-requests';
import { now } from './columns';
import { applicationDocuments, applications } from './applications';
import { users } from './users';

/**
 * Staff asking an applicant for named documents (docs/product.md 6.7). `documents` is the list of names staff
 * wrote ("the October statement"); the files that answer it are application_documents rows linked below.
 */
export const documentRequests = mysqlTable(
  'document_requests',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    requestedBy: varchar('requested_by', { length: 36 })
      .notNull()
      .references(() => users.id),
    documents: json('documents').$type<string[]>().notNull(),
    message: text('message').notNull(),
    status: mysqlEnum('status', DOCUMENT_REQUEST_STATUSES).notNull().default('open'),
    createdAt: datetime('created_at', { fsp: 3 }).notNull().$defaultFn(now),
    receivedAt: datetime('received_at', { fsp: 3 }),
    // Who cancelled it or marked what came in as reviewed, and when.
    closedBy: varchar('closed_by', { length: 36 }).references(() => users.id),
    closedAt: datetime('closed_at', { fsp: 3 }),
  },
  (t) => [
    index('document_requests_app_status_idx').on(t.applicationId, t.status),
    // The work queue: every request whose documents came in and wait for staff.
    index('document_requests_status_app_idx').on(t.status, t.applicationId),
  ],
);

/** Which stored documents answered which request (one request, several files; a file answers one request). */
export const documentRequestFiles = mysqlTable(
  'document_request_files',
  {
    documentId: varchar('document_id', { length: 36 })
      .primaryKey()
      .references(() => applicationDocuments.id, { onDelete: 'cascade' }),
    requestId: varchar('request_id', { length: 36 })
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
  },
  (t) => [index('document_request_files_request_idx').on(t.requestId)],
);
