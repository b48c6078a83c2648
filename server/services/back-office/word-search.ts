import { crc32 } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import {
  FACET_STATUS_UNIT,
  SEARCH_WORD_MAX,
  facetAiCode,
  facetStatusCode,
  searchWords,
  type SearchWordKind,
} from '../../../drizzle/schema/index';
import type { AiDecision, ApplicationStatus } from '../../../src/shared/constants';
import type { Db } from '../../db';
import { createTtlMemo } from '../../lib/memo';
import { prefixPattern } from './common';
import type { PagePlan } from './cursor';

// Search by any word for the back-office lists (applications, applicants), newest first, one keyset page at a time.
// search_words holds each record's words (migration search_words_triggers). A search is split into words the same
// way; a record matches when every search word starts one of its words. One search word drives the page, read from
// search_words in the lists' order:
//   - by its prefix key (key2 ... key9: a word's first n characters, indexed with created_at, record_id): one equality
//     on the longest key the term covers, so matches come newest first and the page stops after its rows. Cheap when
//     many words share the term.
//   - by the word's range (search_words_word_idx): the term's words, sorted afterwards. Cheap when few match.
// A bounded count per term, memoised for a minute (word frequencies barely move), picks the driving term (the rarest)
// and its way in; when several terms pass the count's cap, the optimiser's estimate ranks them. Each walked index
// entry carries its record's signatures (sig: three-character word starts, sig4: four-character ones) and its list
// filters (facet: status and automated decision, or an applicant's active flag), so most candidates are refused
// from the entry alone: a filtered search reads no record, and two common words that rarely meet (a first name and a
// business word at 1M applications: ~1,400 entries a page) look up the other word for about one entry in twenty. The
// other terms are joined by their own prefix key, rarest first; the listed table only for a filter the words do not
// carry ("Mine"). A record found by several of its words is one row of the page (GROUP BY, streamed in the walk).

/** Lengths of the prefix keys on search_words, longest first. */
export const WORD_KEY_LENGTHS = [9, 6, 4, 3, 2] as const;
/** Counts stop here: beyond it a term is "common" and its exact frequency does not matter. */
export const WORD_COUNT_CAP = 2_000;
/** Search words shorter than this are ignored (they would match most records). */
export const MIN_SEARCH_WORD = 2;

/** The words of a search as the database splits the records' text: runs of letters and digits, lowercased. */
export function searchTerms(search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => [...word].length >= MIN_SEARCH_WORD)
    .map((word) => [...word].slice(0, SEARCH_WORD_MAX).join(''));
  return [...new Set(words)];
}

/** Forces one way in for the driving term (tests compare them on the same rows); `auto` picks by the counts. */
export type WordSearchPath = 'auto' | 'range' | 'keys';

/**
 * List filters every word row carries (its `facet`), tested on the walked index entry: an application's status and
 * automated decision, an applicant's active flag. Null or absent: not filtered.
 */
export type WordFacets =
  | { kind: 'application'; status: ApplicationStatus | null; ai: AiDecision | null }
  | { kind: 'applicant'; active: boolean | null };

export type WordSearchQuery = {
  kind: SearchWordKind;
  /** From searchTerms: at least one. */
  terms: string[];
  /** The listed table, joined by id only when `conditions` test its columns (e.g. `applications`). */
  table: string;
  /** The list's filters that the words do not carry (on that table's columns); undefined: none, no join. */
  conditions: SQL | undefined;
  /** The list's filters the words carry. */
  facets?: WordFacets;
  /** Records made in [from, before): read from the words' own created_at, in the key indexes' order. */
  created?: CreatedRange;
  plan: PagePlan;
  take: number;
  path?: WordSearchPath;
};

type KeyChoice = { index: string; condition: SQL; column: string; prefix: string };

/** A half-open range of creation moments; null ends are open. */
export type CreatedRange = { from: Date | null; before: Date | null };

