import { and, desc, eq } from 'drizzle-orm';
import { auditChainHead, auditLog } from '../../drizzle/schema/index';
import type { Db, DbOrTx, Tx } from '../db';
import { sha256Hex } from './crypto';

export type AuditEntry = {
  actorId?: string | null;
  actorRole?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'success' | 'failure';
  ip?: string;
  /** Facts such as before/after status. Never PII values (docs/security.md J). */
  detail?: Record<string, unknown>;
};

/** The single row of audit_chain_head. */
const CHAIN_HEAD_ID = 1;

/**
 * Appends one audit row chained to the previous one (row_hash = SHA-256(prev_hash ‖ row)), so an edited
 * row breaks the chain. Call inside the transaction of the change it records: the row then commits or rolls back
 * with it. Appends serialise on the chain head's row lock (held to the end of the caller's transaction).
 */
export function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  return recordAudits(db, [entry]);
}

/** Appends several chained rows, in order, under one lock of the chain head (a batch of staff reads, say). */
export async function recordAudits(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // Outside a transaction this opens one; inside, a savepoint, and the head stays locked until the caller commits.
  await db.transaction(async (tx) => {
    const at = new Date();
    const [head] = await tx
      .select({ lastHash: auditChainHead.lastHash })
      .from(auditChainHead)
      .where(eq(auditChainHead.id, CHAIN_HEAD_ID))
      .for('update');
    if (!head) throw new Error('audit_chain_head is empty: the migrations did not run');
    let prevHash = head.lastHash ?? null;
    const rows = entries.map((entry) => {
      const row = {
        at,
        actorId: entry.actorId ?? null,
        actorRole: entry.actorRole ?? null,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        outcome: entry.outcome ?? 'success',
        ip: entry.ip ?? null,
        detail: entry.detail ?? null,
      };
      const rowHash = sha256Hex(`${prevHash ?? ''}|${canonicalAuditRow(row)}`);
      const chained = { ...row, prevHash, rowHash };
      prevHash = rowHash;
      return chained;
    });
    // One multi-row insert: ids are assigned in this order, which is the chain's order.
    await tx.insert(auditLog).values(rows);
    await tx.update(auditChainHead).set({ lastHash: prevHash }).where(eq(auditChainHead.id, CHAIN_HEAD_ID));
  });
}

export function canonicalAuditRow(row: {
  at: Date;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  detail: unknown;
}): string {
  return JSON.stringify([
    row.at.toISOString().slice(0, 23),
    row.actorId,
    row.action,
    row.targetType,
    row.targetId,
    row.outcome,
    row.detail ?? null,
  ]);
}

export async function listAuditForTarget(db: DbOrTx, targetType: string, targetId: string) {
  return db
    .select({
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      outcome: auditLog.outcome,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(100);
}

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

function isRetryable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a transaction again when InnoDB chose it as a deadlock victim. Audit rows are chained (each locks the
 * newest row to read its hash), so concurrent audited actions can deadlock; the whole transaction rolled back,
 * so running it again is safe. Gives up after `attempts`, with a short random backoff between tries.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

const auditGates = new WeakMap<Db, { tail: Promise<unknown> }>();

/**
 * A transaction that writes an audit row. Audit rows form a hash chain, so every writer locks the newest row:
 * concurrent writers deadlock each other. Within this instance they queue instead (one audited transaction at a
 * time, kept short by the callers); across instances and other modules, a deadlock victim is run again.
 */
export function auditedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let gate = auditGates.get(db);
  if (!gate) {
    gate = { tail: Promise.resolve() };
    auditGates.set(db, gate);
  }
  const run = gate.tail.then(() => withDeadlockRetry(() => db.transaction(work)));
  gate.tail = run.catch(() => undefined);
  return run;
}

type QueuedRead = { entry: AuditEntry; done: (error?: Error) => void };
const readQueues = new WeakMap<Db, { queued: QueuedRead[]; flushing: boolean }>();

/**
 * Records a staff read (docs/security.md J: every read of an application, applicant, document or by-email lookup), and
 * answers once the row is committed. Reads that arrive while an audited transaction holds the gate go in together:
 * one transaction and one lock of the chain head for all of them, instead of one each in a queue.
 */
export function auditRead(db: Db, entry: AuditEntry): Promise<void> {
  let queue = readQueues.get(db);
  if (!queue) {
    queue = { queued: [], flushing: false };
    readQueues.set(db, queue);
  }
  const reads = queue;
  return new Promise<void>((resolve, reject) => {
    reads.queued.push({ entry, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (reads.flushing) return;
    reads.flushing = true;
    let batch: QueuedRead[] | null = null;
    // The batch is taken when the gate opens (not now), so reads arriving meanwhile join it; a deadlock retry
    // writes the same batch again.
    void auditedTransaction(db, (tx) => {
      batch ??= reads.queued.splice(0);
      reads.flushing = false;
      return recordAudits(
        tx,
        batch.map((item) => item.entry),
      );
    }).then(
      () => batch?.forEach((item) => item.done()),
      (error: unknown) => {
        if (!batch) {
          batch = reads.queued.splice(0);
          reads.flushing = false;
        }
        const failure = error instanceof Error ? error : new Error('audit write failed');
        batch.forEach((item) => item.done(failure));
      },
    );
  });
}
