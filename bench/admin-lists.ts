// npx tsx bench/admin-lists.ts [--database funding_admin_bench] [--concurrency 10] [--requests 400] [--warmup 1000] [--out FILE]
//
// Back-office list latency at scale ("Performance"). Prerequisite: a database seeded with
//   npx tsx drizzle/seed.ts --applications 1000000 --database funding_admin_bench --fresh
// The bench starts the real HTTP app in this process on that database, signs in a throwaway verified
// super_admin, and calls the spec's REST paths (session check, admin rate limit, procedure, queries: the whole
// path a browser pays) at a fixed concurrency. The work queue is called as the Queue tab calls it (GET
// /api/admin/queue; its first pages over tRPC too, for comparison), "Mine" in the session of the seeded staff member
// who owns the most queued files. The plan of each queue page's statement is checked (the queue indexes, no table
// scan), and of each word search's (search_words indexes, the other words joined, no subquery per candidate). For
// every call it reports p50/p95/p99 over `--requests` requests after a warm-up. Goal: p95 <= 15 ms for every list
// call. The bench user and its session are removed at the end.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuNow, cpuPerRequest, runHttpLoad } from './http-load';
import { eq, sql } from 'drizzle-orm';
import { applications, loans, users } from '../drizzle/schema/index';
import { startSession } from '../server/auth/lucia';
import { createApp, createDeps } from '../server/app';
import { createDatabase, prepareDatabase } from '../server/db';
import { getEnv, parseEnv } from '../server/env';
import { loadDataKey } from '../server/lib/crypto';
import { createLogger } from '../server/lib/logger';
import {
  applicantListKeySql,
  applicationListKeySql,
  listApplicants,
  applicationsByEmail,
  listApplications,
  encodeCursor,
  getDashboard,
  listActiveLoans,
  getWorkQueue,
  workQueueKeySql,
} from '../server/services/back-office/index';
import { listApplicantsSchema, listApplicationsSchema, listLoansSchema } from '../src/shared/schemas/admin';
import { workQueueSchema } from '../src/shared/schemas/back-office-work';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'funding_admin_bench' },
    concurrency: { type: 'string', default: '10' },
    requests: { type: 'string', default: '400' },
    // Requests of every selected call made before any is measured (and a quarter as many again just before each one's
    // own run): a server that has been up for a few minutes, whose code for each call V8 has optimised. With 200 the
    // calls' own code was not yet optimised: the loan page's p95 was 16-21 ms, with 1,000 11-12 ms on the same machine.
    warmup: { type: 'string', default: '1000' },
    only: { type: 'string' },
    // http: the whole REST path (session, admin limit, procedure); service: the list services called directly.
    mode: { type: 'string', default: 'both' },
    out: { type: 'string' },
  },
});
const concurrency = Number(values.concurrency);
const requests = Number(values.requests);
const warmup = Number(values.warmup);
if (!/^[A-Za-z0-9_]+$/.test(values.database)) throw new Error('--database must be letters, digits and _');

const base = getEnv();
const url = new URL(base.DATABASE_URL);
url.pathname = `/${values.database}`;
const env = parseEnv({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'silent',
  // The admin API limit (300/min per session) would stop a benchmark after a second; raised, never disabled.
  RATE_LIMIT_MULTIPLIER: '10000',
  DB_POOL_SIZE: String(Math.max(10, concurrency)),
});
loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir: env.VAR_DIR, isProduction: false });
// A database seeded before the latest migrations gets them first, as a server starting on it would (on a million
// applications a migration that rebuilds the search_words indexes takes minutes, once).
await prepareDatabase(env.DATABASE_URL);
const database = createDatabase(env.DATABASE_URL, env.DB_POOL_SIZE);
const deps = createDeps(env, createLogger('silent'), database);
const { db } = deps;

