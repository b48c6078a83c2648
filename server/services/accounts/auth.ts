import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { passwordResetTokens, recoveryCodes, sessions, users } from '../../../drizzle/schema/index';
import type { Role } from '../../../src/shared/constants';
import { isStaff } from '../../../src/shared/roles';
import type {
  LoginInput,
  RegenerateRecoveryCodesInput,
  RegisterInput,
  ResetPasswordInput,
  TotpEnableInput,
} from '../../../src/shared/schemas/auth';
import { FORGOT_ANSWER, RESET_LINK_INVALID } from '../../../src/shared/schemas/auth';
import { LOGIN_DEVICE_LIMIT, UNTRUSTED_DEVICE, type Device } from '../../auth/device';
import { startSession, markSessionMfaVerified, type AuthSession, type AuthUser } from '../../auth/lucia';
import { burnPasswordCheck, hashPassword, passwordPolicyError, verifyPassword } from '../../auth/password';
import { consumeTotpCode, matchTotpStep, newTotpKey, totpKeyUri } from '../../auth/totp';
import type { AppDeps, RequestMeta } from '../../deps';
import { decryptField, encryptField, randomToken, sha256Hex } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { sendInBackground } from '../../lib/mail';
import {
  authenticatorChangedMail,
  passwordChangedMail,
  passwordResetMail,
  recoveryCodesMail,
  welcomeMail,
} from './emails';
import { LIMITS } from '../../lib/rate-limit';
import { recordRewardEvent } from '../rewards/index';

type Deps = Pick<AppDeps, 'db' | 'lucia' | 'limiter' | 'mailer' | 'log' | 'env'>;
type Io = { meta: RequestMeta; setCookie: (cookie: string) => void };

export const INVALID_LOGIN = 'Invalid email or password';
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function toAuthUserDto(user: AuthUser, session: AuthSession | null) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.businessName,
    role: user.role,
    // Staff rights need the code step; the shell uses this to send staff to it.
    mfaVerified: session?.mfaVerified ?? false,
    totpEnabled: user.totpEnabled,
  };
}
export type AuthUserDto = ReturnType<typeof toAuthUserDto>;

async function issueSession(deps: Deps, io: Io, user: { id: string; role: Role }, mfaVerified: boolean) {
  const session = await startSession(deps.lucia, user.id, user.role, mfaVerified);
  io.setCookie(deps.lucia.createSessionCookie(session.id).serialize());
  return session;
}

/**
 * Called once a client is signed in (registration or login): links what a one-time claim this browser holds allows
 * and answers how many applications it linked. Applications are never linked here by browser or email alone.
 */
export type AfterClientSignIn = (userId: string) => Promise<number>;

/** Creates a client account, signs the new client in, then runs `afterSignIn` (claims). */
export async function registerClient(
  deps: Deps,
  io: Io & { currentSession: AuthSession | null; afterSignIn?: AfterClientSignIn },
  input: RegisterInput,
) {
  await deps.limiter.consume(LIMITS.registerIp, io.meta.ip);
  const policy = passwordPolicyError(input.password, { email: input.email });
  if (policy) throw new AppError('BAD_REQUEST', policy, { fieldErrors: { password: [policy] } });
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  await deps.db
    .transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (existing) {
        throw new AppError('CONFLICT', 'An account with this email already exists. Please log in instead.');
      }
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        businessName: input.businessName,
        role: 'client',
      });
      await recordAudit(tx, {
        actorId: userId,
        actorRole: 'client',
        action: 'auth.register',
        targetType: 'user',
        targetId: userId,
        ip: io.meta.ip,
      });
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === 'ER_DUP_ENTRY') {
        throw new AppError('CONFLICT', 'An account with this email already exists. Please log in instead.');
      }
      throw error;
    });
  await recordRewardEvent(deps.db, userId, 'account_created');
  if (io.currentSession) await deps.lucia.invalidateSession(io.currentSession.id);
  await issueSession(deps, io, { id: userId, role: 'client' }, true);
  const linked = io.afterSignIn ? await io.afterSignIn(userId) : 0;
  sendInBackground(deps.mailer, deps.log, welcomeMail(deps.env.lender, input, deps.env.publicUrl));
  return { success: true as const, message: 'Your account has been created successfully!', linkedApplications: linked };
}

export type LoginResult =
  | {
      success: true;
      message: string;
      mfaRequired: false;
      mfaEnrollmentRequired: boolean;
      role: Role;
      redirectTo: string;
    }
  | { success: false; message: string; mfaRequired: true };

/**
 * One policy for every login pathway. Unknown email and wrong password answer the same, after the same
 * work. Staff with a second factor get `mfaRequired` until they send the code to this same call.
 */
