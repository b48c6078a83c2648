import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applications } from '../../../drizzle/schema/index';
import { applicationFormData, filesUnder, photoPng, statementPdf } from '../factories/applications';
import { getTestDeps, insertUser, sessionCookieFor, testDirs, type TestServer } from '../harness';
import { headerProblems } from './headers';
import { freshIp } from './support';
import { multipart, postRaw, SPA_SHELL, startUploadServer, type RawPart } from './upload-support';
import { DOWNLOAD_CSP } from '../../rest/admin';

// docs/security.md E3, E4: hostile file names land nowhere but under a random key and come back out of the admin
// download as a clean attachment; stored documents are unreachable except through that download, which clients
// never get. (Refused uploads, E1: uploads.int.test.ts.)

let server: TestServer;
let storageRoot = '';
beforeAll(async () => {
  ({ server, storageRoot } = await startUploadServer());
});
afterAll(async () => {
  await server?.close();
});

const documentsDir = () => path.join(storageRoot, 'documents');

describe('hostile file names (E3) and the download path (E4)', () => {
  const token = randomBytes(5).toString('hex');
  const absTarget = path.join(os.tmpdir(), `abs-${token}.pdf`);
  const evilTarget = path.join(os.tmpdir(), `evil-${token}.png`);
  const NAMES = {
    traversal: `../../x-${token}.pdf`,
    crlf: `a&#0013;&#0010;X-Injected-${token}: 1.pdf`,
    nulEntity: `statement&#0000;${token}.pdf`,
    script: `<script>alert(1)</script>${token}.pdf`,
    long: `${'x'.repeat(300)}${token}.png`,
    rtl: `check-${token}\u202Egnp.png`,
    encoded: `..%2F..%2Fenc-${token}.pdf`,
    absolute: absTarget,
    nulRaw: `nul\u0000${token}.pdf`,
    backslash: `..\\..\\win-${token}.pdf`,
    bidiLicense: `\u2066id-${token}\u2069.png`,
    deepTraversal: `../../../../../../..${evilTarget}`,
  };
  /** The literal `../../x` (no extension): refused as an unknown type, and must not land anywhere either. */
  const bareTraversal = `../../x-${token}`;
  let bareTraversalStatus = 0;
  let uploadedIds: string[] = [];
  let owner: Awaited<ReturnType<typeof insertUser>>;
  let ownerApplicationId = '';

  async function submitNamed(names: { statements: string[]; license: string; check: string }, cookie?: string) {
    const data = applicationFormData();
    const parts: RawPart[] = [{ name: 'formData', content: JSON.stringify(data) }];
    for (const [index, filename] of names.statements.entries()) {
      parts.push({ name: 'bankStatements', filename, type: 'application/pdf', content: await statementPdf(index + 1) });
    }
    parts.push({ name: 'driversLicense', filename: names.license, type: 'image/png', content: photoPng() });
    parts.push({ name: 'voidedCheck', filename: names.check, type: 'image/png', content: photoPng() });
    const { body, contentType } = multipart(parts);
    const response = await postRaw(server.url, body, contentType, { cookie });
    return { response, email: data.email };
  }

  /** Every place a name could have escaped to, and any file anywhere under the test var dir carrying the token. */
  function escapedFiles(): string[] {
    const bases = [storageRoot, server.deps.storage.tempDir, documentsDir(), process.cwd(), os.tmpdir()];
    const targets = [...Object.values(NAMES), bareTraversal].flatMap((name) =>
      bases.map((base) => path.resolve(base, name)),
    );
    const direct = [...targets, absTarget, evilTarget].filter((target) => existsSync(target));
    const underVar = filesUnder(testDirs().varDir).filter((file) => path.basename(file).includes(token));
    const tmpTop = readdirSync(os.tmpdir()).filter((entry) => entry.includes(token));
    return [...new Set([...direct, ...underVar, ...tmpTop])];
  }

  beforeAll(async () => {
    owner = await insertUser();
    const first = await submitNamed(
      {
        statements: [NAMES.traversal, NAMES.crlf, NAMES.nulEntity, NAMES.script],
        license: NAMES.long,
        check: NAMES.rtl,
      },
      await sessionCookieFor(owner),
    );
    const second = await submitNamed({
      statements: [NAMES.encoded, NAMES.absolute, NAMES.nulRaw, NAMES.backslash],
      license: NAMES.bidiLicense,
      check: NAMES.deepTraversal,
    });
    const bare = await submitNamed({ statements: [bareTraversal], license: 'id.png', check: 'check.png' });
    bareTraversalStatus = bare.response.status;
    await bare.response.arrayBuffer();
    for (const { response } of [first, second]) expect(response.status, await response.clone().text()).toBe(201);
    ownerApplicationId = ((await first.response.json()) as { applicationId: string }).applicationId;
    await second.response.arrayBuffer();
    const { db } = await getTestDeps();
    const rows = await db
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
      .where(inArray(applications.email, [first.email, second.email]));
    uploadedIds = rows.map((row) => row.id);
  });

  it('stores every hostile name under a random key only, and keeps a clean display name', async () => {
    expect(uploadedIds).toHaveLength(12);
    expect(bareTraversalStatus).toBe(400);
    expect(escapedFiles()).toEqual([]);
    const stored = filesUnder(documentsDir());
    for (const file of stored) {
      expect(path.relative(documentsDir(), file)).toMatch(/^[a-z0-9]{2}\/[a-z0-9]{32}$/);
    }
    const { db } = await getTestDeps();
    const documents = await db
      .select({ originalName: applicationDocuments.originalName, storageKey: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.id, uploadedIds));
    for (const document of documents) {
      // eslint-disable-next-line no-control-regex
      expect(document.originalName).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\]/);
      expect(document.originalName.length).toBeLessThanOrEqual(255);
      expect(existsSync(path.join(documentsDir(), document.storageKey.slice(0, 2), document.storageKey))).toBe(true);
    }
  });

  it('downloads each as an attachment with a clean filename*, nosniff, sandbox and no injected header', async () => {
    const admin = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(admin);
    let checked = 0;
    for (const id of uploadedIds) {
      const { status, headers, rawHeaderNames } = await rawGet(`/api/admin/documents/${id}`, cookie);
      expect(status).toBe(200);
      const disposition = String(headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
      const shown = decodeURIComponent(disposition.slice("attachment; filename*=UTF-8''".length));
      // eslint-disable-next-line no-control-regex
      expect(shown).not.toMatch(/[\u0000-\u001f\u007f\p{Cf}/\\"<>;]/u);
      expect(shown.startsWith('.')).toBe(false);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toBe(DOWNLOAD_CSP);
      // H1 for the file-download route class: the site-wide headers too.
      const asResponse = new Response(null, {
        headers: Object.entries(headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
        ),
      });
      expect(headerProblems(asResponse, { api: true })).toEqual([]);
      expect(headers['cache-control']).toBe('no-store');
      expect(rawHeaderNames.filter((name) => name === 'content-disposition')).toHaveLength(1);
      expect(rawHeaderNames.some((name) => name.startsWith('x-injected'))).toBe(false);
      checked += 1;
    }
    console.info(
      `E3: ${Object.keys(NAMES).length} hostile file names stored (../, %2F, absolute, backslash, CRLF, NUL x2, <script>, 300 chars, RTL, bidi isolate) + bare ../../x refused (${bareTraversalStatus}) -> 0 files outside the storage root, ${checked}/${checked} downloads with a clean attachment filename*, 0 header injections`,
    );
  });

  it('serves stored files through nothing but the admin download: direct storage paths and clients get nothing', async () => {
    const { db } = await getTestDeps();
    const [document] = await db
      .select({ id: applicationDocuments.id, storageKey: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, ownerApplicationId))
      .limit(1);
    const key = document!.storageKey;
    const onDisk = path.join(documentsDir(), key.slice(0, 2), key);
    // Stored encrypted: the plaintext comes from the storage itself.
    const local = await server.deps.storage.openLocal(key);
    const content = readFileSync(local.path).subarray(0, 64);
    await local.dispose();
    const relativeRoot = path.relative(process.cwd(), storageRoot);
    const direct = [
      `/${key}`,
      `/${key}.pdf`,
      `/documents/${key.slice(0, 2)}/${key}`,
      `/uploads/${key}`,
      `/var/uploads/documents/${key.slice(0, 2)}/${key}`,
      `/${relativeRoot}/documents/${key.slice(0, 2)}/${key}`,
      `${storageRoot}/documents/${key.slice(0, 2)}/${key}`,
      `/..%2f..%2f..%2f..%2f..${onDisk}`,
      `/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e${onDisk}`,
      `/../../../../..${onDisk}`,
      `/assets/../../../../../..${onDisk}`,
      `/api/documents/${key}`,
      `/api/uploads/${key}`,
    ];
    const admin = await insertUser({ role: 'admin' });
    const adminCookie = await sessionCookieFor(admin);
    const outcomes: Record<string, number> = { '404': 0, 'SPA shell': 0 };
    for (const url of direct) {
      const { status, body } = await rawGet(url);
      expect(body.includes(content), url).toBe(false);
      if (status === 404) outcomes['404']! += 1;
      else {
        // Extension-less page paths get the client's history fallback, never a file.
        expect(status, url).toBe(200);
        expect(body.toString('utf8'), url).toBe(SPA_SHELL);
        outcomes['SPA shell']! += 1;
      }
    }
    // The admin download takes a document id, not a storage key.
    const byKey = await rawGet(`/api/admin/documents/${key}`, adminCookie);
    expect(byKey.status).toBe(404);
    expect(byKey.body.includes(content)).toBe(false);

    // Clients (the owner and another one), staff before the code step and anonymous callers are refused.
    const other = await insertUser();
    const staffNoMfa = await insertUser({ role: 'admin' });
    const refusals: Array<[string, string | undefined, number]> = [
      ['client B', await sessionCookieFor(other), 403],
      ['owning client A', await sessionCookieFor(owner), 403],
      ['staff before 2FA', await sessionCookieFor(staffNoMfa, false), 403],
      ['anonymous', undefined, 401],
    ];
    for (const [who, cookie, expected] of refusals) {
      const { status, body } = await rawGet(`/api/admin/documents/${document!.id}`, cookie);
      expect(status, who).toBe(expected);
      expect(body.includes(content), who).toBe(false);
    }
    const allowed = await rawGet(`/api/admin/documents/${document!.id}`, adminCookie);
    expect(allowed.status).toBe(200);
    expect(allowed.body.subarray(0, 64).equals(content)).toBe(true);
    expect(allowed.headers['content-disposition']).toMatch(/^attachment; /);
    expect(allowed.headers['x-content-type-options']).toBe('nosniff');
    console.info(
      `E4: ${direct.length + 1} direct storage URLs -> ${outcomes['404']! + 1} x 404, ${outcomes['SPA shell']} x SPA shell, 0 document bytes; download: attachment + nosniff + sandbox; client B, owning client, staff before 2FA -> 403, anonymous -> 401`,
    );
  });
});

/** GET with the path sent as written (fetch would normalise ../), answering status, headers and body. */
function rawGet(pathName: string, cookie?: string) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    rawHeaderNames: string[];
    body: Buffer;
  }>((resolve, reject) => {
    const { port } = new URL(server.url);
    const headers: Record<string, string> = { 'X-Forwarded-For': freshIp() };
    if (cookie) headers.Cookie = cookie;
    const request = http.request({ host: '127.0.0.1', port, path: pathName, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaderNames: response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}
