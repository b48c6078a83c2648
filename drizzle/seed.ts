// npm run db:seed -- [--applications N] [--database NAME] [--fresh] [--random-seed S] [--queue-only]
//
// Demo data for local development and benchmarks: client accounts, applications in every status, underwriting
// results, loans with schedules and payments, refinance requests and rewards progress (one module each in
// drizzle/seed/). Everything is synthetic: names from word lists, addresses on "Example" streets, emails at
// seed.example, SSNs in the never-issued 9xx range. PII columns are encrypted like real submissions.
// Rows go in with multi-row INSERTs (1,000 per statement), so `--applications 1000000` takes minutes.
// `--fresh` drops and recreates the target database first; it refuses to run in production.
// `--queue-only` adds only the work queue's data (drizzle/seed/queue.ts) to a database seeded before it.
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
import { type QueueTotals, seedQueue } from './seed/queue';
import { seedRewards } from './seed/rewards';

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '300' },
    database: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'random-seed': { type: 'string', default: '20260101' },
    'queue-only': { type: 'boolean', default: false },
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

if (values['queue-only'] && values.fresh) throw new Error('--queue-only adds to a seeded database: drop --fresh');

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

// The queue's staff get a password nobody is told (they would be invited to set their own).
const staffPasswordHash = await hashPassword(randomBytes(24).toString('base64url'));
const seedTheQueue = () =>
  seedQueue({
    connection,
    random,
    clock,
    runTag,
    passwordHash: staffPasswordHash,
    offerValidDays: env.OFFER_VALID_DAYS,
  });
const describeQueue = (queue: QueueTotals) =>
  queue.skipped
    ? `  the work queue's data was there already (${queue.staff} queue staff); nothing added.`
    : [
        `  work queue: ${queue.staff} staff (${queue.assigned} files assigned), ${queue.review} under review,`,
        `  ${queue.requests} document requests (${queue.received} received), ${queue.ocrJobs} finished OCR jobs,`,
        `  ${queue.unreconciled} unreconciled analyses, ${queue.decisions} staff decisions, ${queue.offersExpiring} offers in their last 3 days.`,
      ].join('\n');
if (values['queue-only']) {
  const queue = await seedTheQueue();
  await connection.query(
    'ANALYZE TABLE applications, document_requests, ocr_jobs, underwriting_results, application_decisions',
  );
  await connection.end();
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  process.stdout.write(`Added the work queue's data to ${database} in ${seconds} s:\n${describeQueue(queue)}\n`);
  process.exit(0);
}

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
const queue = await seedTheQueue();

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
    describeQueue(queue),
    `Demo clients sign in with their seed.example email and the password ${demoPassword}`,
    'Staff who can sign in are not seeded (the queue staff have no known password): npm run user:create -- --email E --password P --role super_admin',
    '',
  ].join('\n'),
);
