import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generateHOTP } from '@oslojs/otp';
import { createTOTPKeyURI } from '@oslojs/otp';
import { users } from '../../drizzle/schema/index';
import { BRAND_NAME } from '../../src/shared/constants';
import type { DbOrTx } from '../db';
import { decryptField, safeEqual } from '../lib/crypto';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;

export function newTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

export function totpKeyUri(email: string, key: Uint8Array): string {
  return createTOTPKeyURI(BRAND_NAME, email, key, TOTP_PERIOD, TOTP_DIGITS);
}

/**
 * Checks a code against the current step and one on either side (clock drift). Returns the matching
 * step so the caller can refuse a code whose step was already used (single use within its window).
 */
export function matchTotpStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  const step = Math.floor(now / 1000 / TOTP_PERIOD);
  for (const candidate of [step - 1, step, step + 1]) {
    if (safeEqual(generateHOTP(key, BigInt(candidate), TOTP_DIGITS), code)) return candidate;
  }
  return null;
}

export function currentTotp(key: Uint8Array, now = Date.now()): string {
  return generateHOTP(key, BigInt(Math.floor(now / 1000 / TOTP_PERIOD)), TOTP_DIGITS);
}

/**
 * Accepts a user's authenticator code once: it must match (with one step of drift) and its step must be newer than
 * the last accepted one, moved forward by a conditional update so two concurrent uses of one code cannot both pass.
 */
export async function consumeTotpCode(
  db: DbOrTx,
  user: { id: string; totpSecretEnc: string },
  code: string,
): Promise<'accepted' | 'wrong' | 'replay'> {
  const key = new Uint8Array(Buffer.from(decryptField(user.totpSecretEnc, `users.totp:${user.id}`), 'base64'));
  const step = matchTotpStep(key, code);
  if (step === null) return 'wrong';
  const [result] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`));
  return result.affectedRows === 1 ? 'accepted' : 'replay';
}
