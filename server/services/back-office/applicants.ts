import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { applications, users } from '../../../drizzle/schema/index';
import type { ExportApplicantsQuery, ListApplicantsQuery } from '../../../src/shared/schemas/admin';
import type { Db, DbOrTx } from '../../db';
import { asUtcDate, isoFromDb } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { applicationsForUser, type SearchOptions } from './application-list';
import { type Actor, type ServiceDeps } from '../../deps';
import { selectRows } from './common';
import { type PagePlan, planPage, toPage } from './cursor';
import { searchTerms, wordSearchKeySql } from './word-search';
import { type CsvValue, toCsv } from './csv';

// Applicants are client accounts (Applicant). Same paging and search strategy as the applications list:
// keyset pages newest first, search by any word (word-search.ts).

/** Applications still in progress: waiting on staff or on the client's acceptance. */
export const ACTIVE_APPLICATION_STATUSES = ['pending', 'review', 'approved'] as const;

type ActiveFilter = ListApplicantsQuery['isActive'];
type KeyQuery = { search?: string; isActive: ActiveFilter; limit: number; assignee?: ListApplicantsQuery['assignee'] };

/**
 * "Mine": the applicants of the viewer's files (applications assigned to them), read from the assignee's index. A
 * staff member's files are few, so the accounts are found by primary key and their page sorted after.
 */
const ownedBy = (viewerId: string) =>
  sql`${users.id} IN (SELECT ${applications.userId} FROM ${applications} FORCE INDEX (applications_assignee_created_idx) WHERE ${applications.assignedTo} = ${viewerId})`;

function baseConditions(query: KeyQuery, viewerId: string | undefined): SQL[] {
  const conditions: SQL[] = [eq(users.role, 'client')];
  if (query.isActive !== 'all') conditions.push(eq(users.isActive, query.isActive === 'active'));
  // "Mine" without a viewer matches nobody rather than everybody.
  if (query.assignee === 'mine') conditions.push(ownedBy(viewerId ?? '-'));
  return conditions;
}

const orderIndexFor = (isActive: ActiveFilter) =>
  isActive === 'all' ? 'users_role_created_idx' : 'users_role_active_created_idx';

function keysetCondition(plan: PagePlan): SQL | undefined {
  const cursor = plan.cursor;
  if (!cursor) return undefined;
  if (plan.kind === 'before') {
    return or(
      gt(users.createdAt, cursor.createdAt),
      and(eq(users.createdAt, cursor.createdAt), gt(users.id, cursor.id)),
    );
  }
  return or(lt(users.createdAt, cursor.createdAt), and(eq(users.createdAt, cursor.createdAt), lt(users.id, cursor.id)));
}

type KeyRow = { id: string; createdAt: Date };

/** The ordered key query of one page: (id, created_at) from index entries alone. */
async function pageKeySql(db: Db, query: KeyQuery, plan: PagePlan, options: SearchOptions = {}): Promise<SQL> {
  const take = query.limit + 1;
  const offset = plan.kind === 'after' ? plan.offset : 0;
  const conditions = and(...baseConditions(query, options.viewerId), keysetCondition(plan));
  const search = query.search;
  if (!search) {
    const mine = query.assignee === 'mine';
    return db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users, mine ? undefined : { forceIndex: orderIndexFor(query.isActive) })
      .where(conditions)
      .orderBy(...(plan.kind === 'before' ? [users.createdAt, users.id] : [desc(users.createdAt), desc(users.id)]))
      .limit(take)
      .offset(offset)
      .getSQL();
  }
  // Search by any word of the name, the email and the business (word-search.ts); only clients have words.
  const terms = searchTerms(search);
  if (terms.length === 0) return sql`SELECT id, created_at FROM ${users} WHERE FALSE`;
  return wordSearchKeySql(db, {
    kind: 'applicant',
    terms,
    table: 'users',
    // Only clients have words (the triggers write them for clients alone), and the active flag is carried by the
    // words themselves: only "Mine" reads the account.
    conditions: query.assignee === 'mine' ? ownedBy(options.viewerId ?? '-') : undefined,
    facets: { kind: 'applicant', active: query.isActive === 'all' ? null : query.isActive === 'active' },
    plan,
    take,
    path: options.path,
  });
}

async function pageKeys(db: Db, query: KeyQuery, plan: PagePlan): Promise<KeyRow[]> {
  const rows = await selectRows<{ id: string; created_at: string | Date }>(db, await pageKeySql(db, query, plan));
  return rows.map((row) => ({ id: row.id, createdAt: asUtcDate(row.created_at) }));
}

type ApplicantRowSql = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  business_name: string;
  is_active: number | boolean;
  last_login_at: string | Date | null;
  created_at: string | Date;
  total: number | string;
  active: number | string;
};

/**
 * One round trip per page: keys as a derived table, joined to the accounts. Their application counts are columns the
 * database keeps (migration 0005): counting them per row was two thirds of the list's database time at 1M rows.
 */
