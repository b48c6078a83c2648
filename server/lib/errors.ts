import type { ZodError } from 'zod';
import type { AppErrorCode } from '../../src/shared/errors';

// What services throw. The transports (server/trpc/errors.ts for tRPC, server/rest/index.ts for /api) map it to a
// status; services never import a transport.

export type FieldErrors = Record<string, string[]>;

/** What services throw: a code both sides understand and a message a user can read. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfterSeconds?: number;
  readonly fieldErrors?: FieldErrors;
  constructor(
    code: AppErrorCode,
    message: string,
    extra: { retryAfterSeconds?: number; fieldErrors?: FieldErrors } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.fieldErrors = extra.fieldErrors;
  }
}

export const INTERNAL_MESSAGE = 'Internal error';
export const CONFLICT_MESSAGE = 'This changed while you were working. Please reload and try again.';

export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A message for a zod failure that names each bad field: "email: Please enter a valid email address". */
export function zodMessage(error: ZodError): string {
  return Object.entries(zodFieldErrors(error))
    .map(([field, messages]) => (field === '_' ? messages[0] : `${field}: ${messages[0]}`))
    .join('; ');
}

