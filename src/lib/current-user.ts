import type { RouterOutputs } from './trpc';

/** The signed-in user as the navigation bar needs it (null: signed out). */
export type CurrentUser = Pick<NonNullable<RouterOutputs['auth']['current']>, 'firstName' | 'role'>;

let answer: Promise<CurrentUser | null> | undefined;

/**
 * The auth answer for a prerendered public page, without the tRPC client and react-query (the whole app's useAuth):
 * one GET of the same procedure, read once per page. A failed request reads as signed out.
 */
export function fetchCurrentUser(): Promise<CurrentUser | null> {
  answer ??= fetch('/trpc/auth.current', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { result?: { data?: { json?: CurrentUser | null } } } | null) => body?.result?.data?.json ?? null)
    .catch(() => null);
  return answer;
}
