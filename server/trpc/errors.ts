import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { AppErrorCode } from '../../src/shared/errors';
import {
  AppError,
  CONFLICT_MESSAGE,
  INTERNAL_MESSAGE,
  zodFieldErrors,
  zodMessage,
  type FieldErrors,
} from '../lib/errors';

const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNPROCESSABLE_CONTENT: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

const DEFAULT_MESSAGES: Partial<Record<TRPCError['code'], string>> = {
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Not found',
  TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
};

/**
 * Turns anything thrown into a TRPCError whose message is safe to show. Unknown errors become
 * INTERNAL_SERVER_ERROR with a generic message: tRPC would otherwise forward cause.message (SQL, paths).
 */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause instanceof AppError) return toTRPCError(cause);
    // tRPC's input validation: BAD_REQUEST with the ZodError as cause. A ZodError a procedure throws itself (stored
    // data that no longer parses) is INTERNAL_SERVER_ERROR and stays generic: its paths name internal fields.
    if (cause instanceof ZodError && error.code === 'BAD_REQUEST')
      return new TRPCError({ code: 'BAD_REQUEST', message: zodMessage(cause), cause });
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      if (isDatabaseDown(cause) || isDuplicateKey(cause)) return toTRPCError(cause);
      return new TRPCError({ code: error.code, message: INTERNAL_MESSAGE, cause });
    }
    const message =
      error.message && error.message !== error.code ? error.message : (DEFAULT_MESSAGES[error.code] ?? error.code);
    return new TRPCError({ code: error.code, message, cause });
  }
  if (error instanceof AppError)
    return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
  if (isDatabaseDown(error)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable. Please try again shortly.',
      cause: error,
    });
  }
  // A unique key the code did not expect to hit: two requests raced for the same row. Not a server fault, and the
  // driver's message (the key's name and value, the SQL) must not reach the client (docs/security.md M1).
  if (isDuplicateKey(error)) return new TRPCError({ code: 'CONFLICT', message: CONFLICT_MESSAGE, cause: error });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: error });
}

export function httpStatusOf(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'PROTOCOL_CONNECTION_LOST',
  'ETIMEDOUT',
  'POOL_CLOSED',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
]);

/** drizzle wraps driver errors (DrizzleQueryError), so the mysql2 code may sit a few causes deep. */
function someCause(error: unknown, test: (cause: { code?: unknown; message?: string }) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (test(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const isDatabaseDown = (error: unknown) =>
  someCause(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) ||
      /Pool is closed|Queue limit reached/.test(message ?? ''),
  );

const isDuplicateKey = (error: unknown) => someCause(error, ({ code }) => code === 'ER_DUP_ENTRY');

export function retryAfterOf(error: TRPCError): number | undefined {
  const cause = error.cause;
  if (cause instanceof AppError && cause.retryAfterSeconds) return cause.retryAfterSeconds;
  if (error.code === 'SERVICE_UNAVAILABLE') return 5;
  return undefined;
}

export function fieldErrorsOf(error: TRPCError): FieldErrors | undefined {
  const cause = error.cause;
  if (cause instanceof ZodError && error.code === 'BAD_REQUEST') return zodFieldErrors(cause);
  if (cause instanceof AppError) return cause.fieldErrors;
  return undefined;
}