function createdWithin(range: CreatedRange | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (range?.from) conditions.push(sql`w.created_at >= ${sql.param(range.from, searchWords.createdAt)}`);
  if (range?.before) conditions.push(sql`w.created_at < ${sql.param(range.before, searchWords.createdAt)}`);
  return conditions;
}

/**
 * The longest prefix key every word matching the term shares. Keys are compared under the column's case-insensitive
 * collation, like the LIKE itself; only plain ASCII terms use them, so that no accent rule of the collation can make
 * a word match the LIKE but not the key.
 */
function keyFor(term: string): KeyChoice | null {
  if (!/^[\x21-\x7e]+$/.test(term)) return null;
  const length = WORD_KEY_LENGTHS.find((candidate) => term.length >= candidate);
  if (length === undefined) return null;
  const column = `key${length}`;
  return {
    index: `search_words_${column}_idx`,
    condition: sql`w.${sql.identifier(column)} = ${term.slice(0, length)}`,
    column,
    prefix: term.slice(0, length),
  };
}

type TermCounts = { term: number; key: number | null };
const countMemo = createTtlMemo<TermCounts>(60_000);
const estimateMemo = createTtlMemo<number>(60_000);

const boundedCount = (index: string, condition: SQL) =>
  sql`(SELECT COUNT(*) FROM (SELECT 1 FROM search_words AS w FORCE INDEX (${sql.identifier(index)}) WHERE ${condition} LIMIT ${WORD_COUNT_CAP}) AS part)`;

const termRange = (kind: SearchWordKind, term: string) => sql`w.kind = ${kind} AND w.word LIKE ${prefixPattern(term)}`;

/** Per term: how many words start with it and how many share its key (each capped), memoised per term. */
async function termCounts(db: Db, kind: SearchWordKind, terms: string[]): Promise<TermCounts[]> {
  const memoKey = (term: string) => `${kind}\u0000${term}`;
  const missing = terms.filter((term) => !countMemo.get(memoKey(term)));
  if (missing.length > 0) {
    const parts = missing.flatMap((term, index) => {
      const key = keyFor(term);
      const counted = [
        sql`${boundedCount('search_words_word_idx', termRange(kind, term))} AS ${sql.identifier(`t${index}`)}`,
      ];
      if (key) {
        counted.push(
          sql`${boundedCount(key.index, sql`w.kind = ${kind} AND ${key.condition}`)} AS ${sql.identifier(`k${index}`)}`,
        );
      }
      return counted;
    });
    const [rows] = (await db.execute(sql`SELECT ${sql.join(parts, sql`, `)}`)) as unknown as [
      Record<string, number | string | null>[],
    ];
    const row = rows[0] ?? {};
    missing.forEach((term, index) =>
      countMemo.set(memoKey(term), {
        term: Number(row[`t${index}`] ?? 0),
        key: keyFor(term) ? Number(row[`k${index}`] ?? 0) : null,
      }),
    );
  }
  return terms.map((term) => countMemo.get(memoKey(term)) ?? { term: 0, key: null });
}

/**
 * The optimiser's estimate of a common term's words (its index dives: within about 2x, never read in full), to rank
 * terms the capped count cannot tell apart. Memoised per term.
 */
async function commonTermEstimate(db: Db, kind: SearchWordKind, term: string): Promise<number> {
  const memoKey = `${kind}\u0000${term}`;
  const cached = estimateMemo.get(memoKey);
  if (cached !== undefined) return cached;
  const [rows] = (await db.execute(
    sql`EXPLAIN SELECT 1 FROM search_words AS w FORCE INDEX (search_words_word_idx) WHERE ${termRange(kind, term)}`,
  )) as unknown as [{ rows: number | string | null }[]];
  const estimate = Math.max(WORD_COUNT_CAP, Number(rows[0]?.rows ?? WORD_COUNT_CAP));
  estimateMemo.set(memoKey, estimate);
  return estimate;
}

