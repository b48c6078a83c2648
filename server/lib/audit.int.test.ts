import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../drizzle/schema/index';
import { sha256Hex } from './crypto';
import { getTestDeps } from '../test/harness';
import { auditRead, canonicalAuditRow, recordAudit } from './audit';

// docs/security.md J: the audit log is one hash chain, whatever the concurrency of the changes it records.

/** Every audit row in id order, after checking each links to the one before. */
async function chainRows() {
  const { db } = await getTestDeps();
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
  let previous: string | null = null;
  for (const row of rows) {
    expect(row.prevHash).toBe(previous);
    expect(row.rowHash).toBe(sha256Hex(`${previous ?? ''}|${canonicalAuditRow(row)}`));
    previous = row.rowHash;
  }
  return rows;
}
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

    const rows = await chainRows();
    expect(rows.filter((row) => row.targetId?.startsWith(marker))).toHaveLength(30);
  });

  it('batches concurrent staff reads: each answers once its row is committed, in one unbroken chain', async () => {
    const { db } = await getTestDeps();
    const marker = `read-${Date.now()}`;
    let committedEarly = 0;
    await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        await auditRead(db, { action: 'test.read', targetType: 'test', targetId: `${marker}-${index}` });
        // The promise resolves after the commit: the row is visible to a new query at once.
        const mine = await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(eq(auditLog.targetId, `${marker}-${index}`));
        if (mine.length === 1) committedEarly += 1;
      }),
    );
    expect(committedEarly).toBe(40);
    const rows = await chainRows();
    const mine = rows.filter((row) => row.targetId?.startsWith(marker));
    expect(mine).toHaveLength(40);
    // Fewer transactions than reads: rows of one batch share their timestamp.
    expect(new Set(mine.map((row) => row.at.getTime())).size).toBeLessThan(40);
  });
});
