import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { auditLog, users } from '../../drizzle/schema/index';
import type { Role } from '../../src/shared/constants';
import { parseLenderEnv } from '../../src/shared/lender';
import { startSession, type AuthSession, type AuthUser } from '../auth/lucia';
import { hashPassword } from '../auth/password';
import { fixedVisitor } from '../auth/visitor';
import { createApp, createDeps } from '../app';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { parseEnv } from '../env';
import { loadDataKey } from '../lib/crypto';
import { createLocalStorage } from '../lib/storage';
import { newId } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { createCaller } from '../routers/index';
import { ensureReferenceData } from '../services/rewards/index';
import { createInnerContext, type Context } from '../trpc/context';

let depsPromise: Promise<AppDeps> | undefined;

export const TEST_LENDER_ENV = {
  LENDER_LEGAL_NAME: 'Canary Test Lending LLC',
  LENDER_BRAND_NAME: 'Canary Capital',
  LENDER_ADDRESS: '77 Canary Wharf Road|Portland, OR 97201',
  LENDER_PHONE: '(503) 555-0187',
  LENDER_SUPPORT_EMAIL: 'help@canary-capital.example',
  LENDER_HOURS: 'Weekdays 9 AM - 5 PM PT',
};

export function testDirs() {
  const varDir = inject('testVarDir');
  return { varDir, mailDir: path.join(varDir, 'mail'), uploadDir: path.join(varDir, 'uploads') };
}

/** App dependencies on the run's throwaway database, built once per worker. */
export function getTestDeps(): Promise<AppDeps> {
  depsPromise ??= (async () => {
    const { varDir, mailDir, uploadDir } = testDirs();
    mkdirSync(mailDir, { recursive: true });
    mkdirSync(uploadDir, { recursive: true });
    const env = parseEnv({
      NODE_ENV: 'test',
      DATABASE_URL: inject('testDatabaseUrl'),
      MAIL_DIR: mailDir,
      UPLOAD_DIR: uploadDir,
      VAR_DIR: varDir,
      DATA_ENCRYPTION_KEY: inject('testDataKey'),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      // Tests act as a trusted proxy so each request can come from its own client address.
      TRUST_PROXY_HOPS: '1',
      // A lender other than the built-in demo one, so tests see that emails carry the configured details.
      ...TEST_LENDER_ENV,
    });
    loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir, isProduction: false });
    const deps = createDeps(env, createLogger('silent'));
    await ensureReferenceData(deps.db);
    return deps;
  })();
  return depsPromise;
}

let ipCounter = 0;
/** A distinct client address per call, so per-IP limits of one test never touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

export const TEST_PASSWORD = 'Sturdy-Test-Pass-42';

export type TestUser = AuthUser & { password: string };

/** Inserts a user (factory; never the service under test). */
export async function insertUser(
  opts: {
    role?: Role;
    email?: string;
    password?: string;
    firstName?: string;
    isActive?: boolean;
    /** Another database than the run's own (a test with a database of its own). */
    db?: Db;
  } = {},
): Promise<TestUser> {
  const db = opts.db ?? (await getTestDeps()).db;
  const password = opts.password ?? TEST_PASSWORD;
  const row = {
    id: newId(),
    email: opts.email ?? uniqueEmail(opts.role ?? 'client'),
    passwordHash: await hashPassword(password),
    firstName: opts.firstName ?? 'Test',
    lastName: 'User',
    businessName: 'Test Business LLC',
    role: opts.role ?? 'client',
    isActive: opts.isActive ?? true,
  };
  await db.insert(users).values(row);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    role: row.role,
    isActive: row.isActive,
    totpEnabled: false,
    createdAt: new Date(),
    password,
  };
}

