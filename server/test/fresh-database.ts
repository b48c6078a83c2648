import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { inject } from 'vitest';
import { splitDatabaseUrl } from '../db';

/**
 * A fresh, uniquely named database on the run's MariaDB server, for a test that needs one of its own (a server process
 * migrates it at start-up; otherwise prepareDatabase does).
 */
export function freshDatabase(label: string) {
  const { serverUrl } = splitDatabaseUrl(inject('testDatabaseUrl'));
  const name = `funding_test_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = `${serverUrl.replace(/\/$/, '')}/${name}`;
  return {
    url,
    /** A root connection to this database, for checks made behind the server's back. */
    connect: () => mysql.createConnection({ uri: url, dateStrings: true }),
    async drop() {
      const connection = await mysql.createConnection({ uri: serverUrl });
      try {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await connection.end();
      }
    },
  };
}
