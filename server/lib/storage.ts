import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import {
  createOpenStream,
  createSealStream,
  DocumentIntegrityError,
  looksSealed,
  plaintextSize,
  randomToken,
  requireDocumentKeyring,
  SEALED_HEADER_BYTES,
  unwrapDataKey,
  wrapDataKey,
  type DocumentKeyring,
  type WrappedDataKey,
} from './crypto';
import { AppError } from './errors';

/**
 * Where uploaded documents live: local disk now, an S3-compatible store is the scale-out path.
 * Keys are random and never derived from the uploaded file name; nothing here is reachable over HTTP.
 * Every stored byte is encrypted (AES-256-GCM, a data key per file wrapped by the document keyring; see
 * server/lib/crypto.ts): a copy of the upload directory or a backup of it reveals nothing without the master keys.
 */
export type DocumentStorage = {
  /** Where multipart parsing writes its temporary files (same file system, so a sealed file moves in by rename). */
  readonly tempDir: string;
  /** Encrypts a finished temp file into place under a new random key and deletes the temp file. */
  commit: (tempPath: string) => Promise<string>;
  /**
   * The plaintext of a stored document. Every 64 KiB chunk is authenticated before it is pushed, so the stream never
   * yields an altered byte: tampering fails the stream with DocumentIntegrityError. A download that must not start
   * at all unless the whole file is intact calls `verify` first (the staff download does).
   */
  read: (key: string) => Readable;
  /** The plaintext size, from the stored length (no decryption). */
  size: (key: string) => Promise<number>;
  /** Authenticates every chunk of a stored document without keeping any plaintext; answers the plaintext size. */
  verify: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
  /** Every stored key with when it was written (for the orphan sweep); key records are not documents. */
  list: () => Promise<Array<{ key: string; modifiedMs: number }>>;
  /**
   * Moves a refused temp file into the quarantine: kept (encrypted) for review, never served, never listed with
   * the documents. Writes a JSON sidecar with the time, `record` (no applicant data) and the wrapped data key;
   * answers the quarantine id.
   */
  quarantine: (tempPath: string, record: QuarantineRecord) => Promise<string>;
  /** The plaintext of a quarantined file, for an operator's review. */
  readQuarantined: (id: string) => Readable;
  /**
   * A readable local path for a stored document (the underwriting engine reads files by path), with a `dispose`
   * the caller runs when done. The plaintext goes to a 0600 file in the temp directory; if any chunk fails its
   * check the file is deleted and the promise rejects.
   */
  openLocal: (key: string) => Promise<{ path: string; dispose: () => Promise<void> }>;
  /**
   * Removes upload leftovers older than `olderThanMs` from the temp directory: what a crash between parsing and
   * commit leaves behind (every normal path removes its own). For a periodic sweeper; answers the count removed.
   */
  sweepTemp: (olderThanMs?: number, now?: number) => Promise<number>;
};

/**
 * Temp entries multipart parsing (`upload-`), `openLocal` (`uw-`, decrypted copies) and commit (`enc-`, a file
 * being encrypted) create inside the temp directory.
 */
const TEMP_ENTRY = /^(upload-|uw-|enc-)/;

export type QuarantineRecord = { field: string; sha256: string; size: number; reason: string };

const KEY_RE = /^[a-z0-9]{32}$/;
const RECORD_SUFFIX = '.json';
/** Leftover of a key record rewrite that a crash interrupted (never read; removed by the next rotation). */
const REWRITE_RE = /\.json\.tmp-[a-z0-9]+$/;

type Layout = {
  documents: string;
  dataKeys: string;
  quarantineDir: string;
  tempDir: string;
};

function layoutOf(root: string): Layout {
  const base = path.resolve(root);
  return {
    documents: path.join(base, 'documents'),
    // <root>/data-keys/<2 chars>/<key>.json: the wrapped data key of documents/<2 chars>/<key>. A tree of its own,
    // so the documents tree holds documents only and a rotation walks small records only.
    dataKeys: path.join(base, 'data-keys'),
    // <root>/quarantine/<id> (0600) with <id>.json beside it (metadata and the wrapped data key).
    quarantineDir: path.join(base, 'quarantine'),
    tempDir: path.join(base, 'tmp'),
  };
}

