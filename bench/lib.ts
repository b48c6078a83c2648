import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import mysql from 'mysql2/promise';
import { freePort } from '../server/test/faults/process';

export type Row = {
  group: string;
  measure: string;
  data: string;
  figure: string;
  goal: string;
  verdict?: 'pass' | 'fail' | '';
};

/** Starts a node process and resolves once `ready` reports it is serving. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    if (Date.now() - started > 60_000) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function httpReady(url: string): Promise<boolean> {
  const response = await fetch(url);
  return response.status < 500;
}

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

export function load(
  url: string,
  opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: opts.connections ?? 10, duration: opts.duration ?? 8, headers: opts.headers },
      (error: Error | null, result: autocannon.Result) => {
        if (error) return reject(error);
        resolve({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
  });
}

export function formatTable(rows: Row[]): string {
  const header = '| group | what is measured | data | figure | goal | |\n|---|---|---|---|---|---|';
  return [
    header,
    ...rows.map(
      (row) => `| ${row.group} | ${row.measure} | ${row.data} | ${row.figure} | ${row.goal} | ${row.verdict ?? ''} |`,
    ),
  ].join('\n');
}

/** Drops the database of `databaseUrl` (the server creates and migrates it again at start). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const admin = await mysql.createConnection({ uri: databaseUrl.replace(/\/[^/]+$/, '/') });
  await admin.query(`DROP DATABASE IF EXISTS \`${new URL(databaseUrl).pathname.slice(1)}\``);
  await admin.end();
}

/**
 * The built server (production mode, plain HTTP on loopback) on its own database and scratch dir, answering once
 * /readyz does. `fresh` (default) drops the database and the scratch dir first; a free port unless one is given.
 */
export async function startProductionServer(opts: {
  databaseUrl: string;
  varDir: string;
  entry?: string;
  distDir?: string;
  port?: number;
  fresh?: boolean;
}): Promise<{ child: ChildProcess; port: number }> {
  if (opts.fresh ?? true) {
    await dropDatabase(opts.databaseUrl);
    rmSync(opts.varDir, { recursive: true, force: true });
  }
  const port = opts.port ?? (await freePort());
  const child = await startProcess(
    [opts.entry ?? 'dist-server/main.js'],
    {
      NODE_ENV: 'production',
      ALLOW_INSECURE_HTTP: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: opts.databaseUrl,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...(opts.distDir ? { DIST_DIR: opts.distDir } : {}),
      VAR_DIR: opts.varDir,
      UPLOAD_DIR: `${opts.varDir}/uploads`,
      MAIL_DIR: `${opts.varDir}/mail`,
      LOG_LEVEL: 'warn',
    },
    () => httpReady(`http://127.0.0.1:${port}/readyz`),
  );
  return { child, port };
}

/**
 * The phones a CPU slowdown can stand for, by Lighthouse's CPU benchmark index: DevTools' CPU throttling calibration
 * (Chrome 134+, front_end/panels/mobile_throttling/CalibrationController.ts) targets 1,000 for a mid-tier phone (like
 * a Pixel 5) and 264 for a low-tier one (like a Moto G4 Power 2022). Lighthouse's default 4x is one slowdown for
 * every host, so what it stands for moves with the host: these machines have measured 1,000-3,600, so 4x has stood
 * for phones of index 250-900. (The calculator linked from Lighthouse's docs/throttling.md, 3 + (index - 1300) / 233
 * above 1,300, which the benches used until 2026-11-26 and called "calibrated", aims at an index of ~280-380: the
 * low tier.)
 */
export const PHONES = {
  mid: { index: 1000, label: 'mid-tier phone (index 1,000, like a Pixel 5)' },
  low: { index: 264, label: 'low-tier phone (index 264, like a Moto G4 Power 2022)' },
} as const;
export type PhoneTier = keyof typeof PHONES;

/**
 * Lighthouse's simulated throttling multiplies each task's observed time by the slowdown, so the slowdown that makes
 * this host a phone is the ratio of their indexes.
 */
export function simulatedSlowdownFor(hostIndex: number, tier: PhoneTier): number {
  return Math.max(1, Math.round((hostIndex / PHONES[tier].index) * 10) / 10);
}

/**
 * DevTools' real throttling is not exactly linear in the benchmark, so, as DevTools' calibration does, the rate is
 * bisected until the benchmark run under it reads the phone's index (within 10 points, at most 8 steps).
 * `benchmarkAt(rate)` runs BENCHMARK_INDEX_SCRIPT in a blank page throttled at `rate`.
 */
export async function calibrateThrottlingRate(
  hostIndex: number,
  tier: PhoneTier,
  benchmarkAt: (rate: number) => Promise<number>,
): Promise<number> {
  const target = PHONES[tier].index;
  if (hostIndex <= target) return 1;
  let lower = 1;
  let upper = (hostIndex / target) * 1.5;
  let rate = hostIndex / target;
  for (let step = 0; step < 8; step += 1) {
    rate = Math.round(((lower + upper) / 2) * 100) / 100;
    const score = await benchmarkAt(rate);
    if (Math.abs(score - target) < 10) break;
    if (score < target) upper = rate;
    else lower = rate;
  }
  return Math.round(rate * 10) / 10;
}

/** Lighthouse's own CPU benchmark (its "CPU/Memory Power"), as a script to evaluate in a page: about a second. */
export const BENCHMARK_INDEX_SCRIPT = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
