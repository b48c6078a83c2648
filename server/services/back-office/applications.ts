import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { applicationDocuments, applications, loans, underwritingResults, users } from '../../../drizzle/schema/index';
import type { AiDecision, ApplicationStatus } from '../../../src/shared/constants';
import type {
  ApplicationOfferExtrasDto,
  ListApplicationsQuery,
  RevealPiiInput,
  SetApplicationStatusInput,
} from '../../../src/shared/schemas/admin';
import type { Db, DbOrTx } from '../../db';
import { sha256Hex } from '../../lib/crypto';
import { asUtcDate, isoFromDb } from '../../lib/dates';
import { decryptApplicationPii, maskEin, maskSsn } from '../../lib/pii';
import { AppError } from '../../lib/errors';
import { listAuditForTarget, recordAudit } from '../../lib/audit';
import { listLoanLowerPaymentRequests } from '../loans/loan-details';
import { findOfferSignature } from '../offers/menu';
import { invalidateDashboard } from './dashboard';
import { type Actor, type ServiceDeps } from '../../deps';
import { auditRead, auditedTransaction } from '../../lib/audit';
import { toDollars } from './common';
import { type PagePlan, planPage, toPage } from './cursor';
import { type SearchField, type SearchPath, keyedField, prefixSearchKeySql, startsWith } from './prefix-search';
import { verifyStepUpCode } from '../accounts/step-up';

// ---------------------------------------------------------------------------------------------------------------
// List: keyset pages newest first (created_at, id), every path backed by an index (see 0001_admin_search.sql).
// ---------------------------------------------------------------------------------------------------------------

type Filters = { status: ApplicationStatus | null; ai: AiDecision | null };

/** The ordered index that serves a filter combination without a sort (MariaDB needs the hint, STACK-NOTES 8). */
function orderIndexFor(filters: Filters): string {
  if (filters.status && filters.ai) return 'applications_status_ai_created_idx';
  if (filters.status) return 'applications_status_created_idx';
  if (filters.ai) return 'applications_ai_created_idx';
  return 'applications_created_idx';
}

function filterConditions(filters: Filters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(applications.status, filters.status));
  if (filters.ai) conditions.push(eq(applications.aiApproved, filters.ai));
  return conditions;
}

function keysetCondition(plan: PagePlan): SQL | undefined {
  const cursor = plan.cursor;
  if (!cursor) return undefined;
  if (plan.kind === 'before') {
    return or(
      gt(applications.createdAt, cursor.createdAt),
      and(eq(applications.createdAt, cursor.createdAt), gt(applications.id, cursor.id)),
    );
  }
  return or(
    lt(applications.createdAt, cursor.createdAt),
    and(eq(applications.createdAt, cursor.createdAt), lt(applications.id, cursor.id)),
  );
}

const newestFirst = [desc(applications.createdAt), desc(applications.id)];
const oldestFirst = [applications.createdAt, applications.id];

/**
 * Search is "starts with" on the business name, the owner's name and the email (and the id, for hex input), each
 * read from index entries alone (prefix-search.ts picks, per column, its prefix key, its range or the walk index).
 */
function searchFields(term: string): SearchField[] {
  const field = (column: string, rangeIndex: string) => keyedField(column, rangeIndex, term);
  if (term.includes('@')) return [field('email', 'applications_search_email_idx')];
  const fields = [
    field('business_name', 'applications_search_business_idx'),
    field('owner_name', 'applications_search_owner_idx'),
    field('email', 'applications_search_email_idx'),
  ];
  // Staff read ids as their first 8 characters (spec §9); the primary key answers an id prefix.
  if (/^[0-9a-f-]{4,36}$/i.test(term)) {
    fields.push({ column: 'id', rangeIndex: 'PRIMARY', condition: startsWith('id', term.toLowerCase()) });
  }
  return fields;
}

/** `path` forces one search path (tests compare them on small data); by default it is chosen per column. */
export type SearchOptions = { path?: SearchPath };

