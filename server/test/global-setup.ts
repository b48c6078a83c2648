import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { TestProject } from 'vitest/node';
import { prepareDatabase, splitDatabaseUrl } from '../db';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    testVarDir: string;
    testDataKey: string;
  }
}

const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

/** One throwaway database per run: created and migrated once, dropped at the end (docs/architecture.md). */
export default async function setup(project: TestProject) {
  const name = `funding_test_${process.pid}_${Date.now().toString(36)}`;
  const url = `${SERVER_URL}/${name}`;
  await prepareDatabase(url);
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'funding-int-'));
  project.provide('testDatabaseUrl', url);
  project.provide('testVarDir', varDir);
  project.provide('testDataKey', randomBytes(32).toString('base64'));
  return async () => {
    const { serverUrl, database } = splitDatabaseUrl(url);
    const connection = await mysql.createConnection({ uri: serverUrl });
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await connection.end();
    rmSync(varDir, { recursive: true, force: true });
  };
}
