// Writing many rows fast: multi-row INSERTs of 1,000 rows each, and for large fresh loads the plain secondary
// indexes of the big tables dropped first and rebuilt once at the end.
import type { Connection } from 'mysql2/promise';

const BATCH = 1000;

export type Writer = {
  add: (row: unknown[]) => Promise<void>;
  flush: () => Promise<void>;
  /** Rows written plus rows still buffered. */
  readonly total: number;
};

/** Buffers rows for one table and writes them 1,000 at a time in one multi-row INSERT each. */
export function createWriter(connection: Connection, table: string, columns: string[]): Writer {
  let rows: unknown[][] = [];
  let total = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    total += batch.length;
    try {
      await connection.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [
        batch,
      ]);
    } catch (error) {
      // The driver's error carries the whole statement (with password hashes): report only what failed.
      const { code, sqlMessage } = error as { code?: string; sqlMessage?: string };
      throw new Error(`Inserting into ${table} failed: ${code ?? 'error'} ${sqlMessage ?? ''}`);
    }
  };
  return {
    async add(row: unknown[]) {
      rows.push(row);
      if (rows.length >= BATCH) await flush();
    },
    flush,
    get total() {
      return total + rows.length;
    },
  };
}

// Large loads: maintaining a dozen secondary B-trees row by row is what makes a million rows slow. Drop the
// plain secondary indexes of the big tables first and rebuild them once at the end (a sorted build), with the
// same names and columns, so the schema is exactly what the migrations made. Indexes a foreign key needs stay.
export type IndexDefinition = { table: string; name: string; columns: string[] };

/** From this many applications on, a fresh load drops and rebuilds the secondary indexes. */
export const REBUILD_THRESHOLD = 50_000;
// search_words: filled by the triggers on applications and users, one row per word (about nine per application).
const BULK_TABLES = ['applications', 'users', 'loan_payments', 'milestone_progress', 'search_words'];

export async function dropSecondaryIndexes(connection: Connection, database: string): Promise<IndexDefinition[]> {
  const [rows] = (await connection.query(
    `SELECT TABLE_NAME AS tableName, INDEX_NAME AS indexName, COLUMN_NAME AS columnName
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME IN (?) AND INDEX_NAME <> 'PRIMARY' AND NON_UNIQUE = 1
      ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [database, BULK_TABLES],
  )) as unknown as [{ tableName: string; indexName: string; columnName: string }[]];
  const byName = new Map<string, IndexDefinition>();
  for (const row of rows) {
    const key = `${row.tableName}.${row.indexName}`;
    const definition = byName.get(key) ?? { table: row.tableName, name: row.indexName, columns: [] };
    definition.columns.push(row.columnName);
    byName.set(key, definition);
  }
  const dropped: IndexDefinition[] = [];
  for (const definition of byName.values()) {
    try {
      await connection.query(`ALTER TABLE \`${definition.table}\` DROP INDEX \`${definition.name}\``);
      dropped.push(definition);
    } catch {
      // A foreign key needs this index: it stays and is maintained row by row.
    }
  }
  return dropped;
}

export async function restoreIndexes(connection: Connection, definitions: IndexDefinition[]): Promise<void> {
  for (const table of new Set(definitions.map((definition) => definition.table))) {
    const clauses = definitions
      .filter((definition) => definition.table === table)
      .map(
        (definition) =>
          `ADD INDEX \`${definition.name}\` (${definition.columns.map((column) => `\`${column}\``).join(', ')})`,
      );
    process.stdout.write(`  rebuilding ${clauses.length} indexes of ${table}\n`);
    await connection.query(`ALTER TABLE \`${table}\` ${clauses.join(', ')}`);
  }
}
