// The OCR job queue (second stage): a row per statement that needs OCR, in MariaDB so every server
// process shares it and a restart loses nothing. A process claims a job with a conditional UPDATE (only one
// UPDATE can move a row out of the claimable state), holds it under a lease, and a job whose claimer died is
// claimed again once the lease has expired.
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { ocrJobs } from '../../../drizzle/schema/index';
import type { DbOrTx } from '../../db';
import { newId } from '../../lib/ids';
import { OCR_LEASE_MS } from '../underwriting/index';

export type ClaimedOcrJob = {
  id: string;
  applicationId: string;
  documentId: string;
  /** Claims including this one. */
  attempts: number;
  claimedBy: string;
};

/**
 * How many of an application's OCR jobs are not finished yet (queued or running). What the staff detail polls while
 * a statement waits for OCR: no statement figures or personal data, so no audited read per poll.
 */
export async function countUnfinishedOcrJobs(db: DbOrTx, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`COUNT(*)` })
    .from(ocrJobs)
    .where(and(eq(ocrJobs.applicationId, applicationId), inArray(ocrJobs.status, ['pending', 'running'])));
  return Number(row?.count ?? 0);
}

/** Queues OCR for the given documents; a document already queued keeps its job (a retried submission). */
export async function queueOcrJobs(tx: DbOrTx, applicationId: string, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  const now = new Date();
  await tx
    .insert(ocrJobs)
    .values(
      documentIds.map((documentId) => ({
        id: newId(),
        applicationId,
        documentId,
        status: 'pending' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onDuplicateKeyUpdate({ set: { documentId: sql`${ocrJobs.documentId}` } });
}

function claimable(now: Date) {
  return or(eq(ocrJobs.status, 'pending'), and(eq(ocrJobs.status, 'running'), lt(ocrJobs.leaseExpiresAt, now)));
}

/**
 * Claims the oldest claimable job: queued, or running under a lease that has expired (its process died). Two
 * processes racing for one row both run the UPDATE; the row matches the WHERE for the first only.
 * `applicationIds` narrows the queue (tests share one database with other test files).
 */
export async function claimOcrJob(
  db: DbOrTx,
  claimer: string,
  options: { now?: Date; leaseMs?: number; applicationIds?: string[] } = {},
): Promise<ClaimedOcrJob | null> {
  const now = options.now ?? new Date();
  const scope = options.applicationIds ? inArray(ocrJobs.applicationId, options.applicationIds) : undefined;
  if (options.applicationIds?.length === 0) return null;
  const candidates = await db
    .select({ id: ocrJobs.id, applicationId: ocrJobs.applicationId, documentId: ocrJobs.documentId })
    .from(ocrJobs)
    .where(and(claimable(now), scope))
    .orderBy(asc(ocrJobs.createdAt), asc(ocrJobs.id))
    .limit(5);
  for (const candidate of candidates) {
    const [result] = await db
      .update(ocrJobs)
      .set({
        status: 'running',
        claimedBy: claimer,
        leaseExpiresAt: new Date(now.getTime() + (options.leaseMs ?? OCR_LEASE_MS)),
        attempts: sql`${ocrJobs.attempts} + 1`,
        updatedAt: now,
      })
      .where(and(eq(ocrJobs.id, candidate.id), claimable(now)));
    if (result.affectedRows !== 1) continue;
    const [claimed] = await db
      .select({ attempts: ocrJobs.attempts, claimedBy: ocrJobs.claimedBy })
      .from(ocrJobs)
      .where(eq(ocrJobs.id, candidate.id));
    if (claimed?.claimedBy !== claimer) continue;
    return { ...candidate, attempts: claimed.attempts, claimedBy: claimer };
  }
  return null;
}

/**
 * Gives a claimed job back untouched (graceful shutdown): queued again at once, and the claim does not count as an
 * attempt. Does nothing if the lease was lost meanwhile.
 */
export async function releaseOcrJob(db: DbOrTx, job: ClaimedOcrJob): Promise<boolean> {
  const [result] = await db
    .update(ocrJobs)
    .set({
      status: 'pending',
      claimedBy: null,
      leaseExpiresAt: null,
      attempts: sql`GREATEST(${ocrJobs.attempts} - 1, 0)`,
      updatedAt: new Date(),
    })
    .where(and(eq(ocrJobs.id, job.id), eq(ocrJobs.status, 'running'), eq(ocrJobs.claimedBy, job.claimedBy)));
  return result.affectedRows === 1;
}
