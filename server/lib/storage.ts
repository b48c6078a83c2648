import { createReadStream, mkdirSync } from 'node:fs';
import { chmod, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
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
};

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
  return {
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
  };
}
