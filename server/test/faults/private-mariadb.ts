import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from './process';

/**
 * A MariaDB server of the test's own (fresh datadir, its own port), so fault tests can kill and restart it
 * without touching the machine's shared database.
 */
export async function startPrivateMariadb() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'funding-mdb-'));
  const dataDir = path.join(dir, 'data');
  const install = spawnSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        '--user=root',
        `--datadir=${dataDir}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${path.join(dir, 'sock')}`,
        `--pid-file=${path.join(dir, 'pid')}`,
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
      ],
      { stdio: 'ignore' },
    );
    const started = Date.now();
    for (;;) {
      const ok = await mysql
        .createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 1000 })
        .then(async (connection) => {
          await connection.end();
          return true;
        })
        .catch(() => false);
      if (ok) return;
      if (Date.now() - started > 30_000) throw new Error('private MariaDB did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function kill() {
    const pid = Number(readFileSync(path.join(dir, 'pid'), 'utf8').trim());
    process.kill(pid, 'SIGKILL');
    const current = child;
    if (current && current.exitCode === null) await new Promise((resolve) => current.on('exit', resolve));
  }

  await start();
  return {
    url: (database: string) => `mysql://root@127.0.0.1:${port}/${database}`,
    start,
    kill,
    async stop() {
      await kill().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
