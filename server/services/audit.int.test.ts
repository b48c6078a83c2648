import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../drizzle/schema/index';
import { sha256Hex } from '../lib/crypto';
import { getTestDeps } from '../test/harness';
import { canonicalAuditRow, recordAudit } from './audit';

// SECURITY.md J: the audit log is one hash chain, whatever the concurrency of the changes it records.
describe('audit chain', () => {
  it('keeps one unbroken chain when 30 transactions append at once, without deadlocks', async () => {
    const { db } = await getTestDeps();
    const marker = `chain-${Date.now()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        db.transaction(async (tx) => {
          await recordAudit(tx, { action: 'test.concurrent', targetType: 'test', targetId: `${marker}-${index}` });
        }),
      ),
    );
    const failed = results.filter((result) => result.status === 'rejected').map((result) => String(result.reason));
    expect(failed).toEqual([]);

    const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
    let previous: string | null = null;
    for (const row of rows) {
      expect(row.prevHash).toBe(previous);
      expect(row.rowHash).toBe(sha256Hex(`${previous ?? ''}|${canonicalAuditRow(row)}`));
      previous = row.rowHash;
    }
    expect(rows.filter((row) => row.targetId?.startsWith(marker))).toHaveLength(30);
  });
});