/**
 * The terms' sizes, rarest first: exact below the cap; above it, when several terms are common, the optimiser's
 * estimate, so that two common words are driven by the rarer and the other is joined (each candidate of the driver
 * that passes the entry's tests costs one lookup per other term: docs/architecture.md, "Search by any word").
 */
async function rankTerms(db: Db, kind: SearchWordKind, terms: string[]) {
  const counts = await termCounts(db, kind, terms);
  const common = counts.filter((count) => count.term >= WORD_COUNT_CAP).length;
  const ranked = await Promise.all(
    terms.map(async (term, index) => {
      const counted = counts[index] ?? { term: 0, key: null };
      const size =
        counted.term >= WORD_COUNT_CAP && common > 1 ? await commonTermEstimate(db, kind, term) : counted.term;
      return { term, counts: counted, size };
    }),
  );
  // A stable sort: equal sizes keep the search's order.
  return ranked.sort((left, right) => left.size - right.size);
}

/** Index entries a key walk reads to fill the page, against the entries the term's range holds (sorted after). */
function keyIsCheaper(counts: TermCounts, wanted: number): boolean {
  if (counts.key === null) return false;
  if (counts.term < WORD_COUNT_CAP) {
    const walk = Math.min(counts.key, Math.ceil((wanted * counts.key) / Math.max(counts.term, 1)));
    return walk < counts.term;
  }
  return true;
}

/**
 * The candidate's words that start with `term`, joined in the walk's order. A term with a prefix key is looked up in
 * that key's index at the candidate's own (created_at, record_id): every word of a record carries the record's
 * created_at, and the index holds the word (the primary key's columns ride along). The candidates come newest first,
 * so these lookups walk the term's small key range in order instead of one random primary-key page of the whole table
 * each. A join, not a subquery per candidate: MariaDB's subquery executions cost more than the lookups themselves,
 * and an EXISTS becomes a semi-join that first materialises every record with such a word. A record with several
 * such words gives several rows, which the page's GROUP BY folds into one.
 */
function joinWord(kind: SearchWordKind, term: string, alias: string) {
  const key = keyFor(term);
  const o = sql.identifier(alias);
  const where = key
    ? sql`${o}.kind = ${kind} AND ${o}.${sql.identifier(key.column)} = ${key.prefix} AND ${o}.created_at = w.created_at AND ${o}.record_id = w.record_id`
    : sql`${o}.kind = ${kind} AND ${o}.record_id = w.record_id`;
  return sql`STRAIGHT_JOIN search_words AS ${o} FORCE INDEX (${sql.identifier(key ? key.index : 'PRIMARY')}) ON ${where} AND ${o}.word LIKE ${prefixPattern(term)}`;
}

/** The bit of a start in a signature of `bits` bits: the database's CRC32 of it (search_word_bit, search_word_bit4). */
const startBit = (start: string, bits: number) => 1n << BigInt(crc32(start) % bits);

/**
 * The signature bits (migrations search_words_signature and search_words_facets) a record needs to match every one of
 * these terms: in `sig` the bit of each term's first three characters, in `sig4` of its first four, when they are
 * plain lowercase ASCII. Computed here with the CRC32 the database uses, and sent as numbers (a BigInt parameter
 * is written as an exact integer). Undefined when no term has one.
 */
function signatureTest(terms: string[]): SQL | undefined {
  const masks = [
    { column: 'sig', length: 3, bits: 64 },
    { column: 'sig4', length: 4, bits: 32 },
  ].flatMap(({ column, length, bits }) => {
    const pattern = new RegExp(`^[a-z0-9]{${length}}`);
    const mask = terms
      .filter((term) => pattern.test(term))
      .reduce((bitsSoFar, term) => bitsSoFar | startBit(term.slice(0, length), bits), 0n);
    return mask === 0n ? [] : [sql`(w.${sql.identifier(column)} & ${mask}) = ${mask}`];
  });
  return masks.length > 0 ? sql.join(masks, sql` AND `) : undefined;
}

