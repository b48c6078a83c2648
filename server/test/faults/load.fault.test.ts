import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { applicationFormData } from '../factories/applications';
import { noisePng } from '../statements/bad-files';
import { freshDatabase, paddedStatement, sameOrigin, sleep } from './fault-data';
import { killIfRunning, startAppProcess, type AppProcess } from './process';

// N8 (SECURITY.md 3): short autocannon runs against a server process of its own (own database, so the login
// limiter's counters are ours alone). CI runs 5 s per scenario and 10 s of submissions; N8_SECONDS=30
// N8_SUBMIT_SECONDS=60 give the full figure.

const SECONDS = Number(process.env.N8_SECONDS ?? 5);
const SUBMIT_SECONDS = Number(process.env.N8_SUBMIT_SECONDS ?? 10);
const SUBMIT_CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
/** SECURITY.md N8: the event loop's delay, sampled inside the server, stays under this at p99 in every run. */
const LOOP_DELAY_P99_MS = 100;
/** The rate at which (e) asks for GET /api/auth/user: well under capacity, so p99 is service time, not a queue. */
const STEADY_RATE = 400;
/** (e)'s login burst: bad passwords at this rate from 250 addresses, several times the login limit's whole budget. */
const BURST_RATE = 1000;
/** The login limits of SECURITY.md 2-I (10 per address, 10 per account): failures past these must be 429s. */
const LOGIN_LIMIT = 10;
const LOGIN_CONNECTIONS = 10;

type Scenario = {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Requests per second across all connections; unset, each connection sends as fast as it is answered. */
  overallRate?: number;
  /** Headers that change per request (an idempotency key, a client address). */
  perRequest?: () => Record<string, string>;
};

type Run = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
};

async function load(scenario: Scenario): Promise<Run> {
  const { perRequest } = scenario;
  const result = await autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: scenario.seconds,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    overallRate: scenario.overallRate,
    requests: perRequest
      ? [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...perRequest() } }) }]
      : undefined,
  });
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = stat.count ?? 0;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** The server's resident set in MiB, from the kernel (not the process's own idea of it). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

type LoopDelay = { p50: number; p99: number; max: number };

/**
 * The server's event-loop delay since the previous call (loop-monitor.ts, preloaded into the server process): a
 * SIGUSR2 makes it write the window to `file` and start a new one.
 */
async function loopDelay(pid: number, file: string): Promise<LoopDelay> {
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  for (let tries = 0; tries < 100; tries += 1) {
    if (existsSync(file) && statSync(file).mtimeMs !== before)
      return JSON.parse(readFileSync(file, 'utf8')) as LoopDelay;
    await sleep(20);
  }
  throw new Error('the server did not report its event-loop delay');
}

/** One multipart body as the wizard sends it: the answers and three files of about 1 MiB each. */
async function submissionBody(): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('formData', JSON.stringify(applicationFormData()));
  const files = [
    { field: 'bankStatements', name: 'statement.pdf', type: 'application/pdf', content: await paddedStatement(1) },
    { field: 'driversLicense', name: 'license.png', type: 'image/png', content: noisePng(1400, 960, 11) },
    { field: 'voidedCheck', name: 'check.png', type: 'image/png', content: noisePng(1400, 960, 12) },
  ];
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const count = (run: Run, predicate: (status: number) => boolean) =>
  Object.entries(run.statuses).reduce((total, [status, n]) => total + (predicate(Number(status)) ? n : 0), 0);
const describeRun = (run: Run) =>
  `${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.requests} requests ${JSON.stringify(run.statuses)}, ` +
  `errors ${run.errors}, timeouts ${run.timeouts}`;

async function countRows(database: ReturnType<typeof freshDatabase>, table: string): Promise<number> {
  const connection = await database.connect();
  try {
    const [rows] = await connection.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
    return Number((rows as { n: number }[])[0]!.n);
  } finally {
    await connection.end();
  }
}
const countApplications = (database: ReturnType<typeof freshDatabase>) => countRows(database, 'applications');
const countDocuments = (database: ReturnType<typeof freshDatabase>) => countRows(database, 'application_documents');

