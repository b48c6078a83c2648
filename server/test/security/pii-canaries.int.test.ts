import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../drizzle/schema/index';
import { createLogger } from '../../lib/logger';
import { decryptApplicationPii } from '../../lib/pii';
import { createMailer } from '../../lib/mail';
import { applicationFiles, applicationFormData, postApplication, type UploadFile } from '../factories/applications';
import {
  eventually,
  getTestDeps,
  insertUser,
  mailTo,
  sessionCookieFor,
  startTestServer,
  type TestServer,
} from '../harness';
import { freshIp, randomDigits } from './support';

// docs/security.md F1, F4 and F5 with synthetic canaries (SSNs and EINs starting with 9, birth dates before 1950), seeded
// through the real multipart submission route, anonymous and signed in:
//   F1  every table of the test database read back with plain SELECTs: 0 plaintext canaries, and two rows with the
//       same SSN hold different ciphertexts;
//   F4  every read endpoint a client and an admin can reach: 0 full SSNs/EINs in any body, masked formats where shown;
//   F5  everything the server logged meanwhile, at level trace: 0 canaries, session tokens, reset tokens or passwords.

const APPLICATIONS = 20;
const BATCH = 5;
const RUN = randomBytes(3).toString('hex').toUpperCase();
const BUSINESS_PREFIX = `F-CANARY ${RUN}`;

type Pii = { ssn: string; ein: string; dateOfBirth: string };
type Seeded = { id: string; email: string; pii: Pii };

/** A synthetic SSN, EIN and birth date, each unlikely to exist anywhere else in the test database. */
function canaryPii(): Pii {
  const ssn = `9${randomDigits(2)}-${randomDigits(2)}-${randomDigits(4)}`;
  const ein = `9${randomDigits(1)}-${randomDigits(7)}`;
  const year = 1931 + (Number(randomDigits(2)) % 19);
  const month = String(1 + (Number(randomDigits(2)) % 12)).padStart(2, '0');
  const day = String(1 + (Number(randomDigits(2)) % 28)).padStart(2, '0');
  return { ssn, ein, dateOfBirth: `${year}-${month}-${day}` };
}

/** Every spelling of a canary worth looking for, as regexes that do not match inside a longer number. */
function spellingsOf(pii: Pii): RegExp[] {
  const [year, month, day] = pii.dateOfBirth.split('-');
  const exact = (text: string) => new RegExp(`(?<!\\d)${text.replace(/[-/]/g, '\\$&')}(?!\\d)`);
  return [
    exact(pii.ssn),
    exact(pii.ssn.replace(/-/g, '')),
    exact(pii.ein),
    exact(pii.ein.replace(/-/g, '')),
    exact(pii.dateOfBirth),
    exact(`${month}/${day}/${year}`),
    exact(`${year}${month}${day}`),
  ];
}

/** Log lines, as the app's own logger writes them (same level filter, redaction and serializers). */
const logLines: string[] = [];
/** Secrets that must never reach a log: session cookies' tokens, the reset token, passwords. */
const secrets = { sessionTokens: [] as string[], resetTokens: [] as string[], passwords: [] as string[] };
const seeded: Seeded[] = [];
/** Bodies of every read (F4) and of every submission answer, labelled for failure messages. */
const bodies: Array<{ who: 'client' | 'admin' | 'anonymous'; label: string; text: string }> = [];

let server: TestServer;
let clientCookie = '';
let adminCookie = '';
let samePair: [string, string] = ['', ''];
let returningPair: [string, string] = ['', ''];

/** The app's logger at level trace, writing into `logLines` instead of stdout. */
function capturingLogger() {
  const log = createLogger('trace');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // createLogger takes no destination; pino reads the stream from this symbol on every write.
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = sink;
  return log;
}

async function startCapturingServer(): Promise<TestServer> {
  const base = await getTestDeps();
  const log = capturingLogger();
  const mailer = createMailer({
    smtpUrl: base.env.SMTP_URL,
    mailDir: base.env.MAIL_DIR,
    from: base.env.MAIL_FROM,
    log,
  });
  return startTestServer({ deps: { log, mailer } });
}

