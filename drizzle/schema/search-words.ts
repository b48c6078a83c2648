import { sql } from 'drizzle-orm';
import {
  bigint,
  datetime,
  index,
  int,
  mysqlEnum,
  mysqlTable,
  primaryKey,
  tinyint,
  varchar,
} from 'drizzle-orm/mysql-core';
import { AI_DECISIONS, APPLICATION_STATUSES } from '../../src/shared/constants';

/** Which list a word belongs to: an application's (business, owner, email) or an applicant's (name, email, business). */
export const SEARCH_WORD_KINDS = ['application', 'applicant'] as const;
export type SearchWordKind = (typeof SEARCH_WORD_KINDS)[number];
/** Longest word kept; a longer search word is compared on its first this many characters. */
export const SEARCH_WORD_MAX = 32;

/**
 * The back-office search by any word: one row per distinct word (2+ letters or digits, lowercased) of a record's
 * searched text, with the record's created_at for the lists' newest-first order. Written only by the database's
 * triggers on applications and users (migration search_words_triggers), in the same transaction as the record;
 * prefix keys (virtual columns key2 ... key9, each indexed with created_at) are added by that migration too.
 */
export const searchWords = mysqlTable(
  'search_words',
  {
    kind: mysqlEnum('kind', SEARCH_WORD_KINDS).notNull(),
    recordId: varchar('record_id', { length: 36 }).notNull(),
    word: varchar('word', { length: SEARCH_WORD_MAX }).notNull(),
    createdAt: datetime('created_at').notNull(),
    /**
     * The record's signature, the same on each of its rows: one bit per distinct three-character word start (a hash
     * of it, 64 bits), every bit for a start that is not plain ASCII. A search word of three or more characters can
     * only match a record whose signature has its start's bit, so the words a search walks are tested from the index
     * entry itself before any other word of the record is looked up (migration search_words_signature).
     */
    sig: bigint('sig', { mode: 'bigint', unsigned: true })
      .notNull()
      .default(sql`0`),
    /**
     * The same for four-character starts, 32 bits (migration search_words_facets): a search word of four or more
     * characters needs its bit here too, so a record that has its three-character start but not its four-character
     * one is refused from the index entry as well.
     */
    sig4: int('sig4', { unsigned: true }).notNull().default(0),
    /**
     * The record's list filters, the same on each of its rows, kept by the triggers with the record (migration
     * search_words_facets): an application's status and automated decision (facetOfApplication), an applicant's
     * active flag (1 or 0). A filtered search tests them on the walked index entry instead of reading the record.
     */
    facet: tinyint('facet', { unsigned: true }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.recordId, t.word] }),
    // A word's range ("bak%"), for terms few words share: the matches, sorted after.
    index('search_words_word_idx').on(t.kind, t.word, t.createdAt, t.recordId, t.sig, t.sig4, t.facet),
  ],
);

/**
 * An application's facet (the SQL function search_application_facet of migration search_words_facets computes the
 * same): 8 x (1 + the status's place in APPLICATION_STATUSES) + (1 + the automated decision's place in AI_DECISIONS,
 * 0 when there is none). Undefined parts of a filter are left out: see facetParts.
 */
export const facetStatusCode = (status: (typeof APPLICATION_STATUSES)[number]) =>
  APPLICATION_STATUSES.indexOf(status) + 1;
export const facetAiCode = (ai: (typeof AI_DECISIONS)[number]) => AI_DECISIONS.indexOf(ai) + 1;
/** Facet arithmetic: an application's status is facet DIV FACET_STATUS_UNIT, its decision facet MOD FACET_STATUS_UNIT. */
export const FACET_STATUS_UNIT = 8;
