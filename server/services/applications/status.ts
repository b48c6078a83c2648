import { eq } from 'drizzle-orm';
import { applications, underwritingResults } from '../../../drizzle/schema/index';
import type { ApplicationStatus } from '../../../src/shared/constants';
import type { SetApplicationStatusInput } from '../../../src/shared/schemas/admin';
import { AppError } from '../../lib/errors';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { announceDataChanged } from '../../lib/changes';
import { type Actor, type ServiceDeps } from '../../deps';
import { approvalAmountCents, recordDecision, sendAdverseActionNotice } from './decisions';

// ---------------------------------------------------------------------------------------------------------------
// Status change (spec: inline selector): only the four staff statuses, never away from `funded` (its loan exists).
// Approving or declining is a decision with principal reasons (docs/product.md 6.7): the schema refuses one without
// them, the decision is stored in the same transaction, and a notice is emailed after the commit.
// ---------------------------------------------------------------------------------------------------------------

const DECIDED: ApplicationStatus[] = ['approved', 'declined'];

export async function setApplicationStatus(
  deps: Pick<ServiceDeps, 'db' | 'env' | 'mailer' | 'log'>,
  actor: Actor,
  input: SetApplicationStatusInput,
) {
  const result = await auditedTransaction(deps.db, async (tx) => {
    // Row lock: a concurrent status change or funding acceptance waits for this one.
    const [current] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        businessName: applications.businessName,
        loanAmountCents: applications.loanAmountCents,
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
    if (current.status === input.status) return { id: input.id, status: input.status, changed: false, noticeId: null };
    const changes: Partial<typeof applications.$inferInsert> = { status: input.status };
    if (DECIDED.includes(input.status)) changes.decidedAt = new Date();
    else changes.decidedAt = null;
    // Approving a referral: the offer is the amount the engine's policy supports, as staff saw it in the analysis.
    if (input.status === 'approved' && current.approvedAmountCents === null) {
      const [underwriting] = await tx
        .select({ approvedAmountCents: underwritingResults.approvedAmountCents })
        .from(underwritingResults)
        .where(eq(underwritingResults.applicationId, input.id));
      const amount = approvalAmountCents(null, underwriting?.approvedAmountCents);
      if (amount !== null) changes.approvedAmountCents = amount;
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
    let noticeId: string | null = null;
    if (input.status === 'approved' || input.status === 'declined') {
      ({ noticeId } = await recordDecision(tx, deps.env.lender, actor, {
        application: { ...current, approvedAmountCents: changes.approvedAmountCents ?? current.approvedAmountCents },
        decision: input.status,
        reasons: input.reasons ?? [],
        otherReason: input.otherReason ?? null,
        note: input.note ?? null,
      }));
    }
    return { id: input.id, status: input.status, changed: true, noticeId };
  });
  if (result.changed) announceDataChanged(deps.db);
  if (result.noticeId) await sendAdverseActionNotice(deps, actor, result.noticeId);
  return { id: result.id, status: result.status };
}