const tokenOf = (response: Response, name: string) =>
  (response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? '').split(';')[0] ?? '';

async function submit(
  index: number,
  opts: { pii?: Partial<Pii>; cookie?: string; files: UploadFile[]; isExistingClient?: boolean },
) {
  const form = applicationFormData({
    businessName: `${BUSINESS_PREFIX} ${String(index).padStart(2, '0')}`,
    ...opts.pii,
    ...(opts.isExistingClient ? { isExistingClient: true } : {}),
  });
  const response = await postApplication(server.url, {
    formData: form,
    files: opts.files,
    cookie: opts.cookie,
    ip: freshIp(),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  bodies.push({ who: opts.cookie ? 'client' : 'anonymous', label: `submission ${index}`, text });
  const { applicationId } = JSON.parse(text) as { applicationId: string };
  return { response, id: applicationId, email: form.email };
}

beforeAll(async () => {
  server = await startCapturingServer();
  const files = await applicationFiles();
  const statementOnly = files.filter((file) => file.field === 'bankStatements');

  // Anonymous applicants; #1 reuses #0's SSN (same person, two businesses).
  const anonymousCount = APPLICATIONS - 3;
  const piis = Array.from({ length: anonymousCount }, () => canaryPii());
  piis[1] = { ...piis[1]!, ssn: piis[0]!.ssn };
  for (let start = 0; start < anonymousCount; start += BATCH) {
    const batch = piis.slice(start, start + BATCH);
    const done = await Promise.all(batch.map((pii, offset) => submit(start + offset, { pii, files })));
    done.forEach(({ id, email }, offset) => seeded.push({ id, email, pii: batch[offset]! }));
  }
  samePair = [seeded[0]!.id, seeded[1]!.id];

  // Client A applies anonymously, then registers from the same browser with the email applied with (the
  // application is linked by the claim the submission answer set), logs in, applies again signed in, and once more
  // as a returning client reusing the stored SSN/EIN/DOB.
  const aPii = canaryPii();
  const first = await submit(anonymousCount, { pii: aPii, files });
  seeded.push({ id: first.id, email: first.email, pii: aPii });
  const claim = tokenOf(first.response, 'claim');
  const aEmail = first.email;
  const aPassword = `Canary-Pass-${randomDigits(6)}!`;
  secrets.passwords.push(aPassword);
  const register = await server.request('/api/client/register', {
    ip: freshIp(),
    cookie: claim,
    body: { firstName: 'Fay', lastName: 'Canary', email: aEmail, password: aPassword, businessName: BUSINESS_PREFIX },
  });
  expect(register.status).toBe(201);
  secrets.sessionTokens.push(tokenOf(register, 'session').split('=')[1] ?? '');
  const wrong = `Wrong-Canary-${randomDigits(6)}!`;
  secrets.passwords.push(wrong);
  expect(
    (await server.request('/api/client/login', { ip: freshIp(), body: { email: aEmail, password: wrong } })).status,
  ).toBe(401);
  const login = await server.request('/api/client/login', {
    ip: freshIp(),
    body: { email: aEmail, password: aPassword },
  });
  expect(login.status).toBe(200);
  clientCookie = tokenOf(login, 'session');
  secrets.sessionTokens.push(clientCookie.split('=')[1] ?? '');

  const bPii = canaryPii();
  const second = await submit(anonymousCount + 1, { pii: bPii, files, cookie: clientCookie });
  seeded.push({ id: second.id, email: second.email, pii: bPii });
  const third = await submit(anonymousCount + 2, {
    pii: { ssn: '', ein: '', dateOfBirth: '' },
    files: statementOnly,
    cookie: clientCookie,
    isExistingClient: true,
  });
  // The reused values come from A's "last" application; created_at has whole seconds, so read which one it was.
  const { db } = await getTestDeps();
  const [reused] = await db.select().from(applications).where(eq(applications.id, third.id));
  const [linked] = await db
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, first.id));
  expect(linked?.userId, 'the anonymous application is linked to the account registered from its browser').toBe(
    reused?.userId,
  );
  const reusedPii = decryptApplicationPii(third.id, reused!);
  const source = seeded.slice(-2).find(({ pii }) => pii.ssn === reusedPii.ssn);
  expect(source, "the returning application reuses one of A's own").toBeDefined();
  seeded.push({ id: third.id, email: third.email, pii: reusedPii });
  returningPair = [source!.id, third.id];

  // A password reset for A: the token travels by mail and in a JSON body, the new password in a body.
  expect((await server.request('/api/auth/forgot-password', { ip: freshIp(), body: { email: aEmail } })).status).toBe(
    200,
  );
  const mail = await mailTo(aEmail, 'reset-password?token=');
  const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
  expect(resetToken).not.toBe('');
  secrets.resetTokens.push(resetToken);
  await (await server.request(`/reset-password?token=${resetToken}`)).arrayBuffer();
  const newPassword = `Fresh-Canary-${randomDigits(6)}!`;
  secrets.passwords.push(newPassword);
  const reset = await server.request('/api/auth/reset-password', {
    ip: freshIp(),
    body: { token: resetToken, newPassword },
  });
  expect(reset.status).toBe(200);
  const relogin = await server.request('/api/client/login', {
    ip: freshIp(),
    body: { email: aEmail, password: newPassword },
  });
  expect(relogin.status).toBe(200);
  clientCookie = tokenOf(relogin, 'session');
  secrets.sessionTokens.push(clientCookie.split('=')[1] ?? '');

  const admin = await insertUser({ role: 'admin' });
  adminCookie = await sessionCookieFor(admin);
  secrets.sessionTokens.push(adminCookie.split('=')[1] ?? '');
  expect(seeded).toHaveLength(APPLICATIONS);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const allSpellings = () => seeded.flatMap(({ pii }) => spellingsOf(pii));

describe('PII canaries', () => {
  it('F1: a dump of every table holds 0 plaintext canaries; equal SSNs have different ciphertexts', async () => {
    const { pool, db } = await getTestDeps();
    const [tables] = await pool.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
    );
    const names = (tables as Array<{ name: string }>).map((row) => row.name);
    expect(names).toContain('applications');
    const spellings = allSpellings();
    const hits: string[] = [];
    let rows = 0;
    for (const name of names) {
      // Every column as the bytes stored (text protocol), so dates, JSON and binary columns are searched verbatim.
      const [result] = await pool.query({
        sql: `SELECT * FROM \`${name.replace(/`/g, '')}\``,
        typeCast: (field) => field.buffer()?.toString('latin1') ?? null,
      });
      const tableRows = result as Array<Record<string, string | null>>;
      rows += tableRows.length;
      const dump = tableRows.map((row) => Object.values(row).join('\u0001')).join('\n');
      for (const spelling of spellings) if (spelling.test(dump)) hits.push(`${name}: ${spelling.source}`);
      // Control: the scan does see plaintext that is meant to be there (business names, SSN last four).
      if (name === 'applications') {
        expect(dump).toContain(BUSINESS_PREFIX);
        expect(dump).toContain(seeded[0]!.pii.ssn.slice(-4));
      }
    }
    expect(hits).toEqual([]);

    const stored = await db
      .select({
        id: applications.id,
        ssnEnc: applications.ssnEnc,
        einEnc: applications.einEnc,
        dateOfBirthEnc: applications.dateOfBirthEnc,
      })
      .from(applications)
      .where(inArray(applications.id, [...samePair, ...returningPair]));
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const [left, right] of [samePair, returningPair]) {
      const a = byId.get(left)!;
      const b = byId.get(right)!;
      expect(decryptApplicationPii(a.id, a).ssn).toBe(decryptApplicationPii(b.id, b).ssn);
      expect(a.ssnEnc).toMatch(/^v1:/);
      expect(a.ssnEnc).not.toBe(b.ssnEnc);
    }
    console.info(
      `F1: ${APPLICATIONS} applications, 3 canary kinds (SSN, EIN, DOB; ${spellings.length} spellings) -> 0 plaintext hits in ${rows} rows of ${names.length} tables; 2 same-SSN pairs with different ciphertexts (no blind index column exists to compare)`,
    );
  });

  it('F4: 0 full SSNs or EINs in any body a client or an admin can read; masked where shown', async () => {
    const aIds = seeded.slice(-3).map((row) => row.id);
    const read = async (who: 'client' | 'admin', url: string) => {
      const response = await server.request(url, { cookie: who === 'client' ? clientCookie : adminCookie });
      const text = await response.text();
      bodies.push({ who, label: `${response.status} GET ${url}`, text });
      return { status: response.status, text };
    };
    const trpc = (who: 'client' | 'admin', procedure: string, input: unknown = undefined) =>
      read(
        who,
        `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
      );

    // Client A: every read of the portal and the wizard.
    for (const url of [
      '/api/auth/user',
      '/api/client/me',
      '/api/client/profile',
      '/api/my-applications',
      '/api/client/applications',
      '/api/client/loans',
      '/api/client/rewards/dashboard',
      '/api/client/lower-payment-requests',
      ...aIds.flatMap((id) => [`/api/client/applications/${id}/offers`, `/api/client/applications/${id}/signature`]),
    ]) {
      await read('client', url);
    }
    for (const procedure of [
      'auth.current',
      'application.start',
      'application.profile',
      'client.applications',
      'client.refinanceRequests',
      'rewards.dashboard',
    ]) {
      await trpc('client', procedure);
    }
    const profile = JSON.parse((await read('client', '/api/client/profile')).text) as {
      data: { lastApplication: { ssn: string; ein: string } };
    };
    // The most recent of A's applications (several may share a created_at second): masked values of one of them.
    const masked = ({ ssn, ein }: Pii) => `***-**-${ssn.slice(-4)} **-***${ein.slice(-4)}`;
    expect(seeded.slice(-3).map(({ pii }) => masked(pii))).toContain(
      `${profile.data.lastApplication.ssn} ${profile.data.lastApplication.ein}`,
    );
    expect(profile.data.lastApplication).not.toHaveProperty('dateOfBirth');

    // Admin: lists, details, by-email lookups, applicants, the CSV export and the dashboards.
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ search: BUSINESS_PREFIX, ...(cursor ? { cursor } : {}) });
      const page = JSON.parse((await read('admin', `/api/admin/applications?${query}`)).text) as {
        data: Array<{ id: string }>;
        nextCursor: string | null;
      };
      cursor = page.nextCursor;
    } while (cursor);
    for (const { id, email, pii } of seeded) {
      const detail = await read('admin', `/api/admin/applications/${id}`);
      expect(detail.status).toBe(200);
      const { data } = JSON.parse(detail.text) as { data: { ssn: string; ein: string; ownerDateOfBirth: string } };
      expect(data.ssn).toBe(`***-**-${pii.ssn.slice(-4)}`);
      expect(data.ein).toBe(`**-***${pii.ein.slice(-4)}`);
      expect(data.ownerDateOfBirth).toBe('****-**-**');
      await read('admin', `/api/admin/applications/by-email/${encodeURIComponent(email)}`);
    }
    const applicants = JSON.parse((await read('admin', `/api/admin/applicants?search=${BUSINESS_PREFIX}`)).text) as {
      data: Array<{ id: string }>;
    };
    for (const { id } of applicants.data) await read('admin', `/api/admin/applicants/${id}`);
    for (const url of [
      '/api/admin/applicants/export',
      `/api/admin/applicants/export?search=${encodeURIComponent(BUSINESS_PREFIX)}`,
      '/api/admin/applications',
      '/api/admin/applicants',
      '/api/admin/dashboard',
      '/api/admin/analytics',
      '/api/admin/loans',
      '/api/admin/refinance-requests',
      '/api/email-signups',
    ]) {
      const { status } = await read('admin', url);
      expect(status, url).toBe(200);
    }
    await trpc('admin', 'admin.recentApplications');
    await trpc('admin', 'admin.listApplications', { search: BUSINESS_PREFIX });

    // Any SSN- or EIN-shaped number in any body, compared with the canaries (masked values never match).
    const canaryDigits = new Set(seeded.flatMap(({ pii }) => [pii.ssn.replace(/-/g, ''), pii.ein.replace(/-/g, '')]));
    const shapes = [/(?<!\d)\d{3}-?\d{2}-?\d{4}(?!\d)/g, /(?<!\d)\d{2}-?\d{7}(?!\d)/g];
    const leaks: string[] = [];
    for (const body of bodies) {
      for (const shape of shapes) {
        for (const match of body.text.matchAll(shape)) {
          if (canaryDigits.has(match[0].replace(/-/g, ''))) leaks.push(`${body.who} ${body.label}`);
        }
      }
      // Clients never see a birth date either.
      if (body.who !== 'admin') {
        for (const { pii } of seeded)
          if (body.text.includes(pii.dateOfBirth)) leaks.push(`${body.who} ${body.label}: DOB`);
      }
    }
    expect(leaks).toEqual([]);
    // Control: the bodies really hold these applications (by business name) and their masked values.
    const everything = bodies.map((body) => body.text).join('\n');
    expect(everything).toContain(BUSINESS_PREFIX);
    expect(everything).toContain(`***-**-${seeded[0]!.pii.ssn.slice(-4)}`);
    const submissions = bodies.filter((body) => body.label.startsWith('submission')).length;
    const count = (who: string) =>
      bodies.filter((body) => body.who === who && !body.label.startsWith('submission')).length;
    console.info(
      `F4: ${bodies.length} bodies (${submissions} submission answers, ${count('client')} client reads, ${count('admin')} admin reads incl. ${APPLICATIONS} details, ${APPLICATIONS} by-email, CSV export) -> 0 full SSNs/EINs; masked ***-**-1234 / **-***5678 on profile and admin detail; 0 birth dates to clients`,
    );
  });

  it('F5: the server logs at trace hold 0 canaries, session tokens, reset tokens or passwords', async () => {
    // The access log is on from debug up: one line per request at least.
    await eventually(() => (logLines.length >= 20 ? true : null));
    const checks: Array<[string, RegExp]> = [
      ...allSpellings().map((spelling): [string, RegExp] => ['canary', spelling]),
      ...secrets.sessionTokens.map((token): [string, RegExp] => ['session token', new RegExp(token)]),
      ...secrets.resetTokens.map((token): [string, RegExp] => ['reset token', new RegExp(token)]),
      ...secrets.passwords.map((password): [string, RegExp] => [
        'password',
        new RegExp(password.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      ]),
    ];
    for (const token of [...secrets.sessionTokens, ...secrets.resetTokens])
      expect(token.length).toBeGreaterThanOrEqual(20);
    const hits: string[] = [];
    for (const line of logLines) {
      for (const [kind, pattern] of checks) if (pattern.test(line)) hits.push(`${kind} in: ${line.slice(0, 120)}`);
    }
    expect(hits).toEqual([]);
    const requests = logLines.filter((line) => line.includes('"msg":"request"')).length;
    // Control: the capture really holds this server's access log.
    expect(logLines.some((line) => line.includes('/api/client/profile'))).toBe(true);
    console.info(
      `F5: ${logLines.length} log lines at level trace (${requests} request lines) scanned for ${checks.length} secrets (${allSpellings().length} canary spellings, ${secrets.sessionTokens.length} session tokens, ${secrets.resetTokens.length} reset token, ${secrets.passwords.length} passwords) -> 0 hits`,
    );
  });
});
