// Benchmark of POST /api/loan-application-enhanced: 4 x 10 MB bank statements and two images against a
// server started in this process, reporting time and the server's peak RSS growth. Uploads are streamed to disk by
// formidable, so the growth while receiving must stay far below the upload size.
//
//   npx tsx bench/submission.ts [--runs 3] [--database mysql://root@127.0.0.1:3306/funding_bench_submission]
//
// The client runs in a child process (streaming the files from disk), so only the server's memory is measured here.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { createApp, createDeps } from '../server/app';
import { prepareDatabase, splitDatabaseUrl } from '../server/db';
import { parseEnv } from '../server/env';
import { loadDataKey } from '../server/lib/crypto';
import { createLogger } from '../server/lib/logger';
import { closeReader } from '../server/services/underwriting/index';
import { noisePng } from '../server/test/statements/bad-files';
import { buildLedger } from '../server/test/statements/ledger';
import { renderStatementPdf } from '../server/test/statements/render';
import { VALID_ANSWERS } from '../src/shared/schemas/application.test-helpers';

const MiB = 1024 * 1024;
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const RUNS = Number(arg('runs', '3'));
const DATABASE_URL = arg(
  'database',
  process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/funding_bench_submission',
);
/** Pass bar: the server may grow by at most this share of the upload while receiving it. */
const MAX_UPLOAD_GROWTH_SHARE = 0.25;

type UploadFile = { field: string; name: string; type: string; path: string };

/** A real text statement padded with PDF comment lines to just under 10 MB (still a valid, readable PDF). */
async function writeStatement(dir: string, index: number): Promise<string> {
  const pdf = await renderStatementPdf(
    buildLedger({ seed: 100 + index, firstMonth: '2025-10', months: 4, revenuePerMonthCents: 70_000_00 }),
    { layout: 'signed-amount' },
  );
  const line = `%${'x'.repeat(78)}\n`;
  const target = 10 * MiB - 64 * 1024;
  const padding = Buffer.from(line.repeat(Math.ceil((target - pdf.length) / line.length)), 'latin1');
  const file = path.join(dir, `statement-${index}.pdf`);
  writeFileSync(file, Buffer.concat([pdf, Buffer.from('\n'), padding]).subarray(0, target));
  return file;
}

function formData() {
  return JSON.stringify({
    ...VALID_ANSWERS,
    loanAmount: '150,000',
    businessName: `Bench Bakery ${randomUUID().slice(0, 6)} LLC`,
    ownerName: 'Bench Applicant',
    email: `bench-${randomUUID().slice(0, 8)}@example.test`,
    consentVerification: true,
    consentElectronicRecords: true,
    isExistingClient: false,
  });
}

// The client: streams a multipart body from files on disk with Content-Length, reports status and timings as JSON.
const CLIENT = String.raw`
const http = require('node:http');
const fs = require('node:fs');
const { pipeline } = require('node:stream/promises');
const cfg = JSON.parse(process.argv[1]);
const boundary = '----bench' + Math.random().toString(16).slice(2);
const head = (name, filename, type) => Buffer.from('--' + boundary + '\r\nContent-Disposition: form-data; name="' + name + '"' + (filename ? '; filename="' + filename + '"' : '') + '\r\n' + (type ? 'Content-Type: ' + type + '\r\n' : '') + '\r\n');
const parts = [[head('formData'), Buffer.from(cfg.formData), Buffer.from('\r\n')]];
for (const file of cfg.files) parts.push([head(file.field, file.name, file.type), { path: file.path, size: fs.statSync(file.path).size }, Buffer.from('\r\n')]);
const tail = Buffer.from('--' + boundary + '--\r\n');
let length = tail.length;
for (const part of parts) for (const piece of part) length += Buffer.isBuffer(piece) ? piece.length : piece.size;
const started = performance.now();
const req = http.request(cfg.url, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=' + boundary, 'Content-Length': length, Origin: cfg.origin, 'Idempotency-Key': cfg.key } });
let sentMs = 0;
req.on('response', (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (body += chunk));
  res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, sentMs, totalMs: performance.now() - started, bytes: length, body: body.slice(0, 300) })));
});
req.on('error', (error) => { process.stderr.write(String(error)); process.exit(1); });
(async () => {
  for (const part of parts) for (const piece of part) {
    if (Buffer.isBuffer(piece)) { if (!req.write(piece)) await new Promise((r) => req.once('drain', r)); }
    else await pipeline(fs.createReadStream(piece.path), req, { end: false });
  }
  req.end(tail, () => { sentMs = performance.now() - started; });
})();
`;

type ClientResult = { status: number; sentMs: number; totalMs: number; bytes: number; body: string };