/** The ordered key query of one page: (id, created_at) only, so every path reads index entries alone. */
async function pageKeySql(db: Db, query: ListApplicationsQuery, plan: PagePlan, options: SearchOptions): Promise<SQL> {
  const filters: Filters = {
    status: query.status === 'all' ? null : query.status,
    ai: query.aiApproved === 'all' ? null : query.aiApproved,
  };
  const take = query.limit + 1;
  const offset = plan.kind === 'after' ? plan.offset : 0;
  const keyset = keysetCondition(plan);
  if (!query.search) {
    return db
      .select({ id: applications.id, createdAt: applications.createdAt })
      .from(applications, { forceIndex: orderIndexFor(filters) })
      .where(and(...filterConditions(filters), keyset))
      .orderBy(...(plan.kind === 'before' ? oldestFirst : newestFirst))
      .limit(take)
      .offset(offset)
      .getSQL();
  }
  return prefixSearchKeySql(db, {
    table: 'applications',
    term: query.search,
    fields: searchFields(query.search),
    walkIndex: 'applications_search_walk_idx',
    conditions: and(...filterConditions(filters), keyset),
    direction: plan.kind === 'before' ? 'asc' : 'desc',
    take,
    offset,
    path: options.path,
  });
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
  const [rows] = (await db.execute(sql`
    SELECT a.id, a.business_name, a.owner_name, a.email, a.loan_amount_cents, a.approved_amount_cents, a.status,
           a.ai_approved, a.created_at, u.confidence
      FROM (${keySql}) AS k
      JOIN ${applications} AS a ON a.id = k.id
      LEFT JOIN ${underwritingResults} AS u ON u.application_id = k.id
     ORDER BY k.created_at ${order}, k.id ${order}`)) as unknown as [ListRow[]];
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

/** An account's own applications (linked by account, PRODUCT.md 3), newest first. */
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
// with the address hashed so the audit log holds no PII (SECURITY.md J).
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

// ---------------------------------------------------------------------------------------------------------------
// Detail: every field of the spec, SSN/EIN/birth date masked, documents, the underwriting analysis and history.
// ---------------------------------------------------------------------------------------------------------------

export type AiDataDto = {
  recommendation: string | null;
  approvedAmount: number | null;
  confidence: number | null;
  reasoning: string | null;
  riskFactors: string[];
  interestRate: number | null;
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** aiData is JSON written by the engine; read it field by field so an older or newer shape cannot break the view. */
export function toAiDataDto(raw: unknown): AiDataDto {
  const data = asRecord(raw);
  const reasoning = Array.isArray(data.reasoning)
    ? data.reasoning.filter((item): item is string => typeof item === 'string').join(' ')
    : asString(data.reasoning);
  return {
    recommendation: asString(data.recommendation),
    approvedAmount: asNumber(data.approvedAmount),
    confidence: asNumber(data.confidence),
    reasoning,
    riskFactors: Array.isArray(data.riskFactors)
      ? data.riskFactors.filter((item): item is string => typeof item === 'string')
      : [],
    interestRate: asNumber(data.interestRate),
  };
}

const HISTORY_ACTIONS: Record<string, string> = {
  'application.status': 'Status changed',
  'application.pii_reveal': 'Restricted value revealed',
  'document.open': 'Document opened',
  'offer.sign': 'Offer signed by the client',
  'application.consolidation_request': 'Consolidation requested by the client',
};

async function historyOf(db: DbOrTx, applicationId: string) {
  const rows = (await listAuditForTarget(db, 'application', applicationId)).filter(
    (row) => row.action in HISTORY_ACTIONS,
  );
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => Boolean(id)))];
  const actors = actorIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const names = new Map(
    actors.map((actor) => [actor.id, `${actor.firstName} ${actor.lastName}`.trim() || actor.email]),
  );
  return rows.map((row) => {
    const detail = asRecord(row.detail);
    return {
      at: asUtcDate(row.at),
      action: row.action,
      label: HISTORY_ACTIONS[row.action] ?? row.action,
      actorName: row.actorId ? (names.get(row.actorId) ?? 'Former staff member') : 'System',
      actorRole: row.actorRole,
      outcome: row.outcome,
      from: asString(detail.from),
      to: asString(detail.to),
      field: asString(detail.field),
      reason: asString(detail.reason),
      documentId: asString(detail.documentId),
    };
  });
}

