// The mailing-list field's check before sending. Mirrors emailSchema in src/shared/schemas/auth.ts; the server
// validates again with the shared zod schema. Kept zod-free so the landing page does not download zod.
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_RE.test(email);
}
