import { and, eq, inArray } from 'drizzle-orm';
import { applications, users } from '../../../drizzle/schema/index';
import type { AssignApplicationInput } from '../../../src/shared/schemas/back-office-work';
import { STAFF_ROLES } from '../../../src/shared/schemas/admin';
import { AppError } from '../../lib/errors';
import { auditedTransaction, recordAudit } from '../../lib/audit';
import { type Actor, type ServiceDeps } from '../../deps';

// ---------------------------------------------------------------------------------------------------------------
// Who owns a file: any staff member may take it, hand it to an active colleague or let it go. Every change is an
// audit row in the same transaction (from, to), which the detail's timeline shows.
// ---------------------------------------------------------------------------------------------------------------

export async function assignApplication(deps: Pick<ServiceDeps, 'db'>, actor: Actor, input: AssignApplicationInput) {
  return auditedTransaction(deps.db, async (tx) => {
    const [current] = await tx
      .select({ id: applications.id, assignedTo: applications.assignedTo })
      .from(applications)
      .where(eq(applications.id, input.id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Application not found');
    if (input.assigneeId) {
      const [assignee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.assigneeId), inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)));
      if (!assignee) throw new AppError('BAD_REQUEST', 'Applications can only be assigned to an active staff member');
    }
    if (current.assignedTo === input.assigneeId) return { id: input.id, assigneeId: input.assigneeId, changed: false };
    await tx
      .update(applications)
      .set({ assignedTo: input.assigneeId, assignedAt: input.assigneeId ? new Date() : null })
      .where(eq(applications.id, input.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'application.assign',
      targetType: 'application',
      targetId: input.id,
      ip: actor.ip,
      detail: { from: current.assignedTo, to: input.assigneeId },
    });
    return { id: input.id, assigneeId: input.assigneeId, changed: true };
  });
}
