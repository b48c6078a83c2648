import type { SuperJSONResult } from 'superjson';
import { isStaff, ROLES, type Role } from '@shared/roles';
import type { RouterOutputs } from './trpc';

/** The signed-in user as the navigation bar needs it (null: signed out). */
export type CurrentUser = Pick<NonNullable<RouterOutputs['auth']['current']>, 'firstName' | 'role'>;

/**
 * The server's answer to `auth.current`: the user for the bar, and the answer as tRPC sent it (superjson's
 * `{ json, meta }`), which the whole app puts in its cache when it takes a page over (src/app/start.tsx), so that it
 * starts signed in without asking again. `sent` is null when nobody is signed in or the request failed.
 */
export type AuthAnswer = { user: CurrentUser | null; sent: SuperJSONResult | null };

/** The auth state the app and the bar are drawn from: loading, signed in (staff or not), or signed out. */
export function authStateOf<U extends { role: Role }>(user: U | null, isLoading: boolean) {
  return { user, isLoading, isAuthenticated: Boolean(user), isStaff: isStaff(user?.role) };
}

const SIGNED_OUT: AuthAnswer = { user: null, sent: null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Reads a tRPC GET answer of `auth.current` (any other shape, or a null user, reads as signed out). */
export function readAuthAnswer(body: unknown): AuthAnswer {
  const data = isObject(body) && isObject(body.result) ? body.result.data : undefined;
  const json = isObject(data) ? data.json : undefined;
  if (!isObject(data) || !isObject(json)) return SIGNED_OUT;
  const role = ROLES.find((known) => known === json.role);
  if (!role || typeof json.firstName !== 'string') return SIGNED_OUT;
  // Checked as far as this page reads it; the rest is superjson's own envelope, which it reads itself.
  return { user: { firstName: json.firstName, role }, sent: data as unknown as SuperJSONResult };
}

let answer: Promise<AuthAnswer> | undefined;

/**
 * The auth answer for a prerendered public page, without the tRPC client and react-query (the whole app's useAuth):
 * one GET of the same procedure, asked once per page. A failed request reads as signed out.
 */
export function fetchAuthAnswer(): Promise<AuthAnswer> {
  answer ??= fetch('/trpc/auth.current', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then(readAuthAnswer, () => SIGNED_OUT);
  return answer;
}
