// Search by any word (docs/architecture.md, "Search by any word"): applications and applicants are found by any word
// or word prefix of their searched text, case-insensitive, several words narrowing. Exactly the rows a naive filter
// over the same rows keeps, newest first, for terms of 2 to 12 characters, on every way in (word range, prefix keys),
// with the lists' filters; the words follow every change of the records. The test has a database of its own, so
// that the naive filter sees every row the search sees.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, users } from '../../../drizzle/schema/index';
import { listApplicantsSchema, listApplicationsSchema } from '../../../src/shared/schemas/admin';
import { createDatabase, prepareDatabase, type Database } from '../../db';
import { newId } from '../../lib/ids';
import { insertApplication } from '../../test/factories';
import { freshDatabase } from '../../test/fresh-database';
import { getTestDeps } from '../../test/harness';
import { listApplicants } from './applicants';
import { listApplications } from './application-list';
import { searchTerms, wordSearchKeySql } from './word-search';

const own = freshDatabase('words');
let database: Database;

const PATHS = ['auto', 'range', 'keys'] as const;
// Words that share prefixes of every length, up to 12 characters.
const VOCABULARY = [
  'bakery',
  'baker',
  'bakersfield',
  'main',
  'mainstreet',
  'maintenance1',
  'street',
  'strand',
  'jane',
  'janet',
  'doe',
  'dominguez',
  'acme',
  'ac',
  'northwind',
  'northwestern',
];
const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000 - minutes * 60) * 1000);

