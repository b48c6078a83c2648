import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { chmod, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from './crypto';

/**
 * Where uploaded documents live (PRODUCT.md 1): local disk now, an S3-compatible store is the scale-out path.
 * Keys are random and never derived from the uploaded file name; nothing here is reachable over HTTP.
 */
export type DocumentStorage = {
  /** Where multipart parsing writes its temporary files (same file system, so commit is a rename). */
  readonly tempDir: string;
  /** Moves a finished temp file into place under a new random key. */
  commit: (tempPath: string) => Promise<string>;
  read: (key: string) => Readable;
  size: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
  /** Every stored key with when it was written (for the orphan sweep). */
  list: () => Promise<Array<{ key: string; modifiedMs: number }>>;
  /**
   * Moves a refused temp file into the quarantine (SECURITY.md E5): kept for review, never served, never listed with
   * the documents. Writes a JSON sidecar with the time and `record` (no applicant data); answers the quarantine id.
   */
  quarantine: (tempPath: string, record: QuarantineRecord) => Promise<string>;
  /**
   * A readable local path for a stored document (the underwriting engine reads files by path), with a `dispose`
   * the caller runs when done.
   */
  openLocal: (key: string) => Promise<{ path: string; dispose: () => Promise<void> }>;
  /**
   * Removes upload leftovers older than `olderThanMs` from the temp directory: what a crash between parsing and
   * commit leaves behind (every normal path removes its own). For a periodic sweeper; answers the count removed.
   */
  sweepTemp: (olderThanMs?: number, now?: number) => Promise<number>;
};

/** Temp entries multipart parsing (`upload-`) and `openLocal` (`uw-`) create inside the temp directory. */
const TEMP_ENTRY = /^(upload-|uw-)/;

export type QuarantineRecord = { field: string; sha256: string; size: number; reason: string };

const KEY_RE = /^[a-z0-9]{32}$/;

export function createLocalStorage(root: string): DocumentStorage {
  const base = path.resolve(root);
  const documents = path.join(base, 'documents');
  const tempDir = path.join(base, 'tmp');
  // <root>/quarantine/<id> (0600) with <id>.json beside it; only an operator on the host reads them.
  const quarantineDir = path.join(base, 'quarantine');
  mkdirSync(documents, { recursive: true, mode: 0o700 });
  mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  mkdirSync(quarantineDir, { recursive: true, mode: 0o700 });
  const fileOf = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error('Invalid storage key');
    return path.join(documents, key.slice(0, 2), key);
  };
  const storage: DocumentStorage = {
    tempDir,
    async commit(tempPath) {
      const key = randomToken(20).slice(0, 32);
      const target = fileOf(key);
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(tempPath, target);
      return key;
    },
    read: (key) => createReadStream(fileOf(key)),
    size: async (key) => (await stat(fileOf(key))).size,
    remove: (key) => rm(fileOf(key), { force: true }),
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
      const target = path.join(quarantineDir, id);
      await rename(tempPath, target);
      await chmod(target, 0o600);
      const sidecar = { quarantinedAt: new Date().toISOString(), ...record };
      await writeFile(`${target}.json`, `${JSON.stringify(sidecar)}\n`, { mode: 0o600, flag: 'wx' });
      return id;
    },
    async openLocal(key) {
      // Documents sit under <root>/documents/<2 chars>/<key>: read in place.
      const direct = fileOf(key);
      try {
        if ((await stat(direct)).isFile()) return { path: direct, dispose: () => Promise.resolve() };
      } catch {
        // Missing: fall through to a copy through `read`, which reports it.
      }
      const copy = path.join(tempDir, `uw-${randomToken(12)}`);
      try {
        await pipeline(storage.read(key), createWriteStream(copy, { mode: 0o600, flags: 'wx' }));
      } catch (error) {
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
