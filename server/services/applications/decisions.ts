import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  adverseActionNotices,
  applicationDecisions,
  applications,
  underwritingResults,
} from '../../../drizzle/schema/index';
import {
  decisionReason,
  isAdverseReason,
  type AdverseActionNoticeKind,
  type AdverseActionNoticeDto,
  type ApplicationDecisionDto,
  type DecisionContextDto,
  type NoticeSummaryDto,
  type StaffDecision,
} from '../../../src/shared/decisions';
import { centsToDollars } from '../../../src/shared/format';
import type { LenderConfig } from '../../../src/shared/lender';
import type { Db, DbOrTx, Tx } from '../../db';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { asUtcDate } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Actor, ServiceDeps } from '../../deps';
import { buildAdverseActionNotice, noticeKindOf } from './adverse-action';
import { staffNames } from '../accounts/index';
import { adverseActionNoticeMail } from './decision-emails';
import { engineNoticeReasons, suggestReasons } from './decision-reasons';

// Staff decisions with principal reasons and the adverse action notices they produce (docs/product.md 6.7).

const COUNTER_OFFER_NEEDS_REASON =
  'This approval is for less than the applicant requested: choose at least one reason against the full amount';

/** Writes an adverse action notice (its text built now, with the lender's details) for a staff or engine decision. */
async function storeNotice(
  tx: Tx,
  lender: LenderConfig,
  notice: {
    kind: AdverseActionNoticeKind;
    applicationId: string;
    businessName: string;
    requestedCents: number;
    approvedCents: number | null;
    reasons: string[];
    otherReason: string | null;
    decisionId: string | null;
    at: Date;
  },
): Promise<string> {
  const { decisionId, at, ...facts } = notice;
  const id = newId();
  const content = buildAdverseActionNotice({ ...facts, lender, decidedAt: at });
  await tx.insert(adverseActionNotices).values({
    id,
    applicationId: notice.applicationId,
    decisionId,
    kind: notice.kind,
    content,
    createdAt: at,
  });
  return id;
}

/**
 * Stores a decision (inside the status change's transaction, after the application row is updated) and, for a
 * decline or an unrequested counter-offer, its notice. Refuses a counter-offer without an adverse reason, which rolls
 * the whole status change back.
 */
export async function recordDecision(
  tx: Tx,
  lender: LenderConfig,
  actor: Actor,
  input: {
    application: { id: string; businessName: string; loanAmountCents: number; approvedAmountCents: number | null };
    decision: StaffDecision;
    reasons: string[];
    otherReason: string | null;
    note: string | null;
  },
): Promise<{ decisionId: string; noticeId: string | null }> {
  const { application, decision } = input;
  const reasons = [...new Set(input.reasons)];
  const approvedCents = decision === 'approved' ? application.approvedAmountCents : null;
  const kind = noticeKindOf({ decision, requestedCents: application.loanAmountCents, approvedCents });
  if (kind === 'counter_offer' && !reasons.some(isAdverseReason)) {
    throw new AppError('BAD_REQUEST', COUNTER_OFFER_NEEDS_REASON, {
      fieldErrors: { reasons: [COUNTER_OFFER_NEEDS_REASON] },
    });
  }
  const decidedAt = new Date();
  const decisionId = newId();
  await tx.insert(applicationDecisions).values({
    id: decisionId,
    applicationId: application.id,
    decision,
    reasons,
    otherReason: input.otherReason,
    note: input.note,
    requestedAmountCents: application.loanAmountCents,
    approvedAmountCents: approvedCents,
    decidedBy: actor.id,
    decidedAt,
  });
  const noticeId = kind
    ? await storeNotice(tx, lender, {
        kind,
        applicationId: application.id,
        businessName: application.businessName,
        requestedCents: application.loanAmountCents,
        approvedCents,
        reasons,
        otherReason: input.otherReason,
        decisionId,
        at: decidedAt,
      })
    : null;
  // Codes only: the note and the applicant-facing sentence stay in their table (no free text in the audit log).
  await recordAudit(tx, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'application.decision',
    targetType: 'application',
    targetId: application.id,
    ip: actor.ip,
    detail: { decisionId, decision, reasons, noticeId, hasNote: input.note !== null },
  });
  return { decisionId, noticeId };
}

/**
 * The engine's own adverse action at submission (docs/product.md 6.7): its decline, or its approval for less than
 * asked, stores a notice whose reasons come from the engine's limiting facts, then emails it. Once per application;
 * a staff decision later makes its own notice.
 */
