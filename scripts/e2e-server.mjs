// Starts the production build for end-to-end tests on a database of its own, recreated on every run.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import mysql from 'mysql2/promise';

const url = new URL(process.env.DATABASE_URL);
const database = url.pathname.slice(1);
if (!/^funding_e2e[a-z0-9_]*$/.test(database)) throw new Error('e2e database must be named funding_e2e*');
url.pathname = '/';
const connection = await mysql.createConnection({ uri: url.toString() });
await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
await connection.end();
rmSync(process.env.VAR_DIR, { recursive: true, force: true });

const child = spawn(process.execPath, [process.env.E2E_SERVER_ENTRY ?? 'dist-server/main.js'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
