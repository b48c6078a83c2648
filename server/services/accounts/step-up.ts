import { eq } from 'drizzle-orm';
import { users } from '../../../drizzle/schema/index';
import { consumeTotpCode } from '../../auth/totp';
import { AppError } from '../../lib/errors';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { LIMITS } from '../../lib/rate-limit';
import { type Actor, type ServiceDeps } from '../../deps';

const INVALID_CODE = 'Invalid verification code';

/**
 * Step-up for the most sensitive staff actions (docs/security.md F: revealing a full SSN/EIN): a fresh authenticator
 * code, single use like at login (the accepted time step only moves forward) and throttled per user.
 */
export async function verifyStepUpCode(deps: Pick<ServiceDeps, 'db' | 'limiter'>, actor: Actor, code: string) {
  await deps.limiter.consume(LIMITS.totpUser, actor.id);
  const [row] = await deps.db
    .select({ secret: users.totpSecretEnc })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row?.secret) {
    throw new AppError('FORBIDDEN', 'Set up two-factor authentication before revealing restricted values');
  }
  const outcome = await consumeTotpCode(deps.db, { id: actor.id, totpSecretEnc: row.secret }, code);
  if (outcome !== 'accepted') {
    await auditedTransaction(deps.db, (tx) =>
      recordAudit(tx, {
        actorId: actor.id,
        actorRole: actor.role,
        action: 'auth.step_up',
        outcome: 'failure',
        ip: actor.ip,
        detail: { reason: outcome },
      }),
    );
    throw new AppError('BAD_REQUEST', INVALID_CODE, { fieldErrors: { code: [INVALID_CODE] } });
  }
  await deps.limiter.reset(LIMITS.totpUser, actor.id);
}
