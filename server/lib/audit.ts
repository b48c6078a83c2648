import { and, desc, eq } from 'drizzle-orm';
import { auditChainHead, auditLog } from '../../drizzle/schema/index';
import type { DbOrTx } from '../db';
import { sha256Hex } from './crypto';

export type AuditEntry = {
  actorId?: string | null;
  actorRole?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'success' | 'failure';
  ip?: string;
  /** Facts such as before/after status. Never PII values (SECURITY.md J). */
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
