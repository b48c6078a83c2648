import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export type Row = { group: string; measure: string; data: string; figure: string; goal: string; verdict?: 'pass' | 'fail' | '' };

/** Starts a node process and resolves once `ready` reports it is serving. */
export async function startProcess(args: string[], env: Record<string, string>, ready: () => Promise<boolean>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
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

export function load(url: string, opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
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
  return [header, ...rows.map((row) => `| ${row.group} | ${row.measure} | ${row.data} | ${row.figure} | ${row.goal} | ${row.verdict ?? ''} |`)].join('\n');
}
