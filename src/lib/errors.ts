import { TRPCClientError } from '@trpc/client';

/** The message to show for a failed call: the server's own message, or the caller's fallback. */
export function getErrorMessage(error: unknown, fallback = 'An error occurred. Please try again.'): string {
  if (error instanceof TRPCClientError || error instanceof ApiError || error instanceof Error) {
    const message = error instanceof ApiError ? error.body : error.message;
    if (message && !/^(fetch failed|Failed to fetch|NetworkError)/i.test(message)) return message;
  }
  return fallback;
}

export function getFieldErrors(error: unknown): Record<string, string[]> {
  if (error instanceof TRPCClientError) {
    const data = error.data as { fieldErrors?: Record<string, string[]> } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}

/** The first message for each of `fields` among a schema's issues (by the issue's top-level key). */
export function firstIssueMessages<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if ((fields as readonly PropertyKey[]).includes(key as PropertyKey)) messages[key as F] ??= issue.message;
  }
  return messages;
}

/** The first message the server gave for each of `fields` (a refused call's field errors). */
export function firstFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const fieldErrors = getFieldErrors(error);
  const messages: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message !== undefined) messages[field] = message;
  }
  return messages;
}

export function getErrorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus ?? null;
  }
  return null;
}

/** The spec's error rule for /api calls: "<status>: <body text or status text>". */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body || statusText;
  }
}

/** A JSON call to a literal /api path with credentials; the JSON content type only when a body is sent. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return (await response.json()) as T;
}
