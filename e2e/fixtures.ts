import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import mysql from 'mysql2/promise';
import { hashPassword } from '../server/auth/password';
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_VAR_DIR } from '../playwright.config';

export { expect };

type Role = 'client' | 'admin' | 'super_admin';
export type E2EUser = { id: string; email: string; password: string; firstName: string; role: Role };

let pool: mysql.Pool | undefined;
export function db(): mysql.Pool {
  pool ??= mysql.createPool({ uri: E2E_DATABASE_URL, connectionLimit: 2, timezone: 'Z', dateStrings: true });
  return pool;
}

export const E2E_PASSWORD = 'Quiet-Meadow-58';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 10)}@example.test`;
}

/** Inserts a user straight into the database (synthetic data only). */
export async function createUser(
  opts: { role?: Role; firstName?: string; email?: string; password?: string } = {},
): Promise<E2EUser> {
  const user: E2EUser = {
    id: randomUUID(),
    email: opts.email ?? uniqueEmail(opts.role ?? 'client'),
    password: opts.password ?? E2E_PASSWORD,
    firstName: opts.firstName ?? 'Casey',
    role: opts.role ?? 'client',
  };
  const now = new Date();
  await db().query(
    'INSERT INTO users (id, email, password_hash, first_name, last_name, business_name, role, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)',
    [
      user.id,
      user.email,
      await hashPassword(user.password),
      user.firstName,
      'Tester',
      'Tester Supply Co',
      user.role,
      now,
      now,
    ],
  );
  return user;
}

/** Signs a user in by creating a session row and setting its cookie (staff sessions as second-factor verified). */
export async function signIn(page: Page, user: E2EUser): Promise<void> {
  const token = randomBytes(20).toString('hex');
  const idleSeconds = user.role === 'client' ? 7 * 86_400 : 1800;
  const now = Date.now();
  await db().query(
    'INSERT INTO sessions (id, user_id, expires_at, absolute_expires_at, idle_seconds, mfa_verified, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)',
    [
      createHash('sha256').update(token).digest('hex'),
      user.id,
      new Date(now + idleSeconds * 1000),
      new Date(now + 12 * 3600_000),
      idleSeconds,
      new Date(now),
    ],
  );
  await page
    .context()
    .addCookies([{ name: 'session', value: token, url: E2E_BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
}

/** The newest .eml sent to `to`, decoded (quoted-printable soft breaks removed). */
export function latestMailTo(to: string): string | undefined {
  const dir = path.join(E2E_VAR_DIR, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  return files
    .map((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => mail.includes(`To: ${to}`))
    .at(-1);
}

/** A same-origin JSON POST from the page's browser context (the server refuses foreign origins). */
export function apiPost(page: Page, pathName: string, data: unknown) {
  return page.request.post(pathName, { data, headers: { Origin: E2E_BASE_URL } });
}

export { E2E_BASE_URL };

/**
 * Signs the open offer dialog: consent to electronic records, the typed name, Confirm and Accept. The
 * chosen option is whatever the dialog has selected (the standard offer unless the test chose another).
 */
export async function signOffer(dialog: Locator, fullName = 'Casey Tester'): Promise<void> {
  await expect(dialog.getByRole('region', { name: 'Offer summary' })).toBeVisible();
  await dialog.getByText('I agree to receive and sign this offer').click();
  await expect(dialog.getByRole('checkbox', { name: /I agree to receive and sign/ })).toBeChecked();
  await dialog.getByLabel('Type your full name to sign').fill(fullName);
  await dialog.getByRole('button', { name: 'Confirm and Accept' }).click();
}

type Fixtures = {
  /** Console errors the test expects (matched by substring); any other console.error fails the test. */
  allowConsoleErrors: string[];
  loginAs: (role?: Role, opts?: { firstName?: string }) => Promise<E2EUser>;
};

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // The browser's own note about a non-2xx response is not an application error.
      if (text.startsWith('Failed to load resource')) return;
      if (allowConsoleErrors.some((allowed) => text.includes(allowed))) return;
      errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
  loginAs: async ({ page }, use) => {
    await use(async (role = 'client', opts = {}) => {
      const user = await createUser({ role, firstName: opts.firstName });
      await signIn(page, user);
      return user;
    });
  },
});
