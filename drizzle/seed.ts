// npm run db:seed -- [--applications N] [--database NAME] [--fresh] [--random-seed S]
//
// Demo data for local development and benchmarks: client accounts, applications in every status, underwriting
// results, loans with schedules and payments, refinance requests and rewards progress (one module each in
// drizzle/seed/). Everything is synthetic: names from word lists, addresses on "Example" streets, emails at
// seed.example, SSNs in the never-issued 9xx range. PII columns are encrypted like real submissions.
// Rows go in with multi-row INSERTs (1,000 per statement), so `--applications 1000000` takes minutes.
// `--fresh` drops and recreates the target database first; it refuses to run in production.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { hashPassword } from '../server/auth/password';
import { createDatabase, prepareDatabase, splitDatabaseUrl } from '../server/db';
import { getEnv } from '../server/env';
import { loadDataKey, randomToken } from '../server/lib/crypto';
import { RECOUNT_LIST_COUNTERS_SQL } from '../server/services/back-office/index';
import { ensureReferenceData } from '../server/services/rewards/index';
import { seedApplications } from './seed/applications';
import { REBUILD_THRESHOLD, dropSecondaryIndexes, restoreIndexes } from './seed/bulk-writer';
import { clientCountFor, seedClients } from './seed/clients';
import { createRandom, startClock } from './seed/random';
import { seedRewards } from './seed/rewards';

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '300' },
    database: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'random-seed': { type: 'string', default: '20260101' },
  },
});

const applicationCount = Number(values.applications);
if (!Number.isInteger(applicationCount) || applicationCount < 10 || applicationCount > 5_000_000) {
  throw new Error('--applications must be a whole number between 10 and 5,000,000');
}

const env = getEnv();
if (env.isProduction) throw new Error('The seed writes demo data and never runs with NODE_ENV=production');
let databaseUrl = env.DATABASE_URL;
if (values.database) {
  if (!/^[A-Za-z0-9_]+$/.test(values.database)) throw new Error('--database must be letters, digits and _');
  const url = new URL(databaseUrl);
  url.pathname = `/${values.database}`;
  databaseUrl = url.toString();
}

const random = createRandom(Number(values['random-seed']));
const clock = startClock();

const { serverUrl, database } = splitDatabaseUrl(databaseUrl);
loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir: env.VAR_DIR, isProduction: false });
if (values.fresh) {
  const admin = await mysql.createConnection({ uri: serverUrl });
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.end();
}
await prepareDatabase(databaseUrl);
const seedDb = createDatabase(databaseUrl, 2);
await ensureReferenceData(seedDb.db);
await seedDb.close();

const connection = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z', dateStrings: true });
// Bulk load: the rows are generated consistent, so foreign key checks only cost time. Unique checks stay on: with both
// off, InnoDB loads an empty table in bulk, and the rows the search-word triggers write there (INSERT IGNORE of a word
// met twice) made it silently lose every row of the statement.
await connection.query('SET SESSION foreign_key_checks = 0');
await connection.query("SET SESSION time_zone = '+00:00'");
const started = Date.now();

// Only on a database this run created: if a fresh load fails half way, running it again starts over.
const droppedIndexes =
  values.fresh && applicationCount >= REBUILD_THRESHOLD ? await dropSecondaryIndexes(connection, database) : [];
const runTag = randomToken(4).slice(0, 6);

// Clients share one demo password, printed at the end.
const demoPassword = `Demo-${randomBytes(6).toString('hex')}-Aa1!`;
const passwordHash = await hashPassword(demoPassword);
const clients = await seedClients({
  connection,
  random,
  clock,
  count: clientCountFor(applicationCount),
  passwordHash,
  runTag,
});
const totals = await seedApplications({ connection, random, clock, count: applicationCount, clients, runTag, started });
const rewards = await seedRewards({ connection, random, clients });

// The list counts the triggers keep (migration 0005) missed payments written before their loan: counted again.
for (const statement of RECOUNT_LIST_COUNTERS_SQL) await connection.query(statement);
await restoreIndexes(connection, droppedIndexes);
await connection.query('ANALYZE TABLE applications, users, loans, loan_payments, loan_schedule');
await connection.end();

const seconds = Math.round((Date.now() - started) / 100) / 10;
process.stdout.write(
  [
    `Seeded ${database} in ${seconds} s:`,
    `  ${clients.length} clients, ${applicationCount} applications, ${totals.underwritingResults} underwriting results,`,
    `  ${totals.loans} loans with ${totals.scheduledPayments} scheduled and ${totals.payments} recorded payments,`,
    `  ${totals.refinanceRequests} refinance requests, ${rewards.progressRows} milestone progress rows, ${rewards.rewards} rewards.`,
    `Demo clients sign in with their seed.example email and the password ${demoPassword}`,
    'Staff accounts are not seeded: npm run user:create -- --email E --password P --role super_admin',
    '',
  ].join('\n'),
);