const SEED_HINT = `npx tsx drizzle/seed.ts --applications 1000000 --database ${values.database} --fresh`;
let total = 0;
try {
  const [rows] = (await db.execute(sql`SELECT COUNT(*) AS total FROM ${applications}`)) as unknown as [
    { total: number | string }[],
  ];
  total = Number(rows[0]?.total ?? 0);
} catch {
  total = -1;
}
if (total < 1000) {
  process.stderr.write(
    `${values.database} ${total < 0 ? 'is missing' : `holds ${total} applications`}: seed it first with\n  ${SEED_HINT}\n`,
  );
  await database.close();
  process.exit(1);
}

// A throwaway staff member with a second-factor-verified session.
const staffId = randomUUID();
await db.insert(users).values({
  id: staffId,
  email: `bench-${staffId.slice(0, 8)}@bench.invalid`,
  passwordHash: 'x',
  firstName: 'Bench',
  lastName: 'Runner',
  role: 'super_admin',
});
const session = await startSession(deps.lucia, staffId, 'super_admin', true);
const cookie = deps.lucia.createSessionCookie(session.id).serialize().split(';')[0] ?? '';

const app = createApp(deps, { distDir: path.resolve('var/no-dist') });
await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A cursor `depth` rows into a newest-first list (computed once, slowly, with OFFSET: setup only). */
async function deepCursor(
  where: ReturnType<typeof sql>,
  depth: number,
  table: 'applications' | 'users' | 'loans' = 'applications',
) {
  const source = table === 'applications' ? applications : table === 'users' ? users : loans;
  const [rows] = (await db.execute(
    sql`SELECT id, created_at FROM ${source} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${depth}`,
  )) as unknown as [{ id: string; created_at: string }[]];
  const row = rows[0];
  if (!row) return null;
  return encodeCursor({ id: row.id, createdAt: new Date(`${row.created_at.replace(' ', 'T')}Z`) });
}

// Real search terms from the data: a common first word, a common first name, a mid-size two-word business prefix,
// one exact email, and an id prefix; a 2-character term, and a first word and an initial (two search words).
const [sample] = await db
  .select({
    id: applications.id,
    email: applications.email,
    businessName: applications.businessName,
    ownerName: applications.ownerName,
  })
  .from(applications)
  .where(sql`${applications.userId} IS NOT NULL`)
  // The oldest linked application: the same record (and so the same words) every run on the same data; the seed's
  // names and dates follow its random seed, so a fresh seed picks the same words too.
  .orderBy(applications.createdAt, applications.id)
  .limit(1);
if (!sample) throw new Error('no linked application found');
const commonWord = sample.businessName.split(' ')[0] ?? 'Golden';
const twoWords = sample.businessName.split(' ').slice(0, 2).join(' ');
const firstName = sample.ownerName.split(' ')[0] ?? 'Maya';
const shortTerm = commonWord.slice(0, 2);
const wordAndInitial = twoWords.slice(0, commonWord.length + 2);
const [client] = await db
  .select({
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    businessName: users.businessName,
  })
  .from(users)
  .where(eq(users.role, 'client'))
  .orderBy(users.createdAt, users.id)
  .limit(1);
const [loanCount] = (
  await db.execute(sql`SELECT COUNT(*) AS n FROM ${loans} WHERE status = 'current'`)
)[0] as unknown as { n: number }[];

