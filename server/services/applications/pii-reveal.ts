import { eq } from 'drizzle-orm';
import { applications } from '../../../drizzle/schema/index';
import type { RevealPiiInput } from '../../../src/shared/schemas/admin';
import { decryptApplicationPii } from '../../lib/pii';
import { AppError } from '../../lib/errors';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { type Actor, type ServiceDeps } from '../../deps';
import { verifyStepUpCode } from '../accounts/index';

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
