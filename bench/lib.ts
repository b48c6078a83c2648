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
 * The CPU slowdown that makes this host the mid-tier phone Lighthouse's default 4x stands for, from its benchmark
 * index: the formula of Lighthouse's CPU throttling calculator (linked from Lighthouse's docs/throttling.md,
 * "Calibrating the CPU slowdown"). 4x assumes a host of index ~1,533; these machines have measured from ~1,050 (4x then
 * emulates a slower phone) to ~3,600 (a faster one), so a run at this slowdown is the figure that compares across days.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(slowdown * 10) / 10);
}

/** Lighthouse's own CPU benchmark (its "CPU/Memory Power"), as a script to evaluate in a page: about a second. */
export const BENCHMARK_INDEX_SCRIPT = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
