import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_RE } from '../email';

// The five rules of the reset page, with their literal messages. Registration uses the same rules (a 6-character
// minimum is too weak for an account that holds PII).
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    test: (p: string) => [...p].length >= 8,
  },
  {
    id: 'upper',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p: string) => /\p{Lu}/u.test(p),
  },
  {
    id: 'lower',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p: string) => /\p{Ll}/u.test(p),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (p: string) => /\p{Nd}/u.test(p),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain at least one special character',
    test: (p: string) => /[^\p{L}\p{Nd}]/u.test(p),
  },
] as const;
export const PASSWORD_MAX_LENGTH = 256;

export function failedPasswordRules(password: string) {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, { error: 'Password must be at most 256 characters long', abort: true })
  .superRefine((value, ctx) => {
    for (const rule of failedPasswordRules(value)) ctx.addIssue({ code: 'custom', message: rule.message });
  });

/** Whitespace-only text counts as empty. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, message).max(max, `Must be at most ${max} characters`));

/**
 * A string whose length is checked before anything else: when it is too long, no later check runs (zod runs every
 * check by default, so a pattern would still scan a megabyte that `.max()` had already refused).
 */
export const boundedString = (max: number, message: string) =>
  z.string({ error: message }).max(max, { error: message, abort: true });

export const emailSchema = (message = 'Please enter a valid email address') =>
  z
    .string({ error: message })
    .transform((value) => value.trim().toLowerCase())
    .pipe(boundedString(EMAIL_MAX_LENGTH, message).regex(EMAIL_RE, message));

export const loginSchema = z
  .object({
    email: z
      .string({ error: 'Please enter both email and password' })
      .trim()
      .min(1, 'Please enter both email and password')
      .max(254),
    password: z
      .string({ error: 'Please enter both email and password' })
      .min(1, 'Please enter both email and password')
      .max(PASSWORD_MAX_LENGTH),
    totpCode: z
      .string()
      .trim()
      .max(32, { error: 'Enter the 6-digit code from your authenticator app', abort: true })
      .regex(/^\d{6}$|^[a-z0-9]{10}$/i, 'Enter the 6-digit code from your authenticator app')
      .optional(),
  })
  .strict();
export type LoginInput = z.infer<typeof loginSchema>;

const AUTHENTICATOR_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const SECOND_FACTOR_MESSAGE = 'Enter the 6-digit code from your authenticator app or a recovery code';
export const CURRENT_PASSWORD_MESSAGE = 'Enter your password';

/** A code of an authenticator being set up: six digits. */
const newAuthenticatorCode = z
  .string({ error: AUTHENTICATOR_CODE_MESSAGE })
  .trim()
  .max(6, { error: AUTHENTICATOR_CODE_MESSAGE, abort: true })
  .regex(/^\d{6}$/, AUTHENTICATOR_CODE_MESSAGE);

/** Proof of the second factor the account already has: a current code, or one of its recovery codes. */
const currentSecondFactor = z
  .string({ error: SECOND_FACTOR_MESSAGE })
  .trim()
  .max(32, { error: SECOND_FACTOR_MESSAGE, abort: true })
  .regex(/^\d{6}$|^[a-z0-9]{10}$/i, SECOND_FACTOR_MESSAGE);

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_MESSAGE })
  .min(1, CURRENT_PASSWORD_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, { error: CURRENT_PASSWORD_MESSAGE, abort: true });

/**
 * Confirms a new authenticator with a first code of it. Replacing one that is already on also needs the password
 * and a current code (or a recovery code): a signed-in session alone must not be able to swap the second factor.
 */
export const totpEnableSchema = z
  .object({
    code: newAuthenticatorCode,
    currentCode: currentSecondFactor.optional(),
    password: currentPassword.optional(),
  })
  .strict();
export type TotpEnableInput = z.infer<typeof totpEnableSchema>;

/** New recovery codes replace the old ones only with the password and a current code (or a recovery code). */
export const regenerateRecoveryCodesSchema = z
  .object({ currentCode: currentSecondFactor, password: currentPassword })
  .strict();
export type RegenerateRecoveryCodesInput = z.infer<typeof regenerateRecoveryCodesSchema>;

export const registerSchema = z
  .object({
    firstName: requiredText('First name is required', 100),
    lastName: requiredText('Last name is required', 100),
    email: emailSchema(),
    password: passwordSchema,
    businessName: z.string().trim().max(200).optional().default(''),
  })
  .strict();
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z
  .object({
    email: z
      .string({ error: 'Please enter your email address' })
      .trim()
      .min(1, 'Please enter your email address')
      .max(254),
  })
  .strict();

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'Invalid reset token' }).min(1, 'Invalid reset token').max(200),
    newPassword: passwordSchema,
  })
  .strict();
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Same-site relative path only: '/x' but never '//host' or '/\host'. */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The forgot-password answer, the same whether or not the address has an account (docs/security.md). */
export const FORGOT_ANSWER = "If an account exists for that email, we've sent a link to reset your password.";
/** A reset token that is unknown, used or expired; the reset page then offers a new link. */
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