export async function login(
  deps: Deps,
  io: Io & { currentSession: AuthSession | null; device?: Device; afterSignIn?: AfterClientSignIn },
  input: LoginInput,
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  // Each attempt is counted before the password is checked, so a parallel burst cannot run more verifications
  // than the limit allows; an attempt with the right password is refunded below, so only
  // failures count.
  // A browser that signed in to this account before (its device cookie) is counted on its own counter instead of
  // the account's: strangers who exhaust the account's attempts lock out only other strangers, not the owner.
  // A subject that is already blocked is refused on a read, so a burst against a locked account or address writes
  // nothing and costs other requests little.
  const device = io.device ?? UNTRUSTED_DEVICE;
  const deviceNonce = device.trustedFor(email);
  const [accountLimit, accountSubject] = deviceNonce ? [LOGIN_DEVICE_LIMIT, deviceNonce] : [LIMITS.loginAccount, email];
  const refuseIfLimited = (answers: { allowed: boolean; retryAfterSeconds: number }[]) => {
    if (answers.every((answer) => answer.allowed)) return;
    throw new AppError('RATE_LIMITED', 'Too many login attempts. Please try again later.', {
      retryAfterSeconds: Math.max(...answers.map((answer) => answer.retryAfterSeconds)),
    });
  };
  const blocked = await Promise.all([
    deps.limiter.isBlocked(LIMITS.loginIp, io.meta.ip),
    deps.limiter.isBlocked(accountLimit, accountSubject),
  ]);
  refuseIfLimited(blocked.map((answer) => ({ allowed: !answer.blocked, retryAfterSeconds: answer.retryAfterSeconds })));
  refuseIfLimited([
    await deps.limiter.hit(LIMITS.loginIp, io.meta.ip),
    await deps.limiter.hit(accountLimit, accountSubject),
  ]);
  const [user] = await deps.db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      totpSecretEnc: users.totpSecretEnc,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !passwordOk || !user.isActive) {
    await recordAudit(deps.db, {
      actorId: user?.id ?? null,
      action: 'auth.login',
      outcome: 'failure',
      ip: io.meta.ip,
      detail: { reason: 'credentials' },
    });
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  }
  await deps.limiter.refund(LIMITS.loginIp, io.meta.ip);
  await deps.limiter.refund(accountLimit, accountSubject);

  let mfaVerified = !isStaff(user.role);
  let mfaEnrollmentRequired = false;
  if (user.totpSecretEnc) {
    if (!input.totpCode)
      return { success: false, message: 'Enter the 6-digit code from your authenticator app', mfaRequired: true };
    await verifySecondFactor(deps, io, { id: user.id, totpSecretEnc: user.totpSecretEnc }, input.totpCode);
    mfaVerified = true;
  } else if (isStaff(user.role)) {
    // First staff login: the session may only enrol a second factor.
    mfaEnrollmentRequired = true;
  }

  // A new session on every login (fixation): the cookie sent before login is dead afterwards.
  if (io.currentSession) await deps.lucia.invalidateSession(io.currentSession.id);
  await issueSession(deps, io, user, mfaVerified);
  await deps.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  // A trusted browser's success clears its own counter only: the account's stays as strangers left it.
  await deps.limiter.reset(accountLimit, accountSubject);
  device.remember(email);
  await recordAudit(deps.db, {
    actorId: user.id,
    actorRole: user.role,
    action: 'auth.login',
    ip: io.meta.ip,
    detail: { mfa: mfaVerified },
  });
  if (user.role === 'client' && io.afterSignIn) await io.afterSignIn(user.id);
  return {
    success: true,
    message: 'Login successful',
    mfaRequired: false,
    mfaEnrollmentRequired,
    role: user.role,
    redirectTo: isStaff(user.role) ? '/admin' : '/client-portal',
  };
}

async function verifySecondFactor(
  deps: Deps,
  io: Io,
  user: { id: string; totpSecretEnc: string },
  code: string,
): Promise<void> {
  await deps.limiter.consume(LIMITS.totpUser, user.id);
  const outcome = await spendSecondFactor(deps, user, code);
  if (outcome !== 'accepted') {
    await recordAudit(deps.db, {
      actorId: user.id,
      action: 'auth.totp',
      outcome: 'failure',
      ip: io.meta.ip,
      detail: { reason: outcome },
    });
    throw new AppError('UNAUTHORIZED', 'Invalid verification code');
  }
  await deps.limiter.reset(LIMITS.totpUser, user.id);
}