const DEEP = 100_000;
type Scenario = { name: string; path: string; cookie?: string; viewerId?: string };
const scenarios: Scenario[] = [];
const add = (name: string, pathName: string | null, as?: { cookie: string; viewerId: string }) => {
  if (pathName) scenarios.push({ name, path: pathName, ...as });
};
const q = (params: Record<string, string | null | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

add('dashboard counts', '/api/admin/dashboard');
add('applications: first page', '/api/admin/applications?page=1&limit=50');
for (const status of ['pending', 'approved', 'declined']) {
  add(`applications: status=${status}`, `/api/admin/applications?${q({ status })}`);
}
for (const ai of ['approved', 'declined', 'review']) {
  add(`applications: aiApproved=${ai}`, `/api/admin/applications?${q({ aiApproved: ai })}`);
}
add(
  'applications: status=declined & ai=review',
  `/api/admin/applications?${q({ status: 'declined', aiApproved: 'review' })}`,
);
add(`applications: search "${commonWord}" (common)`, `/api/admin/applications?${q({ search: commonWord })}`);
add(`applications: search "${firstName}" (common owner)`, `/api/admin/applications?${q({ search: firstName })}`);
add(`applications: search "${twoWords}"`, `/api/admin/applications?${q({ search: twoWords })}`);
add(
  `applications: search "${twoWords}" + status=pending`,
  `/api/admin/applications?${q({ search: twoWords, status: 'pending' })}`,
);
add(`applications: search "${shortTerm}" (2 characters)`, `/api/admin/applications?${q({ search: shortTerm })}`);
add(`applications: search "${wordAndInitial}"`, `/api/admin/applications?${q({ search: wordAndInitial })}`);
add('applications: search one email', `/api/admin/applications?${q({ search: sample.email })}`);
add('applications: search id prefix', `/api/admin/applications?${q({ search: sample.id.slice(0, 8) })}`);
// Search by any word (word-search.ts): a business's later word, a 2-character and a 4-character word prefix, a word
// and a prefix of another, a mid-size combination with a filter, one rare word (the email's own token), and a word
// that nothing starts (the key shared by thousands, the word by none).
const laterWord = sample.businessName.split(' ')[1] ?? 'Bakery';
const emailToken = sample.email.split(/[^a-z0-9]+/i).find((word) => /\d/.test(word)) ?? sample.email;
add(`words: "${laterWord}" (a later word, common)`, `/api/admin/applications?${q({ search: laterWord })}`);
add(
  `words: "${laterWord.slice(0, 2)}" (2 characters)`,
  `/api/admin/applications?${q({ search: laterWord.slice(0, 2) })}`,
);
add(
  `words: "${laterWord.slice(0, 4)}" (4 characters)`,
  `/api/admin/applications?${q({ search: laterWord.slice(0, 4) })}`,
);
add(
  `words: "${firstName} ${laterWord.slice(0, 3)}" (two words)`,
  `/api/admin/applications?${q({ search: `${firstName} ${laterWord.slice(0, 3)}` })}`,
);
add(
  `words: "${laterWord} ${firstName}" + status=pending`,
  `/api/admin/applications?${q({ search: `${laterWord} ${firstName}`, status: 'pending' })}`,
);
// The same words within a month of creation days (an older month, so the newest rows are not it).
const createdFrom = new Date(Date.now() - 120 * 24 * 3600_000).toISOString().slice(0, 10);
const createdTo = new Date(Date.now() - 90 * 24 * 3600_000).toISOString().slice(0, 10);
for (const [label, search] of [
  [`"${laterWord}"`, laterWord],
  [`"${laterWord.slice(0, 4)}" (prefix)`, laterWord.slice(0, 4)],
  [`"${firstName} ${laterWord.slice(0, 3)}" (two words)`, `${firstName} ${laterWord.slice(0, 3)}`],
]) {
  add(`words: ${label} + created month`, `/api/admin/applications?${q({ search, createdFrom, createdTo })}`);
}
add("words: the email's own token (rare)", `/api/admin/applications?${q({ search: emailToken })}`);
add(`words: "${laterWord}zz" (no word)`, `/api/admin/applications?${q({ search: `${laterWord}zz` })}`);
if (client) {
  const business = client.businessName.split(' ').at(-2) ?? client.businessName;
  add(
    `words: applicants "${client.lastName} ${business.slice(0, 4)}"`,
    `/api/admin/applicants?${q({ search: `${client.lastName} ${business.slice(0, 4)}` })}`,
  );
}
add(
  `applications: search "${commonWord}" + ai=review`,
  `/api/admin/applications?${q({ search: commonWord, aiApproved: 'review' })}`,
);
add(
  `applications: deep page (${DEEP.toLocaleString('en-US')} rows in)`,
  `/api/admin/applications?${q({ cursor: await deepCursor(sql`1 = 1`, DEEP) })}`,
);
add(
  'applications: deep page, status=declined',
  `/api/admin/applications?${q({ status: 'declined', cursor: await deepCursor(sql`status = 'declined'`, DEEP) })}`,
);
add(
  'applications: deep page, ai=review',
  `/api/admin/applications?${q({ aiApproved: 'review', cursor: await deepCursor(sql`ai_approved = 'review'`, DEEP) })}`,
);
add(
  'applications: deep page, status=declined & ai=review',
  `/api/admin/applications?${q({ status: 'declined', aiApproved: 'review', cursor: await deepCursor(sql`status = 'declined' AND ai_approved = 'review'`, DEEP / 2) })}`,
);
add(
  'applications: previous page from deep',
  `/api/admin/applications?${q({ cursor: await deepCursor(sql`1 = 1`, DEEP), direction: 'prev' })}`,
);
add(
  `applications: search "${commonWord}", deep page`,
  `/api/admin/applications?${q({ search: commonWord, cursor: await deepCursor(sql`business_name LIKE ${`${commonWord}%`} OR owner_name LIKE ${`${commonWord}%`} OR email LIKE ${`${commonWord}%`}`, 5000) })}`,
);
add('applicants: first page', '/api/admin/applicants?page=1&limit=50');
add('applicants: isActive=inactive', `/api/admin/applicants?${q({ isActive: 'inactive' })}`);
if (client) {
  add(`applicants: search "${client.lastName}"`, `/api/admin/applicants?${q({ search: client.lastName })}`);
  add('applicants: search one email', `/api/admin/applicants?${q({ search: client.email })}`);
  add(
    `applicants: search "${client.firstName} ${client.lastName.slice(0, 3)}"`,
    `/api/admin/applicants?${q({ search: `${client.firstName} ${client.lastName.slice(0, 3)}` })}`,
  );
}
add(
  'applicants: deep page (50,000 rows in)',
  `/api/admin/applicants?${q({ cursor: await deepCursor(sql`role = 'client'`, 50_000, 'users') })}`,
);
add('loans: first page', '/api/admin/loans?page=1&limit=50');
add(
  'loans: deep page',
  `/api/admin/loans?${q({ cursor: await deepCursor(sql`status = 'current'`, Math.max(0, Math.min(Number(loanCount?.n ?? 0) - 60, 20_000)), 'loans') })}`,
);
add('by-email lookup', `/api/admin/applications/by-email/${encodeURIComponent(sample.email)}`);

// The work queue, as the Queue tab asks for it (GET /api/admin/queue with the pager's input), and over tRPC's batched
// GET (src/lib/trpc.ts) for comparison.
const queuePath = (input: Record<string, string | undefined>) =>
  `/trpc/admin.workQueue?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: input } }))}`;
// "Mine" is read by the seeded staff member (drizzle/seed/queue.ts) who owns the most queued files.
const [[owner]] = (await db.execute(
  sql`SELECT a.assigned_to AS id, u.role AS role, COUNT(*) AS n FROM ${applications} AS a
        JOIN ${users} AS u ON u.id = a.assigned_to
       WHERE a.needs_person = 1 AND a.assigned_to IS NOT NULL GROUP BY a.assigned_to, u.role ORDER BY n DESC LIMIT 1`,
)) as unknown as [{ id: string; role: 'admin' | 'super_admin'; n: number }[]];
const ownerSession = owner ? await startSession(deps.lucia, owner.id, owner.role, true) : null;
const ownerAs =
  owner && ownerSession
    ? { viewerId: owner.id, cookie: deps.lucia.createSessionCookie(ownerSession.id).serialize().split(';')[0] ?? '' }
    : undefined;
const [[queueSize]] = (await db.execute(
  sql`SELECT COUNT(*) AS n FROM ${applications} FORCE INDEX (applications_queue_idx) WHERE needs_person = 1`,
)) as unknown as [{ n: number }[]];
const QUEUE_DEEP = Math.max(0, Math.min(20_000, Number(queueSize?.n ?? 0) - 100));
const [[deepQueueRow]] = (await db.execute(
  sql`SELECT id, created_at FROM ${applications} FORCE INDEX (applications_queue_idx) WHERE needs_person = 1
       ORDER BY created_at, id LIMIT 1 OFFSET ${QUEUE_DEEP}`,
)) as unknown as [{ id: string; created_at: string }[]];
const queueCursor = deepQueueRow
  ? encodeCursor({ id: deepQueueRow.id, createdAt: new Date(`${deepQueueRow.created_at.replace(' ', 'T')}Z`) })
  : undefined;
const restQueuePath = (input: Record<string, string | undefined>) => `/api/admin/queue?${q(input)}`;
add('queue: first page', restQueuePath({ assignee: 'all' }));
if (ownerAs)
  add(`queue: Mine, first page (${Number(owner?.n ?? 0)} queued files)`, restQueuePath({ assignee: 'mine' }), ownerAs);
add(
  `queue: deep page (${QUEUE_DEEP.toLocaleString('en-US')} of ${Number(queueSize?.n ?? 0).toLocaleString('en-US')} rows in)`,
  restQueuePath({ assignee: 'all', cursor: queueCursor, direction: 'next' }),
);
// The same first pages over tRPC's batched GET, as the tab called them before, for comparison: the batch and superjson
// cost CPU of their own.
add('queue: first page (tRPC)', queuePath({ assignee: 'all' }));
if (ownerAs) add('queue: Mine, first page (tRPC)', queuePath({ assignee: 'mine' }), ownerAs);

type Result = {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  rps: number;
  errors: number;
  rows: number;
};

const actor = { id: staffId, role: 'super_admin' as const, ip: '127.0.0.1' };

/** The same call without HTTP: the service behind the REST path, with the procedure's own schema. */
/** A queue page's input, from the tRPC path the Queue tab calls or the REST path's query. */
function queueInput(target: URL) {
  if (target.pathname === '/api/admin/queue') return workQueueSchema.parse(Object.fromEntries(target.searchParams));
  const batch = JSON.parse(target.searchParams.get('input') ?? '{}') as { 0?: { json?: unknown } };
  return workQueueSchema.parse(batch[0]?.json ?? {});
}
const isQueuePath = (pathName: string) =>
  pathName.startsWith('/trpc/admin.workQueue') || pathName.startsWith('/api/admin/queue');

function serviceCall(scenario: Scenario): () => Promise<unknown> {
  const target = new URL(scenario.path, 'http://bench');
  const params = Object.fromEntries(target.searchParams);
  const route = target.pathname;
  if (isQueuePath(route)) {
    const input = queueInput(target);
    return () => getWorkQueue(deps, scenario.viewerId ?? staffId, input);
  }
  if (route === '/api/admin/dashboard') return () => getDashboard(deps);
  if (route === '/api/admin/applications') return () => listApplications(deps, listApplicationsSchema.parse(params));
  if (route === '/api/admin/applicants') return () => listApplicants(deps, listApplicantsSchema.parse(params));
  if (route === '/api/admin/loans') return () => listActiveLoans(deps, listLoansSchema.parse(params));
  const email = /^\/api\/admin\/applications\/by-email\/(.+)$/.exec(route)?.[1];
  if (email) return () => applicationsByEmail(deps, actor, decodeURIComponent(email));
  throw new Error(`no service for ${route}`);
}

async function runService(scenario: Scenario, count: number) {
  const call = serviceCall(scenario);
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const begin = performance.now();
        try {
          await call();
        } catch {
          errors += 1;
        }
        times.push(performance.now() - begin);
      }
    }),
  );
  return { times, errors, rows: 0, seconds: (performance.now() - started) / 1000 };
}

