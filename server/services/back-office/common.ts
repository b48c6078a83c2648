import type { SQL } from 'drizzle-orm';
import { MySqlDialect } from 'drizzle-orm/mysql-core';
import type { DbOrTx } from '../../db';
import { centsToDollars } from '../../../src/shared/format';

/** Integer cents to the dollar amounts of the spec's entities (loanAmount, currentBalance...). */
export const toDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : centsToDollars(cents);

/** `LIKE` pattern for "starts with": the user's %, _ and \ are literal. */
export function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// Drizzle's execute() hands mysql2 a typeCast callback for every statement, so the driver builds a field wrapper and
// calls back for every column of every row only to return what the pool's own options (dateStrings) already give:
// about a quarter of the node CPU of a 50-row list statement. The hot list statements go to the same pool directly,
// compiled by drizzle's own dialect (same text, same parameters, same rows).
const dialect = new MySqlDialect();
type QueryClient = { query: (sql: string, params: unknown[]) => Promise<[unknown, unknown]> };

/** The rows of a SELECT, as db.execute() gives them, without drizzle's per-field callback. */
export async function selectRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: QueryClient }).$client;
  // A transaction's handle has no client of its own: the usual path.
  if (!client) return ((await db.execute(statement)) as unknown as [T[]])[0];
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const [rows] = await client.query(text, params);
  return rows as T[];
}
