import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../drizzle/schema/index';
import type { DbOrTx } from '../db';
import { sha256Hex } from '../lib/crypto';

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

/**
 * Appends one audit row chained to the previous one (row_hash = SHA-256(prev_hash ‖ row)), so an edited
 * row breaks the chain. Call inside the transaction of the change it records.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const at = new Date();
  const [previous] = await db
    .select({ rowHash: auditLog.rowHash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1)
    .for('update');
  const prevHash = previous?.rowHash ?? null;
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
  await db.insert(auditLog).values({ ...row, prevHash, rowHash });
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
