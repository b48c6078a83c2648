import { decryptField, encryptField, randomToken, sha256Hex } from '../lib/crypto';
import { parseCookies } from '../http/helpers';
import type { Limit } from '../lib/rate-limit';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account successfully gets a cookie naming that account. Later login attempts for the account from that browser
 * are throttled on the cookie's own counter instead of the account's, so strangers who run the account into its
 * lockout do not lock its owner out. The value is AES-256-GCM under the server's data key (authenticated: it cannot
 * be forged or moved to another account) and holds only the SHA-256 of the email, a random nonce and the issue time.
 */
export type Device = {
  /** The cookie's nonce when this browser signed in to `email` before (a valid, unexpired cookie), else null. */
  trustedFor: (email: string) => string | null;
  /** Issues a fresh cookie (a new nonce) after a successful sign-in to `email`. */
  remember: (email: string) => void;
};

/** Attempts a trusted browser may make before its own counter refuses it, per 15 minutes (as for an account). */
export const LOGIN_DEVICE_LIMIT: Limit = { name: 'login-device', max: 10, windowSeconds: 900 };

const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 3600;
const AAD = 'device-cookie:v1';
const MAX_COOKIE_LENGTH = 512;

export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-device' : 'device';
}

type Payload = { e: string; n: string; t: number };

function open(value: string): Payload | null {
  if (value.length > MAX_COOKIE_LENGTH) return null;
  try {
    const payload = JSON.parse(decryptField(value, AAD)) as Partial<Payload>;
    if (typeof payload.e !== 'string' || typeof payload.n !== 'string' || typeof payload.t !== 'number') return null;
    return payload as Payload;
  } catch {
    // Altered, forged, or sealed under a key this server no longer has: an untrusted browser, nothing more.
    return null;
  }
}

export function readDevice(
  cookieHeader: string | undefined,
  secure: boolean,
  setCookie: (cookie: string) => void,
): Device {
  const name = deviceCookieName(secure);
  const existing = parseCookies(cookieHeader).get(name);
  const payload = existing ? open(existing) : null;
  return {
    trustedFor(email) {
      if (!payload) return null;
      const fresh = Date.now() - payload.t < DEVICE_MAX_AGE_SECONDS * 1000;
      return fresh && payload.e === sha256Hex(email.trim().toLowerCase()) ? payload.n : null;
    },
    remember(email) {
      const sealed = encryptField(
        JSON.stringify({ e: sha256Hex(email.trim().toLowerCase()), n: randomToken(16), t: Date.now() }),
        AAD,
      );
      const attributes = [
        `${name}=${sealed}`,
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
        `Max-Age=${DEVICE_MAX_AGE_SECONDS}`,
      ];
      if (secure) attributes.push('Secure');
      setCookie(attributes.join('; '));
    },
  };
}

/** No cookie: every browser is a stranger (tests that build a context without HTTP). */
export const UNTRUSTED_DEVICE: Device = { trustedFor: () => null, remember: () => undefined };
