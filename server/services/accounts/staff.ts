import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '../../../drizzle/schema/index';
import type { Role } from '../../../src/shared/constants';
import type { CreateStaffInput } from '../../../src/shared/schemas/admin';
import { hashPassword } from '../../auth/password';
import type { DbOrTx } from '../../db';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit, auditedTransaction } from '../../lib/audit';
import { sendInBackground } from '../../lib/mail';
import { staffInvitationMail } from './emails';
import { type Actor, type ServiceDeps } from '../../deps';

// Staff accounts (super_admin only). New staff get no password anyone knows: an invitation link
// lets them choose one, then their first login enrols the second factor (docs/product.md 2; docs/security.md A "no default
// admin", "random one-time credential that expires"). Deactivation and role changes end every session of that
// person at once (docs/security.md B: applies on the very next request).

export const INVITATION_TTL_MS = 24 * 3600_000;
const STAFF_ROLES: Role[] = ['admin', 'super_admin'];

export async function listStaff(deps: Pick<ServiceDeps, 'db'>) {
  const rows = await deps.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      isActive: users.isActive,
      totpSecretEnc: users.totpSecretEnc,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.role, STAFF_ROLES))
    .orderBy(desc(users.createdAt))
    .limit(500);
  const ids = rows.map((row) => row.id);
  const sessionCounts = ids.length
    ? await deps.db
        .select({ userId: sessions.userId, count: count() })
        .from(sessions)
        .where(and(inArray(sessions.userId, ids), gt(sessions.expiresAt, new Date())))
        .groupBy(sessions.userId)
    : [];
  const active = new Map(sessionCounts.map((row) => [row.userId, Number(row.count)]));
  return rows.map(({ totpSecretEnc, ...row }) => ({
    ...row,
    twoFactorEnabled: totpSecretEnc !== null,
    activeSessions: active.get(row.id) ?? 0,
  }));
}
export type StaffDto = Awaited<ReturnType<typeof listStaff>>[number];

export async function createStaff(
  deps: Pick<ServiceDeps, 'db' | 'env' | 'log' | 'mailer'>,
  actor: Actor,
  input: CreateStaffInput,
) {
  const id = newId();
  const token = randomToken(25);
  // A password nobody knows until the invitation is used.
  const passwordHash = await hashPassword(randomToken(32));
  await auditedTransaction(deps.db, async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) throw new AppError('CONFLICT', 'An account with this email already exists');
    await tx.insert(users).values({
      id,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
    });
    await tx
      .insert(passwordResetTokens)
      .values({ tokenHash: sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) });
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.create',
      targetType: 'user',
      targetId: id,
      ip: actor.ip,
      detail: { role: input.role },
    });
  }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ER_DUP_ENTRY') {
      throw new AppError('CONFLICT', 'An account with this email already exists');
    }
    throw error;
  });
  const link = `${deps.env.publicUrl}/reset-password?token=${token}`;
  sendInBackground(deps.mailer, deps.log, staffInvitationMail(deps.env.lender, input, link));
  return { id, email: input.email, role: input.role, invitationSent: true as const };
}

async function lockStaffTarget(tx: DbOrTx, actor: Actor, id: string, verb: string) {
  if (id === actor.id) throw new AppError('BAD_REQUEST', `You cannot ${verb} your own account`);
  const [target] = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!target || !STAFF_ROLES.includes(target.role)) throw new AppError('NOT_FOUND', 'Staff member not found');
  return target;
}

async function endSessions(tx: DbOrTx, userId: string): Promise<number> {
  const [result] = await tx.delete(sessions).where(eq(sessions.userId, userId));
  return result.affectedRows;
}

export async function setStaffRole(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  input: { id: string; role: 'admin' | 'super_admin' },
) {
  return auditedTransaction(deps.db, async (tx) => {
    const target = await lockStaffTarget(tx, actor, input.id, 'change the role of');
    if (target.role === input.role) return { id: input.id, role: input.role, sessionsEnded: 0 };
    await tx.update(users).set({ role: input.role }).where(eq(users.id, input.id));
    const sessionsEnded = await endSessions(tx, input.id);
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.role',
      targetType: 'user',
      targetId: input.id,
      ip: actor.ip,
      detail: { from: target.role, to: input.role, sessionsEnded },
    });
    return { id: input.id, role: input.role, sessionsEnded };
  });
}

export async function setStaffActive(
  deps: Pick<ServiceDeps, 'db'>,
  actor: Actor,
  input: { id: string; isActive: boolean },
) {
  return auditedTransaction(deps.db, async (tx) => {
    const target = await lockStaffTarget(tx, actor, input.id, input.isActive ? 'reactivate' : 'deactivate');
    if (target.isActive === input.isActive) return { id: input.id, isActive: input.isActive, sessionsEnded: 0 };
    await tx.update(users).set({ isActive: input.isActive }).where(eq(users.id, input.id));
    const sessionsEnded = input.isActive ? 0 : await endSessions(tx, input.id);
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'staff.active',
      targetType: 'user',
      targetId: input.id,
      ip: actor.ip,
      detail: { from: target.isActive, to: input.isActive, sessionsEnded },
    });
    return { id: input.id, isActive: input.isActive, sessionsEnded };
  });
}

/** Signs a staff member out everywhere (docs/security.md B: admins can terminate one user's sessions). */
export async function terminateStaffSessions(deps: Pick<ServiceDeps, 'db'>, actor: Actor, id: string) {
  return auditedTransaction(deps.db, async (tx) => {
    await lockStaffTarget(tx, actor, id, 'end the sessions of');
    const sessionsEnded = await endSessions(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'user.sessions_terminated',
      targetType: 'user',
      targetId: id,
      ip: actor.ip,
      detail: { sessionsEnded },
    });
    return { id, sessionsEnded };
  });
}

/** A person's name as staff screens show it: first and last name, else the email. */
export const personName = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;

/** Shown where the staff member's account no longer exists. */
export const FORMER_STAFF = 'Former staff member';

/** Staff members' names by id, for columns and timelines: one query, then a lookup that never fails. */
export async function staffNames(db: DbOrTx, ids: Array<string | null>): Promise<(id: string | null) => string> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const rows = unique.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, unique))
    : [];
  const names = new Map(rows.map((row) => [row.id, personName(row)]));
  return (id) => (id ? names.get(id) : undefined) ?? FORMER_STAFF;
}
