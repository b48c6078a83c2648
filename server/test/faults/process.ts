import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type AppProcess = {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
  port: number;
  /** VAR_DIR of this process; UPLOAD_DIR is `<varDir>/uploads` unless `env` overrides it. */
  varDir: string;
};

/**
 * The real server as its own process (TypeScript through tsx), on a port and database of the caller's choice.
 * `port` and `varDir` let a test restart a killed server where its clients and files are; `env` wins over defaults.
 */
export async function startAppProcess(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
  port?: number;
  varDir?: string;
  /** Extra Node flags before the entry point, e.g. `--import` of a test-only preload. */
  nodeArgs?: string[];
}): Promise<AppProcess> {
  const port = opts.port ?? (await freePort());
  const varDir = opts.varDir ?? mkdtempSync(path.join(os.tmpdir(), 'funding-fault-'));
  const child = spawn(process.execPath, ['--import', 'tsx', ...(opts.nodeArgs ?? []), 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: opts.databaseUrl,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      VAR_DIR: varDir,
      UPLOAD_DIR: path.join(varDir, 'uploads'),
      MAIL_DIR: path.join(varDir, 'mail'),
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    const ready = await fetch(`${url}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) break;
    if (Date.now() - started > 60_000) throw new Error(`server did not become ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, exited, stderr: () => stderr, port, varDir };
}

/** For a `finally`: a server that a failed assertion left running is killed, and its exit awaited. */
export async function killIfRunning(app: AppProcess | null | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGKILL');
  await app.exited;
}
