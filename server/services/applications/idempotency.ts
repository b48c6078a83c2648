import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../../drizzle/schema/index';
import type { DbOrTx } from '../../db';
import { sha256Hex } from '../../lib/crypto';
import { asUtcDate } from '../../lib/dates';

// Idempotent submission: the browser sends one UUID per payload. The row is written
// in the same transaction as the application, so a key maps to at most one application. While the submission is
// still being underwritten the row is `in_flight` and its lease is renewed; a request for a key whose lease is live
// gets 409, and a lease that ran out (the process died) lets a retry with the same payload finish the job.

/** How long an in-flight submission counts as alive without a heartbeat. */
export const IDEMPOTENCY_LEASE_MS = 30_000;
/** Heartbeat period while a submission is being processed (well inside the lease). */
export const IDEMPOTENCY_HEARTBEAT_MS = 10_000;
/** Stored answers are kept at least this long (at least 24 h). */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3600_000;

export const IN_FLIGHT_MESSAGE = 'This application is still being processed. Please wait a moment and try again.';
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different application. Start a new submission to send new answers.';

export type IdempotencyRecord = {
  key: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  statusCode: number | null;
  responseBody: string | null;
  /** Lease time for in-flight rows (renewed by the heartbeat); completion time for done rows. */
  touchedAt: Date;
};

/**
 * Whose keys a request uses: the signed-in account, else the visitor cookie the browser sent (the wizard issues it
 * on load, before any submission). A stored answer is replayed only within its scope, so another visitor who sends
 * the same key and payload (a planted or leaked key) gets an evaluation of their own, never the first one's answer.
 * A request with neither (no cookie yet) has no scope of its own: such a first submission and its retry, whose
 * answer and cookie may both have been lost in a crash, still meet on the key alone.
 */
export function keyScopeOf(requester: { userId: string | null; sentVisitorHash: string | null }): string | null {
  if (requester.userId) return `u:${requester.userId}`;
  return requester.sentVisitorHash ? `v:${requester.sentVisitorHash}` : null;
}

export const applicationKey = (clientKey: string, scope: string | null = null) =>
  scope ? `apply:${scope}:${clientKey.toLowerCase()}` : `apply:${clientKey.toLowerCase()}`;

export async function readIdempotency(db: DbOrTx, key: string, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      key: idempotencyKeys.key,
      fingerprint: idempotencyKeys.fingerprint,
      state: idempotencyKeys.state,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
      touchedAt: idempotencyKeys.createdAt,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ? ({ ...row, touchedAt: asUtcDate(row.touchedAt) } satisfies IdempotencyRecord) : null;
}

export function isLeaseLive(record: IdempotencyRecord, now = Date.now()): boolean {
  return record.state === 'in_flight' && now - record.touchedAt.getTime() < IDEMPOTENCY_LEASE_MS;
}

/** A stable digest of a payload: object keys sorted at every level. */
export function fingerprintOf(payload: unknown): string {
  return sha256Hex(canonicalJson(payload));
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Inserts the in-flight row inside the submission's transaction; a concurrent twin blocks here, then fails. */
export async function insertInFlight(tx: DbOrTx, key: string, fingerprint: string, applicationId: string) {
  await tx.insert(idempotencyKeys).values({
    key,
    fingerprint,
    state: 'in_flight',
    responseBody: JSON.stringify({ applicationId }),
    createdAt: new Date(),
  });
}

/** Takes over an expired lease; false when someone else renewed or finished it meanwhile. */
export async function takeOverLease(db: DbOrTx, record: IdempotencyRecord): Promise<boolean> {
  const [result] = await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.key, record.key),
        eq(idempotencyKeys.state, 'in_flight'),
        lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_LEASE_MS)),
      ),
    );
  return result.affectedRows === 1;
}

/** Renews the lease every few seconds until stopped. */
export function startHeartbeat(db: DbOrTx, key: string, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ createdAt: new Date() })
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')))
      .catch(onError);
  }, IDEMPOTENCY_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function markDone(tx: DbOrTx, key: string, answer: { status: number; body: unknown }) {
  await tx
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode: answer.status, responseBody: JSON.stringify(answer.body), createdAt: new Date() })
    .where(eq(idempotencyKeys.key, key));
}

/** The application an in-flight row belongs to. */
export function inFlightApplicationId(record: IdempotencyRecord): string | null {
  try {
    const parsed = JSON.parse(record.responseBody ?? 'null') as { applicationId?: unknown } | null;
    return typeof parsed?.applicationId === 'string' ? parsed.applicationId : null;
  } catch {
    return null;
  }
}

/** Deletes answers older than the retention window, a batch at a time (indexed by created_at). */
export async function sweepIdempotencyKeys(db: DbOrTx, now = Date.now()): Promise<number> {
  const [result] = await db.execute(
    sql`DELETE FROM ${idempotencyKeys} WHERE ${idempotencyKeys.state} = 'done' AND ${idempotencyKeys.createdAt} < ${new Date(now - IDEMPOTENCY_RETENTION_MS)} LIMIT 500`,
  );
  return (result as unknown as { affectedRows: number }).affectedRows;
}

/**
 * After an anonymous submission the browser gets a new visitor id, so a retry of the same request (its answer lost
 * on the way back, the new cookie kept) comes with a new scope. The finished answer is stored under that scope too,
 * so the retry replays it instead of making a second application.
 */
export async function carryKeyToScope(db: DbOrTx, clientKey: string, from: string | null, to: string | null) {
  if (!to || from === to) return;
  const record = await readIdempotency(db, applicationKey(clientKey, from));
  if (!record || record.state !== 'done') return;
  await db
    .insert(idempotencyKeys)
    .values({
      key: applicationKey(clientKey, to),
      fingerprint: record.fingerprint,
      state: 'done',
      statusCode: record.statusCode,
      responseBody: record.responseBody,
    })
    .onDuplicateKeyUpdate({ set: { key: sql`${idempotencyKeys.key}` } });
}
