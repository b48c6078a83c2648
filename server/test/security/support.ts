import { randomBytes } from 'node:crypto';

// Small helpers shared by the SECURITY.md §3 tests in this folder.

/**
 * A client address no other test file can draw: harness addresses are 10.x and derived from the worker's pid,
 * these are random IPv6 ULAs, so per-address counters of one test never meet another's.
 */
export function freshIp(): string {
  const hex = randomBytes(8).toString('hex');
  return `fd7e:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}::${hex.slice(12, 16)}`;
}

/** A random decimal string of `length` digits. */
export function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (byte) => String(byte % 10)).join('');
}
