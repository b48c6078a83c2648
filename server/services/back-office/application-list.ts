import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { applications, underwritingResults } from '../../../drizzle/schema/index';
import type { AiDecision, ApplicationStatus } from '../../../src/shared/constants';
import type { ListApplicationsQuery } from '../../../src/shared/schemas/admin';
import type { Db, DbOrTx } from '../../db';
import { sha256Hex } from '../../lib/crypto';
import { isoFromDb } from '../../lib/dates';
import { type Actor, type ServiceDeps } from '../../deps';
import { auditRead } from '../../lib/audit';
import { type PagePlan, keysetOrder, planPage, toPage } from './cursor';
import { prefixPattern, selectRows } from './common';
import { type CreatedRange, type WordSearchPath, searchTerms, wordSearchKeySql } from './word-search';

// ---------------------------------------------------------------------------------------------------------------
// List: keyset pages newest first (created_at, id), every path backed by an index (see 0001_admin_search.sql).
// ---------------------------------------------------------------------------------------------------------------

type Filters = { status: ApplicationStatus | null; ai: AiDecision | null; assignedTo: string | null };

/** The list's days as a half-open range of moments: from the first day's start to the day after the last. */
function createdRange(query: ListApplicationsQuery): CreatedRange {
  const day = 24 * 3600_000;
  return {
    from: query.createdFrom ? new Date(`${query.createdFrom}T00:00:00Z`) : null,
    before: query.createdTo ? new Date(new Date(`${query.createdTo}T00:00:00Z`).getTime() + day) : null,
  };
}

function createdConditions(range: CreatedRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(applications.createdAt, range.from));
  if (range.before) conditions.push(lt(applications.createdAt, range.before));
  return conditions;
}

/** The ordered index that serves a filter combination without a sort (MariaDB needs the hint). */
function orderIndexFor(filters: Filters): string {
  // One staff member's files are few: their own index, the other filters read on those rows.
  if (filters.assignedTo) return 'applications_assignee_created_idx';
  if (filters.status && filters.ai) return 'applications_status_ai_created_idx';
  if (filters.status) return 'applications_status_created_idx';
  if (filters.ai) return 'applications_ai_created_idx';
  return 'applications_created_idx';
}

function filterConditions(filters: Filters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(applications.status, filters.status));
  if (filters.ai) conditions.push(eq(applications.aiApproved, filters.ai));
  if (filters.assignedTo) conditions.push(eq(applications.assignedTo, filters.assignedTo));
  return conditions;
}

const newestFirst = [desc(applications.createdAt), desc(applications.id)];

/** Staff read ids as their first 8 characters: a search that looks like one also finds the id by its prefix. */
const ID_PREFIX = /^[0-9a-f-]{4,36}$/i;

/** `path` forces one search path (tests compare them on small data); by default it is chosen per column. */
export type SearchOptions = { path?: WordSearchPath; viewerId?: string };

/** The ordered key query of one page: (id, created_at) only, so every path reads index entries alone. */
async function pageKeySql(db: Db, query: ListApplicationsQuery, plan: PagePlan, options: SearchOptions): Promise<SQL> {
  const filters: Filters = {
    status: query.status === 'all' ? null : query.status,
    ai: query.aiApproved === 'all' ? null : query.aiApproved,
    // "Mine" without a viewer matches nobody rather than everybody.
    assignedTo: query.assignee === 'mine' ? (options.viewerId ?? '-') : null,
  };
  const take = query.limit + 1;
  const offset = plan.kind === 'after' ? plan.offset : 0;
  const { condition: keyset, orderBy } = keysetOrder({ createdAt: applications.createdAt, id: applications.id }, plan);
  const range = createdRange(query);
  if (!query.search) {
    return db
      .select({ id: applications.id, createdAt: applications.createdAt })
      .from(applications, { forceIndex: orderIndexFor(filters) })
      .where(and(...filterConditions(filters), ...createdConditions(range), keyset))
      .orderBy(...orderBy)
      .limit(take)
      .offset(offset)
      .getSQL();
  }
  // Search by any word of the business name, the owner's name and the email (word-search.ts).
  const terms = searchTerms(query.search);
  const wordPage = (wordPlan: PagePlan, wordTake: number) =>
    wordSearchKeySql(db, {
      kind: 'application',
      terms,
      table: 'applications',
      // Status and automated decision are carried by the words themselves; only "Mine" reads the application.
      conditions: filters.assignedTo ? eq(applications.assignedTo, filters.assignedTo) : undefined,
      facets: { kind: 'application', status: filters.status, ai: filters.ai },
      created: range,
      plan: wordPlan,
      take: wordTake,
      path: options.path,
    });
  const nothing = sql`SELECT id, created_at FROM ${applications} WHERE FALSE`;
  if (!ID_PREFIX.test(query.search)) return terms.length > 0 ? wordPage(plan, take) : nothing;
  // Also an id prefix: both parts are taken from the start of the page order and merged.
  const direction = plan.kind === 'before' ? sql`ASC` : sql`DESC`;
  const order = sql`ORDER BY created_at ${direction}, id ${direction}`;
  const filtersAndKeyset = and(...filterConditions(filters), ...createdConditions(range), keyset);
  const byId = sql`SELECT id, created_at FROM ${applications} FORCE INDEX (PRIMARY) WHERE id LIKE ${prefixPattern(query.search.toLowerCase())}${filtersAndKeyset ? sql` AND ${filtersAndKeyset}` : sql``} ${order} LIMIT ${offset + take}`;
  const words =
    terms.length > 0 ? await wordPage(plan.kind === 'after' ? { ...plan, offset: 0 } : plan, offset + take) : nothing;
  return sql`SELECT id, created_at FROM ((${words}) UNION (${byId})) AS matched ${order} LIMIT ${take} OFFSET ${offset}`;
}