/** What each sealed file's content is bound to: a file moved to another name no longer opens. */
const documentBinding = (key: string) => `documents/${key}`;
const quarantineBinding = (id: string) => `quarantine/${id}`;

/** Writes a small JSON record whole: to a sibling first, then renamed over the old one (atomic on one file system). */
async function writeRecordAtomically(file: string, value: unknown): Promise<void> {
  const draft = `${file}.tmp-${randomToken(8)}`;
  try {
    await writeFile(draft, `${JSON.stringify(value)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(draft, file);
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
}

async function readRecord(file: string, binding: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') {
      throw new DocumentIntegrityError(`The key record of ${binding} is missing`);
    }
    throw error;
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new DocumentIntegrityError(`The key record of ${binding} is malformed`);
  }
}

/**
 * A full upload disk (docs/security.md N3): a generic 503 the client may retry, never "malformed" and never a 500.
 * Every write under the storage root (upload parts, cleaned images, sealed documents, key records) answers so.
 */
export const isStorageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT'].includes(String((error as { code?: unknown }).code));
export const storageFull = () =>
  new AppError('SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again shortly.', {
    retryAfterSeconds: 30,
  });

/** Encrypts `source` into a new 0600 file at `target` (written under `staging`, then renamed into place). */
async function sealFile(
  source: string,
  target: string,
  staging: string,
  binding: string,
  keys: DocumentKeyring,
): Promise<WrappedDataKey> {
  const dataKey = randomBytes(32);
  const fileId = randomBytes(16);
  const wrapped = wrapDataKey(keys, dataKey, binding, fileId);
  try {
    await pipeline(
      createReadStream(source),
      createSealStream(dataKey, fileId, binding),
      createWriteStream(staging, { mode: 0o600, flags: 'wx' }),
    );
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { force: true });
    throw error;
  } finally {
    dataKey.fill(0);
  }
  return wrapped;
}

export function createLocalStorage(root: string, opts: { keys?: DocumentKeyring } = {}): DocumentStorage {
  const { documents, dataKeys, quarantineDir, tempDir } = layoutOf(root);
  // Resolved on use, so a storage made before the process loaded its keyring (tests, scripts) still works.
  const keys = () => opts.keys ?? requireDocumentKeyring();
  mkdirSync(documents, { recursive: true, mode: 0o700 });
  mkdirSync(dataKeys, { recursive: true, mode: 0o700 });
  mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  mkdirSync(quarantineDir, { recursive: true, mode: 0o700 });
  const checkKey = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error('Invalid storage key');
    return key;
  };
  const fileOf = (key: string) => path.join(documents, checkKey(key).slice(0, 2), key);
  const recordOf = (key: string) => path.join(dataKeys, checkKey(key).slice(0, 2), `${key}${RECORD_SUFFIX}`);
  const quarantinedOf = (id: string) => path.join(quarantineDir, checkKey(id));
  const stagingFile = () => path.join(tempDir, `enc-${randomToken(12)}`);
  // One file encrypted at a time per process: sealing is CPU work on the event loop, so running several at once
  // finishes none sooner, and while a file is sealed its plain temp copy and its sealed copy both take disk space;
  // one at a time bounds that extra space to a single file when the disk is nearly full.
  const sealing = pLimit(1);
  const seal = (source: string, target: string, binding: string) =>
    sealing(() => sealFile(source, target, stagingFile(), binding, keys())).catch((error: unknown) => {
      throw isStorageFull(error) ? storageFull() : error;
    });

  /** A stream of the plaintext of the sealed file at `file`, once its key record has been unwrapped. */
  const openSealed = (file: string, binding: string, record: () => Promise<Record<string, unknown>>) => {
    const out = new PassThrough();
    void (async () => {
      // A document that is gone is reported as missing (ENOENT), not as a key record problem.
      await stat(file);
      const { dataKey, fileId } = unwrapDataKey(keys(), await record(), binding);
      await pipeline(createReadStream(file), createOpenStream(dataKey, fileId, binding), out);
    })().catch((error: Error) => out.destroy(error));
    return out;
  };
  const openStream = (key: string): Readable =>
    openSealed(fileOf(key), documentBinding(key), () => readRecord(recordOf(key), documentBinding(key)));

  const storage: DocumentStorage = {
    tempDir,
    async commit(tempPath) {
      const key = randomToken(20).slice(0, 32);
      const target = fileOf(key);
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      mkdirSync(path.dirname(recordOf(key)), { recursive: true, mode: 0o700 });
      // The document is in place before its key record: a crash in between leaves a document no row points at and
      // no record can open, which the orphan sweep removes (it lists documents). The reverse order would leave key
      // records nothing lists.
      const wrapped = await seal(tempPath, target, documentBinding(key));
      try {
        await writeRecordAtomically(recordOf(key), wrapped);
      } catch (error) {
        await rm(target, { force: true });
        throw isStorageFull(error) ? storageFull() : error;
      }
      await rm(tempPath, { force: true });
      return key;
    },
    read: openStream,
    async size(key) {
      const plain = plaintextSize((await stat(fileOf(key))).size);
      if (plain === null) throw new DocumentIntegrityError(`Stored document ${documentBinding(key)} is truncated`);
      return plain;
    },
    async verify(key) {
      let bytes = 0;
      await pipeline(
        openStream(key),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      return bytes;
    },
    async remove(key) {
      // The key record first: a crash in between leaves a document nothing opens, still listed, so swept again.
      await rm(recordOf(key), { force: true });
      await rm(fileOf(key), { force: true });
    },
    async list() {
      const found: Array<{ key: string; modifiedMs: number }> = [];
      for (const shard of await readdir(documents)) {
        for (const key of await readdir(path.join(documents, shard)).catch(() => [])) {
          if (!KEY_RE.test(key) || key.slice(0, 2) !== shard) continue;
          const stats = await stat(fileOf(key)).catch(() => null);
          if (stats) found.push({ key, modifiedMs: stats.mtimeMs });
        }
      }
      return found;
    },
    async quarantine(tempPath, record) {
      const id = randomToken(20).slice(0, 32);
      const target = quarantinedOf(id);
      const wrapped = await seal(tempPath, target, quarantineBinding(id));
      const sidecar = { quarantinedAt: new Date().toISOString(), ...record, dataKey: wrapped };
      try {
        await writeFile(`${target}${RECORD_SUFFIX}`, `${JSON.stringify(sidecar)}\n`, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      await rm(tempPath, { force: true });
      return id;
    },
    readQuarantined: (id) =>
      openSealed(quarantinedOf(id), quarantineBinding(id), async () => {
        const sidecar = await readRecord(`${quarantinedOf(id)}${RECORD_SUFFIX}`, quarantineBinding(id));
        return sidecar.dataKey as Record<string, unknown>;
      }),
    async openLocal(key) {
      const copy = path.join(tempDir, `uw-${randomToken(12)}`);
      try {
        await pipeline(openStream(key), createWriteStream(copy, { mode: 0o600, flags: 'wx' }));
      } catch (error) {
        // Only authenticated chunks were written, but a partial plaintext is of no use: nothing stays behind.
        await rm(copy, { force: true });
        throw error;
      }
      return { path: copy, dispose: () => rm(copy, { force: true }) };
    },
    async sweepTemp(olderThanMs = 3600_000, now = Date.now()) {
      let removed = 0;
      for (const entry of await readdir(tempDir)) {
        if (!TEMP_ENTRY.test(entry)) continue;
        const full = path.join(tempDir, entry);
        try {
          if (now - (await stat(full)).mtimeMs < olderThanMs) continue;
          await rm(full, { recursive: true, force: true });
          removed += 1;
        } catch {
          // Removed concurrently: nothing to do.
        }
      }
      return removed;
    },
  };
  return storage;
}

export type RotationReport = {
  /** Key records (documents and quarantined files) seen. */
  records: number;
  /** Re-wrapped by the current key in this run. */
  rewrapped: number;
  /** Already wrapped by the current key. */
  current: number;
  /** Plaintext documents from before encryption at rest, encrypted in this run. */
  encryptedLegacy: number;
  /** Records that could not be opened (unknown master key id, altered record); left untouched. */
  failed: number;
  /** Encrypted documents without a key record (a crash during a commit; the orphan sweep removes them). */
  missingRecords: number;
};

/**
 * Re-wraps every data key that the current master key did not wrap. Only the small key records are rewritten (each
 * whole, by rename), never a document, so a run interrupted at any point leaves every record either old or new,
 * both readable while the old master key stays in the keyring; running again finishes the job. Documents stored in
 * clear by an older version are encrypted in place (key record first, then the encrypted file renamed over the
 * plain one: an interrupted run leaves the plain file, which the next run encrypts again).
 */
export async function rotateDocumentKeys(root: string, keys: DocumentKeyring): Promise<RotationReport> {
  const { documents, dataKeys, quarantineDir, tempDir } = layoutOf(root);
  const report: RotationReport = {
    records: 0,
    rewrapped: 0,
    current: 0,
    encryptedLegacy: 0,
    failed: 0,
    missingRecords: 0,
  };
  const list = async (dir: string) => readdir(dir).catch(() => [] as string[]);
  // A draft a crash left behind; a young one may belong to a live server between its write and its rename.
  const removeStaleDraft = async (file: string) => {
    const stats = await stat(file).catch(() => null);
    if (stats && Date.now() - stats.mtimeMs > 10 * 60_000) await rm(file, { force: true });
  };

  const rewrap = async (
    file: string,
    binding: string,
    inner: (record: Record<string, unknown>) => unknown,
    outer: (record: Record<string, unknown>, wrapped: WrappedDataKey) => unknown,
  ) => {
    report.records += 1;
    try {
      const record = await readRecord(file, binding);
      const wrapped = inner(record) as Partial<WrappedDataKey> | undefined;
      if (wrapped?.kid === keys.current.id) {
        report.current += 1;
        return;
      }
      const { dataKey, fileId } = unwrapDataKey(keys, wrapped, binding);
      const fresh = wrapDataKey(keys, dataKey, binding, fileId);
      dataKey.fill(0);
      await writeRecordAtomically(file, outer(record, fresh));
      report.rewrapped += 1;
    } catch (error) {
      if (!(error instanceof DocumentIntegrityError)) throw error;
      report.failed += 1;
    }
  };

  for (const shard of await list(dataKeys)) {
    const dir = path.join(dataKeys, shard);
    for (const entry of await list(dir)) {
      if (REWRITE_RE.test(entry)) {
        await removeStaleDraft(path.join(dir, entry));
        continue;
      }
      const key = entry.slice(0, -RECORD_SUFFIX.length);
      if (!entry.endsWith(RECORD_SUFFIX) || !KEY_RE.test(key)) continue;
      await rewrap(
        path.join(dir, entry),
        documentBinding(key),
        (record) => record,
        (_record, fresh) => fresh,
      );
    }
  }
  for (const entry of await list(quarantineDir)) {
    if (REWRITE_RE.test(entry)) {
      await removeStaleDraft(path.join(quarantineDir, entry));
      continue;
    }
    const id = entry.slice(0, -RECORD_SUFFIX.length);
    if (!entry.endsWith(RECORD_SUFFIX) || !KEY_RE.test(id)) continue;
    await rewrap(
      path.join(quarantineDir, entry),
      quarantineBinding(id),
      (record) => record.dataKey,
      (record, fresh) => ({ ...record, dataKey: fresh }),
    );
  }

  // Documents written in clear before encryption at rest.
  for (const shard of await list(documents)) {
    for (const key of await list(path.join(documents, shard))) {
      if (!KEY_RE.test(key) || key.slice(0, 2) !== shard) continue;
      const file = path.join(documents, shard, key);
      const head = Buffer.alloc(SEALED_HEADER_BYTES);
      const handle = await open(file, 'r').catch(() => null);
      if (!handle) continue;
      const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
      const record = path.join(dataKeys, shard, `${key}${RECORD_SUFFIX}`);
      if (looksSealed(head.subarray(0, bytesRead))) {
        if (!(await stat(record).catch(() => null))) report.missingRecords += 1;
        continue;
      }
      mkdirSync(path.dirname(record), { recursive: true, mode: 0o700 });
      const staging = path.join(tempDir, `enc-${randomToken(12)}`);
      const dataKey = randomBytes(32);
      const fileId = randomBytes(16);
      try {
        await pipeline(
          createReadStream(file),
          createSealStream(dataKey, fileId, documentBinding(key)),
          createWriteStream(staging, { mode: 0o600, flags: 'wx' }),
        );
        await writeRecordAtomically(record, wrapDataKey(keys, dataKey, documentBinding(key), fileId));
        await rename(staging, file);
      } finally {
        dataKey.fill(0);
        await rm(staging, { force: true });
      }
      report.encryptedLegacy += 1;
    }
  }
  return report;
}
