import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  applicationDecisions,
  applications,
  documentRequests,
  ocrJobs,
  underwritingResults,
  users,
} from '../../../drizzle/schema/index';
import type { ApplicationStatus } from '../../../src/shared/constants';
import { STAFF_ROLES } from '../../../src/shared/schemas/admin';
import type { QueueItemDto, QueueReason, WorkQueueQuery } from '../../../src/shared/schemas/back-office-work';
import type { DbOrTx } from '../../db';
import { isoFromDb } from '../../lib/dates';
import type { ServiceDeps } from '../../deps';
import { personName, staffNames } from '../accounts/index';
import { expiringOfferWindow, offerValidUntil } from '../offers/index';
import { type PagePlan, planPage, toPage } from './cursor';

// ---------------------------------------------------------------------------------------------------------------
// The work queue: every application that needs a person, oldest first, so the file that has waited longest is on
// top (docs/product.md 6.7). An application is in it while any of these holds:
//   - review: its status is review;
//   - documentsReceived: the applicant answered a document request nobody has marked reviewed yet (any status);
//   - ocrFinished: a statement's OCR finished after the application's last decision, still pending or approved;
//   - notReconciled: its statements did not reconcile and no staff decision was taken, still pending or approved;
//   - offerExpiring: approved, not accepted, and its offer runs out within OFFER_EXPIRY_WARNING_DAYS (offers/expiry.ts).
// Each reason is one index-backed part read in the queue's order (created_at, id) up to the page's size; the parts
// are merged, so a page reads at most a page per reason. The reasons of the page's rows are then read for those rows.
// ---------------------------------------------------------------------------------------------------------------

/** Statuses a file may still need a person in for OCR results and unreconciled statements (review is its own). */
const UNDECIDED = ['pending', 'approved'] as const;

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

/** A finished OCR job newer than the application's last decision (staff deciding, or the engine's at submission). */
const ocrAfterDecision = or(isNull(applications.decidedAt), gt(ocrJobs.finishedAt, applications.decidedAt));

/** No staff member has decided on the application yet. */
const noStaffDecision = sql`NOT EXISTS (SELECT 1 FROM ${applicationDecisions} WHERE ${applicationDecisions.applicationId} = ${applications.id})`;

type ExpiryWindow = ReturnType<typeof expiringOfferWindow>;

/** Approved (so not accepted: acceptance makes it funded) and its offer made within the window. */
const offerExpiring = (window: ExpiryWindow) =>
  and(
    eq(applications.status, 'approved'),
    gt(applications.decidedAt, window.madeAfter),
    lte(applications.decidedAt, window.madeBy),
  );

/** The ordered (id, created_at) keys of one queue page: one part per reason, merged. */
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
  const review = db
    .select(keys)
    .from(applications, {
      forceIndex: viewerId ? 'applications_assignee_created_idx' : 'applications_status_created_idx',
    })
    .where(and(eq(applications.status, 'review'), common))
    .orderBy(...order)
    .limit(take);
  const received = db
    .selectDistinct(keys)
    .from(documentRequests, { forceIndex: 'document_requests_status_app_idx' })
    .innerJoin(applications, eq(applications.id, documentRequests.applicationId))
    .where(and(eq(documentRequests.status, 'received'), common))
    .orderBy(...order)
    .limit(take);
  const ocrFinished = db
    .selectDistinct(keys)
    .from(ocrJobs, { forceIndex: 'ocr_jobs_status_app_idx' })
    .innerJoin(applications, eq(applications.id, ocrJobs.applicationId))
    .where(and(eq(ocrJobs.status, 'done'), inArray(applications.status, [...UNDECIDED]), ocrAfterDecision, common))
    .orderBy(...order)
    .limit(take);
  const unreconciled = db
    .select(keys)
    .from(underwritingResults, { forceIndex: 'underwriting_results_unreconciled_idx' })
    .innerJoin(applications, eq(applications.id, underwritingResults.applicationId))
    .where(
      and(
        eq(underwritingResults.statementsUnreconciled, true),
        inArray(applications.status, [...UNDECIDED]),
        noStaffDecision,
        common,
      ),
    )
    .orderBy(...order)
    .limit(take);
  // The approvals of a few days (the window), sorted after: expired offers stay approved and would pile up in order.
  const expiring = db
    .select(keys)
    .from(applications, {
      forceIndex: viewerId ? 'applications_assignee_created_idx' : 'applications_status_decided_idx',
    })
    .where(and(offerExpiring(window), common))
    .orderBy(...order)
    .limit(take);
  const parts = [review, received, ocrFinished, unreconciled, expiring].map((part) => sql`(${part.getSQL()})`);
  return sql`SELECT id, created_at FROM (${sql.join(parts, sql` UNION `)}) AS queued ORDER BY created_at ${direction}, id ${direction} LIMIT ${limit + 1} OFFSET ${offset}`;
}

