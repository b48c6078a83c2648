import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { addDocumentKey, DocumentIntegrityError, loadDocumentKeys } from './crypto';
import { createLocalStorage, rotateDocumentKeys } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const CANARY = 'CANARY-7f3a-bank-statement-account-000123456789';

const b64 = () => randomBytes(32).toString('base64');
const K1 = `k1:${b64()}`;
const K2 = `k2:${b64()}`;
const keyring = (configured: string) => loadDocumentKeys({ configured, varDir: root, isProduction: false });

let counter = 0;
function fresh(keys = keyring(K1)) {
  counter += 1;
  const dir = path.join(root, `store-${counter}`);
  return { dir, storage: createLocalStorage(dir, { keys }) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function commitBytes(storage: ReturnType<typeof createLocalStorage>, content: Buffer): Promise<string> {
  const temp = path.join(storage.tempDir, `upload-${randomBytes(6).toString('hex')}`);
  writeFileSync(temp, content);
  return storage.commit(temp);
}

const documentFile = (dir: string, key: string) => path.join(dir, 'documents', key.slice(0, 2), key);
const recordFile = (dir: string, key: string) => path.join(dir, 'data-keys', key.slice(0, 2), `${key}.json`);

function flipByte(file: string, offset: number) {
  const bytes = readFileSync(file);
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
  writeFileSync(file, bytes);
}

describe('document storage', () => {
  it('opens a committed document as a readable local file, and removes the plain temp file', async () => {
    const { storage } = fresh();
    const temp = path.join(storage.tempDir, 'upload-x');
    writeFileSync(temp, PDF);
    const key = await storage.commit(temp);
    expect(existsSync(temp)).toBe(false);
    const local = await storage.openLocal(key);
    expect(path.basename(local.path)).toMatch(/^uw-/);
    expect(path.dirname(local.path)).toBe(storage.tempDir);
    expect(statSync(local.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(local.path)).toEqual(PDF);
    await local.dispose();
    expect(existsSync(local.path)).toBe(false);
    await expect(storage.list()).resolves.toEqual([{ key, modifiedMs: expect.any(Number) as number }]);
  });

  it('keeps no byte of the content in clear and gives back exactly what was stored, for every size', async () => {
    const { dir, storage } = fresh();
    const chunk = 64 * 1024;
    const sizes = [0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk, 1_000_003];
    const contents = sizes.map((size) => {
      const content = randomBytes(size);
      if (size >= CANARY.length) content.write(CANARY, Math.floor((size - CANARY.length) / 2));
      return content;
    });
    const keys = [];
    for (const content of contents) keys.push(await commitBytes(storage, content));
    for (const [index, key] of keys.entries()) {
      expect(await storage.size(key)).toBe(sizes[index]);
      expect(await storage.verify(key)).toBe(sizes[index]);
      expect((await collect(storage.read(key))).equals(contents[index]!)).toBe(true);
    }
    for (const file of filesUnder(dir)) {
      expect(readFileSync(file).includes(CANARY)).toBe(false);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    // list() and the orphan sweep see documents, never key records.
    expect((await storage.list()).map((entry) => entry.key).sort()).toEqual([...keys].sort());
  });

  it('refuses a document whose body, header or length was altered, with an integrity error and no plaintext', async () => {
    const { dir, storage } = fresh();
    const content = Buffer.from(`%PDF-1.4\n${CANARY}\n${'x'.repeat(200_000)}\n%%EOF\n`);
    const cases: Array<[string, (file: string) => void, RegExp]> = [
      ['body', (file) => flipByte(file, 24 + 70_000), /failed its integrity check/],
      ['last chunk tag', (file) => flipByte(file, statSync(file).size - 1), /failed its integrity check/],
      ['header file id', (file) => flipByte(file, 12), /does not match its key record/],
      ['header magic', (file) => flipByte(file, 0), /not in a known encrypted format/],
      ['truncated', (file) => writeFileSync(file, readFileSync(file).subarray(0, 24 + 65_552)), /integrity check/],
      ['extended', (file) => writeFileSync(file, Buffer.concat([readFileSync(file), randomBytes(40)])), /integrity/],
    ];
    for (const [name, damage, message] of cases) {
      const key = await commitBytes(storage, content);
      damage(documentFile(dir, key));
      const before = readdirSync(storage.tempDir);
      await expect(collect(storage.read(key)), name).rejects.toThrow(message);
      await expect(storage.verify(key), name).rejects.toBeInstanceOf(DocumentIntegrityError);
      await expect(storage.openLocal(key), name).rejects.toThrow(message);
      // The decrypted copy of a refused file does not stay behind.
      expect(readdirSync(storage.tempDir), name).toEqual(before);
    }
  });

  it('refuses swapped key records and swapped documents', async () => {
    const { dir, storage } = fresh();
    const first = await commitBytes(storage, Buffer.from(`first ${CANARY}`));
    const second = await commitBytes(storage, Buffer.from(`second ${CANARY}`));
    const records = [recordFile(dir, first), recordFile(dir, second)] as const;
    const saved = records.map((file) => readFileSync(file));
    writeFileSync(records[0], saved[1]!);
    writeFileSync(records[1], saved[0]!);
    await expect(storage.verify(first)).rejects.toThrow(/key record of documents\/\w+ failed its integrity check/);
    await expect(storage.openLocal(second)).rejects.toThrow(/belongs to another document/);
    writeFileSync(records[0], saved[0]!);
    writeFileSync(records[1], saved[1]!);
    // The documents moved under each other's names, each with its own record: bound to the name, still refused.
    const bodies = [documentFile(dir, first), documentFile(dir, second)] as const;
    const parked = `${bodies[0]}.parked`;
    renameSync(bodies[0], parked);
    renameSync(bodies[1], bodies[0]);
    renameSync(parked, bodies[1]);
    await expect(storage.verify(first)).rejects.toThrow(/failed its integrity check|does not match its key record/);
    // A missing record is named as such; a missing document is reported missing, not as tampering.
    rmSync(records[1]);
    await expect(storage.verify(second)).rejects.toThrow(/key record of documents\/\w+ is missing/);
    await storage.remove(first);
    await expect(storage.verify(first)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(records[0])).toBe(false);
  });

  it('re-wraps data keys on rotation without rewriting documents; old files still open with the new keyring', async () => {
    const { dir, storage } = fresh(keyring(K1));
    const content = Buffer.from(`%PDF-1.4 ${CANARY}`);
    const key = await commitBytes(storage, content);
    const quarantineId = await storage.quarantine(
      (() => {
        const temp = path.join(storage.tempDir, 'upload-q');
        writeFileSync(temp, `EICAR-like ${CANARY}`);
        return temp;
      })(),
      { field: 'driversLicense', sha256: 'a'.repeat(64), size: 10, reason: 'test' },
    );
    const bodyBefore = readFileSync(documentFile(dir, key));
    const bodyStats = statSync(documentFile(dir, key));

    const rotated = keyring(`${K2},${K1}`);
    // An earlier run that died while replacing a record leaves a draft beside it: ignored, then cleaned.
    writeFileSync(`${recordFile(dir, key)}.tmp-deadbeef`, '{"half":');
    const longAgo = new Date(Date.now() - 3600_000);
    utimesSync(`${recordFile(dir, key)}.tmp-deadbeef`, longAgo, longAgo);
    const report = await rotateDocumentKeys(dir, rotated);
    expect(report).toEqual({
      records: 2,
      rewrapped: 2,
      current: 0,
      encryptedLegacy: 0,
      failed: 0,
      missingRecords: 0,
    });
    expect(existsSync(`${recordFile(dir, key)}.tmp-deadbeef`)).toBe(false);
    expect(readFileSync(documentFile(dir, key)).equals(bodyBefore)).toBe(true);
    expect(statSync(documentFile(dir, key)).mtimeMs).toBe(bodyStats.mtimeMs);
    expect(JSON.parse(readFileSync(recordFile(dir, key), 'utf8'))).toMatchObject({ v: 1, kid: 'k2' });

    // Only the new key is needed from now on.
    const onlyNew = createLocalStorage(dir, { keys: keyring(K2) });
    expect((await collect(onlyNew.read(key))).equals(content)).toBe(true);
    expect((await collect(onlyNew.readQuarantined(quarantineId))).toString()).toBe(`EICAR-like ${CANARY}`);
    const onlyOld = createLocalStorage(dir, { keys: keyring(K1) });
    await expect(onlyOld.verify(key)).rejects.toThrow(/names master key k2, which is not in the keyring/);

    // Idempotent: a second run has nothing to do.
    expect(await rotateDocumentKeys(dir, rotated)).toMatchObject({ records: 2, rewrapped: 0, current: 2, failed: 0 });
  });

  it('encrypts the quarantine too, keeping the review record beside it', async () => {
    const { dir, storage } = fresh();
    const temp = path.join(storage.tempDir, 'upload-eicar');
    writeFileSync(temp, `X5O!P%@AP ${CANARY}`);
    const id = await storage.quarantine(temp, {
      field: 'bankStatement',
      sha256: 'b'.repeat(64),
      size: 30,
      reason: 'eicar',
    });
    expect(existsSync(temp)).toBe(false);
    const held = path.join(dir, 'quarantine', id);
    expect(statSync(held).mode & 0o777).toBe(0o600);
    expect(readFileSync(held).includes(CANARY)).toBe(false);
    const sidecar = JSON.parse(readFileSync(`${held}.json`, 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({ field: 'bankStatement', reason: 'eicar', dataKey: { v: 1, kid: 'k1' } });
    expect((await collect(storage.readQuarantined(id))).toString()).toBe(`X5O!P%@AP ${CANARY}`);
    expect(await storage.list()).toEqual([]);
  });

  it('encrypts documents stored in clear by an older version, once', async () => {
    const { dir, storage } = fresh();
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    mkdirSync(path.dirname(documentFile(dir, key)), { recursive: true });
    const content = Buffer.from(`%PDF-1.4 legacy ${CANARY}`);
    writeFileSync(documentFile(dir, key), content);
    await expect(storage.verify(key)).rejects.toThrow(/key record .* is missing/);
    const keys = keyring(K1);
    expect(await rotateDocumentKeys(dir, keys)).toMatchObject({ encryptedLegacy: 1, records: 0 });
    expect(readFileSync(documentFile(dir, key)).includes(CANARY)).toBe(false);
    expect((await collect(storage.read(key))).equals(content)).toBe(true);
    expect(await rotateDocumentKeys(dir, keys)).toMatchObject({ encryptedLegacy: 0, records: 1, current: 1 });
  });

  it('sweeps only stale upload leftovers', async () => {
    const { storage } = fresh();
    const stale = path.join(storage.tempDir, 'upload-stale');
    const fresher = path.join(storage.tempDir, 'upload-fresh');
    const decrypted = path.join(storage.tempDir, 'uw-stale');
    const foreign = path.join(storage.tempDir, 'other-file');
    mkdirSync(stale);
    mkdirSync(fresher);
    writeFileSync(decrypted, 'x');
    writeFileSync(foreign, 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, old, old);
    utimesSync(decrypted, old, old);
    utimesSync(foreign, old, old);
    expect(await storage.sweepTemp()).toBe(2);
    expect([existsSync(stale), existsSync(fresher), existsSync(decrypted), existsSync(foreign)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });
});

describe('document keyring', () => {
  it('creates a development keyring file once (0600) and reuses it; --new-key puts a new current key first', () => {
    const varDir = path.join(root, 'var-keys');
    const first = loadDocumentKeys({ varDir, isProduction: false });
    const file = path.join(varDir, 'document-keys');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadDocumentKeys({ varDir, isProduction: false });
    expect(again.current.id).toBe('k1');
    expect(again.current.key.equals(first.current.key)).toBe(true);
    expect(addDocumentKey(varDir)).toBe('k2');
    const rotated = loadDocumentKeys({ varDir, isProduction: false });
    expect(rotated.ids()).toEqual(['k2', 'k1']);
    expect(rotated.byId('k1')?.equals(first.current.key)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A process that loaded the file before the rotation finds the new key when a record names it.
    expect(first.byId('k2')?.equals(rotated.current.key)).toBe(true);
  });

  it('derives k0 from DATA_ENCRYPTION_KEY in production when DOCUMENT_KEYS is unset, never writing a file', () => {
    const varDir = path.join(root, 'var-prod');
    const dataEncryptionKey = b64();
    const one = loadDocumentKeys({ varDir, isProduction: true, dataEncryptionKey });
    const two = loadDocumentKeys({ varDir, isProduction: true, dataEncryptionKey });
    expect(one.current.id).toBe('k0');
    expect(one.current.key.equals(two.current.key)).toBe(true);
    expect(one.current.key.equals(Buffer.from(dataEncryptionKey, 'base64'))).toBe(false);
    expect(existsSync(varDir)).toBe(false);
    const listed = loadDocumentKeys({ varDir, isProduction: true, dataEncryptionKey, configured: `${K2},k0:derived` });
    expect(listed.ids()).toEqual(['k2', 'k0']);
    expect(listed.byId('k0')?.equals(one.current.key)).toBe(true);
    expect(() => loadDocumentKeys({ varDir, isProduction: true })).toThrow(/required in production/);
  });

  it('names a bad entry by position and id, never by its value', () => {
    const secret = randomBytes(31).toString('base64');
    expect(() => keyring(`k1:${secret}`)).toThrow(/entry 1 \(k1\): the key must be 32 bytes/);
    try {
      keyring(`k1:${secret}`);
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
    expect(() => keyring(`${K1},${K1}`)).toThrow(/id k1 appears twice/);
    expect(() => keyring('bad id:x')).toThrow(/entry 1: the id/);
  });
});