/** The facet test of the list's filters (drizzle/schema/search-words.ts), on the walked entry. */
function facetTest(facets: WordFacets | undefined): SQL | undefined {
  if (!facets) return undefined;
  if (facets.kind === 'applicant') return facets.active === null ? undefined : sql`w.facet = ${facets.active ? 1 : 0}`;
  const status = facets.status ? facetStatusCode(facets.status) : null;
  const ai = facets.ai ? facetAiCode(facets.ai) : null;
  if (status !== null && ai !== null) return sql`w.facet = ${status * FACET_STATUS_UNIT + ai}`;
  if (status !== null) return sql`w.facet DIV ${FACET_STATUS_UNIT} = ${status}`;
  if (ai !== null) return sql`w.facet MOD ${FACET_STATUS_UNIT} = ${ai}`;
  return undefined;
}

function keyset(plan: PagePlan): SQL | undefined {
  const cursor = plan.cursor;
  if (!cursor) return undefined;
  const beyond = plan.kind === 'before' ? sql`>` : sql`<`;
  const at = sql.param(cursor.createdAt, searchWords.createdAt);
  return sql`(w.created_at ${beyond} ${at} OR (w.created_at = ${at} AND w.record_id ${beyond} ${cursor.id}))`;
}

/** The ordered key query of one page of a word search: (id, created_at) rows. */
export async function wordSearchKeySql(db: Db, query: WordSearchQuery): Promise<SQL> {
  const { kind, terms } = query;
  const path = query.path ?? 'auto';
  const wanted = (query.plan.kind === 'after' ? query.plan.offset : 0) + query.take;
  // Rarest first: the first drives the page, the others are joined per candidate in that order (the rarest rejects
  // the most candidates first).
  const ranked =
    path === 'auto' ? await rankTerms(db, kind, terms) : terms.map((term) => ({ term, counts: null, size: 0 }));
  const [driver, ...others] = ranked;
  const term = driver?.term ?? '';
  const useKey = path === 'keys' || (driver?.counts ? keyIsCheaper(driver.counts, wanted) : false);
  const key = useKey ? keyFor(term) : null;
  const pattern = prefixPattern(term);
  const direction = query.plan.kind === 'before' ? sql`ASC` : sql`DESC`;
  // Tests of the walked entry itself first; only the candidates left are looked up, one join per other term (rarest
  // first), then the listed table when a filter the words do not carry needs it.
  const conditions = [
    sql`w.kind = ${kind}`,
    key?.condition,
    keyset(query.plan),
    ...createdWithin(query.created),
    // Integer tests before the collation's LIKE: most entries of a common word fail one of them.
    facetTest(query.facets),
    signatureTest(others.map((other) => other.term)),
    sql`w.word LIKE ${pattern}`,
    query.conditions,
  ].filter((condition): condition is SQL => condition !== undefined);
  const joins = others.map((other, index) => joinWord(kind, other.term, `o${index + 1}`));
  const table = sql.identifier(query.table);
  if (query.conditions) joins.push(sql`STRAIGHT_JOIN ${table} FORCE INDEX (PRIMARY) ON ${table}.id = w.record_id`);
  // One row per record, whichever of its words matched: the key indexes hold a record's words side by side in the
  // page's order, so the grouping streams with the walk (no temporary table, no sort) and the page stops after its rows.
  return sql`SELECT w.record_id AS id, w.created_at FROM search_words AS w FORCE INDEX (${sql.identifier(key ? key.index : 'search_words_word_idx')}) ${sql.join(joins, sql` `)} WHERE ${sql.join(conditions, sql` AND `)} GROUP BY w.created_at, w.record_id ORDER BY w.created_at ${direction}, w.record_id ${direction} LIMIT ${query.take} OFFSET ${query.plan.kind === 'after' ? query.plan.offset : 0}`;
}
