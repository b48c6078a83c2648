import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random token with `bytes` of entropy, URL-safe. 20 bytes = 160 bits. */
export function randomToken(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(bytes));
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Field encryption: AES-256-GCM, random 96-bit IV per value, format v1:<iv>:<ciphertext>:<tag> (base64url).
// AAD binds a value to its column so ciphertexts cannot be swapped between fields.
let dataKey: Buffer | undefined;

export function loadDataKey(opts: { configured?: string; varDir: string; isProduction: boolean }): Buffer {
  if (opts.configured) {
    const key = decodeKey(opts.configured);
    if (!key) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, base64 or hex encoded');
    dataKey = key;
    return key;
  }
  if (opts.isProduction) throw new Error('DATA_ENCRYPTION_KEY is required in production');
  const file = path.join(opts.varDir, 'data-encryption.key');
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8').trim());
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    dataKey = key;
    return key;
  }
  mkdirSync(opts.varDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  dataKey = key;
  return key;
}

function decodeKey(text: string): Buffer | null {
  const asHex = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : null;
  const key = asHex ?? Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

function requireKey(): Buffer {
  if (!dataKey) throw new Error('Data encryption key not loaded');
  return dataKey;
}

export function encryptField(plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', requireKey(), iv);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    ciphertext.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join(':');
}

export function decryptField(value: string, aad: string): string {
  const [version, iv, ciphertext, tag] = value.split(':');
  if (version !== 'v1' || !iv || ciphertext === undefined || !tag) throw new Error('Unrecognised ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', requireKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

// ---------------------------------------------------------------------------------------------------------------
// Document encryption at rest. Two layers (envelope encryption):
// - every stored file has its own random 256-bit data key; its content is sealed with AES-256-GCM in 64 KiB chunks
//   so that a 10 MB statement streams through a fixed amount of memory and every chunk is authenticated before any of
//   its plaintext is released;
// - the data key is wrapped (AES-256-GCM) by a master key of the keyring and kept in a small record outside the
//   document's bytes. Rotation re-wraps those records and never rewrites a document.
// Master keys come from DOCUMENT_KEYS (`id:base64,...`, first is current), from a 0600 keyring file under VAR_DIR
// in development, or in production from DATA_ENCRYPTION_KEY through HKDF (id `k0`): production already refuses to
// start without that key, so documents are never written in clear for want of configuration, and introducing
// DOCUMENT_KEYS later only needs `k0:derived` kept in the list until `npm run keys:rotate` has moved every record.

export class DocumentIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentIntegrityError';
  }
}

export type MasterKey = { id: string; key: Buffer };

export type DocumentKeyring = {
  /** Wraps every new data key (and every re-wrapped one). */
  readonly current: MasterKey;
  /** The key with that id, or undefined; a file keyring is read again once before answering undefined. */
  byId: (id: string) => Buffer | undefined;
  ids: () => string[];
  /** `env` (DOCUMENT_KEYS), `file` (development keyring file) or `derived` (production default). */
  readonly source: 'env' | 'file' | 'derived';
};

const KEY_ID_RE = /^[A-Za-z0-9_-]{1,16}$/;
const DERIVED = 'derived';

type KeyListEntry = { id: string; value: Buffer | typeof DERIVED };

/**
 * Parses `id:base64(32 bytes)` entries separated by commas (or new lines, for the keyring file). `id:derived` stands
 * for the key derived from DATA_ENCRYPTION_KEY. Error messages name entries by position and id, never by value.
 */
export function parseDocumentKeyList(text: string): { entries: KeyListEntry[] } | { problem: string } {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { problem: 'must list at least one id:base64 key' };
  if (parts.length > 32) return { problem: 'must list at most 32 keys' };
  const entries: KeyListEntry[] = [];
  for (const [index, part] of parts.entries()) {
    const colon = part.indexOf(':');
    const id = colon > 0 ? part.slice(0, colon) : '';
    const raw = colon > 0 ? part.slice(colon + 1) : '';
    if (!KEY_ID_RE.test(id)) return { problem: `entry ${index + 1}: the id must be 1-16 letters, digits, _ or -` };
    if (entries.some((entry) => entry.id === id)) return { problem: `entry ${index + 1}: id ${id} appears twice` };
    if (raw === DERIVED) {
      entries.push({ id, value: DERIVED });
      continue;
    }
    const key = /^[A-Za-z0-9+/]{43}=$/.test(raw) ? Buffer.from(raw, 'base64') : null;
    if (!key || key.length !== 32) return { problem: `entry ${index + 1} (${id}): the key must be 32 bytes, base64` };
    entries.push({ id, value: key });
  }
  return { entries };
}

/** The document master key derived from DATA_ENCRYPTION_KEY (HKDF-SHA-256, its own label: never the field key). */
export function deriveDocumentKey(dataEncryptionKey: string): Buffer {
  const ikm = decodeKey(dataEncryptionKey);
  if (!ikm) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, base64 or hex encoded');
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'summit-funding document master key v1', 32));
}