/** Spends an authenticator code (single use within its window) or one unused recovery code. */
async function spendSecondFactor(
  deps: Deps,
  user: { id: string; totpSecretEnc: string },
  code: string,
): Promise<'accepted' | 'wrong' | 'replay' | 'recovery'> {
  if (/^\d{6}$/.test(code)) return consumeTotpCode(deps.db, user, code);
  const [result] = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, sha256Hex(code.toLowerCase())),
        isNull(recoveryCodes.usedAt),
      ),
    );
  return result.affectedRows === 1 ? 'accepted' : 'recovery';
}

export const REAUTH_REQUIRED =
  'Enter your password and a current code from your authenticator app (or a recovery code)';
const INCORRECT_PASSWORD = 'Incorrect password';
const INVALID_CODE = 'Invalid verification code';

function requireProof(proof: { currentCode?: string; password?: string }): asserts proof is {
  currentCode: string;
  password: string;
} {
  if (proof.currentCode && proof.password) return;
  const fieldErrors = {
    ...(proof.password ? {} : { password: [REAUTH_REQUIRED] }),
    ...(proof.currentCode ? {} : { currentCode: [REAUTH_REQUIRED] }),
  };
  throw new AppError('BAD_REQUEST', REAUTH_REQUIRED, { fieldErrors });
}

/**
 * Proof of both factors the account already has, before its second factor is replaced or its recovery codes
 * remade: a stolen session, or one left open, must not be enough to take the account over. The caller has counted
 * the attempt against the per-user code limit; a failure is audited under `action`.
 */
async function verifyBothFactors(
  deps: Deps,
  io: Io,
  user: AuthUser,
  proof: { currentCode?: string; password?: string },
  action: string,
): Promise<void> {
  requireProof(proof);
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash, totpSecretEnc: users.totpSecretEnc })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row?.totpSecretEnc) throw new AppError('CONFLICT', 'Two-factor authentication is not set up');
  const fail = async (reason: string, field: 'password' | 'currentCode', message: string) => {
    await recordAudit(deps.db, {
      actorId: user.id,
      actorRole: user.role,
      action,
      outcome: 'failure',
      targetType: 'user',
      targetId: user.id,
      ip: io.meta.ip,
      detail: { reason },
    });
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: [message] } });
  };
  // The password first: a wrong one must not spend the code.
  if (!(await verifyPassword(row.passwordHash, proof.password)))
    return fail('password', 'password', INCORRECT_PASSWORD);
  const outcome = await spendSecondFactor(deps, { id: user.id, totpSecretEnc: row.totpSecretEnc }, proof.currentCode);
  if (outcome !== 'accepted') return fail(outcome, 'currentCode', INVALID_CODE);
}

/** Ends every session of the user but this one; answers how many ended. */
async function endOtherSessions(tx: Pick<Deps['db'], 'delete'>, userId: string, session: AuthSession): Promise<number> {
  const [result] = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sha256Hex(session.id))));
  return result.affectedRows;
}

const newRecoveryCodes = () => Array.from({ length: 10 }, () => randomToken(10).slice(0, 10));

/** Starts TOTP enrolment for the signed-in user: a pending secret until a first code confirms it. */
export async function beginTotpEnrollment(deps: Deps, user: AuthUser) {
  const key = newTotpKey();
  await deps.db
    .update(users)
    .set({ totpPendingEnc: encryptField(Buffer.from(key).toString('base64'), `users.totp:${user.id}`) })
    .where(eq(users.id, user.id));
  const uri = totpKeyUri(user.email, key);
  return { uri, secretBase32: encodeBase32UpperCaseNoPadding(key) };
}

/**
 * Confirms enrolment with a first code; answers the one-time recovery codes and verifies this session. Replacing an
 * authenticator that is already on also needs the password and a current code (or a recovery code), ends every
 * other session of the user and tells them by email.
 */
export async function completeTotpEnrollment(
  deps: Deps,
  io: Io,
  user: AuthUser,
  session: AuthSession,
  input: TotpEnableInput,
) {
  await deps.limiter.consume(LIMITS.totpUser, user.id);
  const [row] = await deps.db
    .select({ pending: users.totpPendingEnc, active: users.totpSecretEnc })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.pending) throw new AppError('CONFLICT', 'Start two-factor setup first');
  const isReplacing = Boolean(row.active);
  if (isReplacing) requireProof(input);
  const key = new Uint8Array(Buffer.from(decryptField(row.pending, `users.totp:${user.id}`), 'base64'));
  const step = matchTotpStep(key, input.code);
  if (step === null) {
    throw new AppError('BAD_REQUEST', INVALID_CODE, { fieldErrors: { code: [INVALID_CODE] } });
  }
  // The new code is checked first, so a typo in it does not spend the current code.
  if (isReplacing) await verifyBothFactors(deps, io, user, input, 'auth.totp_replaced');
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecretEnc: row.pending, totpPendingEnc: null, totpLastStep: step })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((value) => ({ id: newId(), userId: user.id, codeHash: sha256Hex(value) })));
    const sessionsEnded = isReplacing ? await endOtherSessions(tx, user.id, session) : 0;
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: isReplacing ? 'auth.totp_replaced' : 'auth.totp_enrolled',
      targetType: 'user',
      targetId: user.id,
      ip: io.meta.ip,
      detail: isReplacing ? { sessionsEnded } : undefined,
    });
  });
  await markSessionMfaVerified(deps.db, session.id);
  await deps.limiter.reset(LIMITS.totpUser, user.id);
  if (isReplacing) {
    sendInBackground(deps.mailer, deps.log, authenticatorChangedMail(deps.env.lender, user));
  }
  return { success: true as const, recoveryCodes: codes };
}