export async function issueEngineNotice(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'env'>,
  applicationId: string,
): Promise<string | null> {
  const noticeId = await auditedTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        businessName: applications.businessName,
        loanAmountCents: applications.loanAmountCents,
        engineDecision: underwritingResults.decision,
        engineCents: underwritingResults.approvedAmountCents,
        analysis: underwritingResults.analysis,
      })
      .from(applications)
      .innerJoin(underwritingResults, eq(underwritingResults.applicationId, applications.id))
      .where(eq(applications.id, applicationId))
      .for('update');
    if (!row || row.engineDecision === 'review') return null;
    const approvedCents = row.engineDecision === 'approved' ? row.engineCents : null;
    const kind = noticeKindOf({ decision: row.engineDecision, requestedCents: row.loanAmountCents, approvedCents });
    if (!kind) return null;
    const [existing] = await tx
      .select({ id: adverseActionNotices.id })
      .from(adverseActionNotices)
      .where(and(eq(adverseActionNotices.applicationId, applicationId), isNull(adverseActionNotices.decisionId)));
    if (existing) return null;
    const reasons = engineNoticeReasons(row.analysis, kind);
    const id = await storeNotice(tx, deps.env.lender, {
      kind,
      applicationId,
      businessName: row.businessName,
      requestedCents: row.loanAmountCents,
      approvedCents,
      reasons,
      otherReason: null,
      decisionId: null,
      at: new Date(),
    });
    await recordAudit(tx, {
      actorRole: 'system',
      action: 'application.adverse_action',
      targetType: 'application',
      targetId: applicationId,
      detail: { noticeId: id, kind, reasons },
    });
    return id;
  });
  if (noticeId) await sendAdverseActionNotice(deps, null, noticeId);
  return noticeId;
}

/**
 * Emails a stored notice to the applicant and stores the send time, audited (`actor` null: the system's own send). A
 * mail failure is logged and stored as the time of the failed attempt (staff see it and may send again); the
 * decision stands either way.
 */
export async function sendAdverseActionNotice(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'env'>,
  actor: Actor | null,
  noticeId: string,
): Promise<Date | null> {
  const [row] = await deps.db
    .select({
      id: adverseActionNotices.id,
      applicationId: adverseActionNotices.applicationId,
      content: adverseActionNotices.content,
      email: applications.email,
      ownerName: applications.ownerName,
    })
    .from(adverseActionNotices)
    .innerJoin(applications, eq(applications.id, adverseActionNotices.applicationId))
    .where(eq(adverseActionNotices.id, noticeId));
  if (!row) return null;
  let sent = true;
  try {
    await deps.mailer.send(
      await adverseActionNoticeMail(deps.env.lender, {
        to: row.email,
        ownerName: row.ownerName,
        notice: row.content,
        publicUrl: deps.env.publicUrl,
      }),
    );
  } catch (error) {
    deps.log.error({ event: 'adverse_action.mail_failed', noticeId, err: (error as Error).message }, 'mail failed');
    sent = false;
  }
  const at = new Date();
  await auditedTransaction(deps.db, async (tx) => {
    await tx
      .update(adverseActionNotices)
      .set(sent ? { sentAt: at, sendFailedAt: null } : { sendFailedAt: at })
      .where(eq(adverseActionNotices.id, noticeId));
    await recordAudit(tx, {
      ...(actor ? { actorId: actor.id, actorRole: actor.role, ip: actor.ip } : { actorRole: 'system' as const }),
      action: sent ? 'application.adverse_action_sent' : 'application.adverse_action_send_failed',
      targetType: 'application',
      targetId: row.applicationId,
      outcome: sent ? 'success' : 'failure',
      detail: { noticeId },
    });
  });
  return sent ? at : null;
}

export const NOTICE_ALREADY_SENT = 'This notice has already been sent';

/** Staff send a notice whose email failed again (docs/product.md 6.7); a sent notice is refused, nothing changes. */
export async function resendAdverseActionNotice(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'env'>,
  actor: Actor,
  noticeId: string,
) {
  const [notice] = await deps.db
    .select({ sentAt: adverseActionNotices.sentAt })
    .from(adverseActionNotices)
    .where(eq(adverseActionNotices.id, noticeId));
  if (!notice) throw new AppError('NOT_FOUND', 'Notice not found');
  if (notice.sentAt) throw new AppError('BAD_REQUEST', NOTICE_ALREADY_SENT);
  const sentAt = await sendAdverseActionNotice(deps, actor, noticeId);
  return { id: noticeId, sentAt };
}

type NoticeRow = typeof adverseActionNotices.$inferSelect;