type ListRow = {
  id: string;
  business_name: string;
  owner_name: string;
  email: string;
  loan_amount_cents: number | string;
  approved_amount_cents: number | string | null;
  status: ApplicationStatus;
  ai_approved: AiDecision | null;
  created_at: string | Date;
  confidence: number | null;
};

/**
 * One round trip per page: the key query as a derived table, joined to the rows and the automated decision's
 * confidence. Only the page's 50 rows are read from the table.
 */
async function pageRows(db: DbOrTx, keySql: SQL, direction: 'next' | 'prev'): Promise<ApplicationListItem[]> {
  const order = direction === 'prev' ? sql`ASC` : sql`DESC`;
  const rows = await selectRows<ListRow>(
    db,
    sql`
    SELECT a.id, a.business_name, a.owner_name, a.email, a.loan_amount_cents, a.approved_amount_cents, a.status,
           a.ai_approved, a.created_at, u.confidence
      FROM (${keySql}) AS k
      JOIN ${applications} AS a ON a.id = k.id
      LEFT JOIN ${underwritingResults} AS u ON u.application_id = k.id
     ORDER BY k.created_at ${order}, k.id ${order}`,
  );
  return rows.map((row) => ({
    id: row.id,
    businessName: row.business_name,
    ownerName: row.owner_name,
    email: row.email,
    loanAmount: Number(row.loan_amount_cents) / 100,
    approvedAmount: row.approved_amount_cents === null ? null : Number(row.approved_amount_cents) / 100,
    status: row.status,
    aiApproved: row.ai_approved,
    confidence: row.confidence === null ? null : String(row.confidence),
    createdAt: isoFromDb(row.created_at),
  }));
}

export type ApplicationListItem = {
  id: string;
  businessName: string;
  ownerName: string;
  email: string;
  loanAmount: number;
  approvedAmount: number | null;
  status: ApplicationStatus;
  aiApproved: AiDecision | null;
  confidence: string | null;
  /** ISO 8601 UTC (isoFromDb). */
  createdAt: string;
};

/** The statement that picks a page's keys (the bench checks its plan: docs/performance.md). */
export function applicationListKeySql(
  deps: Pick<ServiceDeps, 'db'>,
  query: ListApplicationsQuery,
  options: SearchOptions = {},
) {
  return pageKeySql(deps.db, query, planPage(query), options);
}

export async function listApplications(
  deps: Pick<ServiceDeps, 'db'>,
  query: ListApplicationsQuery,
  options: SearchOptions = {},
) {
  const plan = planPage(query);
  const rows = await pageRows(
    deps.db,
    await pageKeySql(deps.db, query, plan, options),
    plan.kind === 'before' ? 'prev' : 'next',
  );
  return toPage(rows, plan, query.limit);
}

/** The 5 newest applications for the Overview tab. */
export function recentApplications(deps: Pick<ServiceDeps, 'db'>) {
  const keys = deps.db
    .select({ id: applications.id, createdAt: applications.createdAt })
    .from(applications, { forceIndex: 'applications_created_idx' })
    .orderBy(...newestFirst)
    .limit(5);
  return pageRows(deps.db, keys.getSQL(), 'next');
}

/** An account's own applications (linked by account, docs/product.md 3), newest first. */
export function applicationsForUser(db: DbOrTx, userId: string) {
  const keys = db
    .select({ id: applications.id, createdAt: applications.createdAt })
    .from(applications, { forceIndex: 'applications_user_created_idx' })
    .where(eq(applications.userId, userId))
    .orderBy(...newestFirst)
    .limit(BY_EMAIL_LIMIT);
  return pageRows(db, keys.getSQL(), 'next');
}

// ---------------------------------------------------------------------------------------------------------------
// By email: every application that used this address (spec: 'Applications for {email}'). A staff read: audited,
// with the address hashed so the audit log holds no PII (docs/security.md J).
// ---------------------------------------------------------------------------------------------------------------

export const BY_EMAIL_LIMIT = 200;

export async function applicationsByEmail(deps: Pick<ServiceDeps, 'db'>, actor: Actor, email: string) {
  const keys = deps.db
    .select({ id: applications.id, createdAt: applications.createdAt })
    .from(applications, { forceIndex: 'applications_email_idx' })
    .where(eq(applications.email, email))
    .orderBy(...newestFirst)
    .limit(BY_EMAIL_LIMIT);
  const data = await pageRows(deps.db, keys.getSQL(), 'next');
  await auditRead(deps.db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'application.by_email',
    targetType: 'email',
    targetId: sha256Hex(email.toLowerCase()),
    ip: actor.ip,
    detail: { count: data.length },
  });
  return { data, count: data.length };
}