/** New recovery codes for the second factor: the old ones stop working, other sessions end, the user is told. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  io: Io,
  user: AuthUser,
  session: AuthSession,
  input: RegenerateRecoveryCodesInput,
) {
  await deps.limiter.consume(LIMITS.totpUser, user.id);
  await verifyBothFactors(deps, io, user, input, 'auth.recovery_codes_regenerated');
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((value) => ({ id: newId(), userId: user.id, codeHash: sha256Hex(value) })));
    const sessionsEnded = await endOtherSessions(tx, user.id, session);
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'auth.recovery_codes_regenerated',
      targetType: 'user',
      targetId: user.id,
      ip: io.meta.ip,
      detail: { sessionsEnded },
    });
  });
  await deps.limiter.reset(LIMITS.totpUser, user.id);
  sendInBackground(deps.mailer, deps.log, recoveryCodesMail(deps.env.lender, user));
  return { success: true as const, recoveryCodes: codes };
}

export async function logout(deps: Deps, io: Io, session: AuthSession | null, userId: string | null) {
  if (session) await deps.lucia.invalidateSession(session.id);
  io.setCookie(deps.lucia.createBlankSessionCookie().serialize());
  if (userId) await recordAudit(deps.db, { actorId: userId, action: 'auth.logout', ip: io.meta.ip });
  return { success: true as const, message: 'Logged Out' };
}

/** Same answer whatever the email; the mail goes out in the background so timing stays flat. */
export async function requestPasswordReset(deps: Deps, io: Io, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  await deps.limiter.consume(LIMITS.forgotIp, io.meta.ip);
  const emailLimit = await deps.limiter.hit(LIMITS.forgotEmail, email);
  const answer = { success: true as const, message: FORGOT_ANSWER };
  if (!emailLimit.allowed) return answer;
  void (async () => {
    const [user] = await deps.db
      .select({ id: users.id, firstName: users.firstName, isActive: users.isActive })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user?.isActive) return;
    const token = randomToken(25); // 200 bits
    await deps.db.transaction(async (tx) => {
      // A new request invalidates older links.
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await tx
        .insert(passwordResetTokens)
        .values({ tokenHash: sha256Hex(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
      await recordAudit(tx, { actorId: user.id, action: 'auth.reset_requested', ip: io.meta.ip });
    });
    // The link host comes from configuration, never from the request's Host header.
    const link = `${deps.env.publicUrl}/reset-password?token=${token}`;
    await deps.mailer.send(await passwordResetMail(deps.env.lender, { email, firstName: user.firstName }, link));
  })().catch((error: unknown) => deps.log.error({ err: (error as Error).message }, 'password reset mail failed'));
  return answer;
}

/** Single use (the delete must hit exactly one row), 1 hour; ends every session of the user. */
export async function resetPassword(deps: Deps, io: Io, input: ResetPasswordInput) {
  await deps.limiter.consume(LIMITS.resetIp, io.meta.ip);
  const tokenHash = sha256Hex(input.token);
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: passwordResetTokens.userId, email: users.email, firstName: users.firstName })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, new Date())))
      .for('update');
    if (!row) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID);
    const policy = passwordPolicyError(input.newPassword, { email: row.email });
    if (policy) throw new AppError('BAD_REQUEST', policy, { fieldErrors: { newPassword: [policy] } });
    const [deleted] = await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
    if (deleted.affectedRows !== 1) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID);
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), emailVerifiedAt: new Date() })
      .where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await recordAudit(tx, { actorId: row.userId, action: 'auth.reset_completed', ip: io.meta.ip });
    return row;
  });
  sendInBackground(deps.mailer, deps.log, passwordChangedMail(deps.env.lender, user));
  return { success: true as const, message: 'Password Reset Successful' };
}