export async function getApplicationDetail(deps: Pick<ServiceDeps, 'db'>, actor: Actor, id: string) {
  const { db } = deps;
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Application not found');
  const [documents, [underwriting], [loan], history] = await Promise.all([
    db
      .select({
        id: applicationDocuments.id,
        kind: applicationDocuments.kind,
        originalName: applicationDocuments.originalName,
        mimeType: applicationDocuments.mimeType,
        sizeBytes: applicationDocuments.sizeBytes,
        parseStatus: applicationDocuments.parseStatus,
        parseNote: applicationDocuments.parseNote,
        createdAt: applicationDocuments.createdAt,
      })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id))
      .orderBy(applicationDocuments.createdAt),
    db
      .select({
        engineVersion: underwritingResults.engineVersion,
        decision: underwritingResults.decision,
        confidence: underwritingResults.confidence,
        approvedAmountCents: underwritingResults.approvedAmountCents,
        aiData: underwritingResults.aiData,
        analysis: underwritingResults.analysis,
        createdAt: underwritingResults.createdAt,
      })
      .from(underwritingResults)
      .where(eq(underwritingResults.applicationId, id))
      .limit(1),
    db.select({ id: loans.id }).from(loans).where(eq(loans.applicationId, id)).limit(1),
    historyOf(db, id),
  ]);
  const extras: ApplicationOfferExtrasDto = {
    signature: await findOfferSignature(db, id),
    lowerPaymentRequests: loan ? await listLoanLowerPaymentRequests(db, loan.id) : [],
  };
  await auditRead(deps.db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'application.view',
    targetType: 'application',
    targetId: id,
    ip: actor.ip,
  });
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    businessType: row.businessType,
    timeInBusiness: row.timeInBusiness,
    businessStartDate: row.businessStartDate,
    monthlyRevenue: row.monthlyRevenue,
    annualRevenue: toDollars(row.annualRevenueCents),
    employeeCount: row.employeeCount,
    ownerName: row.ownerName,
    email: row.email,
    phone: row.phone,
    ownerAddress: row.ownerAddress,
    // Restricted values stay masked; the full value needs an audited reveal (SECURITY.md F).
    ownerDateOfBirth: '****-**-**',
    ssn: maskSsn(row.ssnLast4),
    ein: maskEin(row.einLast4),
    businessAddress: row.businessAddress,
    businessAddress2: row.businessAddress2,
    loanAmount: row.loanAmountCents / 100,
    approvedAmount: toDollars(row.approvedAmountCents),
    status: row.status,
    aiApproved: row.aiApproved,
    estimatedCreditScore: row.estimatedCreditScore,
    cashOnHand: toDollars(row.cashOnHandCents),
    accountsReceivable: toDollars(row.accountsReceivableCents),
    accountsPayable: toDollars(row.accountsPayableCents),
    existingLoanPayments: toDollars(row.existingLoanPaymentsCents),
    rentOrMortgage: toDollars(row.rentOrMortgageCents),
    isConsolidationApplication: row.isConsolidationApplication,
    estimatedPayoffAmount: toDollars(row.estimatedPayoffAmountCents),
    estimatedPaymentReduction: toDollars(row.estimatedPaymentReductionCents),
    mcaPositionsToConsolidate: Array.isArray(row.mcaPositionsToConsolidate)
      ? row.mcaPositionsToConsolidate.map(String)
      : [],
    additionalInfo: row.additionalInfo,
    isExistingClient: row.isExistingClient,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    decidedAt: row.decidedAt,
    aiData: underwriting ? toAiDataDto(underwriting.aiData) : null,
    underwriting: underwriting
      ? {
          engineVersion: underwriting.engineVersion,
          decision: underwriting.decision,
          confidence: underwriting.confidence,
          approvedAmount: toDollars(underwriting.approvedAmountCents),
          createdAt: underwriting.createdAt,
          // The engine's analysis shape is still evolving: it is passed through and rendered defensively.
          analysis: underwriting.analysis,
        }
      : null,
    documents,
    loanId: loan?.id ?? null,
    history,
    ...extras,
  };
}
export type ApplicationDetail = Awaited<ReturnType<typeof getApplicationDetail>>;

