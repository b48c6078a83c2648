import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