function run(scenario: Scenario, count: number) {
  return runHttpLoad({ origin, cookie: scenario.cookie ?? cookie, path: scenario.path, count, concurrency });
}

/**
 * The queue pages read the queue indexes in order: every table access of the page's statement names an index (no
 * scan of the applications table), and the big part is the queue index itself.
 */
async function checkQueuePlan(scenario: Scenario): Promise<string> {
  const target = new URL(scenario.path, 'http://bench');
  const keySql = workQueueKeySql(deps, scenario.viewerId ?? staffId, queueInput(target));
  const [plan] = (await db.execute(sql`EXPLAIN ${keySql}`)) as unknown as [
    { table: string | null; type: string | null; key: string | null; rows: number | null; Extra: string | null }[],
  ];
  const reads = plan.filter((row) => row.table === 'applications');
  const scans = reads.filter((row) => !row.key || row.type === 'ALL' || row.type === 'index');
  const usesQueueIndex = reads.some(
    (row) => row.key === 'applications_queue_idx' || row.key === 'applications_assignee_queue_idx',
  );
  const summary = reads.map((row) => `${row.key ?? 'no index'} ${row.type ?? ''} ~${row.rows ?? '?'} rows`).join('; ');
  if (scans.length > 0 || !usesQueueIndex) {
    planFailures.push(`${scenario.name}: ${summary}`);
    return `plan NOT as designed: ${summary}`;
  }
  return `plan ok: ${summary}`;
}
const planFailures: string[] = [];