// ---------------------------------------------------------------------------------------------------------------
// Status change (spec: inline selector): only the four staff statuses, never away from `funded` (its loan exists).
// ---------------------------------------------------------------------------------------------------------------

const DECIDED: ApplicationStatus[] = ['approved', 'declined'];

export async function setApplicationStatus(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  input: SetApplicationStatusInput,
) {
  const result = await auditedTransaction(deps.db, async (tx) => {
    // Row lock: a concurrent status change or funding acceptance waits for this one.
    const [current] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        approvedAmountCents: applications.approvedAmountCents,
        decidedAt: applications.decidedAt,
      })
      .from(applications)
      .where(eq(applications.id, input.id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Application not found');
    if (current.status === 'funded') {
      throw new AppError('CONFLICT', 'A funded application cannot change status');
    }
    if (current.status === input.status) return { id: input.id, status: input.status, changed: false };
    const changes: Partial<typeof applications.$inferInsert> = { status: input.status };
    if (DECIDED.includes(input.status)) changes.decidedAt = new Date();
    else changes.decidedAt = null;
    // Approving a referral: the offer is the amount the engine's policy supports, as staff saw it in the analysis.
    if (input.status === 'approved' && current.approvedAmountCents === null) {
      const [underwriting] = await tx
        .select({ approvedAmountCents: underwritingResults.approvedAmountCents })
        .from(underwritingResults)
        .where(eq(underwritingResults.applicationId, input.id));
      if (underwriting?.approvedAmountCents) changes.approvedAmountCents = underwriting.approvedAmountCents;
    }
    await tx.update(applications).set(changes).where(eq(applications.id, input.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'application.status',
      targetType: 'application',
      targetId: input.id,
      ip: actor.ip,
      detail: { from: current.status, to: input.status },
    });
    return { id: input.id, status: input.status, changed: true };
  });
  if (result.changed) invalidateDashboard(deps.db);
  return { id: result.id, status: result.status };
}

// ---------------------------------------------------------------------------------------------------------------
// Reveal (super_admin): a stated reason and a fresh authenticator code; the value itself never enters the log.
// ---------------------------------------------------------------------------------------------------------------

export async function revealApplicationPii(deps: ServiceDeps, actor: Actor, input: RevealPiiInput) {
  await verifyStepUpCode(deps, actor, input.code);
  return auditedTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        ssnEnc: applications.ssnEnc,
        einEnc: applications.einEnc,
        dateOfBirthEnc: applications.dateOfBirthEnc,
      })
      .from(applications)
      .where(eq(applications.id, input.id));
    if (!row) throw new AppError('NOT_FOUND', 'Application not found');
    const pii = decryptApplicationPii(input.id, row);
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'application.pii_reveal',
      targetType: 'application',
      targetId: input.id,
      ip: actor.ip,
      detail: { field: input.field, reason: input.reason },
    });
    return { field: input.field, value: pii[input.field] };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Documents: opened through the admin download path only (never a guessable URL), each opening audited.
// ---------------------------------------------------------------------------------------------------------------

export async function openDocument(deps: Pick<ServiceDeps, 'db'>, actor: Actor, documentId: string) {
  const { db } = deps;
  const [document] = await db
    .select({
      id: applicationDocuments.id,
      applicationId: applicationDocuments.applicationId,
      storageKey: applicationDocuments.storageKey,
      originalName: applicationDocuments.originalName,
      mimeType: applicationDocuments.mimeType,
      sizeBytes: applicationDocuments.sizeBytes,
    })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.id, documentId));
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  await auditRead(deps.db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'document.open',
    targetType: 'application',
    targetId: document.applicationId,
    ip: actor.ip,
    detail: { documentId: document.id },
  });
  return document;
}

const SAFE_DOCUMENT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic']);

/** The type to send: the sniffed type from upload when it is one we accept, otherwise opaque bytes. */
export function downloadContentType(mimeType: string): string {
  return SAFE_DOCUMENT_TYPES.has(mimeType) ? mimeType : 'application/octet-stream';
}

/** A display name safe for Content-Disposition: no paths, quotes or control characters, bounded length. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[\p{Cf}"*:<>?|;]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150);
  return cleaned || 'document';
}

/** RFC 8187 encoding of a header parameter value (filename*=UTF-8''...). */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