type QueueRow = { id: string; status: ApplicationStatus; decidedAt: Date | null };

const isInWindow = (madeAt: Date | null, window: ExpiryWindow) =>
  madeAt !== null && madeAt > window.madeAfter && madeAt <= window.madeBy;

async function reasonsOf(db: DbOrTx, rows: QueueRow[], window: ExpiryWindow): Promise<Map<string, QueueReason[]>> {
  const reasons = new Map<string, QueueReason[]>(
    rows.map((row) => [row.id, row.status === 'review' ? ['review'] : []]),
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return reasons;
  const [ocrDone, unreconciled, decided, received] = await Promise.all([
    db
      .select({ id: ocrJobs.applicationId, finishedAt: ocrJobs.finishedAt })
      .from(ocrJobs)
      .where(and(inArray(ocrJobs.applicationId, ids), eq(ocrJobs.status, 'done'))),
    db
      .select({ id: underwritingResults.applicationId })
      .from(underwritingResults)
      .where(
        and(inArray(underwritingResults.applicationId, ids), eq(underwritingResults.statementsUnreconciled, true)),
      ),
    db
      .selectDistinct({ id: applicationDecisions.applicationId })
      .from(applicationDecisions)
      .where(inArray(applicationDecisions.applicationId, ids)),
    // The applicant answered a document request that nobody has marked reviewed yet (docs/product.md 6.7).
    db
      .selectDistinct({ id: documentRequests.applicationId })
      .from(documentRequests)
      .where(and(inArray(documentRequests.applicationId, ids), eq(documentRequests.status, 'received'))),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const staffDecided = new Set(decided.map((row) => row.id));
  const add = (id: string, reason: QueueReason) => {
    const list = reasons.get(id);
    if (list && !list.includes(reason)) list.push(reason);
  };
  for (const job of ocrDone) {
    const row = byId.get(job.id);
    const afterDecision = !row?.decidedAt || (job.finishedAt !== null && job.finishedAt > row.decidedAt);
    if (row && (row.status === 'review' || afterDecision)) add(job.id, 'ocrFinished');
  }
  for (const { id } of unreconciled) {
    if (byId.get(id)?.status === 'review' || !staffDecided.has(id)) add(id, 'notReconciled');
  }
  for (const { id } of received) add(id, 'documentsReceived');
  for (const row of rows) {
    if (row.status === 'approved' && isInWindow(row.decidedAt, window)) add(row.id, 'offerExpiring');
  }
  return reasons;
}

export async function getWorkQueue(deps: Pick<ServiceDeps, 'db' | 'env'>, viewerId: string, query: WorkQueueQuery) {
  const { db } = deps;
  const validDays = deps.env.OFFER_VALID_DAYS;
  const window = expiringOfferWindow(validDays);
  const plan = planPage(query);
  const keySql = pageKeySql(db, plan, query.limit, query.assignee === 'mine' ? viewerId : null, window);
  const [keyRows] = (await db.execute(keySql)) as unknown as [{ id: string }[]];
  const ids = keyRows.map((row) => row.id);
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            id: applications.id,
            businessName: applications.businessName,
            ownerName: applications.ownerName,
            loanAmountCents: applications.loanAmountCents,
            status: applications.status,
            createdAt: applications.createdAt,
            decidedAt: applications.decidedAt,
            assignedTo: applications.assignedTo,
          })
          .from(applications)
          .where(inArray(applications.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const [reasons, names] = await Promise.all([
    reasonsOf(db, rows, window),
    staffNames(
      db,
      rows.map((row) => row.assignedTo),
    ),
  ]);
  const items: QueueItemDto[] = rows.map((row) => ({
    id: row.id,
    businessName: row.businessName,
    ownerName: row.ownerName,
    loanAmount: row.loanAmountCents / 100,
    status: row.status,
    createdAt: isoFromDb(row.createdAt),
    reasons: reasons.get(row.id) ?? [],
    offerValidUntil:
      row.status === 'approved' && isInWindow(row.decidedAt, window) && row.decidedAt
        ? offerValidUntil(row.decidedAt, validDays).toISOString()
        : null,
    assignee: row.assignedTo ? { id: row.assignedTo, name: names(row.assignedTo) } : null,
  }));
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
