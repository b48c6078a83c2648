import { fileURLToPath } from 'node:url';
import { drizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import { migrate } from 'drizzle-orm/mysql2/migrator';
import mysql from 'mysql2/promise';
import * as schema from '../drizzle/schema/index';

export type Db = MySql2Database<typeof schema>;
// A transaction handle has the same query surface as the database.
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// server/db.ts and dist-server/main.js both sit one level below the project root.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle/migrations', import.meta.url));

export type Database = { db: Db; pool: mysql.Pool; close: () => Promise<void> };

export function splitDatabaseUrl(url: string): { serverUrl: string; database: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error('DATABASE_URL must name a database of letters, digits and _');
  parsed.pathname = '/';
  return { serverUrl: parsed.toString(), database };
}

export function createDatabase(url: string, poolSize = 10): Database {
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: poolSize,
    // A bounded queue: under overload callers get an error quickly instead of waiting forever.
    queueLimit: 500,
    connectTimeout: 5_000,
    enableKeepAlive: true,
    // mysql2's default captures a stack trace on every query so errors name the caller: about 8% of a hot request's
    // CPU here. Errors still carry the driver's code and message; we never show stacks to clients anyway.
    trace: false,
    // DATETIME values are UTC; DATE values stay 'YYYY-MM-DD' strings, never shifted (docs/product.md 2).
    timezone: 'Z',
    dateStrings: true,
    supportBigNumbers: true,
    charset: 'utf8mb4_unicode_ci',
  });
  pool.pool.on('connection', (connection) => {
    connection.query("SET time_zone = '+00:00'");
  });
  const db = drizzle(pool, { schema, mode: 'default' });
  return { db, pool, close: () => pool.end() };
}

/** The named lock a server holds while it migrates `database` (named locks are server-wide: one per database). */
export function migrationLockName(database: string): string {
  return `funding_migrations:${database}`.slice(0, 64);
}

/** Creates the database when it is missing (drizzle-kit migrate does not), then applies drizzle/migrations. */
export async function prepareDatabase(url: string): Promise<void> {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const admin = await mysql.createConnection({ uri: serverUrl, connectTimeout: 10_000 });
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  const connection = await mysql.createConnection({ uri: url, timezone: 'Z', multipleStatements: false });
  try {
    // Several instances may start at once: one migrates, the others wait for the lock and find nothing to do. The
    // lock is the database's own (a named lock is server-wide), so a long migration of one database never holds up
    // the start of a server on another.
    const lock = migrationLockName(database);
    await connection.query('SELECT GET_LOCK(?, 60)', [lock]);
    await migrate(drizzle(connection, { schema, mode: 'default' }), { migrationsFolder: MIGRATIONS_DIR });
    await connection.query('SELECT RELEASE_LOCK(?)', [lock]);
  } finally {
    await connection.end();
  }
}