export const DOCUMENT_KEYRING_FILE = 'document-keys';

function resolveEntries(entries: KeyListEntry[], dataEncryptionKey: string | undefined): MasterKey[] {
  return entries.map((entry) => {
    if (entry.value !== DERIVED) return { id: entry.id, key: entry.value };
    if (!dataEncryptionKey) throw new Error(`DOCUMENT_KEYS: ${entry.id}:derived needs DATA_ENCRYPTION_KEY`);
    return { id: entry.id, key: deriveDocumentKey(dataEncryptionKey) };
  });
}

function keyringOf(keys: MasterKey[], source: DocumentKeyring['source'], reload?: () => MasterKey[]): DocumentKeyring {
  let list = keys;
  const find = (id: string) => list.find((entry) => entry.id === id)?.key;
  return {
    get current() {
      return list[0]!;
    },
    byId(id) {
      const found = find(id);
      if (found || !reload) return found;
      // A rotation from another process may have added a key since this one read the file.
      list = reload();
      return find(id);
    },
    ids: () => list.map((entry) => entry.id),
    source,
  };
}

function readKeyringFile(file: string): MasterKey[] {
  const parsed = parseDocumentKeyList(readFileSync(file, 'utf8'));
  if ('problem' in parsed) throw new Error(`${file}: ${parsed.problem}`);
  return resolveEntries(parsed.entries, undefined);
}

function newKeyLine(id: string): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/**
 * The document keyring. `configured` is DOCUMENT_KEYS. Without it: production derives `k0` from
 * DATA_ENCRYPTION_KEY; development and tests use `<varDir>/document-keys` (0600), created once with one key. Several
 * processes may start at once on a fresh directory, so the file is written whole elsewhere and linked into place: a
 * reader never sees half a file, and the loser of the race reads the winner's keys.
 */
