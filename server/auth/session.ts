import { parseCookies } from '../http/helpers';
import type { AppDeps } from '../deps';
import type { AuthSession, AuthUser } from './lucia';

/** Validates the session cookie; refreshes it when lucia extended the session, clears it when dead. */
export async function readSession(
  deps: Pick<AppDeps, 'lucia'>,
  cookieHeader: string | undefined,
  setCookie: (cookie: string) => void,
): Promise<{ user: AuthUser | null; session: AuthSession | null }> {
  const { lucia } = deps;
  const sessionId = readSessionId(lucia, cookieHeader);
  if (!sessionId) return { user: null, session: null };
  const result = await lucia.validateSession(sessionId);
  if (!result.session) {
    setCookie(lucia.createBlankSessionCookie().serialize());
    return { user: null, session: null };
  }
  if (result.session.fresh) setCookie(lucia.createSessionCookie(result.session.id).serialize());
  const { id, expiresAt, fresh, mfaVerified } = result.session;
  return { user: result.user, session: { id, expiresAt, fresh, mfaVerified } };
}

/**
 * The session cookie, read with our own parser: lucia's throws on a malformed escape in any cookie of the header,
 * which would turn one bad cookie into a 500 (and sign a valid session out).
 */
function readSessionId(lucia: AppDeps['lucia'], cookieHeader: string | undefined): string | null {
  return parseCookies(cookieHeader).get(lucia.sessionCookieName) || null;
}