async function pageRows(db: Db, keySql: SQL, direction: 'next' | 'prev') {
  const order = direction === 'prev' ? sql`ASC` : sql`DESC`;
  const rows = await selectRows<ApplicantRowSql>(
    db,
    sql`
    SELECT u.id, u.first_name, u.last_name, u.email, u.business_name, u.is_active, u.last_login_at, u.created_at,
           u.application_count AS total, u.active_application_count AS active
      FROM (${keySql}) AS k
      JOIN ${users} AS u ON u.id = k.id
     ORDER BY k.created_at ${order}, k.id ${order}`,
  );
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    businessName: row.business_name,
    isActive: Boolean(row.is_active),
    // ISO 8601 UTC text (isoFromDb).
    lastLoginAt: row.last_login_at === null ? null : isoFromDb(row.last_login_at),
    createdAt: isoFromDb(row.created_at),
    totalApplications: Number(row.total),
    activeApplications: Number(row.active),
  }));
}

const applicantColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  businessName: users.businessName,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  totalApplications: users.applicationCount,
  activeApplications: users.activeApplicationCount,
};

/** Profile plus totalApplications and activeApplications, in the order of `ids`. */
async function applicantRows(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(applicantColumns).from(users).where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type ApplicantDto = Awaited<ReturnType<typeof applicantRows>>[number];

/** The statement that picks a page's keys (the bench checks its plan: docs/performance.md). */
export function applicantListKeySql(
  deps: Pick<ServiceDeps, 'db'>,
  query: ListApplicantsQuery,
  options: SearchOptions = {},
) {
  return pageKeySql(deps.db, query, planPage(query), options);
}

export async function listApplicants(
  deps: Pick<ServiceDeps, 'db'>,
  query: ListApplicantsQuery,
  options: SearchOptions = {},
) {
  const plan = planPage(query);
  const keySql = await pageKeySql(deps.db, query, plan, options);
  return toPage(await pageRows(deps.db, keySql, plan.kind === 'before' ? 'prev' : 'next'), plan, query.limit);
}

/** Applicant detail with their own applications (linked to the account, never matched by email). Audited. */
export async function getApplicantDetail(deps: Pick<ServiceDeps, 'db'>, actor: Actor, id: string) {
  const [[applicant], [role], applicantApplications] = await Promise.all([
    applicantRows(deps.db, [id]),
    deps.db.select({ role: users.role }).from(users).where(eq(users.id, id)),
    applicationsForUser(deps.db, id),
  ]);
  if (!applicant || role?.role !== 'client') throw new AppError('NOT_FOUND', 'Applicant not found');
  // The read is answered only once its audit row is written (fail closed).
  await auditedTransaction(deps.db, (tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'applicant.view',
      targetType: 'user',
      targetId: id,
      ip: actor.ip,
    }),
  );
  return { applicant, applications: applicantApplications };
}

// ---------------------------------------------------------------------------------------------------------------
// Export (spec: the Applicants tab's Export button): CSV of the filtered list, audited, bounded in size.
// ---------------------------------------------------------------------------------------------------------------

export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_BATCH = 1000;
export const APPLICANT_CSV_HEADER = [
  'Name',
  'Email',
  'Business',
  'Applications',
  'Active Apps',
  'Status',
  'Last Login',
  'Joined',
];

export async function exportApplicantsCsv(deps: Pick<ServiceDeps, 'db'>, actor: Actor, query: ExportApplicantsQuery) {
  const rows: CsvValue[][] = [];
  let plan: PagePlan = { kind: 'after', cursor: null, offset: 0 };
  let truncated = false;
  for (;;) {
    const keys = await pageKeys(deps.db, { ...query, limit: EXPORT_BATCH }, plan);
    const page = keys.slice(0, EXPORT_BATCH);
    for (const applicant of await applicantRows(
      deps.db,
      page.map((key) => key.id),
    )) {
      rows.push([
        `${applicant.firstName} ${applicant.lastName}`.trim(),
        applicant.email,
        applicant.businessName,
        applicant.totalApplications,
        applicant.activeApplications,
        applicant.isActive ? 'Active' : 'Inactive',
        applicant.lastLoginAt ? applicant.lastLoginAt.toISOString() : 'Never',
        applicant.createdAt.toISOString().slice(0, 10),
      ]);
    }
    const last = page.at(-1);
    if (keys.length <= EXPORT_BATCH || !last) break;
    if (rows.length >= EXPORT_MAX_ROWS) {
      truncated = true;
      break;
    }
    plan = { kind: 'after', cursor: { createdAt: last.createdAt, id: last.id }, offset: 0 };
  }
  await auditedTransaction(deps.db, (tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'applicant.export',
      targetType: 'user',
      ip: actor.ip,
      // The search text may be an email: only whether one was used is recorded.
      detail: { rows: rows.length, isActive: query.isActive, searched: Boolean(query.search), truncated },
    }),
  );
  const stamp = new Date().toISOString().slice(0, 10);
  return { fileName: `applicants-${stamp}.csv`, csv: toCsv(APPLICANT_CSV_HEADER, rows), rows: rows.length, truncated };
}