export function loadDocumentKeys(opts: {
  configured?: string;
  dataEncryptionKey?: string;
  varDir: string;
  isProduction: boolean;
}): DocumentKeyring {
  if (opts.configured) {
    const parsed = parseDocumentKeyList(opts.configured);
    if ('problem' in parsed) throw new Error(`DOCUMENT_KEYS: ${parsed.problem}`);
    return keyringOf(resolveEntries(parsed.entries, opts.dataEncryptionKey), 'env');
  }
  if (opts.isProduction) {
    if (!opts.dataEncryptionKey) throw new Error('DOCUMENT_KEYS or DATA_ENCRYPTION_KEY is required in production');
    return keyringOf([{ id: 'k0', key: deriveDocumentKey(opts.dataEncryptionKey) }], 'derived');
  }
  const file = path.join(opts.varDir, DOCUMENT_KEYRING_FILE);
  if (!existsSync(file)) {
    mkdirSync(opts.varDir, { recursive: true, mode: 0o700 });
    const draft = `${file}.new-${randomToken(8)}`;
    writeFileSync(draft, `${newKeyLine('k1')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return keyringOf(readKeyringFile(file), 'file', () => readKeyringFile(file));
}

/**
 * Development only: puts a fresh key first in the keyring file (it becomes current; the others stay for reading).
 * Answers the new id. Written whole to a sibling and renamed, so a crash leaves the old file or the new one.
 */
export function addDocumentKey(varDir: string): string {
  const file = path.join(varDir, DOCUMENT_KEYRING_FILE);
  const existing = readKeyringFile(file);
  const highest = Math.max(0, ...existing.map((entry) => Number(/^k(\d+)$/.exec(entry.id)?.[1] ?? 0)));
  const id = `k${highest + 1}`;
  const lines = [newKeyLine(id), ...existing.map((entry) => `${entry.id}:${entry.key.toString('base64')}`)];
  const draft = `${file}.new-${randomToken(8)}`;
  writeFileSync(draft, `${lines.join('\n')}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(draft, file);
  return id;
}

let documentKeyring: DocumentKeyring | undefined;

/** Makes `keyring` the one storage uses when it is not given one (the process's keyring, like the field key). */
export function setDocumentKeyring(keyring: DocumentKeyring): DocumentKeyring {
  documentKeyring = keyring;
  return keyring;
}

export function requireDocumentKeyring(): DocumentKeyring {
  if (!documentKeyring) throw new Error('Document keys not loaded');
  return documentKeyring;
}

/** A data key wrapped by a master key; `file` ties it to the header of the document it opens. */
export type WrappedDataKey = { v: 1; kid: string; file: string; iv: string; key: string; tag: string };

const wrapAad = (binding: string, kid: string, file: string) =>
  Buffer.from(`summit-funding document key v1\n${binding}\n${kid}\n${file}`);

/** Wraps `dataKey` for the document stored under `binding` (e.g. `documents/<key>`), with the current key. */
export function wrapDataKey(
  keyring: DocumentKeyring,
  dataKey: Buffer,
  binding: string,
  fileId: Buffer,
): WrappedDataKey {
  const { id, key } = keyring.current;
  const file = fileId.toString('base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(wrapAad(binding, id, file));
  const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return {
    v: 1,
    kid: id,
    file,
    iv: iv.toString('base64url'),
    key: wrapped.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
  };
}

/** Unwraps a record; refuses a record of another document, an altered one, or one whose master key is unknown. */
export function unwrapDataKey(
  keyring: DocumentKeyring,
  record: unknown,
  binding: string,
): { dataKey: Buffer; fileId: Buffer } {
  const value = record as Partial<WrappedDataKey> | null;
  if (
    !value ||
    value.v !== 1 ||
    typeof value.kid !== 'string' ||
    typeof value.file !== 'string' ||
    typeof value.iv !== 'string' ||
    typeof value.key !== 'string' ||
    typeof value.tag !== 'string'
  ) {
    throw new DocumentIntegrityError(`The key record of ${binding} is malformed`);
  }
  const master = keyring.byId(value.kid);
  if (!master)
    throw new DocumentIntegrityError(
      `The key record of ${binding} names master key ${value.kid}, which is not in the keyring`,
    );
  try {
    const decipher = createDecipheriv('aes-256-gcm', master, Buffer.from(value.iv, 'base64url'));
    decipher.setAAD(wrapAad(binding, value.kid, value.file));
    decipher.setAuthTag(Buffer.from(value.tag, 'base64url'));
    const dataKey = Buffer.concat([decipher.update(Buffer.from(value.key, 'base64url')), decipher.final()]);
    if (dataKey.length !== 32) throw new Error('length');
    return { dataKey, fileId: Buffer.from(value.file, 'base64url') };
  } catch {
    throw new DocumentIntegrityError(
      `The key record of ${binding} failed its integrity check (altered, or it belongs to another document)`,
    );
  }
}

// Sealed document layout: a 24-byte header, then chunks of up to 64 KiB of ciphertext each followed by its 16-byte
// tag. Header: "SFDOC", format version 1, log2 of the chunk size, 1 reserved byte, a random 16-byte file id (also in
// the key record, so a header and a key record of different files are told apart before any decryption). Every
// chunk's AAD is the header plus the storage binding: altering the header, or moving a file to another key, fails
// the tag. Nonce: 7 zero bytes, the chunk counter (32 bits) and a final-chunk flag, so chunks cannot be reordered,
// dropped from the end or appended to; it is never reused because every file has its own data key.
const MAGIC = Buffer.from('SFDOC');
const FORMAT_VERSION = 1;
const CHUNK_LOG2 = 16;
export const SEALED_CHUNK = 1 << CHUNK_LOG2;
export const SEALED_HEADER_BYTES = 24;
const TAG_BYTES = 16;

export function sealedHeader(fileId: Buffer): Buffer {
  const header = Buffer.alloc(SEALED_HEADER_BYTES);
  MAGIC.copy(header, 0);
  header[5] = FORMAT_VERSION;
  header[6] = CHUNK_LOG2;
  fileId.copy(header, 8);
  return header;
}

/** Whether `head` (the first bytes of a file) starts like a sealed document. */
export function looksSealed(head: Buffer): boolean {
  return head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);
}

function chunkNonce(counter: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(counter, 7);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** The plaintext size of a sealed file of `sealedBytes`, or null when no sealed file can have that length. */
export function plaintextSize(sealedBytes: number): number | null {
  const body = sealedBytes - SEALED_HEADER_BYTES;
  const step = SEALED_CHUNK + TAG_BYTES;
  if (body < TAG_BYTES) return null;
  const rest = body % step;
  if (rest !== 0 && rest < TAG_BYTES) return null;
  return body - TAG_BYTES * Math.max(1, Math.ceil(body / step));
}

/** A transform that seals plaintext into the layout above. */
export function createSealStream(dataKey: Buffer, fileId: Buffer, binding: string): Transform {
  const header = sealedHeader(fileId);
  const aad = Buffer.concat([header, Buffer.from(binding)]);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let counter = 0;
  let started = false;
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', dataKey, chunkNonce(counter, last));
    counter += 1;
    cipher.setAAD(aad);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(header);
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // Keep at least one byte back: only the end of the input says which chunk is the last.
      if (pendingBytes > SEALED_CHUNK) {
        let all = Buffer.concat(pending, pendingBytes);
        while (all.length > SEALED_CHUNK) {
          this.push(seal(all.subarray(0, SEALED_CHUNK), false));
          all = all.subarray(SEALED_CHUNK);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      done();
    },
    flush(done) {
      if (!started) this.push(header);
      this.push(seal(Buffer.concat(pending, pendingBytes), true));
      done();
    },
  });
}

/**
 * A transform that opens a sealed file. Each chunk's tag is checked before its plaintext is pushed, so no altered
 * byte ever leaves this stream; an altered, truncated or extended file fails it with DocumentIntegrityError.
 */
export function createOpenStream(dataKey: Buffer, fileId: Buffer, binding: string): Transform {
  const expected = sealedHeader(fileId);
  const aad = Buffer.concat([expected, Buffer.from(binding)]);
  const step = SEALED_CHUNK + TAG_BYTES;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let counter = 0;
  let headerChecked = false;
  const failure = () =>
    new DocumentIntegrityError(`Stored document ${binding} failed its integrity check (altered or truncated)`);
  const open = (sealed: Buffer, last: boolean) => {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, chunkNonce(counter, last));
    counter += 1;
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw failure();
    }
  };
  const checkHeader = (all: Buffer) => {
    const header = all.subarray(0, SEALED_HEADER_BYTES);
    if (!looksSealed(header) || header[5] !== FORMAT_VERSION || header[6] !== CHUNK_LOG2) {
      throw new DocumentIntegrityError(`Stored document ${binding} is not in a known encrypted format`);
    }
    if (!header.equals(expected)) {
      throw new DocumentIntegrityError(`Stored document ${binding} does not match its key record (altered or swapped)`);
    }
    headerChecked = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      try {
        let all = Buffer.concat(pending, pendingBytes);
        if (!headerChecked) {
          if (all.length < SEALED_HEADER_BYTES) {
            pending = [all];
            return done();
          }
          checkHeader(all);
          all = all.subarray(SEALED_HEADER_BYTES);
        }
        while (all.length > step) {
          this.push(open(all.subarray(0, step), false));
          all = all.subarray(step);
        }
        pending = [all];
        pendingBytes = all.length;
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        const all = Buffer.concat(pending, pendingBytes);
        if (!headerChecked) {
          if (all.length < SEALED_HEADER_BYTES) throw failure();
          checkHeader(all);
          this.push(open(all.subarray(SEALED_HEADER_BYTES), true));
        } else {
          if (all.length < TAG_BYTES) throw failure();
          this.push(open(all, true));
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
