import { and, asc, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { applications, users } from '../../../drizzle/schema/index';
import { STAFF_ROLES } from '../../../src/shared/schemas/admin';
import type { QueueItemDto, QueueReason, WorkQueueQuery } from '../../../src/shared/schemas/back-office-work';
import type { DbOrTx } from '../../db';
import { asUtcDate, isoFromDb } from '../../lib/dates';
import type { ServiceDeps } from '../../deps';
import { FORMER_STAFF, personName } from '../accounts/index';
import { expiringOfferWindow, offerValidUntil } from '../offers/index';
import { selectRows } from './common';
import { type PagePlan, planPage, toPage } from './cursor';

// ---------------------------------------------------------------------------------------------------------------
// The work queue: every application that needs a person, oldest first, so the file that has waited longest is on
// top (docs/product.md 6.2). An application is in it while any of these holds:
//   - review: its status is review;
//   - documentsReceived: the applicant answered a document request nobody has marked reviewed yet (any status);
//   - ocrFinished: a statement's OCR finished after the application's last decision, still pending or approved;
//   - notReconciled: its statements did not reconcile and no staff decision was taken, still pending or approved;
//   - offerExpiring: approved, not accepted, and its offer runs out within OFFER_EXPIRY_WARNING_DAYS (offers/expiry.ts).
// The facts behind the first four are columns of the application row, kept by triggers in the same transaction as
// the rows they summarise, and `needs_person` (a generated column) says whether any of them holds
// (docs/architecture.md, "The work queue"). A page is one read of the queue index in (created_at, id) order, merged
// with the few approvals of the expiry window (a reason that comes with the clock, so it cannot be stored); the
// reasons are read from the page's own rows.
// ---------------------------------------------------------------------------------------------------------------

function keyset(plan: PagePlan): SQL | undefined {
  const cursor = plan.cursor;
  if (!cursor) return undefined;
  // Oldest first: "after" walks forward in time, "before" walks back.
  const forward = plan.kind === 'after';
  const beyond = forward ? gt : lt;
  return or(
    beyond(applications.createdAt, cursor.createdAt),
    and(eq(applications.createdAt, cursor.createdAt), beyond(applications.id, cursor.id)),
  );
}

type ExpiryWindow = ReturnType<typeof expiringOfferWindow>;

/** Approved (so not accepted: acceptance makes it funded) and its offer made within the window. */
const offerExpiring = (window: ExpiryWindow) =>
  and(
    eq(applications.status, 'approved'),
    gt(applications.decidedAt, window.madeAfter),
    lte(applications.decidedAt, window.madeBy),
  );

/** The ordered (id, created_at) keys of one queue page: the queue index and the expiry window, merged. */
function pageKeySql(db: DbOrTx, plan: PagePlan, limit: number, viewerId: string | null, window: ExpiryWindow): SQL {
  const offset = plan.kind === 'after' ? plan.offset : 0;
  // Each part reads up to the end of the page; the merge skips the offset of the first pages.
  const take = offset + limit + 1;
  const direction = plan.kind === 'before' ? sql`DESC` : sql`ASC`;
  const order =
    plan.kind === 'before'
      ? [desc(applications.createdAt), desc(applications.id)]
      : [asc(applications.createdAt), asc(applications.id)];
  const common = and(viewerId ? eq(applications.assignedTo, viewerId) : undefined, keyset(plan));
  const keys = { id: applications.id, createdAt: applications.createdAt };
  const needsPerson = db
    .select(keys)
    .from(applications, { forceIndex: viewerId ? 'applications_assignee_queue_idx' : 'applications_queue_idx' })
    .where(and(eq(applications.needsPerson, true), common))
    .orderBy(...order)
    .limit(take);
  // The approvals of a few days (the window), sorted after: expired offers stay approved and would pile up in order.
  const expiring = db
    .select(keys)
    .from(applications, {
      forceIndex: viewerId ? 'applications_assignee_decided_idx' : 'applications_status_decided_idx',
    })
    .where(and(offerExpiring(window), common))
    .orderBy(...order)
    .limit(take);
  const parts = [needsPerson, expiring].map((part) => sql`(${part.getSQL()})`);
  return sql`SELECT id, created_at FROM (${sql.join(parts, sql` UNION `)}) AS queued ORDER BY created_at ${direction}, id ${direction} LIMIT ${limit + 1} OFFSET ${offset}`;
}

const isInWindow = (madeAt: Date | null, window: ExpiryWindow) =>
  madeAt !== null && madeAt > window.madeAfter && madeAt <= window.madeBy;

/** One row of a queue page as the driver answers it (dates as UTC text). */
type QueuePageRow = {
  id: string;
  business_name: string;
  owner_name: string;
  loan_amount_cents: number | string;
  status: string;
  created_at: string | Date;
  decided_at: string | Date | null;
  assigned_to: string | null;
  ocr_finished_at: string | Date | null;
  documents_received: number | string;
  statements_unreconciled: number | string | boolean;
  staff_decisions: number | string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

type QueueRow = {
  status: string;
  decidedAt: Date | null;
  ocrFinishedAt: Date | null;
  documentsReceived: number;
  statementsUnreconciled: boolean;
  staffDecisions: number;
};

/** Why a row is in the queue, from its own columns (a file under review shows every fact it has). */
export function reasonsOf(row: QueueRow, window: ExpiryWindow): QueueReason[] {
  const isReview = row.status === 'review';
  const reasons: QueueReason[] = isReview ? ['review'] : [];
  // A finished OCR job newer than the last decision (staff deciding, or the engine's at submission).
  const ocrAfterDecision = row.ocrFinishedAt !== null && (!row.decidedAt || row.ocrFinishedAt > row.decidedAt);
  if (row.ocrFinishedAt !== null && (isReview || ocrAfterDecision)) reasons.push('ocrFinished');
  if (row.statementsUnreconciled && (isReview || row.staffDecisions === 0)) reasons.push('notReconciled');
  // The applicant answered a document request that nobody has marked reviewed yet (docs/product.md 6.7).
  if (row.documentsReceived > 0) reasons.push('documentsReceived');
  if (row.status === 'approved' && isInWindow(row.decidedAt, window)) reasons.push('offerExpiring');
  return reasons;
}

/** The statement that picks a page's keys (the bench checks its plan: docs/performance.md). */
export function workQueueKeySql(deps: Pick<ServiceDeps, 'db' | 'env'>, viewerId: string, query: WorkQueueQuery) {
  const window = expiringOfferWindow(deps.env.OFFER_VALID_DAYS);
  return pageKeySql(deps.db, planPage(query), query.limit, query.assignee === 'mine' ? viewerId : null, window);
}

export async function getWorkQueue(deps: Pick<ServiceDeps, 'db' | 'env'>, viewerId: string, query: WorkQueueQuery) {
  const { db } = deps;
  const validDays = deps.env.OFFER_VALID_DAYS;
  const window = expiringOfferWindow(validDays);
  const plan = planPage(query);
  const keySql = pageKeySql(db, plan, query.limit, query.assignee === 'mine' ? viewerId : null, window);
  // The page's keys, their rows and their owners' names in one statement: the keys come from the indexes alone, the
  // rows and names by primary key. Read as plain rows (the list pages do the same, application-list.ts): the query
  // builder and its row mapping cost more CPU than the statement itself on this hot path.
  const order = plan.kind === 'before' ? sql`DESC` : sql`ASC`;
  const rows = await selectRows<QueuePageRow>(
    db,
    sql`
    SELECT a.id, a.business_name, a.owner_name, a.loan_amount_cents, a.status, a.created_at, a.decided_at,
           a.assigned_to, a.ocr_finished_at, a.documents_received, a.statements_unreconciled, a.staff_decisions,
           u.first_name, u.last_name, u.email
      FROM (${keySql}) AS page_keys
      JOIN ${applications} AS a ON a.id = page_keys.id
      LEFT JOIN ${users} AS u ON u.id = a.assigned_to
     ORDER BY a.created_at ${order}, a.id ${order}`,
  );
  const items: QueueItemDto[] = rows.map((row) => {
    const decidedAt = row.decided_at === null ? null : asUtcDate(row.decided_at);
    const facts: QueueRow = {
      status: row.status,
      decidedAt,
      ocrFinishedAt: row.ocr_finished_at === null ? null : asUtcDate(row.ocr_finished_at),
      documentsReceived: Number(row.documents_received),
      statementsUnreconciled: Boolean(Number(row.statements_unreconciled)),
      staffDecisions: Number(row.staff_decisions),
    };
    return {
      id: row.id,
      businessName: row.business_name,
      ownerName: row.owner_name,
      loanAmount: Number(row.loan_amount_cents) / 100,
      status: row.status,
      createdAt: isoFromDb(row.created_at),
      reasons: reasonsOf(facts, window),
      offerValidUntil:
        row.status === 'approved' && decidedAt && isInWindow(decidedAt, window)
          ? offerValidUntil(decidedAt, validDays).toISOString()
          : null,
      // A staff member's row gone (never deleted today) reads as the other lists say it (accounts/staff.ts).
      assignee: row.assigned_to
        ? {
            id: row.assigned_to,
            name:
              row.first_name === null
                ? FORMER_STAFF
                : personName({ firstName: row.first_name, lastName: row.last_name ?? '', email: row.email ?? '' }),
          }
        : null,
    };
  });
  return toPage(items, plan, query.limit);
}

/** Active staff members, for "assign to". Names only: no emails or roles leave for this list. */
export async function listAssignableStaff(deps: Pick<ServiceDeps, 'db'>) {
  const rows = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users, { forceIndex: 'users_role_created_idx' })
    .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)))
    .orderBy(users.firstName, users.lastName)
    .limit(500);
  return rows.map((row) => ({ id: row.id, name: personName(row) }));
}