type PlanRow = {
  select_type: string | null;
  table: string | null;
  type: string | null;
  key: string | null;
  rows: number | null;
  Extra: string | null;
};

/**
 * A word search's page statement (word-search.ts): the driving word is read from a search_words index, the other
 * words and the listed table are joined by index, and nothing is a subquery per candidate or a scan. A prefix-key walk
 * also needs no sort (the words come newest first); a word range is sorted after by design (few matches).
 */
async function checkSearchPlan(scenario: Scenario): Promise<string> {
  const target = new URL(scenario.path, 'http://bench');
  const params = Object.fromEntries(target.searchParams);
  const options = { viewerId: scenario.viewerId ?? staffId };
  const keySql =
    target.pathname === '/api/admin/applicants'
      ? await applicantListKeySql(deps, listApplicantsSchema.parse(params), options)
      : await applicationListKeySql(deps, listApplicationsSchema.parse(params), options);
  const [plan] = (await db.execute(sql`EXPLAIN ${keySql}`)) as unknown as [PlanRow[]];
  const driver = plan.find((row) => row.table === 'w');
  const scans = plan.filter(
    (row) => row.table && !row.table.startsWith('<') && (!row.key || row.type === 'ALL' || row.type === 'index'),
  );
  const perCandidate = plan.filter((row) => /SUBQUERY|MATERIALIZED/i.test(row.select_type ?? ''));
  const keyWalk = Boolean(driver?.key && /_key\d_idx$/.test(driver.key));
  const sorts = keyWalk && /filesort|temporary/i.test(driver?.Extra ?? '');
  const summary = plan
    .filter((row) => row.table && !row.table.startsWith('<'))
    .map((row) => `${row.table} ${row.key ?? 'no index'}${row.table === 'w' ? ` ~${row.rows ?? '?'}` : ''}`)
    .join(', ');
  if (!driver || scans.length > 0 || perCandidate.length > 0 || sorts) {
    planFailures.push(`${scenario.name}: ${summary}`);
    return `plan NOT as designed: ${summary}`;
  }
  return `plan ok: ${summary}`;
}
const isWordSearch = (pathName: string) => {
  const target = new URL(pathName, 'http://bench');
  return (
    (target.pathname === '/api/admin/applications' || target.pathname === '/api/admin/applicants') &&
    Boolean(target.searchParams.get('search'))
  );
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number) => Math.round(value * 100) / 100;