/** A notice as staff see it beside its decision: what it was and whether its email went out. */
const noticeSummary = (row: NoticeRow): NoticeSummaryDto => ({
  id: row.id,
  kind: row.kind,
  sentAt: row.sentAt ? asUtcDate(row.sentAt) : null,
  sendFailedAt: row.sendFailedAt ? asUtcDate(row.sendFailedAt) : null,
  createdAt: asUtcDate(row.createdAt),
});

function toNoticeDto(row: NoticeRow): AdverseActionNoticeDto {
  return {
    id: row.id,
    applicationId: row.applicationId,
    kind: row.kind,
    content: row.content,
    createdAt: asUtcDate(row.createdAt),
    sentAt: row.sentAt ? asUtcDate(row.sentAt) : null,
  };
}

/** A client's notices on one of their own applications, newest first; another client's id is 404. */
export async function listClientNotices(db: Db, userId: string, applicationId: string) {
  const [owned] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
  if (!owned) throw new AppError('NOT_FOUND', 'Application not found');
  const rows = await db
    .select()
    .from(adverseActionNotices)
    .where(eq(adverseActionNotices.applicationId, applicationId))
    .orderBy(desc(adverseActionNotices.createdAt), desc(adverseActionNotices.id));
  return rows.map(toNoticeDto);
}

async function decisionsOf(db: DbOrTx, applicationId: string): Promise<ApplicationDecisionDto[]> {
  const rows = await db
    .select({ decision: applicationDecisions })
    .from(applicationDecisions)
    .where(eq(applicationDecisions.applicationId, applicationId))
    .orderBy(desc(applicationDecisions.decidedAt), desc(applicationDecisions.id));
  const ids = rows.map((row) => row.decision.id);
  const notices = ids.length
    ? await db.select().from(adverseActionNotices).where(inArray(adverseActionNotices.decisionId, ids))
    : [];
  const noticeOf = new Map(notices.map((notice) => [notice.decisionId, noticeSummary(notice)]));
  const nameOf = await staffNames(
    db,
    rows.map((row) => row.decision.decidedBy),
  );
  return rows.map(({ decision }) => {
    const notice = noticeOf.get(decision.id);
    return {
      id: decision.id,
      decision: decision.decision,
      reasons: decision.reasons.map((code) => ({ code, label: decisionReason(code)?.label ?? code })),
      otherReason: decision.otherReason,
      note: decision.note,
      requestedAmount: centsToDollars(decision.requestedAmountCents),
      approvedAmount: decision.approvedAmountCents === null ? null : centsToDollars(decision.approvedAmountCents),
      decidedAt: asUtcDate(decision.decidedAt),
      decidedBy: nameOf(decision.decidedBy),
      notice: notice ?? null,
    };
  });
}

/** The amount an approval would carry now: staff's earlier amount, else the engine's supportable offer. */
export function approvalAmountCents(current: number | null, engine: number | null | undefined): number | null {
  return current ?? (engine || null);
}

/** What the decision form needs: the amounts, the reasons the engine's facts imply, and the decisions so far. */
export async function getDecisionContext(
  deps: Pick<ServiceDeps, 'db'>,
  applicationId: string,
): Promise<DecisionContextDto> {
  const [row] = await deps.db
    .select({
      loanAmountCents: applications.loanAmountCents,
      approvedAmountCents: applications.approvedAmountCents,
      engineDecision: underwritingResults.decision,
      engineAmountCents: underwritingResults.approvedAmountCents,
      analysis: underwritingResults.analysis,
    })
    .from(applications)
    .leftJoin(underwritingResults, eq(underwritingResults.applicationId, applications.id))
    .where(eq(applications.id, applicationId));
  if (!row) throw new AppError('NOT_FOUND', 'Application not found');
  const approvalCents = approvalAmountCents(row.approvedAmountCents, row.engineAmountCents);
  return {
    requestedAmount: centsToDollars(row.loanAmountCents),
    approvalAmount: approvalCents === null ? null : centsToDollars(approvalCents),
    suggested: suggestReasons({
      analysis: row.analysis,
      engineDecision: row.engineDecision,
      requestedCents: row.loanAmountCents,
      approvalCents,
    }),
    decisions: await decisionsOf(deps.db, applicationId),
    engineNotices: await engineNoticesOf(deps.db, applicationId),
  };
}

/** The engine's own notices (no staff decision), newest first. */
async function engineNoticesOf(db: DbOrTx, applicationId: string): Promise<NoticeSummaryDto[]> {
  const rows = await db
    .select()
    .from(adverseActionNotices)
    .where(and(eq(adverseActionNotices.applicationId, applicationId), isNull(adverseActionNotices.decisionId)))
    .orderBy(desc(adverseActionNotices.createdAt), desc(adverseActionNotices.id));
  return rows.map(noticeSummary);
}
