import { and, desc, eq } from 'drizzle-orm';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, sessions, users } from '../../../drizzle/schema/index';
import { startSession } from '../../auth/lucia';
import { currentTotp } from '../../auth/totp';
import { decryptField, sha256Hex } from '../../lib/crypto';
import { setTotpSecret } from '../factories/admin';
import { newId } from '../../lib/ids';
import { callerFor, expectLenderMail, getTestDeps, insertUser, mailTo, type TestUser } from '../harness';

// A signed-in staff member's second factor is replaced, or new recovery codes made, only with proof of both factors
// the account already has: the password and a current authenticator code (or a recovery code). A stolen session
// alone cannot take the account over. Success ends every other session, emails the staff member and is audited.

const RECOVERY = ['abcde12345', 'fghij67890'];

/** An enrolled admin with recovery codes, signed in on this device and two others. */
async function enrolledAdmin() {
  const { db, lucia } = await getTestDeps();
  const admin = await insertUser({ role: 'admin' });
  const key = await setTotpSecret(admin.id);
  await db
    .insert(recoveryCodes)
    .values(RECOVERY.map((code) => ({ id: newId(), userId: admin.id, codeHash: sha256Hex(code) })));
  const current = await startSession(lucia, admin.id, 'admin', true);
  const others = [
    await startSession(lucia, admin.id, 'admin', true),
    await startSession(lucia, admin.id, 'admin', false),
  ];
  const caller = await callerFor({ ...admin, totpEnabled: true }, { session: { id: current.id, mfaVerified: true } });
  return { admin, key, caller, current, others };
}

async function activeSecret(userId: string): Promise<string | null> {
  const { db } = await getTestDeps();
  const [row] = await db.select({ secret: users.totpSecretEnc }).from(users).where(eq(users.id, userId));
  return row?.secret ? decryptField(row.secret, `users.totp:${userId}`) : null;
}

async function sessionHashes(userId: string): Promise<string[]> {
  const { db } = await getTestDeps();
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.id).sort();
}

async function auditActions(userId: string) {
  const { db } = await getTestDeps();
  return db
    .select({ action: auditLog.action, outcome: auditLog.outcome })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(desc(auditLog.id));
}

async function unusedRecoveryCodes(userId: string) {
  const { db } = await getTestDeps();
  return db
    .select({ hash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId)));
}

/** Starts setup and answers the new key plus a code of it. */
async function newAuthenticator(caller: Awaited<ReturnType<typeof callerFor>>) {
  const setup = await caller.auth.totpSetup();
  const key = decodeBase32IgnorePadding(setup.secretBase32);
  return { key, code: currentTotp(key) };
}

const NEEDS_PROOF = 'Enter your password and a current code from your authenticator app (or a recovery code)';

describe('replacing a second factor needs the password and a current code', () => {
  it('refuses a new authenticator confirmed only with a code of the new secret: the old one stays', async () => {
    const { admin, caller, others } = await enrolledAdmin();
    const before = await activeSecret(admin.id);
    const fresh = await newAuthenticator(caller);
    await expect(caller.auth.totpEnable({ code: fresh.code })).rejects.toThrow(NEEDS_PROOF);
    expect(await activeSecret(admin.id)).toBe(before);
    // Nobody was signed out by the refused attempt.
    expect(await sessionHashes(admin.id)).toHaveLength(1 + others.length);
  });

  it('refuses a wrong password or a wrong current code, and audits the failure', async () => {
    const { admin, key, caller } = await enrolledAdmin();
    const before = await activeSecret(admin.id);
    const fresh = await newAuthenticator(caller);
    await expect(
      caller.auth.totpEnable({ code: fresh.code, currentCode: currentTotp(key), password: 'Wrong-Pass-123!' }),
    ).rejects.toThrow('Incorrect password');
    await expect(
      caller.auth.totpEnable({ code: fresh.code, currentCode: '000000', password: admin.password }),
    ).rejects.toThrow('Invalid verification code');
    expect(await activeSecret(admin.id)).toBe(before);
    const failures = (await auditActions(admin.id)).filter((row) => row.action === 'auth.totp_replaced');
    expect(failures.map((row) => row.outcome)).toEqual(['failure', 'failure']);
  });

  it('replaces the authenticator with the password and a current code: other sessions end, mail, audit', async () => {
    const { admin, key, caller, current } = await enrolledAdmin();
    const fresh = await newAuthenticator(caller);
    const result = await caller.auth.totpEnable({
      code: fresh.code,
      currentCode: currentTotp(key),
      password: admin.password,
    });
    expect(result.recoveryCodes).toHaveLength(10);
    expect(await activeSecret(admin.id)).toBe(Buffer.from(fresh.key).toString('base64'));
    // Only this device stays signed in.
    expect(await sessionHashes(admin.id)).toEqual([sha256Hex(current.id)]);
    // The old recovery codes are gone; the new ones replace them.
    const stored = (await unusedRecoveryCodes(admin.id)).map((row) => row.hash);
    expect(stored).toHaveLength(10);
    for (const old of RECOVERY) expect(stored).not.toContain(sha256Hex(old));
    expect((await auditActions(admin.id))[0]).toEqual({ action: 'auth.totp_replaced', outcome: 'success' });
    const mail = await mailTo(admin.email, 'two-factor authenticator was changed');
    expect(expectLenderMail(mail).html).toContain('every other signed-in device was signed out');
  });

  it('accepts a recovery code in place of the lost authenticator, once', async () => {
    const { admin, caller } = await enrolledAdmin();
    const fresh = await newAuthenticator(caller);
    await caller.auth.totpEnable({ code: fresh.code, currentCode: RECOVERY[0]!, password: admin.password });
    expect(await activeSecret(admin.id)).toBe(Buffer.from(fresh.key).toString('base64'));
  });
});

describe('new recovery codes need the password and a current code', () => {
  async function regenerate(admin: TestUser, caller: Awaited<ReturnType<typeof callerFor>>, currentCode: string) {
    return caller.auth.recoveryCodesRegenerate({ currentCode, password: admin.password });
  }

  it('refuses without a correct code or password and keeps the old codes', async () => {
    const { admin, caller } = await enrolledAdmin();
    await expect(regenerate(admin, caller, '000000')).rejects.toThrow('Invalid verification code');
    await expect(
      caller.auth.recoveryCodesRegenerate({ currentCode: RECOVERY[1]!, password: 'Wrong-Pass-123!' }),
    ).rejects.toThrow('Incorrect password');
    const stored = (await unusedRecoveryCodes(admin.id)).map((row) => row.hash);
    expect(stored.sort()).toEqual(RECOVERY.map(sha256Hex).sort());
  });

  it('makes ten new codes, voids the old ones, ends other sessions, mails and audits', async () => {
    const { admin, key, caller, current } = await enrolledAdmin();
    const result = await regenerate(admin, caller, currentTotp(key));
    expect(result.recoveryCodes).toHaveLength(10);
    const stored = (await unusedRecoveryCodes(admin.id)).map((row) => row.hash).sort();
    expect(stored).toEqual(result.recoveryCodes.map(sha256Hex).sort());
    expect(await sessionHashes(admin.id)).toEqual([sha256Hex(current.id)]);
    expect((await auditActions(admin.id))[0]).toEqual({
      action: 'auth.recovery_codes_regenerated',
      outcome: 'success',
    });
    expectLenderMail(await mailTo(admin.email, 'new recovery codes were made'));
  });
});