const results: (Result & { mode: string })[] = [];
/** What the figures measure, printed above them (docs/performance.md is this output). */
const ABOUT = [
  'A word search walks its rarest word newest first in a prefix-key index and refuses most candidates from the index',
  "entry itself: each word row carries its record's word-start signatures and list filters (status, automated",
  'decision, active flag), so a filtered search reads no record and two common words look up the second word for',
  'about one entry in twenty; the other words are joined by index (docs/architecture.md, "Search by any word"). The',
  'queue is read as the Queue tab reads it, GET /api/admin/queue; its first pages over tRPC are listed for',
  'comparison. The statement of every word search and queue page is EXPLAINed after its run: "plan ok" names the',
  'indexes read. CPU ms/req: the server thread + the rest of this process (mostly the load generator) + mysqld (the',
  'whole server process: other clients of the same MariaDB count too). On 2 cores, p95 at 10 concurrent follows the',
  'total CPU per request.',
].join('\n');
// How much of the database MariaDB can hold in memory moves these figures (its default is 128 MiB; the seeded
// database is ~4 GB): printed with them.
const [[pool]] = (await db.execute(sql`SELECT @@innodb_buffer_pool_size AS bytes`)) as unknown as [{ bytes: number }[]];
process.stdout.write(
  `Database ${values.database}: ${Number(total).toLocaleString('en-US')} applications, ${Number(loanCount?.n ?? 0).toLocaleString('en-US')} active loans. ` +
    `Concurrency ${concurrency}, ${requests} requests per call; every call warmed up first (${warmup} requests each). ` +
    `MariaDB buffer pool ${Math.round(Number(pool?.bytes ?? 0) / 2 ** 20)} MiB. Load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} at the start.\n`,
);
process.stdout.write(`\n${ABOUT}\n`);
const modes = values.mode === 'both' ? ['service', 'http'] : [values.mode];
for (const mode of modes) {
  process.stdout.write(
    `\n${mode === 'http' ? 'Full HTTP path (GET /api/admin/..., session check and admin limit included)' : 'List services called directly'}\n\n\`\`\`text\n` +
      `${'call'.padEnd(58)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'CPU ms/req'.padStart(15)}\n`,
  );
  const measure = mode === 'http' ? run : runService;
  const selected = scenarios.filter((scenario) => !values.only || scenario.name.includes(values.only));
  // A running server has compiled its hot code long before: every call's code paths are warmed up before the first
  // one is measured, so that the calls measured first do not pay the compiler's work for all the others (it runs on
  // a thread of this process and on the same two cores).
  for (const scenario of selected) await measure(scenario, warmup);
  for (const scenario of selected) {
    await measure(scenario, Math.ceil(warmup / 4));
    const cpuBefore = cpuNow();
    const { times, errors, seconds, rows } = await measure(scenario, requests);
    const cpu = cpuPerRequest(cpuBefore, cpuNow(), times.length);
    const sorted = [...times].sort((a, b) => a - b);
    const result = {
      mode,
      name: scenario.name,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
      rps: Math.round(sorted.length / seconds),
      errors,
      rows,
    };
    results.push(result);
    const flag = result.p95 > 15 ? '  > goal' : '';
    const planNote = isQueuePath(scenario.path)
      ? `  ${await checkQueuePlan(scenario)}`
      : isWordSearch(scenario.path)
        ? `  ${await checkSearchPlan(scenario)}`
        : '';
    process.stdout.write(
      `${scenario.name.slice(0, 58).padEnd(58)} ${String(result.p50).padStart(8)} ${String(result.p95).padStart(8)} ${String(result.p99).padStart(8)} ${String(result.rps).padStart(8)} ${cpu.padStart(15)}${errors ? ` errors=${errors}` : ''}${flag}${planNote}\n`,
    );
  }
  process.stdout.write('```\n');
}

await deps.lucia.invalidateUserSessions(staffId);
if (ownerSession) await deps.lucia.invalidateSession(ownerSession.id);
await db
  .delete(users)
  .where(eq(users.id, staffId))
  .catch(() => undefined);
await new Promise<void>((resolve) => {
  app.server.closeAllConnections();
  app.server.close(() => resolve());
});
await database.close();

const out = values.out ?? path.join('bench', 'results', `admin-lists-${new Date().toISOString().slice(0, 10)}.json`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({ database: values.database, applications: Number(total), concurrency, requests, results }, null, 2),
);
for (const mode of modes) {
  const worst = results.filter((result) => result.mode === mode).reduce((max, result) => Math.max(max, result.p95), 0);
  process.stdout.write(`\nWorst p95 (${mode}): ${worst} ms (goal 15 ms).\n`);
}
if (planFailures.length > 0) {
  process.stdout.write(`\nPlans not as designed:\n${planFailures.map((line) => `  ${line}`).join('\n')}\n`);
  process.exitCode = 1;
}
process.stdout.write(`\nResults written to ${out}\n`);
