import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { failedPasswordRules } from '../../src/shared/schemas/auth';

// OWASP / docs/security.md A: Argon2id, m = 19 MiB, t = 3, p = 1, stored as a PHC string.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 3, parallelism: 1, outputLen: 32 } as const;
// Hashing runs on libuv's pool; bound it so a login burst cannot starve file I/O for uploads.
const hashSlots = pLimit(2);

export function hashPassword(password: string): Promise<string> {
  return hashSlots(() => hash(password.normalize('NFC'), ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashSlots(() => verify(passwordHash, password.normalize('NFC')));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown email costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('Dummy-password-for-timing-1!');
  await verifyPassword(await dummyHash, password);
}

// Passwords that pass the five rules yet appear at the top of breach lists, plus our own context words.
const COMMON_PASSWORDS = new Set([
  'password1!',
  'password123!',
  'p@ssw0rd',
  'p@ssw0rd1',
  'p@ssword1',
  'passw0rd!',
  'welcome1!',
  'welcome123!',
  'qwerty123!',
  'qwerty1!',
  'abc123!@#',
  'admin123!',
  'letmein1!',
  'iloveyou1!',
  'monkey123!',
  'dragon123!',
  'summer2024!',
  'winter2024!',
  'spring2024!',
  'autumn2024!',
  'summer2025!',
  'winter2025!',
  'summer2026!',
  'changeme1!',
  'trustno1!',
  'football1!',
  'baseball1!',
  'sunshine1!',
  'princess1!',
  'starwars1!',
  'master123!',
  'hello123!',
  'freedom1!',
  'whatever1!',
  'computer1!',
  'password!1',
  'pa$$w0rd',
  'pa$$word1',
  'test1234!',
  'zaq12wsx!',
  '1qaz2wsx!',
  'asdf1234!',
  'qwer1234!',
  'aa123456!',
  'password1?',
  'p@55w0rd',
  'secret123!',
]);
// Longest first, so 'funding' is removed before 'fund'.
const CONTEXT_WORDS = ['summitfunding', 'funding', 'capital', 'summit', 'loans', 'loan', 'fund'];

/** Server password policy beyond the five rules: a clear message per failure, or null when acceptable. */
export function passwordPolicyError(password: string, context: { email?: string } = {}): string | null {
  const failed = failedPasswordRules(password);
  if (failed[0]) return failed[0].message;
  const lowered = password.normalize('NFC').toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return 'This password is too common. Please choose another one';
  const letters = lowered.replace(/[^\p{L}]/gu, '');
  // Letters made (almost) only of our own words, e.g. "Funding-2026" or "LoanLoan!1", are guessable.
  const rest = CONTEXT_WORDS.reduce((text, word) => text.replaceAll(word, ''), letters);
  const emailName = context.email?.split('@')[0]?.toLowerCase();
  if ((letters.length > 0 && rest.length < 3) || (emailName && emailName.length >= 4 && lowered.includes(emailName))) {
    return 'Password must not be based on your email or our company name';
  }
  return null;
}
