import { parseCookies } from '../http/helpers';
import { randomToken, sha256Hex } from '../lib/crypto';

/** The anonymous browser: its visitor id (chat guard, submissions) and the one-hour claim of its last application. */
export type Visitor = {
  /** SHA-256 of the visitor token, or null when the browser has none yet. */
  hash: () => string | null;
  /** Returns the visitor hash, issuing the cookie first when the browser has none. */
  ensure: () => string;
  /** A fresh visitor id (after a submission), so a value planted in the browser before does not follow it. */
  rotate: () => void;
  /** Forgets the visitor id and any claim (logout: the next person at this browser starts clean). */
  clear: () => void;
  /** The claim token the last submission answer set, or null. */
  claimToken: () => string | null;
  /** Sets (token) or removes (null) the claim cookie. */
  setClaim: (token: string | null) => void;
};

const VISITOR_MAX_AGE = 30 * 24 * 3600;
const CLAIM_MAX_AGE = 3600;

export function visitorCookieName(secure: boolean): string {
  return secure ? '__Host-visitor' : 'visitor';
}

export function claimCookieName(secure: boolean): string {
  return secure ? '__Host-claim' : 'claim';
}

export function readVisitor(
  cookieHeader: string | undefined,
  secure: boolean,
  setCookie: (cookie: string) => void,
): Visitor {
  const name = visitorCookieName(secure);
  const claimName = claimCookieName(secure);
  const cookies = parseCookies(cookieHeader);
  const existing = cookies.get(name);
  let token = existing && /^[a-z0-9]{32,64}$/.test(existing) ? existing : null;
  const existingClaim = cookies.get(claimName);
  let claim = existingClaim && /^[a-z0-9]{32,64}$/.test(existingClaim) ? existingClaim : null;
  const write = (cookieName: string, value: string, maxAge: number) => {
    const attributes = [`${cookieName}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
    if (secure) attributes.push('Secure');
    setCookie(attributes.join('; '));
  };
  const issue = () => {
    token = randomToken(20);
    write(name, token, VISITOR_MAX_AGE);
    return token;
  };
  return {
    hash: () => (token ? sha256Hex(token) : null),
    ensure: () => sha256Hex(token ?? issue()),
    rotate: () => {
      issue();
    },
    clear: () => {
      token = null;
      claim = null;
      write(name, '', 0);
      write(claimName, '', 0);
    },
    claimToken: () => claim,
    setClaim: (value) => {
      claim = value;
      write(claimName, value ?? '', value ? CLAIM_MAX_AGE : 0);
    },
  };
}

/** A visitor that never touches cookies: for contexts built without HTTP (tests, server-side callers). */
export function fixedVisitor(hash: string | null, fallback = 'test-visitor'): Visitor {
  return {
    hash: () => hash,
    ensure: () => hash ?? fallback,
    rotate: () => undefined,
    clear: () => undefined,
    claimToken: () => null,
    setClaim: () => undefined,
  };
}
