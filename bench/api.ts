// API throughput: signed-in GET /api/auth/user and GET /api/client/applications under loopback load,
// each next to a bare node:http hello world and a bare node:http handler running the same SQL with raw mysql2.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import { prepareDatabase } from '../server/db';
import { formatTable, httpReady, load, startProcess, type Row } from './lib';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/funding_bench_api';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PORTS = { app: 3301, hello: 3302, sql: 3303 };

async function seed(): Promise<string> {
  const serverUrl = DB_URL.replace(/\/[^/]+$/, '/');
  const admin = await mysql.createConnection({ uri: serverUrl });
  await admin.query(`DROP DATABASE IF EXISTS \`${new URL(DB_URL).pathname.slice(1)}\``);
  await admin.end();
  await prepareDatabase(DB_URL);
  const db = await mysql.createConnection({ uri: DB_URL, timezone: 'Z' });
  const userId = randomUUID();
  const now = new Date();
  await db.query(
    "INSERT INTO users (id, email, password_hash, first_name, last_name, business_name, role, created_at, updated_at) VALUES (?, 'bench@example.test', 'x', 'Bench', 'Client', 'Bench Co', 'client', ?, ?)",
    [userId, now, now],
  );
  const token = randomBytes(20).toString('hex');
  await db.query(
    'INSERT INTO sessions (id, user_id, expires_at, absolute_expires_at, idle_seconds, mfa_verified, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)',
    [
      createHash('sha256').update(token).digest('hex'),
      userId,
      new Date(Date.now() + 7 * 86_400_000),
      new Date(Date.now() + 30 * 86_400_000),
      7 * 86_400,
      now,
    ],
  );
  for (let i = 0; i < 12; i += 1) {
    await db.query(
      "INSERT INTO applications (id, user_id, status, loan_amount_cents, business_name, business_type, time_in_business, business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc, owner_name, email, phone, estimated_credit_score, monthly_revenue, created_at, updated_at) VALUES (?, ?, 'pending', 5000000, 'Bench Co', 'Retail', '2-5 years', '2020-01-01', '1 Bench St', 'x', '0001', 'x', '0001', 'x', 'Bench Client', 'bench@example.test', '(555) 010-0000', 700, '$20,000 - $50,000', ?, ?)",
      [randomUUID(), userId, now, now],
    );
  }
  await db.end();
  return token;
}

export async function runApiBench(): Promise<Row[]> {
  const token = await seed();
  const entry = existsSync('dist-server/main.js') ? ['dist-server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const children: ChildProcess[] = [];
  try {
    children.push(
      await startProcess(
        entry,
        {
          NODE_ENV: 'production',
          ALLOW_INSECURE_HTTP: 'true',
          PORT: String(PORTS.app),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://localhost:${PORTS.app}`,
          DATABASE_URL: DB_URL,
          DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          VAR_DIR: 'var/bench',
          UPLOAD_DIR: 'var/bench/uploads',
          MAIL_DIR: 'var/bench/mail',
          LOG_LEVEL: 'warn',
        },
        () => httpReady(`http://127.0.0.1:${PORTS.app}/readyz`),
      ),
      await startProcess(['bench/servers/hello.mjs'], { PORT: String(PORTS.hello) }, () =>
        httpReady(`http://127.0.0.1:${PORTS.hello}/`),
      ),
      await startProcess(['bench/servers/same-sql.mjs'], { PORT: String(PORTS.sql), DATABASE_URL: DB_URL }, () =>
        httpReady(`http://127.0.0.1:${PORTS.sql}/`),
      ),
    );
    const headers = { cookie: `session=${token}` };
    const rows: Row[] = [];
    const hello = await load(`http://127.0.0.1:${PORTS.hello}/`, { duration: DURATION });
    rows.push({
      group: 'API',
      measure: 'reference: bare node:http hello world',
      data: '10 connections, loopback',
      figure: `${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms`,
      goal: '(ceiling)',
      verdict: '',
    });
    for (const path of ['/api/auth/user', '/api/client/applications']) {
      const probe = await fetch(`http://127.0.0.1:${PORTS.app}${path}`, { headers });
      if (probe.status !== 200) {
        rows.push({
          group: 'API',
          measure: `GET ${path}`,
          data: 'signed-in client',
          figure: `not measured: answers ${probe.status}`,
          goal: '>= 0.5x same-SQL, p99 <= 20 ms',
          verdict: 'fail',
        });
        continue;
      }
      const reference = await load(`http://127.0.0.1:${PORTS.sql}${path}`, { duration: DURATION, headers });
      const app = await load(`http://127.0.0.1:${PORTS.app}${path}`, { duration: DURATION, headers });
      const ratio = app.rps / reference.rps;
      rows.push({
        group: 'API',
        measure: `reference: same SQL, raw mysql2 (${path})`,
        data: 'signed-in client, 12 applications',
        figure: `${reference.rps} req/s, p50 ${reference.p50} ms, p99 ${reference.p99} ms`,
        goal: '(reference)',
        verdict: '',
      });
      rows.push({
        group: 'API',
        measure: `GET ${path}`,
        data: 'signed-in client, 12 applications',
        figure: `${app.rps} req/s (${ratio.toFixed(2)}x same-SQL, ${(app.rps / hello.rps).toFixed(2)}x hello), p50 ${app.p50} ms, p99 ${app.p99} ms, non-2xx ${app.non2xx}, errors ${app.errors}`,
        goal: '>= 0.5x same-SQL, p99 <= 20 ms',
        verdict: ratio >= 0.5 && app.p99 <= 20 && app.non2xx === 0 && app.errors === 0 ? 'pass' : 'fail',
      });
    }
    return rows;
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runApiBench();
  process.stdout.write(`${formatTable(rows)}\n`);
}
