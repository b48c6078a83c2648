import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLocalStorage } from '../../lib/storage';
import { startTestServer, testDirs, type TestServer } from '../harness';
import { freshIp } from './support';

// Shared by the upload tests of docs/security.md E1, E3 and E4: their own server and storage, and raw multipart.

/** The built client's page: what the SPA fallback answers for a path that is not a file. */
export const SPA_SHELL = '<!doctype html><title>SPA-SHELL</title>';

/** A server with a built client of its own (so the SPA fallback is live, as in production) and its own storage. */
export async function startUploadServer(): Promise<{ server: TestServer; storageRoot: string }> {
  const distDir = mkdtempSync(path.join(testDirs().varDir, 'sec-dist-'));
  for (const page of ['index.html', '200.html']) writeFileSync(path.join(distDir, page), SPA_SHELL);
  const storageRoot = mkdtempSync(path.join(testDirs().varDir, 'sec-storage-'));
  const server = await startTestServer({ deps: { storage: createLocalStorage(storageRoot) }, distDir });
  return { server, storageRoot };
}

export type RawPart = { name: string; filename?: string; type?: string; content: Buffer | string };

/** A multipart body built byte by byte, so file names reach the server exactly as written (no client escaping). */
export function multipart(parts: RawPart[]): { body: Buffer; contentType: string } {
  const boundary = `----sec${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a raw body to the application submission, from an address of its own. */
export function postRaw(baseUrl: string, body: Buffer, contentType: string, opts: { cookie?: string } = {}) {
  const headers: Record<string, string> = {
    Origin: 'http://localhost:3000',
    'X-Forwarded-For': freshIp(),
    'Idempotency-Key': randomUUID(),
    'Content-Type': contentType,
  };
  if (opts.cookie) headers.Cookie = opts.cookie;
  return fetch(`${baseUrl}/api/loan-application-enhanced`, { method: 'POST', headers, body: new Uint8Array(body) });
}
