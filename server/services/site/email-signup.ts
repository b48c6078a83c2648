import { desc, sql } from 'drizzle-orm';
import { emailSignups } from '../../../drizzle/schema/index';
import type { EmailSignupInput } from '../../../src/shared/schemas/site';
import type { AppDeps } from '../../deps';
import { asUtcDate } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { LIMITS } from '../../lib/rate-limit';

type Deps = Pick<AppDeps, 'db' | 'limiter'>;

export const SIGNUP_SUCCESS_MESSAGE =
  "Success! You've been added to our mailing list. We'll keep you posted about our lending products.";

/**
 * Adds an address to the mailing list. The email arrives lower-cased from the shared schema
 * and the column is unique, so one row per address. A repeat signup answers exactly like a first one: a
 * friendly success that also tells nobody whether the address was already listed.
 */
export async function signUpForEmails(deps: Deps, io: { ip: string }, input: EmailSignupInput) {
  await deps.limiter.consume(LIMITS.signupIp, io.ip);
  // The same address again within the window: nothing to write, same answer.
  const { allowed } = await deps.limiter.hit(LIMITS.signupEmail, input.email);
  if (allowed) {
    await deps.db
      .insert(emailSignups)
      .values({ id: newId(), email: input.email })
      .onDuplicateKeyUpdate({ set: { email: sql`${emailSignups.email}` } });
  }
  return { success: true as const, message: SIGNUP_SUCCESS_MESSAGE };
}

export const EMAIL_SIGNUPS_LIST_MAX = 1000;

/** Staff only (the router guards it): the newest signups first. */
export async function listEmailSignups(deps: Pick<AppDeps, 'db'>) {
  const rows = await deps.db
    .select({ id: emailSignups.id, email: emailSignups.email, createdAt: emailSignups.createdAt })
    .from(emailSignups)
    .orderBy(desc(emailSignups.createdAt), desc(emailSignups.id))
    .limit(EMAIL_SIGNUPS_LIST_MAX);
  return rows.map((row) => ({ ...row, createdAt: asUtcDate(row.createdAt).toISOString() }));
}
