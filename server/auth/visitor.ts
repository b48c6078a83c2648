import { parseCookies } from '../http/helpers';
import { randomToken, sha256Hex } from '../lib/crypto';

export type Visitor = {
  /** SHA-256 of the visitor token, or null when the browser has none yet. */
  hash: () => string | null;
  /** Returns the visitor hash, issuing the cookie first when the browser has none. */
  ensure: () => string;
};

const VISITOR_MAX_AGE = 30 * 24 * 3600;

export function visitorCookieName(secure: boolean): string {
  return secure ? '__Host-visitor' : 'visitor';
}

export function readVisitor(
  cookieHeader: string | undefined,
  secure: boolean,
  setCookie: (cookie: string) => void,
): Visitor {
  const name = visitorCookieName(secure);
  const existing = parseCookies(cookieHeader).get(name);
  let token = existing && /^[a-z0-9]{32,64}$/.test(existing) ? existing : null;
  return {
    hash: () => (token ? sha256Hex(token) : null),
    ensure: () => {
      if (!token) {
        token = randomToken(20);
        const attributes = [`${name}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${VISITOR_MAX_AGE}`];
        if (secure) attributes.push('Secure');
        setCookie(attributes.join('; '));
      }
      return sha256Hex(token);
    },
  };
}
