import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pagePath, paths } from '../../src/config/paths';
import { sendText } from './helpers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Smaller files are sent as they are. */
const MIN_COMPRESSED_BYTES = 512;
/** The endings of the compressed copies the build writes beside a file (scripts/precompress.ts). */
export const COMPRESSED_COPIES = { br: '.br', gzip: '.gz' } as const;

/** Whether a built file of this name and size is sent compressed. */
export function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.has(path.extname(file)) && size > MIN_COMPRESSED_BYTES;
}

/**
 * Compresses one file as the build does: the best ratio, which takes seconds of CPU for the whole client, so it is
 * done once at build time. A server without the copies (a build that skipped that step) compresses at `quick`
 * settings, a few milliseconds per file, rather than block the first visitors' requests.
 */
export function compressionOptions(kind: 'build' | 'quick') {
  return kind === 'build'
    ? { br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }, gzip: { level: 9 } }
    : { br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } };
}

/** The build's compressed copy of `file`, unless it is missing or older than the file (a stale copy). */
function builtCopy(file: string, ending: string, fileModified: number): Buffer | undefined {
  const copy = file + ending;
  if (!existsSync(copy) || statSync(copy).mtimeMs < fileModified) return undefined;
  return readFileSync(copy);
}

// The paths the client's router has a page for (src/app/routes.tsx); any other page path answers 404 with the
// prerendered Page Not Found page.
const CLIENT_ROUTES = new Set<string>([paths.login()]);
for (const value of Object.values(paths)) {
  if (typeof value === 'string' && !value.startsWith('/api/')) CLIENT_ROUTES.add(value);
}

/** Whether the client has a route for this page path (a trailing slash is the same page). */
export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTES.has(pagePath(pathname));
}

type Entry = { body: Buffer; gzip?: Buffer; br?: Buffer; type: string; immutable: boolean };

/** More files than any build has: past it, files are served without being remembered. */
const MAX_CACHED_FILES = 2000;

/**
 * Serves the built SPA: hashed assets with a year of cache, prerendered pages where they exist,
 * the empty shell (200.html) as the history fallback. Files are read once and kept compressed in memory (dist is small).
 * Only files that exist are remembered, keyed by their resolved path: a request for a missing file, or another
 * spelling of an existing one ('assets//a.js'), adds nothing, so the cache cannot grow past the files of dist/.
 */
export function createStaticHandler(distDir: string) {
  const root = path.resolve(distDir);
  const cache = new Map<string, Entry>();
  const hasBuild = existsSync(path.join(root, 'index.html'));

  function load(relative: string): Entry | null {
    const file = path.join(root, relative);
    const cached = cache.get(file);
    if (cached) return cached;
    // Never outside dist/ and never a directory.
    if (!file.startsWith(root + path.sep) || !existsSync(file)) return null;
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    const ext = path.extname(file);
    const body = readFileSync(file);
    const entry: Entry = {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      immutable: path.relative(root, file).startsWith(`assets${path.sep}`),
    };
    if (isCompressible(file, body.length)) {
      const quick = compressionOptions('quick');
      entry.br = builtCopy(file, COMPRESSED_COPIES.br, stat.mtimeMs) ?? brotliCompressSync(body, quick.br);
      entry.gzip = builtCopy(file, COMPRESSED_COPIES.gzip, stat.mtimeMs) ?? gzipSync(body, quick.gzip);
    }
    if (cache.size < MAX_CACHED_FILES) cache.set(file, entry);
    return entry;
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, status = 200): void {
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      res.setHeader('Content-Encoding', 'br');
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      res.setHeader('Content-Encoding', 'gzip');
    }
    if (entry.gzip) res.setHeader('Vary', 'Accept-Encoding');
    res.statusCode = status;
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Content-Length', body.length);
    res.setHeader('Cache-Control', entry.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function handleStatic(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return sendText(res, 400, 'Bad request');
    }
    // Dot-files and server internals are never served, not even as the SPA fallback.
    if (/(^|\/)\.|^\/(node_modules|server|drizzle|src)(\/|$)/.test(decoded)) return sendText(res, 404, 'Not found');
    if (!hasBuild) return sendText(res, 503, 'The client is not built. Run `npm run build` (or `npm run dev`).');
    const relative = decoded.replace(/^\/+/, '');
    // The build's compressed copies are sent as the encoding of their file, never as files of their own.
    if (Object.values(COMPRESSED_COPIES).some((ending) => relative.endsWith(ending))) {
      return sendText(res, 404, 'Not found');
    }
    if (path.extname(relative)) {
      const entry = load(relative);
      return entry ? send(req, res, entry) : sendText(res, 404, 'Not found');
    }
    // A prerendered page (dist/<route>/index.html) when the build made one, else the empty SPA shell
    // (dist/200.html, written by scripts/prerender.mjs), never another route's prerendered markup.
    const page = relative
      ? load(path.join(relative, 'index.html')) ||
        (isClientRoute(decoded) ? load('200.html') || load('index.html') : null)
      : load('index.html');
    if (page) return send(req, res, page);
    // No route: the prerendered Page Not Found page (the shell renders the same page where it is missing).
    const notFound = load('404.html') || load('200.html');
    if (!notFound) return sendText(res, 404, 'Not found');
    send(req, res, notFound, 404);
  }

  return Object.assign(handleStatic, { cachedFiles: () => cache.size });
}
