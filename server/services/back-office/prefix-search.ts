import { and, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { createTtlMemo } from '../../lib/memo';
import { prefixPattern } from './common';

// "Starts with" search for the back-office lists (applications, applicants), newest first, one keyset page at a time.
// Each searched column has three ways in, all read from index entries alone:
//   - its range index (column, ...): the term's rows, sorted afterwards. Cheap when few rows match.
//   - its prefix keys (migration 0007): virtual columns holding the column's first 3, 6, 9 and 12 characters, each
//     indexed as (key, [role,] created_at, id, filters, column). A term of 3 or more characters is one equality on the
//     longest key it covers, so matches come newest first and the page stops after its rows: cheap when many match.
//   - the list's walk index (created_at, id, filters, every searched column): newest first through every row. Only
//     for terms too short for a key (1-2 characters match so many rows that a page is a short walk).
// A bounded count per column, memoised for a minute (term frequencies barely move), picks the cheaper way per column.

/** Lengths of the prefix keys kept per searched column, longest first (migration 0007). */
export const PREFIX_KEY_LENGTHS = [12, 9, 6, 3] as const;
/** Counts stop here: beyond it a column's term is "common" and its exact frequency does not matter. */
export const SEARCH_COUNT_CAP = 3_000;

export type SearchField = {
  /** The column's SQL name (`business_name`); its keys are `<column>_key<n>`, indexed as `<table>_<column>_key<n>_idx`. */
  column: string;
  /** What a matching row satisfies: `column LIKE 'term%'` (the id: its lowercase prefix). */
  condition: SQL;
  /** The same test on the walk index's own columns, where the column is virtual and not in that index. */
  walkCondition?: SQL;
  /** Covering index ordered by the column's value. */
  rangeIndex: string;
  /** The term, whose prefix keys the column has; omitted, the column is read from its range only. */
  keyFrom?: string;
};

/** Forces one way for every column (tests compare them on the same rows); `auto` picks per column. */
export type SearchPath = 'auto' | 'ranges' | 'keys' | 'walk';

export type PrefixSearchQuery = {
  /** The table's SQL name, e.g. `applications`. */
  table: string;
  term: string;
  fields: SearchField[];
  walkIndex: string;
  /** Filters and the keyset condition, true of every row of the page. */
  conditions: SQL | undefined;
  direction: 'asc' | 'desc';
  take: number;
  offset: number;
  path?: SearchPath;
};

type KeyChoice = { index: string; condition: SQL };

/**
 * The longest prefix key whose equality every matching row satisfies. Keys are compared under the column's
 * case-insensitive collation, like the LIKE itself; only plain ASCII terms use them, so that no accent or expansion
 * rule of the collation can make a row match the LIKE but not the key.
 */
function keyFor(table: string, field: SearchField): KeyChoice | null {
  const term = field.keyFrom;
  if (term === undefined || !/^[\x20-\x7e]+$/.test(term)) return null;
  const length = PREFIX_KEY_LENGTHS.find((candidate) => term.length >= candidate);
  if (length === undefined) return null;
  const column = `${field.column}_key${length}`;
  return { index: `${table}_${column}_idx`, condition: sql`${sql.identifier(column)} = ${term.slice(0, length)}` };
}

type FieldCounts = { term: number; key: number | null };
const countMemo = createTtlMemo<FieldCounts[]>(60_000);

const boundedCount = (table: string, index: string, condition: SQL) =>
  sql`(SELECT COUNT(*) FROM (SELECT 1 FROM ${sql.identifier(table)} FORCE INDEX (${sql.identifier(index)}) WHERE ${condition} LIMIT ${SEARCH_COUNT_CAP}) AS part)`;

/** Per column: how many rows match the term and how many share its key (each capped), in one round trip. */
async function fieldCounts(db: Db, query: PrefixSearchQuery, keys: (KeyChoice | null)[]): Promise<FieldCounts[]> {
  const memoKey = `${query.table}\u0000${query.term.toLowerCase()}`;
  const cached = countMemo.get(memoKey);
  if (cached) return cached;
  const parts = query.fields.flatMap((field, index) => {
    const key = keys[index];
    const term = sql`${boundedCount(query.table, field.rangeIndex, field.condition)} AS ${sql.identifier(`t${index}`)}`;
    return key
      ? [term, sql`${boundedCount(query.table, key.index, key.condition)} AS ${sql.identifier(`k${index}`)}`]
      : [term];
  });
  const [rows] = (await db.execute(sql`SELECT ${sql.join(parts, sql`, `)}`)) as unknown as [
    Record<string, number | string>[],
  ];
  const row = rows[0] ?? {};
  const counts = query.fields.map((_, index) => ({
    term: Number(row[`t${index}`] ?? 0),
    key: keys[index] ? Number(row[`k${index}`] ?? 0) : null,
  }));
  countMemo.set(memoKey, counts);
  return counts;
}

/** Index entries a column's key walk reads to fill the page, against the entries its range holds (sorted after). */
function keyIsCheaper(counts: FieldCounts, wanted: number): boolean {
  if (counts.key === null) return false;
  const walk = Math.min(counts.key, Math.ceil((wanted * counts.key) / Math.max(counts.term, 1)));
  return walk < counts.term;
}

/** The ordered key query of one page of a search: (id, created_at) rows, read from index entries alone. */
export async function prefixSearchKeySql(db: Db, query: PrefixSearchQuery): Promise<SQL> {
  const path = query.path ?? 'auto';
  const table = sql.identifier(query.table);
  const direction = query.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const order = sql`ORDER BY created_at ${direction}, id ${direction}`;
  const where = (...conditions: (SQL | undefined)[]) => and(...conditions, query.conditions) ?? sql`TRUE`;

  const keys = query.fields.map((field) => keyFor(query.table, field));
  const anyKey = keys.some((key) => key !== null);
  let walk = path === 'walk';
  let useKey = keys.map((key) => path === 'keys' && key !== null);
  if (path === 'auto') {
    const counts = await fieldCounts(db, query, keys);
    if (anyKey) {
      useKey = counts.map((count) => keyIsCheaper(count, query.offset + query.take));
    } else {
      walk = counts.reduce((sum, count) => sum + count.term, 0) >= SEARCH_COUNT_CAP;
    }
  }

  if (walk) {
    // Newest first through every row until the page is full, testing filters and the term inside the walk index.
    return sql`SELECT id, created_at FROM ${table} FORCE INDEX (${sql.identifier(query.walkIndex)}) WHERE ${where(or(...query.fields.map((field) => field.walkCondition ?? field.condition)))} ${order} LIMIT ${query.take} OFFSET ${query.offset}`;
  }
  // One ordered part per column (a key walk that stops at the page, or a range sorted), merged.
  const parts = query.fields.map((field, index) => {
    const key = useKey[index] ? keys[index] : null;
    const access = key ? key.index : field.rangeIndex;
    return sql`(SELECT id, created_at FROM ${table} FORCE INDEX (${sql.identifier(access)}) WHERE ${where(key?.condition, field.condition)} ${order} LIMIT ${query.offset + query.take})`;
  });
  return sql`SELECT id, created_at FROM (${sql.join(parts, sql` UNION `)}) AS matched ${order} LIMIT ${query.take} OFFSET ${query.offset}`;
}

/** `column LIKE 'term%'` with the term's %, _ and \ literal. */
export const startsWith = (column: string, term: string): SQL =>
  sql`${sql.identifier(column)} LIKE ${prefixPattern(term)}`;

/** A column searched by "starts with" the term, through its range index and its prefix keys. */
export const keyedField = (column: string, rangeIndex: string, term: string): SearchField => ({
  column,
  rangeIndex,
  condition: startsWith(column, term),
  keyFrom: term,
});
