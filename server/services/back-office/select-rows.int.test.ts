// selectRows (common.ts) reads the hot list statements from the pool without drizzle's per-field callback: the rows
// must be exactly db.execute()'s, dates, amounts and nulls included, in a transaction as well.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../../drizzle/schema/index';
import { insertApplication } from '../../test/factories';
import { getTestDeps } from '../../test/harness';
import { selectRows } from './common';

describe('selectRows', () => {
  it('gives the rows db.execute gives, outside and inside a transaction', async () => {
    const { db } = await getTestDeps();
    const first = await insertApplication({ businessName: 'Select Rows One LLC' });
    const second = await insertApplication({
      businessName: 'Select Rows Two LLC',
      approvedAmountCents: 4_250_000,
      status: 'approved',
      aiApproved: 'approved',
    });
    const ids = [first.id, second.id];
    const statement = () =>
      sql`SELECT id, business_name, loan_amount_cents, approved_amount_cents, status, ai_approved, created_at, decided_at
            FROM ${applications} WHERE id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) ORDER BY id`;
    const [expected] = (await db.execute(statement())) as unknown as [Record<string, unknown>[]];
    expect(expected).toHaveLength(2);
    const rows = await selectRows<Record<string, unknown>>(db, statement());
    expect(rows).toEqual(expected);
    expect(typeof rows[0]?.created_at).toBe('string');
    const inTransaction = await db.transaction((tx) => selectRows<Record<string, unknown>>(tx, statement()));
    expect(inTransaction).toEqual(expected);
  });
});