export async function getUserRow(id: string) {
  const deps = await getTestDeps();
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

type CallerOpts = { session?: Partial<AuthSession>; ip?: string; visitorHash?: string | null; cookies?: string[] };

/** A tRPC caller as `user` would call (null: anonymous). Staff sessions count as second-factor verified unless told otherwise. */
export async function callerFor(user: AuthUser | null, opts: CallerOpts = {}) {
  const deps = await getTestDeps();
  const session: AuthSession | null = user
    ? {
        id: `test-${randomUUID()}`,
        expiresAt: new Date(Date.now() + 3600_000),
        fresh: false,
        mfaVerified: true,
        ...opts.session,
      }
    : null;
  const cookies = opts.cookies ?? [];
  const visitorHash = opts.visitorHash ?? null;
  const ctx: Context = createInnerContext(deps, {
    user,
    session,
    meta: { ip: opts.ip ?? uniqueIp() },
    visitor: fixedVisitor(visitorHash, 'visitor-hash'),
    setCookie: (cookie) => cookies.push(cookie),
  });
  return createCaller(ctx);
}

/** A real session row and cookie for HTTP tests. */
export async function sessionCookieFor(user: { id: string; role: Role }, mfaVerified = true): Promise<string> {
  const deps = await getTestDeps();
  const session = await startSession(deps.lucia, user.id, user.role, mfaVerified);
  return deps.lucia.createSessionCookie(session.id).serialize().split(';')[0] ?? '';
}

type RequestOpts = {
  method?: string;
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  ip?: string;
};

/** A running app: its address, its dependencies, and `request`, a same-origin JSON request to it (`jsonRequest`). */
export type TestServer = {
  url: string;
  close: () => Promise<void>;
  deps: AppDeps;
  request: (pathName: string, opts?: RequestOpts) => Promise<Response>;
};

/**
 * The whole HTTP app on a random port. `ownStorage`: a storage root of its own, so "no file left" checks see only
 * this server's uploads. `deps` replaces parts of the shared dependencies (a capturing logger, a given storage);
 * `distDir` serves a client build (none by default).
 */
export async function startTestServer(
  opts: { ownStorage?: boolean; deps?: Partial<AppDeps>; distDir?: string } = {},
): Promise<TestServer> {
  const deps = { ...(await getTestDeps()), ...opts.deps };
  if (opts.ownStorage) deps.storage = createLocalStorage(mkdtempSync(path.join(testDirs().varDir, 'storage-')));
  const app = createApp(deps, { distDir: opts.distDir ?? path.join(testDirs().varDir, 'no-dist') });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    deps,
    request: (pathName, requestOpts) => jsonRequest(url, pathName, requestOpts),
    close: () =>
      new Promise<void>((resolve) => {
        app.server.closeAllConnections();
        app.server.close(() => resolve());
      }),
  };
}

/**
 * A test server for the whole file: started before its first test, closed after its last. The object it answers is
 * filled in when the server is up, so tests read `server.url` as usual.
 */
export function testServerForFile(opts: Parameters<typeof startTestServer>[0] = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(opts));
  });
  afterAll(() => server.close());
  return server;
}

/** Same-origin JSON request, as the browser app sends it. */
function jsonRequest(base: string, pathName: string, opts: RequestOpts = {}) {
  const headers: Record<string, string> = { 'X-Forwarded-For': opts.ip ?? uniqueIp(), ...opts.headers };
  if (opts.origin !== null) headers.Origin = opts.origin ?? 'http://localhost:3000';
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${base}${pathName}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
}

/** The .eml files written to `to`, newest last. */
export function readMails(to: string): string[] {
  const { mailDir } = testDirs();
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(mailDir, file), 'utf8')))
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail));
}

/** The text and HTML parts of a decoded .eml; null when it is not multipart/alternative with both. */
export function mailParts(mail: string): { text: string; html: string } | null {
  const boundary = /^Content-Type: multipart\/alternative;\s*boundary="([^"]+)"/im.exec(mail)?.[1];
  if (!boundary) return null;
  const parts = mail.split(`--${boundary}`).slice(1, -1);
  const body = (type: string) => {
    const part = parts.find((candidate) => new RegExp(`^\\s*Content-Type: ${type};`, 'i').test(candidate));
    return part
      ?.split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n');
  };
  const text = body('text/plain');
  const html = body('text/html');
  return text && html ? { text, html } : null;
}

/**
 * Asserts what every email carries (docs/architecture.md, "Emails"): a text and an HTML part, both with the configured
 * lender's brand, legal name, address, phone and support email, and no remote image. Answers the parts.
 */
export function expectLenderMail(mail: string): { text: string; html: string } {
  const parts = mailParts(mail);
  expect(parts, 'a multipart/alternative mail with text and HTML parts').not.toBeNull();
  const lender = parseLenderEnv(TEST_LENDER_ENV);
  for (const body of [parts!.text, parts!.html]) {
    for (const detail of [lender.brandName, lender.legalName, lender.address, lender.phone, lender.supportEmail]) {
      expect(body).toContain(detail);
    }
  }
  expect(parts!.html).not.toMatch(/<img\b|url\(|src=/i);
  return parts!;
}

/** Mail bodies are quoted-printable: long lines (reset links) are split with soft breaks; bytes are UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** Polls until `check` returns a value (mail is written in the background). */
export async function eventually<T>(
  check: () => T | undefined | null | Promise<T | undefined | null>,
  timeoutMs = 5000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error('eventually: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first mail to `to` that contains `containing` (any mail to `to` without it), waiting until it is written. */
export function mailTo(to: string, containing = ''): Promise<string> {
  return eventually(() => readMails(to).find((mail) => mail.includes(containing)));
}

/** The audit rows of one action on one target, newest first. */
export async function auditsFor(targetId: string, action: string) {
  const { db } = await getTestDeps();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}
