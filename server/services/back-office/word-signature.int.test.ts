// The word signature (migration search_words_signature, docs/architecture.md "Search by any word") on a database that
// already holds records: the migration gives their words the signature the triggers give new records, and a search
// of two words finds them on every way in.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/mysql2';
import { migrate } from 'drizzle-orm/mysql2/migrator';
import mysql from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { applications } from '../../../drizzle/schema/index';
import { listApplicationsSchema } from '../../../src/shared/schemas/admin';
import { createDatabase, MIGRATIONS_DIR, prepareDatabase, splitDatabaseUrl } from '../../db';
import { insertApplication } from '../../test/factories';
import { freshDatabase } from '../../test/fresh-database';
import { getTestDeps } from '../../test/harness';
import { listApplications } from './application-list';

const own = freshDatabase('signature');
const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await own.drop();
});

/** Applies the migrations before search_words_signature only: the database as it was before the signature. */
async function migrateBeforeSignature(): Promise<void> {
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_search_words_signature'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const { serverUrl, database } = splitDatabaseUrl(own.url);
  const admin = await mysql.createConnection({ uri: serverUrl });
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const connection = await mysql.createConnection({ uri: own.url, timezone: 'Z' });
  try {
    await migrate(drizzle(connection), { migrationsFolder: folder });
  } finally {
    await connection.end();
  }
}

/**
 * An application as the database before the signature stored it: made by the factory in the run's database, then
 * copied with the columns the older schema has (later migrations add columns the factory fills).
 */
async function insertBeforeSignature(fields: Parameters<typeof insertApplication>[0]) {
  const { db } = await getTestDeps();
  const row = await insertApplication(fields);
  const { database } = splitDatabaseUrl(own.url);
  const [columns] = (await db.execute(sql`
    SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = ${database} AND TABLE_NAME = 'applications' AND EXTRA NOT LIKE '%GENERATED%'
     ORDER BY ORDINAL_POSITION`)) as unknown as [{ name: string }[]];
  const list = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO ${sql.identifier(database)}.applications (${list}) SELECT ${list} FROM ${applications} WHERE ${applications.id} = ${row.id}`,
  );
  await db.delete(applications).where(eq(applications.id, row.id));
  return row;
}

describe('the word signature on records written before it', () => {
  it('is given to every word of every record, and two-word searches find them', async () => {
    await getTestDeps(); // the run's data key, which the application factory encrypts with
    await migrateBeforeSignature();
    const rows = [];
    for (const [businessName, ownerName, status, aiApproved] of [
      ['Quokka Yarn Emporium', 'Olivia Stone', 'review', 'approved'],
      ['Olive Grove Deli', 'Marcus Quinn', 'approved', 'declined'],
      ['Éclair Órbita Pâtisserie', 'Zoë Ñandú', 'funded', null],
    ] as const) {
      rows.push(await insertBeforeSignature({ businessName, ownerName, status, aiApproved }));
    }
    await prepareDatabase(own.url);
    const after = createDatabase(own.url);
    try {
      const [signatures] = (await after.db.execute(sql`
        SELECT record_id, COUNT(DISTINCT sig) AS kinds, MIN(sig) = BIT_OR(search_word_bit(word)) AS exact,
               MIN(sig) = 18446744073709551615 AS every_bit
          FROM search_words WHERE kind = 'application' GROUP BY record_id`)) as unknown as [
        { record_id: string; kinds: number; exact: number; every_bit: number }[],
      ];
      expect(signatures).toHaveLength(rows.length);
      for (const signature of signatures) expect(signature).toMatchObject({ kinds: 1, exact: 1 });
      // Migration search_words_facets gives them their four-character signature and their filters too.
      const [facets] = (await after.db.execute(sql`
        SELECT s.record_id, COUNT(DISTINCT s.sig4) AS kinds, MIN(s.sig4) = BIT_OR(search_word_bit4(s.word)) AS exact,
               MIN(s.facet) = MAX(s.facet) AND MIN(s.facet) = search_application_facet(a.status, a.ai_approved) AS filters
          FROM search_words AS s JOIN applications AS a ON a.id = s.record_id
         WHERE s.kind = 'application' GROUP BY s.record_id, a.status, a.ai_approved`)) as unknown as [
        { record_id: string; kinds: number; exact: number; filters: number }[],
      ];
      expect(facets).toHaveLength(rows.length);
      for (const facet of facets) expect(facet).toMatchObject({ kinds: 1, exact: 1, filters: 1 });
      // A start that is not plain ASCII ("écl") sets every bit: the collation may match it with "ecl".
      const accented = rows[2]?.id;
      expect(signatures.map((signature) => [signature.record_id === accented, signature.every_bit])).toEqual(
        signatures.map((signature) => [signature.record_id === accented, signature.record_id === accented ? 1 : 0]),
      );
      const found = async (search: string, path: 'auto' | 'range' | 'keys') =>
        (await listApplications({ db: after.db }, listApplicationsSchema.parse({ search }), { path })).items.map(
          (item) => item.id,
        );
      for (const path of ['auto', 'range', 'keys'] as const) {
        expect(await found('oli emp', path), path).toEqual([rows[0]?.id]);
        expect(await found('oli gro', path), path).toEqual([rows[1]?.id]);
        expect(await found('quinn olive', path), path).toEqual([rows[1]?.id]);
        expect(await found('ecl orb', path), path).toEqual([accented]);
        expect(await found('oli quin', path), path).toEqual([rows[1]?.id]);
        expect(await found('oli zzz', path), path).toEqual([]);
        const filtered = async (search: string, filters: Record<string, string>) =>
          (
            await listApplications({ db: after.db }, listApplicationsSchema.parse({ search, ...filters }), { path })
          ).items.map((item) => item.id);
        expect(await filtered('oli', { status: 'approved', aiApproved: 'declined' }), path).toEqual([rows[1]?.id]);
        expect(await filtered('oli', { aiApproved: 'approved' }), path).toEqual([rows[0]?.id]);
        expect(await filtered('oli', { status: 'declined' }), path).toEqual([]);
      }
    } finally {
      await after.close();
    }
  });
});