/** The naive filter: every search word starts some word of the text (ASCII test data, split on anything else). */
function matches(text: string, search: string): boolean {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  const terms = search
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((term) => term.length >= 2);
  return terms.length > 0 && terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** Deterministic picks: record i gets words i, i+5, i+11 of the vocabulary (mod its length). */
const pick = (index: number, step: number) => VOCABULARY[(index * 7 + step) % VOCABULARY.length] ?? 'acme';

type Row = { id: string; text: string; status: string; aiApproved: string | null; isActive?: boolean };
const applicationRows: Row[] = [];
const applicantRows: Row[] = [];

const SEARCHES = [
  ...['bakersfield', 'maintenance1', 'northwestern', 'dominguez'].flatMap((word) =>
    Array.from({ length: word.length - 1 }, (_, index) => word.slice(0, index + 2)),
  ),
  'BAKERY',
  'Main St',
  'main bak',
  'jane do',
  'janet.doe@',
  'str str',
  'ac north',
  'do ja ma',
  'northw bakery jane',
  'zz',
  'bakeryx',
];

beforeAll(async () => {
  await getTestDeps(); // the run's data key, which the application factory encrypts with
  await prepareDatabase(own.url);
  database = createDatabase(own.url, 4);
  const db = database.db;
  const statuses = ['pending', 'review', 'approved', 'declined'] as const;
  const ais = [null, 'approved', 'declined', 'review'] as const;
  for (let index = 0; index < 40; index += 1) {
    const businessName = `${pick(index, 0)} ${pick(index, 5)} LLC`;
    const ownerName = `${pick(index, 8)} ${pick(index, 11)}`;
    const email = `${pick(index, 3)}.${pick(index, 9)}${index}@example.test`;
    const row = await insertApplication({
      db,
      businessName,
      ownerName,
      email,
      status: statuses[index % 4],
      aiApproved: ais[(index >> 2) % 4],
      createdAt: minutesAgo(index + 1),
    });
    applicationRows.push({
      id: row.id,
      text: `${businessName} ${ownerName} ${email}`,
      status: row.status,
      aiApproved: row.aiApproved,
    });
  }
  for (let index = 0; index < 24; index += 1) {
    const row = {
      id: newId(),
      email: `${pick(index, 1)}${index}@example.test`,
      passwordHash: 'x',
      firstName: pick(index, 2),
      lastName: pick(index, 6),
      businessName: `${pick(index, 10)} Co`,
      // Staff share the words but are never applicants.
      role: index % 6 === 5 ? ('admin' as const) : ('client' as const),
      isActive: index % 3 !== 0,
      createdAt: minutesAgo(index + 1),
    };
    await db.insert(users).values(row);
    if (row.role === 'client') {
      applicantRows.push({
        id: row.id,
        text: `${row.firstName} ${row.lastName} ${row.email} ${row.businessName}`,
        status: 'client',
        aiApproved: null,
        isActive: row.isActive,
      });
    }
  }
});
afterAll(async () => {
  await database.close();
  await own.drop();
});

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('search by any word', () => {
  it('lists exactly the applications a naive filter keeps, newest first, on every path and filter', async () => {
    const deps = { db: database.db };
    let nonEmpty = 0;
    for (const search of SEARCHES) {
      for (const filters of [
        {},
        { status: 'pending' },
        { aiApproved: 'review' },
        { status: 'approved', aiApproved: 'approved' },
      ]) {
        const expected = applicationRows
          .filter((row) => matches(row.text, search))
          .filter((row) => !('status' in filters) || row.status === filters.status)
          .filter((row) => !('aiApproved' in filters) || row.aiApproved === filters.aiApproved)
          .map((row) => row.id);
        if (expected.length > 0) nonEmpty += 1;
        for (const path of PATHS) {
          const page = await listApplications(deps, listApplicationsSchema.parse({ search, ...filters }), { path });
          expect(ids(page.items), `${path} "${search}" ${JSON.stringify(filters)}`).toEqual(expected);
        }
      }
    }
    // The searches are not all empty: most find something.
    expect(nonEmpty).toBeGreaterThan(SEARCHES.length);
  });

  it('lists exactly the applicants a naive filter keeps, clients only, on every path and filter', async () => {
    const deps = { db: database.db };
    for (const search of SEARCHES) {
      for (const isActive of ['all', 'active', 'inactive'] as const) {
        const expected = applicantRows
          .filter((row) => matches(row.text, search))
          .filter((row) => isActive === 'all' || row.isActive === (isActive === 'active'))
          .map((row) => row.id);
        for (const path of PATHS) {
          const page = await listApplicants(deps, listApplicantsSchema.parse({ search, isActive }), { path });
          expect(ids(page.items), `${path} "${search}" ${isActive}`).toEqual(expected);
        }
      }
    }
  });

  it('follows renames, deletions and role changes in the same transaction', async () => {
    const db = database.db;
    const deps = { db };
    const search = async (term: string) =>
      ids((await listApplications(deps, listApplicationsSchema.parse({ search: term }))).items);
    const row = await insertApplication({ db, businessName: 'Quokka Yarn Emporium', createdAt: minutesAgo(0) });
    expect(await search('emporium')).toEqual([row.id]);
    await db.update(applications).set({ businessName: 'Wombat Tea House' }).where(eq(applications.id, row.id));
    expect(await search('emporium')).toEqual([]);
    expect(await search('wom tea')).toEqual([row.id]);
    // Every row of the record carries one signature: the bits of its words' starts, renamed with them.
    const [signatures] = (await db.execute(sql`
      SELECT COUNT(DISTINCT sig) AS kinds, MIN(sig) = BIT_OR(search_word_bit(word)) AS exact,
             MIN(sig) & (1 << (CRC32('quo') % 64)) AS quokka, MIN(sig) & (1 << (CRC32('wom') % 64)) AS wombat
        FROM search_words WHERE kind = 'application' AND record_id = ${row.id}`)) as unknown as [
      { kinds: number; exact: number; quokka: bigint | number | string; wombat: bigint | number | string }[],
    ];
    expect(signatures[0]).toMatchObject({ kinds: 1, exact: 1 });
    expect(Number(signatures[0]?.wombat)).toBeGreaterThan(0);
    const [fours] = (await db.execute(sql`
      SELECT COUNT(DISTINCT sig4) AS kinds, MIN(sig4) = BIT_OR(search_word_bit4(word)) AS exact
        FROM search_words WHERE kind = 'application' AND record_id = ${row.id}`)) as unknown as [
      { kinds: number; exact: number }[],
    ];
    expect(fours[0]).toMatchObject({ kinds: 1, exact: 1 });
    // A decision moves the record between the filtered searches at once (the words carry the filters).
    const filtered = async (term: string, filters: Record<string, string>) =>
      ids((await listApplications(deps, listApplicationsSchema.parse({ search: term, ...filters }))).items);
    await db
      .update(applications)
      .set({ status: 'approved', aiApproved: 'declined' })
      .where(eq(applications.id, row.id));
    expect(await filtered('wombat', { status: 'approved', aiApproved: 'declined' })).toEqual([row.id]);
    await db.update(applications).set({ status: 'declined', aiApproved: null }).where(eq(applications.id, row.id));
    expect(await filtered('wombat', { status: 'approved' })).toEqual([]);
    expect(await filtered('wombat', { aiApproved: 'declined' })).toEqual([]);
    expect(await filtered('wombat tea', { status: 'declined' })).toEqual([row.id]);
    await db.delete(applications).where(eq(applications.id, row.id));
    expect(await search('wombat')).toEqual([]);

    const client = applicantRows[0];
    if (!client) throw new Error('no applicant seeded');
    const word = client.text.split(' ')[0] ?? '';
    const found = async () => ids((await listApplicants(deps, listApplicantsSchema.parse({ search: word }))).items);
    expect(await found()).toContain(client.id);
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, client.id));
    expect(await found()).not.toContain(client.id);
    await db.update(users).set({ role: 'client' }).where(eq(users.id, client.id));
    expect(await found()).toContain(client.id);
    const inList = async (isActive: 'active' | 'inactive') =>
      ids((await listApplicants(deps, listApplicantsSchema.parse({ search: word, isActive }))).items).includes(
        client.id,
      );
    const wasActive = client.isActive ?? true;
    await db.update(users).set({ isActive: !wasActive }).where(eq(users.id, client.id));
    expect([await inList('active'), await inList('inactive')]).toEqual([!wasActive, wasActive]);
    await db.update(users).set({ isActive: wasActive }).where(eq(users.id, client.id));
    expect([await inList('active'), await inList('inactive')]).toEqual([wasActive, !wasActive]);
  });

  it('finds a word whose start is not plain ASCII by the terms the collation matches it with', async () => {
    const db = database.db;
    const deps = { db };
    const row = await insertApplication({ db, businessName: 'Éclair Órbita Pâtisserie', createdAt: minutesAgo(0) });
    try {
      const like = async (word: string, term: string) => {
        const [found] = (await db.execute(sql`SELECT ${word} LIKE ${`${term}%`} AS hit`)) as unknown as [
          { hit: number }[],
        ];
        return found[0]?.hit === 1;
      };
      for (const search of ['orb ecl', 'ecl orb', 'pat orbita', 'éclair pât']) {
        // Found exactly when the database's own comparison says each word starts with its term.
        const words = ['éclair', 'órbita', 'pâtisserie'];
        const terms = searchTerms(search);
        const hits = await Promise.all(
          terms.map(async (term) => (await Promise.all(words.map((word) => like(word, term)))).some(Boolean)),
        );
        const expected = hits.every(Boolean) ? [row.id] : [];
        for (const path of PATHS) {
          const page = await listApplications(deps, listApplicationsSchema.parse({ search }), { path });
          expect(ids(page.items), `${path} "${search}"`).toEqual(expected);
        }
      }
    } finally {
      await db.delete(applications).where(eq(applications.id, row.id));
    }
  });

  it('reads a common term newest first from its prefix key, with no sort (query plan)', async () => {
    const db = database.db;
    for (const [term, index] of [
      ['ba', 'search_words_key2_idx'],
      ['bak', 'search_words_key3_idx'],
      ['bake', 'search_words_key4_idx'],
      ['bakery', 'search_words_key6_idx'],
      ['maintenance1', 'search_words_key9_idx'],
    ] as const) {
      const keySql = await wordSearchKeySql(db, {
        kind: 'application',
        terms: [...searchTerms(term), 'jane'],
        table: 'applications',
        conditions: sql`${applications.status} = 'pending'`,
        plan: { kind: 'after', cursor: null, offset: 0 },
        take: 51,
        path: 'keys',
      });
      const [plan] = (await db.execute(sql`EXPLAIN ${keySql}`)) as unknown as [
        { table: string; key: string | null; Extra: string | null }[],
      ];
      expect(plan[0], term).toMatchObject({ table: 'w', key: index });
      expect(plan[0]?.Extra ?? '', term).not.toMatch(/filesort|temporary/i);
      expect(plan.find((step) => step.table === 'applications')?.key, term).toBe('PRIMARY');
      // The other words are joined per candidate by their own prefix key at the candidate's (created_at, record_id)
      // ("jane": key4), in the walk itself: no subquery per candidate, nothing materialised first.
      const probes = plan.filter((step) => step.table !== 'w' && step.table !== 'applications');
      expect(Object.fromEntries(probes.map((step) => [step.table, step.key])), term).toEqual({
        o1: 'search_words_key4_idx',
      });
      expect(
        plan.every((step) => (step as { select_type?: string }).select_type === 'SIMPLE'),
        term,
      ).toBe(true);
      // The list's status and automated decision filters are read from the walked entries: no application is read.
      const filtered = await wordSearchKeySql(db, {
        kind: 'application',
        terms: [...searchTerms(term), 'jane'],
        table: 'applications',
        conditions: undefined,
        facets: { kind: 'application', status: 'pending', ai: 'review' },
        plan: { kind: 'after', cursor: null, offset: 0 },
        take: 51,
        path: 'keys',
      });
      const [filteredPlan] = (await db.execute(sql`EXPLAIN ${filtered}`)) as unknown as [{ table: string }[]];
      expect(
        filteredPlan.map((step) => step.table),
        term,
      ).toEqual(['w', 'o1']);
    }
  });
  it('drives two common words by the rarer, whatever their order in the search, and lists exactly their records', async () => {
    const db = database.db;
    // More words than the count's cap for both terms: 5,000 records with "zetas", every second one also "omegaxyz"
    // (each row with its record's signature, as the triggers write it).
    const rows = (words: string, every: number) => sql`
      INSERT INTO search_words (kind, record_id, word, created_at, sig, sig4)
      WITH d (x) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
                     UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9),
           n (i) AS (SELECT 1 + a.x + 10 * b.x + 100 * c.x + 1000 * e.x FROM d AS a, d AS b, d AS c, d AS e)
      SELECT 'application', CONCAT('rank-', LPAD(i, 6, '0')), ${words}, TIMESTAMP('2001-01-01') - INTERVAL i SECOND,
             search_word_bit('zetas') | IF(i % 2 = 0, search_word_bit('omegaxyz'), 0),
             search_word_bit4('zetas') | IF(i % 2 = 0, search_word_bit4('omegaxyz'), 0)
        FROM n WHERE i <= 5000 AND i % ${every} = 0`;
    await db.execute(rows('zetas', 1));
    await db.execute(rows('omegaxyz', 2));
    try {
      const keySql = await wordSearchKeySql(db, {
        kind: 'application',
        terms: searchTerms('zetas omegaxyz'),
        table: 'applications',
        conditions: undefined,
        plan: { kind: 'after', cursor: null, offset: 0 },
        take: 51,
      });
      const [found] = (await db.execute(keySql)) as unknown as [{ id: string }[]];
      const expected = Array.from({ length: 51 }, (_, index) => `rank-${String(2 * (index + 1)).padStart(6, '0')}`);
      expect(ids(found)).toEqual(expected);
      const [plan] = (await db.execute(sql`EXPLAIN ${keySql}`)) as unknown as [{ table: string; key: string | null }[]];
      // "omegaxyz" (2,500 words) drives from its key; "zetas" (5,000) is probed per candidate.
      expect(plan.find((step) => step.table === 'w')?.key).toBe('search_words_key6_idx');
      expect(plan.find((step) => step.table === 'o1')?.key).toBe('search_words_key4_idx');
    } finally {
      await db.execute(sql`DELETE FROM search_words WHERE record_id LIKE 'rank-%'`);
    }
  });
});
