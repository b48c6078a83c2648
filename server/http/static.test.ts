import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { LINEAR_TIME_TEST, slowCases } from '../../src/shared/linear-time.test-helpers';
import { createStaticHandler, isClientRoute } from './static';

/** The static handler of `dir` on a loopback port: its address, the handler, and how to stop it. */
async function serveDir(dir: string) {
  const handle = createStaticHandler(dir);
  const server = createServer((req, res) => handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handle,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// What a browser receives for each kind of path once the client is built and prerendered.
describe('static files', () => {
  let dir: string;
  let served: Awaited<ReturnType<typeof serveDir>>;
  let base: string;
  let handle: ReturnType<typeof createStaticHandler>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-test-'));
    writeFileSync(path.join(dir, 'index.html'), '<div id="root" data-prerendered="/">landing</div>');
    writeFileSync(path.join(dir, '200.html'), '<div id="root"></div>');
    writeFileSync(path.join(dir, '404.html'), '<div id="root">not found</div>');
    mkdirSync(path.join(dir, 'products'));
    writeFileSync(
      path.join(dir, 'products', 'index.html'),
      '<div id="root" data-prerendered="/products">products</div>',
    );
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    served = await serveDir(dir);
    ({ base, handle } = served);
  });

  afterAll(async () => {
    await served.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the prerendered landing page at /', async () => {
    expect(await (await fetch(`${base}/`)).text()).toContain('landing');
  });

  it('serves a prerendered route its own page, with or without a trailing slash', async () => {
    expect(await (await fetch(`${base}/products`)).text()).toContain('products');
    expect(await (await fetch(`${base}/products/`)).text()).toContain('products');
  });

  it("answers other routes with the empty shell, never another route's markup", async () => {
    const response = await fetch(`${base}/login`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe('<div id="root"></div>');
  });

  it('answers a path no route knows with 404 and the Page Not Found page', async () => {
    const response = await fetch(`${base}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<div id="root">not found</div>');
  });

  it('caches hashed assets for a year and refuses missing files and dot-files', async () => {
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/.env`)).status).toBe(404);
  });

  // 3,000 requests: a few seconds here, longer on a loaded machine (the time is no part of the check).
  it(
    'remembers only files that exist: thousands of unique missing paths leave the cache as it was',
    { timeout: 120_000 },
    async () => {
      // Every existing file the other tests and this one ask for, read once.
      for (const known of ['/', '/products', '/login', '/assets/app-1234.js'])
        await (await fetch(`${base}${known}`)).text();
      const cachedBefore = handle.cachedFiles();
      const paths: string[] = [];
      for (let i = 0; i < 3000; i++) {
        const filler = 'x'.repeat(200);
        paths.push(
          [
            `/missing-${i}-${filler}.js`, // a missing file
            `/no-such-route-${i}-${filler}`, // a route without a prerendered page (served the shell)
            `/assets/${'/'.repeat(1 + (i % 300))}app-1234.js`, // an existing file, spelled another way
          ][i % 3]!,
        );
      }
      for (let start = 0; start < paths.length; start += 50) {
        const statuses = await Promise.all(
          paths.slice(start, start + 50).map(async (p) => {
            const response = await fetch(`${base}${p}`);
            await response.arrayBuffer();
            return response.status;
          }),
        );
        expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
      }
      expect(handle.cachedFiles()).toBe(cachedBefore);
      // Files are still served from the cache afterwards.
      expect(await (await fetch(`${base}/assets/app-1234.js`)).text()).toBe('console.log(1)');
    },
  );
});

// The build compresses the client once, at the best ratio (scripts/precompress.ts); the server sends those bytes.
describe('compressed copies written by the build', () => {
  let dir: string;
  let served: Awaited<ReturnType<typeof serveDir>>;
  let base: string;
  const script = `console.log(${JSON.stringify('a line of the client '.repeat(200))});`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-copies-'));
    writeFileSync(path.join(dir, 'index.html'), `<div id="root">${'landing '.repeat(200)}</div>`);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-1.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny-1.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'logo-1.png'), Buffer.alloc(4096, 7));
    expect(await precompress(dir)).toEqual({ files: 2, bytes: expect.any(Number) });
    served = await serveDir(dir);
    base = served.base;
  });

  afterAll(async () => {
    await served.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a .br and a .gz copy of each text file over 512 bytes, none of small files or images', () => {
    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'app-1.js',
      'app-1.js.br',
      'app-1.js.gz',
      'logo-1.png',
      'tiny-1.js',
    ]);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'app-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'app-1.js.gz'))).toString()).toBe(script);
  });

  it("sends the build's copy as the file's encoding, and never the copy as a file of its own", async () => {
    // Copies made at the quickest setting: their bytes differ from any the server would make itself.
    const file = path.join(dir, 'assets', 'other-1.js');
    const br = brotliCompressSync(script, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
    const gz = gzipSync(script, { level: 1 });
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    const asBr = await fetch(`${base}/assets/other-1.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asBr.headers.get('content-encoding')).toBe('br');
    expect(asBr.headers.get('content-length')).toBe(String(br.length));
    expect(await asBr.text()).toBe(script);
    const asGzip = await fetch(`${base}/assets/other-1.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers.get('content-encoding')).toBe('gzip');
    expect(asGzip.headers.get('content-length')).toBe(String(gz.length));
    expect(await asGzip.text()).toBe(script);
    expect((await fetch(`${base}/assets/app-1.js.br`)).status).toBe(404);
    expect((await fetch(`${base}/assets/app-1.js.gz`)).status).toBe(404);
  });

  it('compresses a file again when its copy is older than the file (a page rewritten after the build)', async () => {
    const page = path.join(dir, 'index.html');
    const rewritten = `<div id="root">${'rewritten '.repeat(200)}</div>`;
    writeFileSync(page, rewritten);
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${page}.br`, past, past);
    utimesSync(`${page}.gz`, past, past);
    const fresh = await serveDir(dir);
    try {
      const response = await fetch(`${fresh.base}/`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(await response.text()).toBe(rewritten);
    } finally {
      await fresh.close();
    }
  });
});

describe('isClientRoute', () => {
  it('treats a trailing slash as the same page and refuses unknown pages', () => {
    expect(isClientRoute('/products/')).toBe(true);
    expect(isClientRoute('/no-such-page')).toBe(false);
  });

  // The path of any GET reaches this check: a quadratic pattern here stalled every request for a second.
  it('answers in linear time for any path a visitor can send', LINEAR_TIME_TEST, () => {
    expect(slowCases([['isClientRoute', isClientRoute]])).toEqual([]);
  });
});
