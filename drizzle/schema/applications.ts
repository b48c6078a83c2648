import {
  boolean,
  date,
  datetime,
  index,
  int,
  json,
  mysqlEnum,
  mysqlTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/mysql-core';
import { sql } from 'drizzle-orm';
import {
  AI_DECISIONS,
  APPLICATION_STATUSES,
  DOCUMENT_KINDS,
  DOCUMENT_PARSE_STATUSES,
} from '../../src/shared/constants';
import { users } from './users';
import { now, cents } from './columns';

export const applications = mysqlTable(
  'applications',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    // Null until an account claims it (a one-time claim bound to the application and the applicant's email).
    userId: varchar('user_id', { length: 36 }).references(() => users.id),
    // SHA-256 of the submitting visitor's cookie token: which browser sent it (it links nothing).
    submitterHash: varchar('submitter_hash', { length: 64 }),
    status: mysqlEnum('status', APPLICATION_STATUSES).notNull().default('pending'),
    aiApproved: mysqlEnum('ai_approved', AI_DECISIONS),
    loanAmountCents: cents('loan_amount_cents').notNull(),
    approvedAmountCents: cents('approved_amount_cents'),
    businessName: varchar('business_name', { length: 200 }).notNull(),
    businessType: varchar('business_type', { length: 60 }).notNull(),
    timeInBusiness: varchar('time_in_business', { length: 30 }).notNull(),
    businessStartDate: date('business_start_date', { mode: 'string' }).notNull(),
    businessAddress: varchar('business_address', { length: 300 }).notNull(),
    businessAddress2: varchar('business_address2', { length: 300 }),
    // Restricted data: encrypted at rest; only the last 4 digits in clear for display.
    einEnc: varchar('ein_enc', { length: 255 }).notNull(),
    einLast4: varchar('ein_last4', { length: 4 }).notNull(),
    ssnEnc: varchar('ssn_enc', { length: 255 }).notNull(),
    ssnLast4: varchar('ssn_last4', { length: 4 }).notNull(),
    dateOfBirthEnc: varchar('date_of_birth_enc', { length: 255 }).notNull(),
    ownerName: varchar('owner_name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    estimatedCreditScore: int('estimated_credit_score').notNull(),
    monthlyRevenue: varchar('monthly_revenue', { length: 40 }).notNull(),
    additionalInfo: text('additional_info'),
    isExistingClient: boolean('is_existing_client').notNull().default(false),
    // Fields the staff view reads; filled by later capabilities.
    annualRevenueCents: cents('annual_revenue_cents'),
    employeeCount: int('employee_count'),
    ownerAddress: varchar('owner_address', { length: 300 }),
    cashOnHandCents: cents('cash_on_hand_cents'),
    accountsReceivableCents: cents('accounts_receivable_cents'),
    accountsPayableCents: cents('accounts_payable_cents'),
    existingLoanPaymentsCents: cents('existing_loan_payments_cents'),
    rentOrMortgageCents: cents('rent_or_mortgage_cents'),
    isConsolidationApplication: boolean('is_consolidation_application').notNull().default(false),
    mcaPositionsToConsolidate: json('mca_positions_to_consolidate').$type<string[]>(),
    estimatedPayoffAmountCents: cents('estimated_payoff_amount_cents'),
    estimatedPaymentReductionCents: cents('estimated_payment_reduction_cents'),
    decidedAt: datetime('decided_at'),
    // The staff member who owns the file now (null: nobody); changes are audited.
    assignedTo: varchar('assigned_to', { length: 36 }).references(() => users.id),
    assignedAt: datetime('assigned_at'),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
    updatedAt: datetime('updated_at').notNull().$defaultFn(now).$onUpdateFn(now),
    // The work queue's facts about the application's other rows (docs/architecture.md, "The work queue"), kept by
    // triggers on those tables in the same transaction as the change: the latest finished OCR job, the document
    // requests answered and not yet reviewed, whether the statements reconcile, and how many staff decisions it has.
    ocrFinishedAt: datetime('ocr_finished_at', { fsp: 3 }),
    documentsReceived: int('documents_received').notNull().default(0),
    statementsUnreconciled: boolean('statements_unreconciled').notNull().default(false),
    staffDecisions: int('staff_decisions').notNull().default(0),
    // In the work queue for a reason other than an offer about to expire (that one depends on the clock and is read
    // from applications_status_decided_idx). Virtual: no space in the row, kept in the two queue indexes below.
    needsPerson: boolean('needs_person').generatedAlwaysAs(
      sql`(\`status\` = 'review' OR \`documents_received\` > 0 OR (\`status\` IN ('pending', 'approved') AND ((\`ocr_finished_at\` IS NOT NULL AND (\`decided_at\` IS NULL OR \`ocr_finished_at\` > \`decided_at\`)) OR (\`statements_unreconciled\` AND \`staff_decisions\` = 0))))`,
      { mode: 'virtual' },
    ),
  },
  (t) => [
    // The work queue, oldest first, and one staff member's part of it ("Mine"): keyset pages without a sort.
    index('applications_queue_idx').on(t.needsPerson, t.createdAt, t.id),
    index('applications_assignee_queue_idx').on(t.assignedTo, t.needsPerson, t.createdAt, t.id),
    // Keyset pages for the admin lists: newest first, filtered by status or AI decision.
    index('applications_created_idx').on(t.createdAt, t.id),
    index('applications_status_created_idx').on(t.status, t.createdAt, t.id),
    index('applications_ai_created_idx').on(t.aiApproved, t.createdAt, t.id),
    index('applications_user_created_idx').on(t.userId, t.createdAt),
    index('applications_email_idx').on(t.email, t.createdAt),
    index('applications_business_idx').on(t.businessName),
    index('applications_owner_idx').on(t.ownerName),
    index('applications_submitter_idx').on(t.submitterHash),
    // The "Mine" filter: one staff member's files, newest first, without a sort.
    index('applications_assignee_created_idx').on(t.assignedTo, t.createdAt, t.id),
    // The work queue's offers about to expire: a few days of approvals by when they were made (docs/product.md 8.6).
    index('applications_status_decided_idx').on(t.status, t.decidedAt, t.createdAt),
    // The same for "Mine": one staff member's approvals of those days, from the index alone.
    index('applications_assignee_decided_idx').on(t.assignedTo, t.status, t.decidedAt, t.createdAt),
  ],
);

export const applicationDocuments = mysqlTable(
  'application_documents',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: mysqlEnum('kind', DOCUMENT_KINDS).notNull(),
    // Random object key inside the storage root; never derived from the uploaded name.
    storageKey: varchar('storage_key', { length: 100 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(), // display only
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sizeBytes: int('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    parseStatus: mysqlEnum('parse_status', DOCUMENT_PARSE_STATUSES).notNull().default('pending'),
    parseNote: varchar('parse_note', { length: 500 }),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('application_documents_app_idx').on(t.applicationId)],
);

export const underwritingResults = mysqlTable(
  'underwriting_results',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    applicationId: varchar('application_id', { length: 36 })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    engineVersion: varchar('engine_version', { length: 20 }).notNull(),
    decision: mysqlEnum('decision', AI_DECISIONS).notNull(),
    confidence: int('confidence').notNull(),
    approvedAmountCents: cents('approved_amount_cents'),
    // The client-facing result ("Application submission result").
    result: json('result').notNull(),
    // Staff fields (aiData) and the full analysis (per statement, months, flags).
    aiData: json('ai_data').notNull(),
    analysis: json('analysis').notNull(),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
    // The analysis states each statement's balance check in words; a mismatch reads "do not reconcile". Kept by the
    // database (virtual: no space in the row) so the work queue finds those files from its index alone.
    statementsUnreconciled: boolean('statements_unreconciled').generatedAlwaysAs(
      sql`(\`analysis\` LIKE '%do not reconcile%')`,
      { mode: 'virtual' },
    ),
  },
  (t) => [
    uniqueIndex('underwriting_results_app_uq').on(t.applicationId),
    index('underwriting_results_unreconciled_idx').on(t.statementsUnreconciled, t.applicationId),
  ],
);

export const idempotencyKeys = mysqlTable(
  'idempotency_keys',
  {
    // scope + ':' + client key
    key: varchar('key', { length: 160 }).primaryKey(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    state: mysqlEnum('state', ['in_flight', 'done']).notNull().default('in_flight'),
    statusCode: int('status_code'),
    responseBody: text('response_body'),
    createdAt: datetime('created_at').notNull().$defaultFn(now),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);
