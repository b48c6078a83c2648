import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { applications, documentRequests, ocrJobs, underwritingResults, users } from '../../../drizzle/schema/index';
import { STAFF_ROLES } from '../../../src/shared/schemas/admin';
import type { QueueItemDto, QueueReason, WorkQueueQuery } from '../../../src/shared/schemas/back-office-work';
import type { DbOrTx } from '../../db';
import { isoFromDb } from '../../lib/dates';
import type { ServiceDeps } from '../../deps';
import { personName, staffNames } from '../accounts/index';
import { type PagePlan, planPage, toPage } from './cursor';

// ---------------------------------------------------------------------------------------------------------------
// The work queue: applications waiting for a person (status review), oldest first, so the file that has waited
// longest is on top. Keyset pages over (status, created_at, id), or over the assignee's own index for "Mine";
// the reasons of the page's rows (OCR finished, balances that do not reconcile) are read for those rows only.
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

async function reasonsOf(db: DbOrTx, ids: string[]): Promise<Map<string, QueueReason[]>> {
  const reasons = new Map<string, QueueReason[]>(ids.map((id) => [id, ['review']]));
  if (ids.length === 0) return reasons;
  const [ocrDone, unreconciled, received] = await Promise.all([
    db
      .selectDistinct({ id: ocrJobs.applicationId })
      .from(ocrJobs)
      .where(and(inArray(ocrJobs.applicationId, ids), eq(ocrJobs.status, 'done'))),
    // The stored analysis states each statement's balance check in words; a mismatch reads "do not reconcile".
    db
      .select({ id: underwritingResults.applicationId })
      .from(underwritingResults)
      .where(
        and(
          inArray(underwritingResults.applicationId, ids),
          sql`${underwritingResults.analysis} LIKE '%do not reconcile%'`,
        ),
      ),
    // The applicant answered a document request that nobody has marked reviewed yet (docs/product.md 6.7).
    db
      .selectDistinct({ id: documentRequests.applicationId })
      .from(documentRequests)
      .where(and(inArray(documentRequests.applicationId, ids), eq(documentRequests.status, 'received'))),
  ]);
  for (const row of ocrDone) reasons.get(row.id)?.push('ocrFinished');
  for (const row of unreconciled) reasons.get(row.id)?.push('notReconciled');
  for (const row of received) reasons.get(row.id)?.push('documentsReceived');
  return reasons;
}

export async function getWorkQueue(deps: Pick<ServiceDeps, 'db'>, viewerId: string, query: WorkQueueQuery) {
  const { db } = deps;
  const plan = planPage(query);
  const mine = query.assignee === 'mine';
  const direction =
    plan.kind === 'before'
      ? [desc(applications.createdAt), desc(applications.id)]
      : [asc(applications.createdAt), asc(applications.id)];
  const rows = await db
    .select({
      id: applications.id,
      businessName: applications.businessName,
      ownerName: applications.ownerName,
      loanAmountCents: applications.loanAmountCents,
      status: applications.status,
      createdAt: applications.createdAt,
      assignedTo: applications.assignedTo,
    })
    .from(applications, {
      forceIndex: mine ? 'applications_assignee_created_idx' : 'applications_status_created_idx',
    })
    .where(
      and(eq(applications.status, 'review'), mine ? eq(applications.assignedTo, viewerId) : undefined, keyset(plan)),
    )
    .orderBy(...direction)
    .limit(query.limit + 1)
    .offset(plan.kind === 'after' ? plan.offset : 0);
  const ids = rows.map((row) => row.id);
  const [reasons, names] = await Promise.all([
    reasonsOf(db, ids),
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
    reasons: reasons.get(row.id) ?? ['review'],
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