function runClient(config: { url: string; origin: string; key: string; formData: string; files: UploadFile[] }) {
  return new Promise<ClientResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify(config)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`client failed: ${err}`));
      resolve(JSON.parse(out) as ClientResult);
    });
  });
}

function collectGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-submission-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL,
    UPLOAD_DIR: path.join(scratch, 'uploads'),
    MAIL_DIR: path.join(scratch, 'mail'),
    VAR_DIR: scratch,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_MULTIPLIER: '100',
  });
  loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir: scratch, isProduction: false });
  await prepareDatabase(DATABASE_URL);
  const deps = createDeps(env, createLogger('silent'));

  // The first storage commit marks the end of the upload phase (parsed, checked, about to be stored).
  let committedAt = 0;
  const commit = deps.storage.commit.bind(deps.storage);
  deps.storage = {
    ...deps.storage,
    tempDir: deps.storage.tempDir,
    commit: (tempPath) => {
      committedAt ||= performance.now();
      return commit(tempPath);
    },
  };
  const app = createApp(deps, { distDir: path.join(scratch, 'no-dist') });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/loan-application-enhanced`;

  console.log('Preparing files...');
  const statements = await Promise.all([1, 2, 3, 4].map((index) => writeStatement(scratch, index)));
  const licence = path.join(scratch, 'license.png');
  const check = path.join(scratch, 'check.png');
  writeFileSync(licence, noisePng(1200, 800, 1));
  writeFileSync(check, noisePng(1200, 600, 2));
  const files: UploadFile[] = [
    ...statements.map((file, index) => ({
      field: 'bankStatements',
      name: `statement-${index + 1}.pdf`,
      type: 'application/pdf',
      path: file,
    })),
    { field: 'driversLicense', name: 'license.png', type: 'image/png', path: licence },
    { field: 'voidedCheck', name: 'check.png', type: 'image/png', path: check },
  ];
  const uploadBytes = files.reduce((sum, file) => sum + statSync(file.path).size, 0);
  const submit = () =>
    runClient({ url, origin: 'http://localhost:3000', key: randomUUID(), formData: formData(), files });

  // Warm-up: reader workers, database pool and JIT are part of the steady state, not of one upload.
  const warm = await submit();
  if (warm.status !== 201) throw new Error(`warm-up failed: ${warm.status} ${warm.body}`);

  const rows: string[] = [];
  let worstUploadGrowth = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const baseline = process.memoryUsage().rss;
    let peakUpload = baseline;
    let peakTotal = baseline;
    committedAt = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      peakTotal = Math.max(peakTotal, rss);
      if (!committedAt) peakUpload = Math.max(peakUpload, rss);
    }, 10);
    const started = performance.now();
    const result = await submit();
    clearInterval(sampler);
    if (result.status !== 201) throw new Error(`run ${run} failed: ${result.status} ${result.body}`);
    const uploadGrowth = peakUpload - baseline;
    worstUploadGrowth = Math.max(worstUploadGrowth, uploadGrowth);
    const uploadMs = (committedAt || performance.now()) - started;
    rows.push(
      [
        `run ${run}`,
        `${(result.bytes / MiB).toFixed(1)} MiB`,
        `upload+checks ${uploadMs.toFixed(0)} ms`,
        `total ${result.totalMs.toFixed(0)} ms`,
        `RSS growth while receiving ${(uploadGrowth / MiB).toFixed(1)} MiB`,
        `peak RSS growth incl. underwriting ${((peakTotal - baseline) / MiB).toFixed(1)} MiB`,
      ].join(' | '),
    );
  }

  console.log(
    `\nPOST /api/loan-application-enhanced: 4 x 10 MB statements + 2 images (${(uploadBytes / MiB).toFixed(1)} MiB of files)`,
  );
  for (const row of rows) console.log(row);
  const share = worstUploadGrowth / uploadBytes;
  const passed = share <= MAX_UPLOAD_GROWTH_SHARE;
  console.log(
    `\nWorst RSS growth while receiving: ${(worstUploadGrowth / MiB).toFixed(1)} MiB = ${(share * 100).toFixed(0)}% of the upload (bar: <= ${MAX_UPLOAD_GROWTH_SHARE * 100}%) -> ${passed ? 'PASS' : 'FAIL'}`,
  );
  console.log('Underwriting (pdf.js in worker threads) is counted in the total; it reads each statement whole.');

  await new Promise<void>((resolve) => {
    app.server.closeAllConnections();
    app.server.close(() => resolve());
  });
  await closeReader();
  await deps.pool.end();
  const { serverUrl, database } = splitDatabaseUrl(DATABASE_URL);
  if (database.startsWith('funding_bench')) {
    const admin = await mysql.createConnection({ uri: serverUrl });
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
  rmSync(scratch, { recursive: true, force: true });
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
