import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments } from '../../../drizzle/schema/index';
import { loadDocumentKeys } from '../../lib/crypto';
import { createLocalStorage } from '../../lib/storage';
import { buildLedger } from '../statements/ledger';
import { renderStatementPdf } from '../statements/render';
import { applicationFiles, applicationFormData, filesUnder, postApplication } from '../factories/applications';
import {
  eventually,
  getTestDeps,
  insertUser,
  sessionCookieFor,
  startTestServer,
  testDirs,
  type TestServer,
} from '../harness';

// Stored documents are encrypted at rest: a submission through the real HTTP endpoint leaves no byte of a canary
// under the upload directory, the underwriting still reads the statement, staff get the original bytes back, a
// key rotation (the operator command) re-wraps keys without touching documents and old files still open, and a
// tampered file or key record is refused with a message instead of served.

const run = promisify(execFile);
const CANARY = 'CANARY-at-rest-9c41d2-Prairie';

let server: TestServer;
let uploadDir = '';
let varDir = '';
let cookie = '';
let sent: Buffer;
let documents: Array<{ id: string; kind: string; storageKey: string; sha256: string }> = [];

const documentFile = (key: string) => path.join(uploadDir, 'documents', key.slice(0, 2), key);
const recordFile = (key: string) => path.join(uploadDir, 'data-keys', key.slice(0, 2), `${key}.json`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function download(id: string) {
  const response = await fetch(`${server.url}/api/admin/documents/${id}`, {
    headers: { Cookie: cookie, 'X-Forwarded-For': '10.200.0.1' },
  });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

/** `npm run keys:rotate` as an operator runs it, on this test's upload directory and development keyring. */
async function rotate(...args: string[]) {
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    VAR_DIR: varDir,
    UPLOAD_DIR: uploadDir,
    LOG_LEVEL: 'silent',
  };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/keys-rotate.ts', ...args], { env });
  return stdout;
}

beforeAll(async () => {
  // A storage root and a development keyring file of our own, so a rotation here touches nothing else.
  varDir = mkdtempSync(path.join(testDirs().varDir, 'at-rest-var-'));
  uploadDir = path.join(varDir, 'uploads');
  const keys = loadDocumentKeys({ varDir, isProduction: false });
  server = await startTestServer({ deps: { storage: createLocalStorage(uploadDir, { keys }) } });
  const admin = await insertUser({ role: 'admin' });
  cookie = await sessionCookieFor(admin);

  const ledger = { ...buildLedger({ seed: 21, firstMonth: '2025-10', months: 4, revenuePerMonthCents: 70_000_00 }) };
  ledger.bankName = CANARY;
  sent = await renderStatementPdf(ledger, { layout: 'signed-amount' });
  const files = (await applicationFiles()).map((file) =>
    file.field === 'bankStatements' ? { ...file, content: sent } : file,
  );
  const response = await postApplication(server.url, { formData: applicationFormData(), files });
  expect(response.status, await response.clone().text()).toBe(201);
  const { applicationId } = (await response.json()) as { applicationId: string };
  const { db } = await getTestDeps();
  const rows = await db
    .select({
      id: applicationDocuments.id,
      kind: applicationDocuments.kind,
      storageKey: applicationDocuments.storageKey,
      sha256: applicationDocuments.sha256,
      parseStatus: applicationDocuments.parseStatus,
    })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  documents = rows;
  // The underwriting engine read the encrypted statement (through a decrypted temporary copy).
  expect(rows.find((row) => row.kind === 'bank_statement')?.parseStatus).toBe('parsed');
  // Decrypted copies and upload temp files are gone once the request is answered.
  await eventually(() => (readdirSync(path.join(uploadDir, 'tmp')).length === 0 ? true : null));
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('documents at rest', () => {
  it('leaves no byte of the canary under the upload directory, and every stored file is private', () => {
    // The canary is in the PDF as sent (its document title), so its absence below is the encryption's doing.
    expect(sent.includes(CANARY)).toBe(true);
    const stored = filesUnder(uploadDir);
    expect(stored.length).toBeGreaterThanOrEqual(2 * documents.length);
    const hits = stored.filter((file) => {
      const bytes = readFileSync(file);
      return bytes.includes(CANARY) || bytes.includes(Buffer.from(CANARY, 'utf16le'));
    });
    expect(hits).toEqual([]);
    for (const file of stored) expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const document of documents) {
      expect(readFileSync(documentFile(document.storageKey)).subarray(0, 5).toString()).toBe('SFDOC');
    }
  });

  it('gives staff the original bytes, before and after a key rotation that rewrites no document', async () => {
    const statement = documents.find((document) => document.kind === 'bank_statement')!;
    const before = await download(statement.id);
    expect(before.status).toBe(200);
    expect(before.body.equals(sent)).toBe(true);
    for (const document of documents) {
      const { status, body } = await download(document.id);
      expect(status).toBe(200);
      expect(sha256(body)).toBe(document.sha256);
    }

    const bodies = new Map(documents.map((document) => [document.id, readFileSync(documentFile(document.storageKey))]));
    const output = await rotate('--new-key');
    expect(output).toContain('Added master key k2 to the development keyring; it is now current.');
    expect(output).toContain(`re-wrapped: ${documents.length}; already current: 0; failed: 0.`);
    // Counts and ids only: no key of the keyring appears in what the command prints.
    const keyring = readFileSync(path.join(varDir, 'document-keys'), 'utf8');
    for (const line of keyring.trim().split('\n')) expect(output).not.toContain(line.split(':')[1]);

    for (const document of documents) {
      expect(readFileSync(documentFile(document.storageKey)).equals(bodies.get(document.id)!)).toBe(true);
      expect(JSON.parse(readFileSync(recordFile(document.storageKey), 'utf8'))).toMatchObject({ kid: 'k2' });
    }
    // The running server picks up the new key from its keyring file and still opens the old files.
    const after = await download(statement.id);
    expect(after.status).toBe(200);
    expect(after.body.equals(sent)).toBe(true);
    // Safe to run again: nothing left to re-wrap.
    expect(await rotate()).toContain(`re-wrapped: 0; already current: ${documents.length}; failed: 0.`);
  }, 60_000);

  it('refuses a tampered document or key record with a clear error, and serves it again once restored', async () => {
    const [first, second] = documents;
    const refused = 'This document failed its integrity check and cannot be opened.';
    const damages: Array<[string, () => () => void]> = [
      [
        'a byte of the body',
        () => {
          const file = documentFile(first!.storageKey);
          const original = readFileSync(file);
          const bytes = Buffer.from(original);
          bytes[bytes.length - 40] = (bytes[bytes.length - 40] ?? 0) ^ 0x20;
          writeFileSync(file, bytes);
          return () => writeFileSync(file, original);
        },
      ],
      [
        'a byte of the header',
        () => {
          const file = documentFile(first!.storageKey);
          const original = readFileSync(file);
          const bytes = Buffer.from(original);
          bytes[10] = (bytes[10] ?? 0) ^ 0x01;
          writeFileSync(file, bytes);
          return () => writeFileSync(file, original);
        },
      ],
      [
        "two documents' key records swapped",
        () => {
          const [a, b] = [recordFile(first!.storageKey), recordFile(second!.storageKey)];
          const [recordA, recordB] = [readFileSync(a), readFileSync(b)];
          writeFileSync(a, recordB);
          writeFileSync(b, recordA);
          return () => {
            writeFileSync(a, recordA);
            writeFileSync(b, recordB);
          };
        },
      ],
    ];
    for (const [name, damage] of damages) {
      const restore = damage();
      const response = await download(first!.id);
      expect(response.status, name).toBe(422);
      expect(response.body.toString(), name).toBe(refused);
      restore();
      const again = await download(first!.id);
      expect(again.status, name).toBe(200);
      expect(sha256(again.body), name).toBe(first!.sha256);
    }
  });
});
