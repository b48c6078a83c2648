// The one email pattern, free of zod so the landing page's signup check can use it without downloading zod.

/**
 * local@label.label.tld. The domain's labels exclude the dot, so no two parts of the pattern can match the same
 * characters and a failing match costs time linear in the length; a pattern such as `[^@]+\.[^@]{2,}` (where the
 * class also takes dots) costs the square of it, seconds for one request of a few tens of kilobytes.
 */
export const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

/** The check the server's email schema makes, for code that does not load zod (trimmed, length first). */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(email.toLowerCase());
}
