import pino from 'pino';

// PII and secrets never reach the logs (docs/security.md F): these paths are redacted wherever they appear.
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.ssn',
  '*.ein',
  '*.dateOfBirth',
  '*.token',
  '*.totpCode',
  '*.formData',
  'password',
  'ssn',
  'ein',
  'token',
];

/**
 * Errors are logged without the values bound to a failed query: drizzle puts them in `params`, in the message
 * and in the stack ("Failed query: ...\nparams: <email>, <hash>"), and they may be PII.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 200) };
  const strip = (text: string | undefined) => text?.replace(/\nparams:[^\n]*/g, '\nparams: [redacted]');
  const out: Record<string, unknown> = { type: error.name, message: strip(error.message), stack: strip(error.stack) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') out.code = code;
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string') out.query = query; // placeholders only
  if (error.cause) out.cause = serializeError(error.cause);
  return out;
}

export function createLogger(level: string) {
  return pino({
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    base: undefined,
  });
}

export type Logger = ReturnType<typeof createLogger>;

/** Masks what might identify a person in a URL path (emails in /by-email/, tokens in query strings). */
export function maskUrlForLog(url: string): string {
  // Piece by piece between separators, each looked at once: a pattern with overlapping runs around '@' took time
  // growing with the square of a long path's length.
  const masked = url.replace(/[^/?&]+/g, (piece) => {
    const at = piece.search(/@|%40/i);
    if (at < 0) return piece;
    const keep = piece.lastIndexOf('=', at) + 1;
    return keep === at ? piece : `${piece.slice(0, keep)}[email]`;
  });
  return masked.replace(/([?&](?:token|nonce)=)[^&]+/gi, '$1[redacted]');
}