type Harness = {
  url: string;
  pid: number;
  origin: string;
  cookie: string;
  email: string;
  loopFile: string;
  hasBuild: boolean;
  database: ReturnType<typeof freshDatabase>;
};

/**
 * A server process of the test's own (own database, so the limiter's counters are ours alone), the event-loop
 * monitor preloaded, and a signed-in client. No RATE_LIMIT_MULTIPLIER: the login runs are about the real limit;
 * trusting one proxy hop lets runs come from different addresses.
 */
async function withServer(label: string, run: (harness: Harness) => Promise<void>): Promise<void> {
  const database = freshDatabase(label);
  const varDir = mkdtempSync(path.join(os.tmpdir(), `funding-${label}-`));
  // A snapshot of the built client, so a rebuild elsewhere cannot pull dist/ away mid-run.
  const distDir = path.join(varDir, 'dist');
  const hasBuild = existsSync(path.join('dist', 'index.html'));
  if (hasBuild) cpSync('dist', distDir, { recursive: true });
  else {
    mkdirSync(distDir);
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Summit Funding</title><div id="root"></div>',
    );
  }
  let app: AppProcess | null = null;
  try {
    const loopFile = path.join(varDir, 'loop-delay.json');
    app = await startAppProcess({
      databaseUrl: database.url,
      varDir,
      nodeArgs: ['--import', './server/test/faults/loop-monitor.ts'],
      env: { DIST_DIR: distDir, TRUST_PROXY_HOPS: '1', LOG_LEVEL: 'error', LOOP_MONITOR_FILE: loopFile },
    });
    const { url } = app;
    const origin = sameOrigin(url);
    const email = `${label}-${Date.now().toString(36)}@example.test`;
    const register = await fetch(`${url}/api/client/register`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Load',
        lastName: 'Tester',
        email,
        password: 'Blue-Harbor-77',
        businessName: 'Canary Load LLC',
      }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('session='));
    expect(cookie).toBeTruthy();
    expect((await fetch(`${url}/api/auth/user`, { headers: { Cookie: cookie! } })).status).toBe(200);
    await run({ url, pid: app.child.pid!, origin, cookie: cookie!, email, loopFile, hasBuild, database });
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  } finally {
    await killIfRunning(app);
    await database.drop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

/** One autocannon run with the server's event-loop delay over the same window. */
async function measured(harness: Harness, scenario: Scenario) {
  await loopDelay(harness.pid, harness.loopFile);
  const run = await load(scenario);
  return { run, loop: await loopDelay(harness.pid, harness.loopFile) };
}

const withLoop = ({ run, loop }: { run: Run; loop: LoopDelay }) =>
  `${describeRun(run)}, event-loop delay p50 ${loop.p50} ms p99 ${loop.p99} ms max ${loop.max} ms`;
const mib = (value: number) => Math.round(value);

function expectClean({ run, loop }: { run: Run; loop: LoopDelay }) {
  expect(run.errors).toBe(0);
  expect(run.timeouts).toBe(0);
  expect(loop.p99).toBeLessThan(LOOP_DELAY_P99_MS);
}

describe('N8 load', () => {
  it('serves pages, sessions and the login limiter under load without errors, stalls or memory growth', async () => {
    await withServer('n8', async (harness) => {
      const { url, pid, origin, cookie, email } = harness;
      const page: Omit<Scenario, 'seconds'> = { url: `${url}/`, connections: 50 };
      const session: Omit<Scenario, 'seconds'> = {
        url: `${url}/api/auth/user`,
        connections: 50,
        headers: { Cookie: cookie },
      };
      const steadySession: Omit<Scenario, 'seconds'> = { ...session, connections: 10, overallRate: STEADY_RATE };
      const badLogin = (from: string): Omit<Scenario, 'seconds'> => ({
        url: `${url}/api/client/login`,
        connections: LOGIN_CONNECTIONS,
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json', 'X-Forwarded-For': from },
        body: JSON.stringify({ email: `${from}-${email}`, password: 'Wrong-Password-1' }),
      });

      // Warm-up: JIT, heap, pool and static cache; and the allocator, whose per-thread arenas keep what the password
      // hashes (about 19 MiB each, on libuv's worker threads) used, so bursts from a few addresses run together.
      await load({ ...page, seconds: WARM_UP_SECONDS });
      await load({ ...session, seconds: WARM_UP_SECONDS });
      await Promise.all(
        ['10.8.0.1', '10.8.0.2', '10.8.0.3', '10.8.0.4'].map((from) => load({ ...badLogin(from), seconds: 1 })),
      );
      await sleep(500);
      const rssBefore = rssMiB(pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssMiB(pid));
      }, 250);

      let pageRun, sessionRun, loginRun;
      const steady: { alone: Run[]; during: Run[]; burst: Run[] } = { alone: [], during: [], burst: [] };
      try {
        pageRun = await measured(harness, { ...page, seconds: SECONDS });
        sessionRun = await measured(harness, { ...session, seconds: SECONDS });
        loginRun = await measured(harness, { ...badLogin('10.8.0.9'), seconds: SECONDS });
        // (e) A login burst must not slow other endpoints: a steady session load alone, then beside a burst of bad
        // passwords from 250 addresses (each admitted up to its limit, then 429s); twice, alternating, so one
        // noisy window on a shared machine decides nothing.
        let burstFrom = 0;
        for (let round = 0; round < 2; round += 1) {
          steady.alone.push(await load({ ...steadySession, seconds: SECONDS / 2 }));
          const [during, burst] = await Promise.all([
            load({ ...steadySession, seconds: SECONDS / 2 }),
            load({
              ...badLogin('10.8.1.1'),
              seconds: SECONDS / 2,
              overallRate: BURST_RATE,
              perRequest: () => ({ 'X-Forwarded-For': `10.8.2.${(burstFrom += 1) % 250}` }),
            }),
          ]);
          steady.during.push(during);
          steady.burst.push(burst);
        }
      } finally {
        clearInterval(sampler);
      }
      await sleep(500);
      const rssAfter = rssMiB(pid);
      const growth = (rssAfter - rssBefore) / rssBefore;
      const admitted = count(loginRun.run, (status) => status === 401);
      const limited = count(loginRun.run, (status) => status === 429);
      const unexpectedLogin = count(loginRun.run, (status) => status !== 401 && status !== 429);
      const aloneP99 = Math.max(...steady.alone.map((run) => run.p99));
      const duringP99 = Math.min(...steady.during.map((run) => run.p99));

      console.log(
        `N8 (${SECONDS} s per run${harness.hasBuild ? '' : ', no client build: stub index.html'}): ` +
          `(a) GET / x50: ${withLoop(pageRun)}; ` +
          `(b) GET /api/auth/user with a session x50: ${withLoop(sessionRun)}; ` +
          `(c) POST /api/client/login bad password x${LOGIN_CONNECTIONS}: ${withLoop(loginRun)}, ` +
          `${admitted} verified (401) before the limit, ${limited} expected 429, ${unexpectedLogin} unexpected; ` +
          `(e) GET /api/auth/user at ${STEADY_RATE} req/s, p99 alone ${steady.alone.map((run) => run.p99).join(' / ')} ms, ` +
          `during a ${BURST_RATE} req/s login burst from 250 addresses ${steady.during.map((run) => run.p99).join(' / ')} ms ` +
          `(burst: ${steady.burst.map(describeRun).join('; ')}); ` +
          `server RSS ${mib(rssBefore)} MiB after warm-up -> ${mib(rssAfter)} MiB (${(growth * 100).toFixed(1)}%, peak ${mib(rssPeak)} MiB)`,
      );
      for (const run of [pageRun, sessionRun, loginRun]) expectClean(run);
      expect(count(pageRun.run, (status) => status < 200 || status >= 300)).toBe(0);
      expect(count(sessionRun.run, (status) => status < 200 || status >= 300)).toBe(0);
      expect(unexpectedLogin).toBe(0);
      expect(limited).toBeGreaterThan(0);
      // Attempts are counted before the password check (exactness is rate-limits.int.test's); here only a bound.
      expect(admitted).toBeLessThanOrEqual(LOGIN_LIMIT + LOGIN_CONNECTIONS);
      for (const run of [...steady.alone, ...steady.during, ...steady.burst]) {
        expect(run.errors + run.timeouts).toBe(0);
      }
      for (const run of [...steady.alone, ...steady.during]) expect(count(run, (status) => status !== 200)).toBe(0);
      for (const run of steady.burst) expect(count(run, (status) => status !== 401 && status !== 429)).toBe(0);
      expect(duringP99).toBeLessThan(2 * Math.max(aloneP99, 1));
      // A leak check, not a size check. Without any leak the resident size after this load moves a lot from run to
      // run: the heap and the allocator's arenas grow ~20 MiB a burst round and are given back only when the collector
      // compacts, never while the server idles (sampled round by round over six rounds: 307 -> 328 -> 350 -> 274 ->
      // 287 -> 273 MiB). Thirteen runs of one build on 2026-11-24 ended between -13% and +22% of the warm-up size, so
      // 10% failed a third of them. 30% still fails a leak of 1.2 KB or more per request over these ~80,000.
      expect(growth).toBeLessThan(0.3);
    });
  });

  it('takes submissions of three 1 MiB files under load: every answer a 201, each stored whole, memory flat', async () => {
    await withServer('n8d', async (harness) => {
      const { url, pid, origin, database } = harness;
      // Each submission comes from an address of its own (the per-address limit is not what this measures) and
      // carries a new idempotency key, so every one is a real submission: parse, store, underwrite, commit.
      const { body, contentType } = await submissionBody();
      let submitted = 0;
      const submissions: Omit<Scenario, 'seconds'> = {
        url: `${url}/api/loan-application-enhanced`,
        connections: SUBMIT_CONNECTIONS,
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': contentType },
        body,
        perRequest: () => {
          submitted += 1;
          return {
            'Idempotency-Key': randomUUID(),
            'X-Forwarded-For': `10.9.${(submitted >> 8) & 255}.${submitted & 255}`,
          };
        },
      };
      // Warm-up: the statement readers' worker threads start and their heaps grow to working size.
      await load({ ...submissions, seconds: 2 * WARM_UP_SECONDS });
      await sleep(500);
      // Two halves: memory must not grow from the first to the second (a leak grows with every submission; a warm
      // heap does not).
      const before = await countApplications(database);
      const first = await measured(harness, { ...submissions, seconds: SUBMIT_SECONDS / 2 });
      const rssFirst = rssMiB(pid);
      const second = await measured(harness, { ...submissions, seconds: SUBMIT_SECONDS / 2 });
      const rssSecond = rssMiB(pid);
      await sleep(500);
      const acknowledged = count(first.run, (status) => status === 201) + count(second.run, (status) => status === 201);
      const stored = (await countApplications(database)) - before;
      const growth = (rssSecond - rssFirst) / rssFirst;
      console.log(
        `N8 (d) submissions of 3 x 1 MiB files x${SUBMIT_CONNECTIONS}, ${SUBMIT_SECONDS} s in two halves: ` +
          `${withLoop(first)} | ${withLoop(second)}; ${acknowledged} acknowledged, ${stored} stored; ` +
          `server RSS ${mib(rssFirst)} -> ${mib(rssSecond)} MiB (${(growth * 100).toFixed(1)}%)`,
      );
      for (const half of [first, second]) {
        expectClean(half);
        expect(count(half.run, (status) => status !== 201)).toBe(0);
      }
      expect(acknowledged).toBeGreaterThan(0);
      // Requests still in flight when autocannon stops may be stored without being counted, never the reverse.
      expect(stored).toBeGreaterThanOrEqual(acknowledged);
      expect(await countDocuments(database)).toBe(3 * (await countApplications(database)));
      expect(growth).toBeLessThan(0.1);
    });
  });
});
